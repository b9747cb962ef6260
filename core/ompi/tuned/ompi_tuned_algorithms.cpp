#include "ompi/tuned/ompi_tuned_algorithms.h"

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

std::vector<OmpiAlgorithm> ompiAlgorithms(Collective collective) {
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

std::optional<Schedule> tunedFixedSchedule(const ScheduleRequest& request) {
    const auto choice = fixedDecision(request.collective, request.ranks, request.bytes(), request.commutative);
    if (!choice) return std::nullopt;
    ScheduleRequest fixedRequest = request;
    fixedRequest.segsize = 0;
    fixedRequest.fanout = 1;
    for (const auto& algorithm : ompiAlgorithms(request.collective))
        if (algorithm.id == choice->algorithmId) {
            Schedule schedule = algorithm.build(fixedRequest);
            // An inner collective's own choices (nonoverlapping's reduce and bcast) follow the rule that picked it.
            schedule.rule = schedule.rule.empty() ? choice->rule : choice->rule + "; " + schedule.rule;
            return schedule;
        }
    return std::nullopt;
}

}  // namespace commviz::collectives
