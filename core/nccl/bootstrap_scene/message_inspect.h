#pragma once

// The messages of the bootstrap as inspectable objects: each message in flight
// gets an id that names everything about it, so the Inspector can open its
// contents (the real struct fields) from the World alone, at any step.

#include <string>

#include "nccl/bootstrap_scene/nccl_events.h"
#include "nccl/world.h"
#include "sim/json.h"

namespace commviz::nccl {

/// The object id of one message, e.g. "msg:allgather:2:3:1:1:next:peer"
/// (src, dst, round, slice, direction, payload); empty for events that are not
/// a single message (macro-steps, init stages).
std::string messageId(const NcclEvent& event);

/// The message's contents as NCCL sends them (extInfo, the root's reply, the
/// ring connect, one allgather slice); null when `id` is no message id or names
/// ranks or roots the world does not have.
sim::Json inspectMessage(const World& world, const std::string& id);

}  // namespace commviz::nccl
