#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/text.h"

namespace commviz::rdma {

/// Translation scope of every RDMA text made at run time (the .ts context).
inline constexpr const char* kTextContext = "commviz::rdma";

/// A reason in the RDMA engine's words. Pass the template as
/// QT_TRANSLATE_NOOP("commviz::rdma", "...") so lupdate finds it.
inline sim::Text rdmaText(const char* source, std::vector<std::string> args = {}) {
    return sim::Text{kTextContext, source, std::move(args), {}};
}

}  // namespace commviz::rdma
