#include "ompi/base/ompi_reduce_scatter.h"

#include "ompi/base/composed_schedule.h"
#include "ompi/base/reduce_scatter_phases.h"
#include "ompi/base/tree_phases.h"

namespace commviz::collectives {

namespace {

Schedule redirected(Schedule schedule, const char* from) {
    if (schedule.redirectedFrom.empty()) schedule.redirectedFrom = from;
    return schedule;
}

// ompi_coll_base_reduce_scatter_intra_nonoverlapping and
// reduce_scatter_block_basic_linear: comm->c_coll->coll_reduce of the whole
// vector to rank 0 (coll/tuned's fixed choice), then the root hands out the
// blocks: coll_scatterv, which coll/tuned does not provide in 4.1 (coll/basic's
// linear scatterv runs), or coll_scatter (coll/tuned's fixed choice).
Schedule reduceThenScatter(Schedule schedule, const ScheduleRequest& request, bool scatterv) {
    std::int64_t total = 0;
    for (auto elements : schedule.layout) total += elements;
    InnerCollective reduce = tunedCall("reduce", innerRequest(request, Collective::Reduce, total));
    InnerCollective scatter{"scatterv", namedSchedule("basic_linear", 1, schedule.layout)};
    if (scatterv)
        setPhases(scatter.schedule,
                  {linearScatterFromZero(schedule.layout, MessageFactory(schedule.layout, request.elementBytes))});
    else
        scatter = tunedCall("scatter", innerRequest(request, Collective::Scatter, request.count));
    runOneAfterAnother(schedule, {std::move(reduce), std::move(scatter)});
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
    return reduceThenScatter(namedSchedule("non-overlapping", 1, evenBlocks(request.count, request.ranks)), request,
                             true);
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
                             request, false);
}

// ompi_coll_base_reduce_scatter_block_intra_recursivehalving checks the op first.
Schedule reduceScatterBlockRecursiveHalving(const ScheduleRequest& request) {
    if (!request.commutative) return redirected(reduceScatterBlockBasicLinear(request), "recursive_halving");
    return foldedHalving(namedSchedule("recursive_halving", 3, BlockLayout(std::size_t(request.ranks), request.count)),
                         request);
}

}  // namespace commviz::collectives
