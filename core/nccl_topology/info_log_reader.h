#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "nccl_topology/comm_graphs.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// One rank of a communicator as its `Init START`/`Init COMPLETE` lines name it.
struct LoggedRank {
    int rank = -1;
    int nRanks = 0;
    std::string host;
    int pid = 0;
    int cudaDev = -1;
    int nvmlDev = -1;
    std::string busId;
    std::string comm;           ///< the comm pointer as printed, e.g. "0x55d0c8a0b0c0"
    double initSeconds = -1.0;  ///< from `Init timings` / `Init COMPLETE`, -1 when absent
    int startLine = 0;
    int completeLine = 0;
};

struct LoggedWarn {
    int line = 0;
    std::string host;
    std::string text;
};

struct UnreadLine {
    int line = 0;
    std::string text;
};

/// What an NCCL_DEBUG=INFO log says (NCCL 2.4 to 2.30 formats, any mix of ranks
/// and hosts, lines interleaved with other output).
struct InfoLog {
    std::string version;             ///< "2.22.3+cuda12.4", empty when the log does not say
    std::vector<std::string> hosts;  ///< in order of first appearance
    std::vector<LoggedRank> ranks;   ///< by rank
    CommGraphs comm;                 ///< rings, trees and connections it describes
    std::vector<LoggedWarn> warns;
    std::vector<UnreadLine> unread;  ///< every line not understood, never dropped
};

/// Reads a log; fails (naming the line) only on input that is not text at all.
sim::Result<InfoLog> parseInfoLog(std::string_view text, const std::string& origin);
sim::Result<InfoLog> readInfoLogFile(const std::string& path);

}  // namespace commviz::nccl_topology
