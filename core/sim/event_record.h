#pragma once

#include <string>
#include <vector>

#include "sim/json.h"

namespace commviz::sim {

/// An engine event described generically, for the event list, JSON output and
/// narration. Engines keep their own typed events; this is their common face.
struct EventRecord {
    std::string kind;                  ///< stable id, e.g. "wqe_written"
    std::string anchor;                ///< real source function, e.g. "ibv_post_send"
    std::vector<std::string> objects;  ///< ids of the objects involved, for highlighting
    Json fields = Json::object();      ///< what moved, from where to where, and why
};

}  // namespace commviz::sim
