#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace commviz::noc {

/// BookSim's Stats accumulator: average, minimum and maximum of samples.
struct SampleStats {
    double sum = 0;
    std::int64_t count = 0;
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();

    void add(double v) {
        sum += v;
        min = count == 0 ? v : std::min(min, v);
        max = count == 0 ? v : std::max(max, v);
        ++count;
    }
    double average() const { return sum / double(count); }
    void clear() { *this = SampleStats{}; }
};

/// A latency histogram with BookSim's bins (Stats(…, bin_size 1.0, num_bins
/// 1000) in trafficmanager.cpp): bin i counts samples in [i, i+1) cycles and
/// the last bin holds everything from 999 cycles up.
struct LatencyHistogram {
    static constexpr int kBins = 1000;
    std::vector<std::int64_t> bins = std::vector<std::int64_t>(kBins, 0);
    std::int64_t count = 0;
    double sum = 0;

    void add(double v) {
        const int bin = v < 0 ? 0 : v >= kBins - 1 ? kBins - 1 : int(v);
        ++bins[std::size_t(bin)];
        ++count;
        sum += v;
    }
    double average() const { return count ? sum / double(count) : 0; }
    /// The highest bin holding a sample (-1 when empty).
    int lastUsedBin() const {
        for (int i = kBins - 1; i >= 0; --i)
            if (bins[std::size_t(i)]) return i;
        return -1;
    }
};

/// A per-node rate as BookSim prints it: average over nodes, slowest and fastest node.
struct RateStats {
    double average = 0;
    double min = 0;
    double max = 0;
    int minNode = 0;
    int maxNode = 0;
};
RateStats rateOf(const std::vector<std::int64_t>& counts, double cycles);

/// One sample period's block (TrafficManager::DisplayStats) plus the changes.
struct PeriodStats {
    int index = 0;
    std::int64_t time = 0;
    bool warmingUp = true;
    SampleStats plat, nlat, flat, frag;
    std::int64_t slowestPacket = -1;
    std::int64_t slowestFlit = -1;
    RateStats injectedPackets, acceptedPackets, injectedFlits, acceptedFlits;
    double injectedLength = 0;
    double acceptedLength = 0;
    std::int64_t inFlightFlits = 0;
    std::int64_t measuredInFlightFlits = 0;
    double latencyChange = 0;
    double throughputChange = 0;
};

enum class NocOutcome { Running, Completed, Unstable, Deadlocked };

/// The final block (DisplayOverallStats with sim_count = 1).
struct OverallStats {
    SampleStats plat, nlat, flat, frag;
    RateStats injectedPackets, acceptedPackets, injectedFlits, acceptedFlits;
    double hops = 0;
    std::int64_t timeTaken = 0;
};

/// Everything a BookSim run prints, in order, for the text and JSON reports.
struct NocReport {
    NocOutcome outcome = NocOutcome::Running;
    std::vector<PeriodStats> periods;
    std::int64_t warmedUpAt = -1;  ///< "Warmed up ...Time used is N cycles"
    bool drainedMeasured = false;  ///< "Draining all recorded packets ..."
    double abortLatency = 0;       ///< threshold exceeded when unstable
    bool tooManyPeriods = false;   ///< "Too many sample periods needed to converge"
    OverallStats overall;
    std::vector<std::string> deadlockCycle;  ///< "router/in-port/vc" ids when deadlocked
};

}  // namespace commviz::noc
