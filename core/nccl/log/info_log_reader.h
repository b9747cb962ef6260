#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "nccl/graph/comm_graphs.h"
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
    double bootstrapSeconds = -1.0;  ///< from `Bootstrap timings total` (2.23+), -1 when absent
    std::string function;            ///< "ncclCommInitRank", "ncclCommSplit", … (2.21+), empty before
};

struct LoggedWarn {
    int line = 0;
    std::string host;
    std::string text;
    int pid = 0;
    int cudaDev = -1;
    int rank = -1;          ///< the rank whose process and device printed it, -1 when unknown
    std::string source;     ///< NCCL's `file:line`, e.g. "init.cc:1043"
    std::string function;   ///< `(func)` of 2.29+, empty before
    std::string timestamp;  ///< the `[%F %T]` prefix of 2.26+, empty when absent
};

struct UnreadLine {
    int line = 0;
    std::string text;    ///< the line as read (at most kUnreadTextLimit bytes of it)
    std::string reason;  ///< why it was not read: "not an NCCL line", "unknown NCCL INFO message", …
};

/// Bounds of the reader: NCCL's MAXCHANNELS, a rank count far above any real job,
/// and a line length no NCCL line reaches (NCCL's own buffer is 1 KiB).
inline constexpr int kMaxLogChannels = 64;
inline constexpr int kMaxLogRanks = 1 << 17;
inline constexpr std::size_t kMaxLogLineBytes = 64 * 1024;
inline constexpr std::size_t kUnreadTextLimit = 512;

/// What an NCCL_DEBUG=INFO log says (NCCL 2.4 to 2.30 formats, any mix of ranks
/// and hosts, lines interleaved with other output).
struct InfoLog {
    std::string version;             ///< "2.22.3+cuda12.4", empty when the log does not say
    std::vector<std::string> hosts;  ///< in order of first appearance
    std::vector<LoggedRank> ranks;   ///< by rank
    CommGraphs comm;                 ///< rings, trees and connections it describes
    std::vector<LoggedWarn> warns;
    std::vector<UnreadLine> unread;  ///< every line not understood, never dropped
    std::vector<int> partialRings;   ///< channels whose ring the log cut short (`...`, 20-rank limit)
    int linesRead = 0;               ///< NCCL lines understood (including ones that carry nothing drawn)
};

/// Reads a log; fails (naming the line) only on input that is not text at all.
sim::Result<InfoLog> parseInfoLog(std::string_view text, const std::string& origin);
/// The text of a log: `file` is a path, or the bare name of a bundled example log (bundled_files.h).
sim::Result<std::string> readInfoLogText(const std::string& file);
sim::Result<InfoLog> readInfoLogFile(const std::string& file);

}  // namespace commviz::nccl_topology
