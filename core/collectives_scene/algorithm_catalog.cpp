#include "collectives_scene/algorithm_catalog.h"

#include "nccl/device/nccl_ring.h"
#include "nccl/device/nccl_tree.h"
#include "nccl/graph/bundled_files.h"
#include "ompi/base/ompi_allgather.h"
#include "ompi/base/ompi_allreduce.h"
#include "ompi/base/ompi_alltoall.h"
#include "ompi/base/ompi_barrier.h"
#include "ompi/base/ompi_bcast.h"
#include "ompi/base/ompi_gather_scatter.h"
#include "ompi/base/ompi_reduce.h"
#include "ompi/base/ompi_reduce_scatter.h"
#include "ompi/tuned/ompi_fixed_rules.h"

namespace commviz::collectives {

namespace {

std::vector<AlgorithmEntry> ompiAlgorithms(Collective collective) {
    switch (collective) {
        case Collective::Allreduce:
            return {{"basic_linear", 1, allreduceBasicLinear},
                    {"nonoverlapping", 2, allreduceNonoverlapping},
                    {"recursive_doubling", 3, allreduceRecursiveDoubling},
                    {"ring", 4, allreduceRing},
                    {"segmented_ring", 5, allreduceSegmentedRing},
                    {"rabenseifner", 6, allreduceRabenseifner},
                    {"allgather_reduce", 7, allreduceAllgatherReduce}};
        case Collective::Allgather:
            return {{"linear", 1, allgatherLinear},
                    {"bruck", 2, allgatherBruck},
                    {"recursive_doubling", 3, allgatherRecursiveDoubling},
                    {"ring", 4, allgatherRing},
                    {"neighbor", 5, allgatherNeighborExchange},
                    {"two_proc", 6, allgatherTwoProcs},
                    {"sparbit", 7, allgatherSparbit}};
        case Collective::Bcast:
            return {{"basic_linear", 1, bcastBasicLinear},
                    {"chain", 2, bcastChain},
                    {"pipeline", 3, bcastPipeline},
                    {"split_binary_tree", 4, bcastSplitBintree},
                    {"binary_tree", 5, bcastBintree},
                    {"binomial", 6, bcastBinomial},
                    {"knomial", 7, bcastKnomial},
                    {"scatter_allgather", 8, bcastScatterAllgather},
                    {"scatter_allgather_ring", 9, bcastScatterAllgatherRing}};
        case Collective::Alltoall:
            return {{"linear", 1, alltoallLinear},
                    {"pairwise", 2, alltoallPairwise},
                    {"modified_bruck", 3, alltoallModifiedBruck},
                    {"linear_sync", 4, alltoallLinearSync},
                    {"two_proc", 5, alltoallTwoProcs}};
        case Collective::ReduceScatter:
            return {{"non-overlapping", 1, reduceScatterNonoverlapping},
                    {"recursive_halving", 2, reduceScatterRecursiveHalving},
                    {"ring", 3, reduceScatterRing},
                    {"butterfly", 4, reduceScatterButterfly}};
        case Collective::ReduceScatterBlock:
            return {{"basic_linear", 1, reduceScatterBlockBasicLinear},
                    {"recursive_doubling", 2, reduceScatterBlockRecursiveDoubling},
                    {"recursive_halving", 3, reduceScatterBlockRecursiveHalving},
                    {"butterfly", 4, reduceScatterBlockButterfly}};
        case Collective::Reduce:
            return {{"linear", 1, reduceLinear},
                    {"chain", 2, reduceChain},
                    {"pipeline", 3, reducePipeline},
                    {"binary", 4, reduceBinary},
                    {"binomial", 5, reduceBinomial},
                    {"in-order_binary", 6, reduceInOrderBinary},
                    {"rabenseifner", 7, reduceRabenseifner}};
        case Collective::Gather:
            return {{"basic_linear", 1, gatherBasicLinear},
                    {"binomial", 2, gatherBinomial},
                    {"linear_sync", 3, gatherLinearSync}};
        case Collective::Scatter:
            return {{"basic_linear", 1, scatterBasicLinear},
                    {"binomial", 2, scatterBinomial},
                    {"linear_nb", 3, scatterLinearNb}};
        case Collective::Barrier:
            return {{"linear", 1, barrierLinear},
                    {"double_ring", 2, barrierDoubleRing},
                    {"recursive_doubling", 3, barrierRecursiveDoubling},
                    {"bruck", 4, barrierBruck},
                    {"two_proc", 5, barrierTwoProcs},
                    {"tree", 6, barrierTree}};
        default:
            return {};
    }
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::string libraryText(Library library) { return library == Library::Ompi ? "Open MPI" : "NCCL"; }

sim::Result<Schedule> autoSchedule(Library library, const ScheduleRequest& request) {
    const auto entries = algorithms(library, request.collective);
    if (library == Library::Nccl) {
        if (entries.empty())
            return sim::fail("no NCCL algorithm is modelled for " + std::string(name(request.collective)));
        // NCCL's tuner reads the server's graphs (ncclTopoTuneModel): CollectivesEngine asks it when the
        // config has a topo_file; without one there is nothing to tune on.
        std::vector<std::string> named;
        for (const auto& entry : entries) named.push_back(entry.name);
        return sim::fail(
            "algorithm=auto with library=nccl needs a server: NCCL's tuner reads its graphs; set "
            "topo_file (e.g. " +
            std::string(nccl_topology::kDefaultTopology) + ") or name an algorithm: " + joined(named));
    }
    const auto choice = fixedDecision(request.collective, request.ranks, request.bytes(), request.commutative);
    if (!choice)
        return sim::fail("algorithm=auto: Open MPI's fixed rules for " + std::string(name(request.collective)) +
                         " are not modelled yet; name an algorithm");
    // The fixed rules call <coll>_intra_do_this with fan-in/out 0 and segsize 0
    // (coll_tuned_decision_fixed.c), whatever the person set; coll_base_topo.c
    // turns a chain fan-out of 0 into 1, one pipeline.
    ScheduleRequest fixedRequest = request;
    fixedRequest.segsize = 0;
    fixedRequest.fanout = 1;
    for (const auto& entry : entries)
        if (entry.id == choice->algorithmId) {
            Schedule schedule = entry.build(fixedRequest);
            schedule.rule = choice->rule;
            return schedule;
        }
    std::vector<std::string> modelled;
    for (const auto& entry : entries) modelled.push_back(entry.name);
    return sim::fail("algorithm=auto: the fixed rule '" + choice->rule + "' picks Open MPI's " +
                     std::string(name(request.collective)) + " algorithm " + std::to_string(choice->algorithmId) +
                     ", not modelled yet; name one of: " + joined(modelled));
}

}  // namespace

static Schedule ncclRing(const ScheduleRequest& request) { return ncclRingAllreduce(request, request.nchannels); }

// NCCL's algorithms per collective (src/enqueue.cc, src/graph/tuning.cc): the
// tree only for allreduce; PAT, NVLS and CollNet are not modelled.
static std::vector<AlgorithmEntry> ncclAlgorithms(Collective collective) {
    switch (collective) {
        case Collective::Allreduce:
            return {{"tree", 0, ncclTreeAllreduce}, {"ring", 0, ncclRing}};
        case Collective::Bcast:
            return {{"ring", 0, ncclRingBroadcast}};
        case Collective::Reduce:
            return {{"ring", 0, ncclRingReduce}};
        case Collective::Allgather:
            return {{"ring", 0, ncclRingAllgather}};
        case Collective::ReduceScatter:
            return {{"ring", 0, ncclRingReduceScatter}};
        default:
            return {};
    }
}

std::vector<AlgorithmEntry> algorithms(Library library, Collective collective) {
    if (library == Library::Ompi) return ompiAlgorithms(collective);
    return ncclAlgorithms(collective);
}

std::vector<std::string> allowedAlgorithmNames(Library library, Collective collective) {
    std::vector<std::string> names{"auto"};
    for (const auto& entry : algorithms(library, collective)) names.push_back(entry.name);
    return names;
}

namespace {

sim::Result<Schedule> namedAlgorithm(Library library, const std::string& algorithm, const ScheduleRequest& request) {
    for (const auto& entry : algorithms(library, request.collective))
        if (entry.name == algorithm) return entry.build(request);
    return sim::fail("algorithm=" + algorithm + " is not an " + libraryText(library) + " " +
                     std::string(name(request.collective)) +
                     " algorithm; allowed: " + joined(allowedAlgorithmNames(library, request.collective)));
}

}  // namespace

sim::Result<Schedule> buildSchedule(Library library, const std::string& algorithm, const ScheduleRequest& request) {
    auto schedule = algorithm == "auto" ? autoSchedule(library, request) : namedAlgorithm(library, algorithm, request);
    if (schedule && !schedule->unsupported.empty())
        return sim::fail("algorithm=" + schedule->algorithm + " " + schedule->unsupported);
    return schedule;
}

}  // namespace commviz::collectives
