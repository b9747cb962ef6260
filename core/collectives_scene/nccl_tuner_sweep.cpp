// NCCL's choice against size, as a chart reads it: every enabled (algorithm, protocol) of the tuner's
// model (src/graph/tuning.cc), NCCL's pick (src/enqueue.cc topoGetAlgoInfo) as bands, and the sizes at
// which the pick changes.

#include "collectives_scene/nccl_tuner_sweep.h"

#include <cmath>
#include <limits>

#include "collectives_scene/nccl_auto_choice.h"
#include "collectives_scene/nccl_rule_text.h"

namespace commviz::collectives {

namespace tuning = commviz::nccl_tuning;

namespace {

struct Pair {
    int algorithm = 0;
    int protocol = 0;
};

// The pairs with a time at any size (the candidates of 1 MiB: enabling does not depend on the size).
std::vector<Pair> enabledPairs(const TunerPicker& picker) {
    std::vector<Pair> pairs;
    for (const tuning::AlgoTime& time : picker.choose(std::int64_t(1) << 20).candidates)
        if (time.time >= 0 && !time.backup) pairs.push_back({time.algorithm, time.protocol});
    return pairs;
}

double valueAt(const Config& config, const tuning::AlgoTime& time, std::int64_t bytes, bool busBandwidth) {
    if (time.time < 0) return std::numeric_limits<double>::quiet_NaN();
    if (!busBandwidth) return time.time;
    const double algbw = double(algbwBytes(config.collective, bytes, config.ranks)) / (double(time.time) * 1e3);
    return algbw * busbwFactor(config.collective, config.ranks);
}

void addBand(Sweep& sweep, int point, const tuning::TuningChoice& choice) {
    const std::string name = ncclPairName(choice.algorithm, choice.protocol);
    if (!sweep.bands.empty() && sweep.bands.back().algorithm == name) {
        sweep.bands.back().last = point;
        return;
    }
    sweep.bands.push_back({point, point, 0, name, "NCCL's pick (ncclTopoGetAlgoTime)"});
}

void addCrossover(Sweep& sweep, const TunerPicker& picker, const Config& config, int point, bool busBandwidth) {
    const auto scale = ncclBytesOf(config.collective, 1, config.ranks);  // AllGather: bytes × ranks
    const std::int64_t below = ncclBytesOf(config.collective, std::int64_t(sweep.x[std::size_t(point)]), config.ranks);
    const std::int64_t at = nextCrossover(picker, below);
    if (at == 0) return;
    const tuning::TuningChoice before = picker.choose(below), after = picker.choose(at);
    const std::int64_t sceneBytes = at / scale;
    const tuning::AlgoTime winner{after.algorithm, after.protocol, after.time};
    sweep.crossovers.push_back({point, double(sceneBytes), valueAt(config, winner, sceneBytes, busBandwidth),
                                ncclPairName(before.algorithm, before.protocol),
                                ncclPairName(after.algorithm, after.protocol)});
}

}  // namespace

std::vector<std::int64_t> tunerSweepSizes() {
    std::vector<std::int64_t> sizes;
    for (int shift = 0; shift <= 34; ++shift) sizes.push_back(std::int64_t(1) << shift);
    return sizes;
}

bool usesNcclTuner(const Config& config) {
    return config.library == Library::Nccl && config.topology && ncclFuncOf(config.collective) >= 0;
}

Sweep ncclTunerSweep(const Config& config, bool busBandwidth) {
    Sweep sweep;
    if (!usesNcclTuner(config)) return sweep;
    const NcclTopologySetup& setup = *config.topology;
    auto model = tuning::ncclTopoTuneModel(setup.inputs);
    if (!model) return sweep;
    const TunerPicker picker{setup.inputs, model.value(), ncclFuncOf(config.collective), setup.nChannels,
                             ncclNvlsReduces(config)};
    const std::vector<Pair> pairs = enabledPairs(picker);
    for (const Pair& pair : pairs) sweep.curves.push_back({ncclPairName(pair.algorithm, pair.protocol), 0, {}});
    for (const std::int64_t bytes : tunerSweepSizes()) {
        const int point = int(sweep.x.size());
        sweep.x.push_back(double(bytes));
        const std::int64_t nBytes = ncclBytesOf(config.collective, bytes, config.ranks);
        const tuning::TuningChoice choice = picker.choose(nBytes);
        for (std::size_t index = 0; index < pairs.size(); ++index) {
            const tuning::AlgoTime time =
                tuning::ncclTopoGetAlgoTime(setup.inputs, model.value(), {ncclFuncOf(config.collective), nBytes},
                                            pairs[index].algorithm, pairs[index].protocol, setup.nChannels);
            sweep.curves[index].timeUs.push_back(valueAt(config, time, bytes, busBandwidth));
        }
        if (choice.found) addBand(sweep, point, choice);
    }
    for (std::size_t band = 0; band + 1 < sweep.bands.size(); ++band)
        addCrossover(sweep, picker, config, sweep.bands[band].last, busBandwidth);
    return sweep;
}

}  // namespace commviz::collectives
