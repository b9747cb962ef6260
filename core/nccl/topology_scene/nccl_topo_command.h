#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "sim/result.h"

namespace commviz::nccl_topology {

/// `commviz nccl-topo FILE.xml [--set key=value]... [--json]`: the INFO/GRAPH lines
/// NCCL would print for that server, or with --json its nodes, links, path
/// matrices and graphs. Bad input fails with one line (exit status 2).
sim::Status runNcclTopoCommand(const std::vector<std::string>& args, std::ostream& out);

/// `commviz nccl-log FILE.log [--json]`: what an NCCL_DEBUG=INFO log says, and the
/// lines it could not read with their numbers.
sim::Status runNcclLogCommand(const std::vector<std::string>& args, std::ostream& out);

}  // namespace commviz::nccl_topology
