#pragma once

#include <vector>

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// One collective an Open MPI algorithm calls through `comm->c_coll`, as a
/// schedule, with the name the summary gives it ("reduce", "scatterv").
struct InnerCollective {
    const char* call;
    Schedule schedule;
};

/// Fills `outer` with `inner` run one after the other, as Open MPI's
/// algorithms built from other collectives do (allreduce nonoverlapping,
/// allgather linear, reduce_scatter non-overlapping, reduce_scatter_block
/// basic_linear). Every inner schedule lays out the same vector; the outer
/// layout cuts it wherever any of them does, so each message keeps its bytes
/// and names the same elements. `outer.rule` says which algorithm each call ran.
void runOneAfterAnother(Schedule& outer, std::vector<InnerCollective> inner);

/// `request` as the inner call `collective` sees it: `count` elements at
/// `root`, no segsize, fan-out or op changes (coll/tuned reads its own MCA
/// parameters, not the outer call's).
ScheduleRequest innerRequest(const ScheduleRequest& request, Collective collective, std::int64_t count);

/// comm->c_coll->coll_<collective> under coll/tuned: the fixed rules' choice
/// for the inner call's own size and the same p (ompi_coll_tuned_<coll>_intra_dec_fixed).
InnerCollective tunedCall(const char* call, const ScheduleRequest& inner);

}  // namespace commviz::collectives
