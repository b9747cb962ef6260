#include "nccl/log/info_log_reader.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include "nccl/graph/bundled_files.h"
#include "nccl/log/info_log_prefix.h"
#include "nccl/log/info_log_records.h"
#include "nccl/log/log_text_lines.h"
#include "sim/text_file.h"

namespace commviz::nccl_topology {

namespace {

/// A log file bigger than this is not read (a week of INFO output of a big job is far less).
constexpr std::uintmax_t kMaxLogFileBytes = 512ull << 20;

void addWarn(InfoLog& log, int line, const LinePrefix& prefix) {
    LoggedWarn warn;
    warn.line = line;
    warn.host = prefix.host;
    warn.pid = prefix.pid;
    warn.cudaDev = prefix.cudaDev;
    warn.text = std::string(prefix.message);
    warn.source = prefix.source;
    warn.function = prefix.function;
    warn.timestamp = prefix.timestamp;
    log.warns.push_back(std::move(warn));
}

/// NCCL_DEBUG=VERSION prints the version line alone, without host or level
/// (NCCL src/debug.cc, ncclDebugLog); anything else without a prefix is not NCCL's.
void readUnprefixed(InfoLog& log, int line, std::string_view text) {
    const LogMessage message = text.rfind("NCCL version ", 0) == 0 ? parseInfoMessage(text) : LogMessage{};
    if (const auto* version = std::get_if<VersionMessage>(&message)) {
        ++log.linesRead;
        if (log.version.empty()) log.version = version->version;
        return;
    }
    addUnread(log, line, text, "not an NCCL INFO or WARN line");
}

using Fatal = std::optional<std::string>;

/// Reads one line, keeping what it says about the communicator in `records` for
/// later; returns why the whole read must stop (a size no job has), if it must.
Fatal readLine(InfoLog& log, int line, std::string_view text, std::vector<LogRecord>& records,
               std::unordered_set<std::string>& seenHosts) {
    if (text.find_first_not_of(" \t") == std::string_view::npos) return {};  // NCCL's blank line before a WARN
    if (text.size() > kMaxLogLineBytes) {
        addUnread(log, line, text, "longer than " + std::to_string(kMaxLogLineBytes) + " bytes");
        return {};
    }
    const auto prefix = parseLinePrefix(text);
    if (!prefix) {
        readUnprefixed(log, line, text);
        return {};
    }
    if (seenHosts.insert(prefix->host).second) log.hosts.push_back(prefix->host);
    if (prefix->level == LogLevel::Warn) {
        ++log.linesRead;
        addWarn(log, line, *prefix);
        return {};
    }
    LogMessage message = parseInfoMessage(prefix->message);
    if (const auto* bad = std::get_if<MalformedMessage>(&message)) {
        if (bad->fatal) return bad->reason;
        addUnread(log, line, text, bad->reason);
    } else if (std::holds_alternative<UnknownMessage>(message)) {
        addUnread(log, line, text, "unknown NCCL INFO message");
    } else if (const auto* version = std::get_if<VersionMessage>(&message)) {
        ++log.linesRead;
        if (log.version.empty()) log.version = version->version;
    } else {
        ++log.linesRead;
        if (!std::holds_alternative<NotedMessage>(message))
            records.push_back(LogRecord{line, prefix->host, prefix->pid, prefix->cudaDev, std::string(prefix->message),
                                        std::move(message)});
    }
    return {};
}

}  // namespace

void addUnread(InfoLog& log, int line, std::string_view text, std::string reason) {
    log.unread.push_back(UnreadLine{line, std::string(text.substr(0, kUnreadTextLimit)), std::move(reason)});
}

sim::Result<InfoLog> parseInfoLog(std::string_view text, const std::string& origin) {
    InfoLog log;
    std::vector<LogRecord> records;
    std::unordered_set<std::string> seenHosts;
    std::string failure;
    forEachLogLine(text, [&](int lineNumber, std::string_view line) {
        if (line.find('\0') != std::string_view::npos)
            failure = origin + ":" + std::to_string(lineNumber) +
                      ": a NUL byte: this is not a text log (NCCL_DEBUG=INFO output is text)";
        else if (Fatal fatal = readLine(log, lineNumber, line, records, seenHosts))
            failure = origin + ":" + std::to_string(lineNumber) + ": " + *fatal;
        return failure.empty();
    });
    if (!failure.empty()) return sim::fail(failure);
    assembleInfoLog(std::move(records), log);
    std::stable_sort(log.unread.begin(), log.unread.end(),
                     [](const UnreadLine& left, const UnreadLine& right) { return left.line < right.line; });
    return log;
}

sim::Result<std::string> readInfoLogText(const std::string& file) {
    if (auto bundled = isBareName(file) ? bundledLog(file) : std::nullopt) return std::string(*bundled);
    return sim::readTextFile(file, "log file", kMaxLogFileBytes);
}

sim::Result<InfoLog> readInfoLogFile(const std::string& file) {
    auto text = readInfoLogText(file);
    if (!text) return text.error();
    return parseInfoLog(text.value(), file);
}

}  // namespace commviz::nccl_topology
