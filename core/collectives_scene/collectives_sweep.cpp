#include "collectives_scene/collectives_sweep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "collectives_scene/algorithm_catalog.h"
#include "collectives_scene/nccl_tuner_sweep.h"
#include "ompi/tuned/ompi_fixed_rules.h"

namespace commviz::collectives {

namespace {

constexpr double kNotRun = std::numeric_limits<double>::quiet_NaN();

/// What CollectivesEngine::create and configOf refuse, checked without building anything.
bool runnable(const Config& config) {
    return config.ranks >= 1 && config.root >= 0 && config.root < config.ranks && config.elementBytes >= 1 &&
           config.bytes >= config.elementBytes && config.bytes % config.elementBytes == 0;
}

Config configAt(const Config& base, SweepAxis axis, double x) {
    Config config = base;
    if (axis == SweepAxis::Bytes)
        config.bytes = std::int64_t(x);
    else
        config.ranks = int(x);
    return config;
}

std::string modelledName(const std::vector<AlgorithmEntry>& entries, int id) {
    for (const auto& entry : entries)
        if (entry.id == id) return entry.name;
    return {};
}

std::vector<AutoBand> autoBands(const Sweep& sweep, const Config& base, const std::vector<AlgorithmEntry>& entries) {
    std::vector<AutoBand> bands;
    if (base.library != Library::Ompi) return bands;  // NCCL's tuner is not modelled: no fixed rules
    for (int index = 0; index < int(sweep.x.size()); ++index) {
        const Config config = configAt(base, sweep.axis, sweep.x[std::size_t(index)]);
        const auto choice =
            fixedDecision(config.collective, config.ranks, config.bytes, config.op != ReduceOp::NonCommutative);
        if (!choice) return {};
        if (!bands.empty() && bands.back().algorithmId == choice->algorithmId) {
            bands.back().last = index;
            continue;
        }
        bands.push_back({index, index, choice->algorithmId, modelledName(entries, choice->algorithmId), choice->rule});
    }
    return bands;
}

Sweep sweepAlong(const Config& base, SweepAxis axis, std::vector<double> xs, const std::atomic<bool>* cancel) {
    Sweep sweep;
    sweep.axis = axis;
    sweep.x = std::move(xs);
    const auto entries = algorithms(base.library, base.collective);
    for (const auto& entry : entries) sweep.curves.push_back({entry.name, entry.id, {}});
    for (const double x : sweep.x) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            sweep.cancelled = true;
            return sweep;
        }
        Config config = configAt(base, axis, x);
        for (auto& curve : sweep.curves) {
            if (cancel && cancel->load(std::memory_order_relaxed)) break;  // seen at the next point
            config.algorithm = curve.algorithm;
            curve.timeUs.push_back(sweepPointTimeUs(config));
        }
    }
    sweep.bands = autoBands(sweep, base, entries);
    sweep.crossovers = findCrossovers(sweep);
    return sweep;
}

}  // namespace

std::vector<std::int64_t> sweepSizes() {
    std::vector<std::int64_t> sizes;
    for (int shift = 0; shift <= 30; ++shift) sizes.push_back(std::int64_t(1) << shift);
    return sizes;
}

std::vector<int> sweepRanks() {
    std::vector<int> ranks;
    for (int p = 2; p <= 1024; p *= 2) ranks.push_back(p);
    return ranks;
}

// Priced as CollectivesEngine prices a run: the algorithm that ran (after any
// redirect) picks NCCL's latency, paid once at the start and per message.
double scheduleTimeUs(const Schedule& schedule, const Config& config) {
    CriticalPath path(config.ranks, launchLatencyUs(config, schedule.algorithm));
    const LinkCost cost = effectiveCost(config, schedule.algorithm);
    for (int round = 0; round < schedule.rounds; ++round) path.apply(cost, schedule.round(round));
    return path.timeUs();
}

double sweepPointTimeUs(const Config& config) {
    if (!runnable(config)) return kNotRun;
    const auto schedule = buildSchedule(config.library, config.algorithm, scheduleRequest(config));
    if (!schedule) return kNotRun;
    return scheduleTimeUs(schedule.value(), config);
}

Sweep sweepOverSizes(const Config& config, const std::atomic<bool>* cancel) {
    // NCCL on a server: the tuner's prediction for every algorithm and protocol, not the animation's α-β.
    if (usesNcclTuner(config)) return ncclTunerSweep(config);
    const auto sizes = sweepSizes();
    return sweepAlong(config, SweepAxis::Bytes, std::vector<double>(sizes.begin(), sizes.end()), cancel);
}

Sweep sweepOverRanks(const Config& config, const std::atomic<bool>* cancel) {
    const auto ranks = sweepRanks();
    return sweepAlong(config, SweepAxis::Ranks, std::vector<double>(ranks.begin(), ranks.end()), cancel);
}

double crossingPoint(double x0, double x1, double a0, double a1, double b0, double b1) {
    const double closing = (a1 - a0) - (b1 - b0);
    const double share = closing == 0 ? 0.5 : std::clamp((b0 - a0) / closing, 0.0, 1.0);
    return x0 + share * (x1 - x0);
}

std::vector<Crossover> findCrossovers(const Sweep& sweep) {
    std::vector<Crossover> found;
    // Hockney times are affine in bytes; against p the terms go with lg p, so
    // the ranks axis is interpolated in lg p.
    const bool logX = sweep.axis == SweepAxis::Ranks;
    const auto axisValue = [logX](double x) { return logX ? std::log2(x) : x; };
    for (int index = 0; index + 1 < int(sweep.x.size()); ++index) {
        const int below = fastestAt(sweep, index), above = fastestAt(sweep, index + 1);
        if (below < 0 || above < 0 || below == above) continue;
        const auto& slow = sweep.curves[std::size_t(below)].timeUs;
        const auto& fast = sweep.curves[std::size_t(above)].timeUs;
        const auto at = std::size_t(index);
        const double x0 = axisValue(sweep.x[at]), x1 = axisValue(sweep.x[at + 1]);
        const double meet = crossingPoint(x0, x1, slow[at], slow[at + 1], fast[at], fast[at + 1]);
        const double time = slow[at] + (meet - x0) / (x1 - x0) * (slow[at + 1] - slow[at]);
        found.push_back({index, logX ? std::exp2(meet) : meet, time, sweep.curves[std::size_t(below)].algorithm,
                         sweep.curves[std::size_t(above)].algorithm});
    }
    return found;
}

int fastestAt(const Sweep& sweep, int index) {
    int best = -1;
    for (int curve = 0; curve < int(sweep.curves.size()); ++curve) {
        const auto& times = sweep.curves[std::size_t(curve)].timeUs;
        if (std::size_t(index) >= times.size() || std::isnan(times[std::size_t(index)])) continue;
        if (best < 0 || times[std::size_t(index)] < sweep.curves[std::size_t(best)].timeUs[std::size_t(index)])
            best = curve;
    }
    return best;
}

}  // namespace commviz::collectives
