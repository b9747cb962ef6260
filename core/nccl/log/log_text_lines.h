#pragma once

#include <string_view>

namespace commviz::nccl_topology {

/// Calls `visit(lineNumber, line)` for each line of a log's text, counted from 1, with a Windows line
/// end's '\r' removed, until `visit` returns false.
template <typename Visit>
void forEachLogLine(std::string_view text, Visit&& visit) {
    int lineNumber = 0;
    std::size_t position = 0;
    while (position < text.size()) {
        std::size_t end = text.find('\n', position);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(position, end - position);
        position = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!visit(++lineNumber, line)) return;
    }
}

}  // namespace commviz::nccl_topology
