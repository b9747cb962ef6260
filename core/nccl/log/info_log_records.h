#pragma once

#include <string>
#include <vector>

#include "nccl/log/info_log_lines.h"
#include "nccl/log/info_log_reader.h"

namespace commviz::nccl_topology {

/// One INFO line that says something about the communicator, kept with where
/// it came from until every line is read: a 2.4–2.17 log names ranks only in
/// its last line (`Init COMPLETE`), so ranks are assembled after the read.
struct LogRecord {
    int line = 0;
    std::string host;
    int pid = 0;
    int cudaDev = -1;
    std::string text;  ///< the message, for the unread list if assembly refuses it
    LogMessage message;
};

/// Turns the records into ranks, channels, trees and connections; a record
/// that does not fit (a rank beyond nranks) goes to `log.unread`.
void assembleInfoLog(std::vector<LogRecord> records, InfoLog& log);

/// Adds a line to `log.unread`, shortened to kUnreadTextLimit bytes.
void addUnread(InfoLog& log, int line, std::string_view text, std::string reason);

}  // namespace commviz::nccl_topology
