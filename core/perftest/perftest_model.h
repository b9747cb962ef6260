#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "perftest/link_model.h"
#include "sim/json.h"
#include "sim/result.h"

namespace commviz::perftest {

/// What bounds a bandwidth sample's steady state.
enum class Bound {
    Cpu,     ///< software posting: post_ns + poll_ns / cq_mod per message (small messages)
    Window,  ///< Little's law: completion time / messages in flight (tx_depth, or max_rd_atomic for READ)
    Pcie,    ///< DMA between host memory and NIC
    Wire,    ///< line rate × payload efficiency (large messages)
};

/// "cpu", "window", "pcie", "wire".
std::string_view boundName(Bound bound);

/// One ib_*_lat row, as a model. Times in ns; the parts add up to total_ns.
struct LatencySample {
    std::int64_t bytes = 0;
    bool inlined = false;         ///< payload travels inside the WQE (size <= inline threshold)
    int rtt_factor = 2;           ///< perftest print_report_lat: 2 (RTT/2) for SEND/WRITE, 1 for READ
    double post_ns = 0;           ///< ibv_post_send + doorbell
    double fetch_ns = 0;          ///< PCIe read round trip to fetch a non-inline payload
    double fixed_ns = 0;          ///< NIC pipelines, propagation, CQE (both legs for READ)
    double serialization_ns = 0;  ///< store-and-forward of the first packet + the rest at the bottleneck
    double poll_ns = 0;           ///< ibv_poll_cq noticing the CQE
    double total_ns = 0;          ///< what perftest reports (t_typical), in ns
    double usec() const { return total_ns / 1000.0; }
};

/// One ib_*_bw row, as a model (tx_depth WRs in flight, one signaled per cq_mod).
struct BandwidthSample {
    std::int64_t bytes = 0;
    int iterations = 0;
    std::int64_t packets = 0;   ///< per message: ceil(bytes / MTU)
    double efficiency = 0;      ///< payload / wire bytes
    double per_message_ns = 0;  ///< steady-state time between messages
    double completion_ns = 0;   ///< one message from post to polled completion
    Bound bound = Bound::Cpu;
    double bw_peak_gbps = 0;   ///< bytes / per_message_ns (the model has no jitter)
    double bw_avg_gbps = 0;    ///< bytes × iterations / (first post → last completion)
    double bw_peak_mibps = 0;  ///< same in MiB/s (2^20 B/s), perftest's default unit
    double bw_avg_mibps = 0;
    double msg_rate_mpps = 0;  ///< iterations / total time
};

/// One-way latency like ib_write_lat / ib_send_lat (ping-pong RTT / 2, inline
/// below the perftest thresholds); READ is a full round trip like ib_read_lat.
/// Precondition: validate(model) succeeded.
LatencySample latency(const LinkModel& model, Opcode op, std::int64_t bytes);

/// Bandwidth like ib_write_bw / ib_send_bw / ib_read_bw (no inline).
/// Precondition: validate(model) succeeded.
BandwidthSample bandwidth(const LinkModel& model, Opcode op, std::int64_t bytes);

/// One row of `-a`: the size, its latency and its bandwidth.
struct Row {
    std::int64_t bytes = 0;
    LatencySample latency;
    BandwidthSample bandwidth;
};

/// Smallest and largest exponent of perftest -a: sizes 2^1 … 2^23 (MAX_SIZE 8388608).
inline constexpr int kSweepMinExponent = 1;
inline constexpr int kSweepMaxExponent = 23;

/// perftest -a: 23 rows, 2 B to 8 MiB. Fails only for an invalid model.
sim::Result<std::vector<Row>> sweep(const LinkModel& model, Opcode op);

/// The model for the chart's "this is a model" label (English; views translate).
std::string_view modelDescription();

/// The model's constants, for an "About this model" panel and JSON output.
sim::Json toJson(const LinkModel& model);
/// A row with perftest's column names (`#bytes`, `t_typical[usec]`, `BW average[Gb/sec]` …).
sim::Json toJson(const Row& row);

}  // namespace commviz::perftest
