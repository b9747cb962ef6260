// NCCL's choice of algorithm and protocol for one call (src/graph/tuning.cc ncclTopoTuneModel, then
// src/enqueue.cc topoGetAlgoInfo), with the sentence that explains it.

#include "collectives_scene/nccl_auto_choice.h"

#include <algorithm>
#include <cstdio>

#include "collectives_scene/nccl_rule_text.h"
#include "nccl/log/tuning_log.h"

namespace commviz::collectives {

namespace tuning = commviz::nccl_tuning;

namespace {

// NCCL_ALGO / NCCL_PROTO for a named key: one element, as a person restricting NCCL would set it.
tuning::TuningInputs restricted(const NcclTopologySetup& setup, const NcclCall& call) {
    tuning::TuningInputs inputs = setup.inputs;
    if (call.algorithm == "ring") inputs.env.ncclAlgo = "Ring";
    if (call.algorithm == "tree") inputs.env.ncclAlgo = "Tree";
    if (call.algorithm == "nvls") inputs.env.ncclAlgo = "NVLS";
    if (call.protocol) inputs.env.ncclProto = tuning::ncclProtoStr(ncclProtocolIndex(*call.protocol));
    return inputs;
}

std::vector<NcclCandidate> candidatesOf(const tuning::TuningModel& model, const tuning::TuningChoice& choice,
                                        int func) {
    std::vector<NcclCandidate> out;
    for (const tuning::AlgoTime& time : choice.candidates) {
        // 2.19–2.23 keep a Ring backup for pairs the masks disabled: a candidate only when nothing else is.
        const bool pickedBackup = time.backup && time.algorithm == choice.algorithm && time.protocol == choice.protocol;
        if (time.time < 0 || (time.backup && !pickedBackup)) continue;
        const auto a = static_cast<std::size_t>(time.algorithm), p = static_cast<std::size_t>(time.protocol);
        const auto f = static_cast<std::size_t>(func);
        out.push_back({time.algorithm, time.protocol, model.latencies[f][a][p], model.bandwidths[f][a][p], time.time});
    }
    return out;
}

const NcclCandidate* fastestAnimated(const std::vector<NcclCandidate>& candidates, const std::vector<int>& animated) {
    const NcclCandidate* best = nullptr;
    for (const NcclCandidate& candidate : candidates) {
        if (std::find(animated.begin(), animated.end(), candidate.algorithm) == animated.end()) continue;
        if (!best || candidate.timeUs < best->timeUs) best = &candidate;
    }
    return best;
}

}  // namespace

int ncclFuncOf(Collective collective) {
    switch (collective) {
        case Collective::Bcast:
            return tuning::ncclFuncBroadcast;
        case Collective::Reduce:
            return tuning::ncclFuncReduce;
        case Collective::Allgather:
            return tuning::ncclFuncAllGather;
        case Collective::ReduceScatter:
            return tuning::ncclFuncReduceScatter;
        case Collective::Allreduce:
            return tuning::ncclFuncAllReduce;
        default:
            return -1;
    }
}

std::int64_t ncclBytesOf(Collective collective, std::int64_t bytes, int ranks) {
    return collective == Collective::Allgather ? bytes * ranks : bytes;
}

NcclProtocol ncclProtocolOfIndex(int protocol) {
    return protocol == tuning::NCCL_PROTO_LL      ? NcclProtocol::Ll
           : protocol == tuning::NCCL_PROTO_LL128 ? NcclProtocol::Ll128
                                                  : NcclProtocol::Simple;
}

std::string ncclPairName(int algorithm, int protocol) {
    return tuning::ncclAlgoStr(algorithm) + "/" + tuning::ncclProtoStr(protocol);
}

const NcclCandidate* ncclRunnerUp(const NcclAutoChoice& choice) {
    const NcclCandidate* best = nullptr;
    for (const NcclCandidate& candidate : choice.candidates) {
        if (candidate.algorithm == choice.algorithm && candidate.protocol == choice.protocol) continue;
        if (!best || candidate.timeUs < best->timeUs) best = &candidate;
    }
    return best;
}

sim::Result<NcclAutoChoice> ncclAutoChoice(const NcclTopologySetup& setup, const NcclCall& call) {
    if (setup.inputs.nRanks <= 1) {  // enqueue.cc: a 1-rank communicator takes Ring/Simple and sends nothing
        NcclAutoChoice single;
        single.algorithm = single.animatedAlgorithm = tuning::NCCL_ALGO_RING;
        single.protocol = single.animatedProtocol = tuning::NCCL_PROTO_SIMPLE;
        single.rule = "1 rank: NCCL takes Ring/Simple and sends nothing";
        return single;
    }
    const int func = ncclFuncOf(call.collective);
    const tuning::TuningInputs inputs = restricted(setup, call);
    auto model = tuning::ncclTopoTuneModel(inputs);
    if (!model) return model.error();
    const TunerPicker picker{inputs, model.value(), func, setup.nChannels, call.nvlsReduces};
    const tuning::TuningChoice picked = picker.choose(call.nBytes);
    NcclAutoChoice choice;
    choice.candidates = candidatesOf(model.value(), picked, func);
    const NcclCandidate* animated = fastestAnimated(choice.candidates, call.animated);
    if (!picked.found || !animated)
        return sim::fail("NCCL's tuner has no enabled algorithm/protocol for algorithm=" + call.algorithm +
                         " protocol=" + (call.protocol ? inputs.env.ncclProto : std::string("auto")) + " on " +
                         setup.topoFile + " (" + tuning::ncclFuncStr(func) + ")");
    choice.algorithm = picked.algorithm;
    choice.protocol = picked.protocol;
    choice.timeUs = picked.time;
    choice.animatedAlgorithm = animated->algorithm;
    choice.animatedProtocol = animated->protocol;
    choice.animatedTimeUs = animated->timeUs;
    findTakeover(picker, call.nBytes, choice);
    choice.rule = ruleSentence(choice);
    return choice;
}

}  // namespace commviz::collectives
