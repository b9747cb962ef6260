#pragma once

#include <optional>
#include <string>

#include "nccl/log/info_log_reader.h"

namespace commviz::nccl_topology {

/// What a WARN line of NCCL means, for the common failures people paste into issues.
struct WarnMeaning {
    std::string meaning;          ///< one or two sentences; empty when the line is not one we decode
    std::optional<int> wcStatus;  ///< `NET/IB : Got completion ... status=N`: an ibv_wc_status
    std::string rdmaScenario;     ///< the RDMA scene's example that shows the same failure, if any
};

/// Decodes `warn.text`: an IB completion's status (enum ibv_wc_status, rdma-core's names and
/// ibv_wc_status_str texts), a failed verbs call, a CUDA failure, a socket a peer closed.
WarnMeaning warnMeaning(const LoggedWarn& warn);

}  // namespace commviz::nccl_topology
