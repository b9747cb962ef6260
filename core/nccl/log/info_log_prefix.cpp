#include "nccl/log/info_log_prefix.h"

#include <charconv>

namespace commviz::nccl_topology {

namespace {

constexpr std::string_view kInfoTag = " NCCL INFO";
constexpr std::string_view kWarnTag = " NCCL WARN";

/// Removes `[...] ` from the front of `line` and returns what was inside, or
/// nullopt when the line does not start with a bracket (2.26+ timestamps).
std::optional<std::string_view> takeTimestamp(std::string_view& line) {
    if (line.empty() || line.front() != '[') return std::nullopt;
    const std::size_t close = line.find("] ");
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view stamp = line.substr(1, close - 1);
    line.remove_prefix(close + 2);
    return stamp;
}

/// `host:pid:tid` → host, pid, tid; the host may itself hold no ':'.
bool readHostPidTid(std::string_view field, LinePrefix& prefix) {
    const std::size_t tidColon = field.rfind(':');
    if (tidColon == std::string_view::npos || tidColon == 0) return false;
    const std::size_t pidColon = field.rfind(':', tidColon - 1);
    if (pidColon == std::string_view::npos || pidColon == 0) return false;
    const auto pid = parseBoundedInt(field.substr(pidColon + 1, tidColon - pidColon - 1), 0, 1LL << 40);
    const auto tid = parseBoundedInt(field.substr(tidColon + 1), 0, 1LL << 40);
    if (!pid || !tid) return false;
    prefix.host = std::string(field.substr(0, pidColon));
    prefix.pid = static_cast<int>(*pid % (1LL << 31));
    prefix.tid = static_cast<int>(*tid % (1LL << 31));
    return true;
}

/// The WARN's `file:line` and optional ` (func)` between `[dev] ` and ` NCCL WARN`.
bool readWarnSource(std::string_view between, LinePrefix& prefix) {
    const std::size_t space = between.find(' ');
    prefix.source = std::string(between.substr(0, space));
    if (prefix.source.find(':') == std::string::npos) return false;
    if (space == std::string_view::npos) return true;
    std::string_view function = between.substr(space + 1);
    if (function.size() < 2 || function.front() != '(' || function.back() != ')') return false;
    prefix.function = std::string(function.substr(1, function.size() - 2));
    return true;
}

}  // namespace

std::optional<long long> parseBoundedInt(std::string_view text, long long minimum, long long maximum) {
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || value < minimum || value > maximum) return std::nullopt;
    return value;
}

std::optional<LinePrefix> parseLinePrefix(std::string_view line) {
    LinePrefix prefix;
    if (auto stamp = takeTimestamp(line)) prefix.timestamp = std::string(*stamp);
    // host:pid:tid [dev] ...
    const std::size_t firstSpace = line.find(' ');
    if (firstSpace == std::string_view::npos || !readHostPidTid(line.substr(0, firstSpace), prefix))
        return std::nullopt;
    std::string_view rest = line.substr(firstSpace + 1);
    const std::size_t close = rest.find("] ");
    if (rest.empty() || rest.front() != '[' || close == std::string_view::npos) return std::nullopt;
    const auto dev = parseBoundedInt(rest.substr(1, close - 1), -1, 1 << 20);
    if (!dev) return std::nullopt;
    prefix.cudaDev = static_cast<int>(*dev);
    rest.remove_prefix(close + 1);  // keeps the space before "NCCL" or the WARN's source
    if (rest.substr(0, kInfoTag.size()) == kInfoTag) {
        rest.remove_prefix(kInfoTag.size());
    } else {
        const std::size_t warn = rest.find(kWarnTag);
        if (warn == std::string_view::npos || warn < 2 || !readWarnSource(rest.substr(1, warn - 1), prefix))
            return std::nullopt;
        prefix.level = LogLevel::Warn;
        rest.remove_prefix(warn + kWarnTag.size());
    }
    if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    prefix.message = rest;
    return prefix;
}

}  // namespace commviz::nccl_topology
