#pragma once

#include <optional>
#include <vector>

#include "collectives/collective.h"
#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// One coll/base algorithm under its coll_tuned_<coll>_algorithm ID.
struct OmpiAlgorithm {
    const char* name;
    int id;
    Schedule (*build)(const ScheduleRequest&);
};

/// The modelled Open MPI algorithms for `collective`, in ID order (the names
/// ompi_info prints for coll_tuned_<coll>_algorithm).
std::vector<OmpiAlgorithm> ompiAlgorithms(Collective collective);

/// What `comm->c_coll->coll_<coll>` runs under coll/tuned without forced
/// algorithms: ompi_coll_tuned_<coll>_intra_dec_fixed picks by p and size and
/// calls <coll>_intra_do_this with fan-in/out 0 and segsize 0, whatever the
/// caller set (coll_base_topo.c turns a chain fan-out of 0 into 1). `rule`
/// names the band that fired. Empty when the rules pick an unmodelled ID.
std::optional<Schedule> tunedFixedSchedule(const ScheduleRequest& request);

}  // namespace commviz::collectives
