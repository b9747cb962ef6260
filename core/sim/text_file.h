#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sim/result.h"

namespace commviz::sim {

/// Reads the whole of a text file a person named (a scenario, a BookSim config, a topology
/// XML, an INFO log). Only a regular file of at most `maxBytes` is read: a directory, a FIFO
/// or a device such as /dev/zero is refused up front, since reading one would never end.
/// Failures read "<what> '<path>' <problem>", e.g. "scenario file 'x.json' does not exist".
Result<std::string> readTextFile(const std::string& path, std::string_view what, std::uintmax_t maxBytes);

}  // namespace commviz::sim
