#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/schedule.h"

namespace commviz::collectives {

/// Hockney's α-β-γ parameters: a message of n bytes costs α + n/β, and n/γ
/// more when the receiver reduces it.
struct LinkCost {
    double alpha_us = 2.0;
    double beta_GBps = 50.0;    ///< 10^9 bytes per second
    double gamma_GBps = 100.0;  ///< reduction throughput
    bool operator==(const LinkCost&) const = default;
};

/// A named link with the values the scene states for it (illustrative round
/// figures: one direction's peak data rate, a typical start-up time).
struct LinkPreset {
    std::string name;
    LinkCost cost;
};

/// nvlink4 (H100: 450 GB/s, 1 µs), pcie4x16 (32 GB/s, 2 µs), ib400 (50 GB/s,
/// 2 µs), ib200 (25 GB/s, 2 µs), eth100 (12.5 GB/s, 10 µs), then "custom".
const std::vector<LinkPreset>& linkPresets();
std::optional<LinkCost> findLinkPreset(std::string_view name);
std::vector<std::string> linkNames();

/// Time of one message under `cost`, in µs.
double messageTimeUs(const LinkCost& cost, const Message& message);

/// Each rank's clock; a round starts for a rank when its clock says so.
/// Within a round a rank sends one message at a time and receives one at a
/// time (full duplex, one port), so a root's p-1 sends queue up; a message
/// starts when both its sender and its receiver are free. The run's time is
/// the latest clock: the critical path over the schedule.
class CriticalPath {
public:
    CriticalPath() = default;
    /// Every clock starts at `startUs` (a launch latency paid before the first message).
    explicit CriticalPath(int ranks, double startUs = 0.0) : m_clock(std::size_t(ranks), startUs) {}
    /// Advances the clocks over one round; returns each message's end time.
    std::vector<double> apply(const LinkCost& cost, const Round& round);
    double timeUs() const;
    const std::vector<double>& clocks() const { return m_clock; }
    bool operator==(const CriticalPath&) const = default;

private:
    std::vector<double> m_clock;
};

}  // namespace commviz::collectives
