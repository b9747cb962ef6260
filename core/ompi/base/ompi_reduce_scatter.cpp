#include "ompi/base/ompi_reduce_scatter.h"

#include "ompi/base/reduce_scatter_phases.h"
#include "ompi/base/tree_phases.h"

namespace commviz::collectives {

namespace {

Schedule redirected(Schedule schedule, const char* from) {
    if (schedule.redirectedFrom.empty()) schedule.redirectedFrom = from;
    return schedule;
}

// Simplification: Open MPI reduces with the tuned reduce (its own fixed
// rules); this model always uses the binomial tree, then the linear scatter.
Schedule reduceThenScatter(Schedule schedule, const ScheduleRequest& request) {
    const MessageFactory message(schedule.layout, request.elementBytes);
    const WholeVector whole{request.ranks, 0, schedule.layout, request.elementBytes};
    setPhases(schedule, {binomialReduce(whole), linearScatterFromZero(schedule.layout, message)});
    return schedule;
}

// The recursive-halving reduce-scatters of both collectives: fold the extra
// ranks in, halve, return the excluded ranks' blocks.
Schedule foldedHalving(Schedule schedule, const ScheduleRequest& request) {
    const MessageFactory message(schedule.layout, request.elementBytes);
    const FoldedRanks folded = foldedRanks(request.ranks);
    setPhases(schedule,
              {foldIn(folded, message), recursiveHalving(folded, message), returnToExcluded(folded, message)});
    return schedule;
}

}  // namespace

// Block i of reduce_scatter is rank i's recvcounts[i] elements.
Schedule reduceScatterNonoverlapping(const ScheduleRequest& request) {
    return reduceThenScatter(namedSchedule("non-overlapping", 1, evenBlocks(request.count, request.ranks)), request);
}

Schedule reduceScatterRecursiveHalving(const ScheduleRequest& request) {
    return foldedHalving(namedSchedule("recursive_halving", 2, evenBlocks(request.count, request.ranks)), request);
}

Schedule reduceScatterRing(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("ring", 3, evenBlocks(request.count, request.ranks));
    setPhases(schedule, {reduceScatterRing(request.ranks, MessageFactory(schedule.layout, request.elementBytes))});
    return schedule;
}

Schedule reduceScatterButterfly(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("butterfly", 4, evenBlocks(request.count, request.ranks));
    setPhases(schedule,
              foldedButterfly(foldedRanks(request.ranks), MessageFactory(schedule.layout, request.elementBytes)));
    return schedule;
}

Schedule reduceScatterBlockBasicLinear(const ScheduleRequest& request) {
    return reduceThenScatter(namedSchedule("basic_linear", 1, BlockLayout(std::size_t(request.ranks), request.count)),
                             request);
}

// ompi_coll_base_reduce_scatter_block_intra_recursivehalving checks the op first.
Schedule reduceScatterBlockRecursiveHalving(const ScheduleRequest& request) {
    if (!request.commutative) return redirected(reduceScatterBlockBasicLinear(request), "recursive_halving");
    return foldedHalving(namedSchedule("recursive_halving", 3, BlockLayout(std::size_t(request.ranks), request.count)),
                         request);
}

}  // namespace commviz::collectives
