#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace commviz::nccl_topology {

enum class LogLevel { Info, Warn };

/// The part NCCL puts before every message (NCCL src/debug.cc, ncclDebugLog):
/// `[timestamp] host:pid:tid [cudaDev] NCCL INFO ` or, for a WARN,
/// `host:pid:tid [cudaDev] file:line (func) NCCL WARN `.
struct LinePrefix {
    std::string timestamp;  ///< without brackets; empty when absent
    std::string host;
    int pid = 0;
    int tid = 0;
    int cudaDev = -1;
    LogLevel level = LogLevel::Info;
    std::string source;    ///< WARN only: "init.cc:1043"
    std::string function;  ///< WARN only, 2.29+: "ncclCommInitRankFunc"
    std::string_view message;
};

/// Splits one log line into its prefix and message; nullopt when the line is
/// not an NCCL INFO or WARN line (program output, TRACE, `NCCL CALL`).
std::optional<LinePrefix> parseLinePrefix(std::string_view line);

/// Reads a decimal integer (optionally negative) that is the whole of `text`
/// and lies in [minimum, maximum]; nullopt otherwise (no overflow, no partial read).
std::optional<long long> parseBoundedInt(std::string_view text, long long minimum, long long maximum);

}  // namespace commviz::nccl_topology
