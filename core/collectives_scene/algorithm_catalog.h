#pragma once

#include <string>
#include <vector>

#include "collectives/collective.h"
#include "collectives/schedule.h"
#include "collectives/schedule_request.h"
#include "sim/result.h"

namespace commviz::collectives {

/// One algorithm a library offers for a collective: its real name, Open MPI's
/// coll_tuned_<coll>_algorithm ID (0 for NCCL) and how to lay out its schedule.
struct AlgorithmEntry {
    std::string name;
    int id = 0;
    Schedule (*build)(const ScheduleRequest&) = nullptr;
};

/// The algorithms modelled for `collective` in `library`, in ID order.
std::vector<AlgorithmEntry> algorithms(Library library, Collective collective);

/// "auto" followed by every modelled name: what `algorithm` accepts.
std::vector<std::string> allowedAlgorithmNames(Library library, Collective collective);

/// The schedule of `algorithm` ("auto": Open MPI's fixed decision, with the
/// rule that fired). Fails naming the key, the value and the allowed names.
sim::Result<Schedule> buildSchedule(Library library, const std::string& algorithm, const ScheduleRequest& request);

}  // namespace commviz::collectives
