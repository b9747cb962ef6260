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

/// `commviz nccl-log FILE.log [key=value]... [--json]`: what an NCCL_DEBUG=INFO log says, the
/// lines it could not read with their numbers, and its tuner explained (nccl_log_tuning.h).
sim::Status runNcclLogCommand(const std::vector<std::string>& args, std::ostream& out);

}  // namespace commviz::nccl_topology
