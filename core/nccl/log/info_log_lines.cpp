#include "nccl/log/info_log_lines.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "nccl/log/info_log_prefix.h"
#include "nccl/log/info_log_reader.h"

namespace commviz::nccl_topology {

namespace {

using Words = std::vector<std::string_view>;

bool startsWith(std::string_view text, std::string_view start) { return text.substr(0, start.size()) == start; }

bool endsWith(std::string_view text, std::string_view end) {
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

std::optional<double> parseSeconds(std::string_view text) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || !(value >= 0.0) || value > 1e9) return std::nullopt;
    return value;
}

/// The word after `key` in `words`, or an empty view.
std::string_view wordAfter(const Words& words, std::string_view key) {
    for (std::size_t index = 0; index + 1 < words.size(); ++index)
        if (words[index] == key) return words[index + 1];
    return {};
}

/// nranks first (so an absurd count is named as such), then the rank inside it.
MalformedMessage readRankAndSize(const Words& words, std::string_view sizeKey, int& rank, int& nRanks) {
    const std::string_view sizeWord = wordAfter(words, sizeKey);
    const auto size = parseBoundedInt(sizeWord, 1, 1LL << 62);
    if (!size) return {"nranks '" + std::string(sizeWord) + "' is not a positive count"};
    if (*size > kMaxLogRanks)
        return {"nranks " + std::to_string(*size) + " is beyond the " + std::to_string(kMaxLogRanks) +
                    " ranks this reader accepts",
                true};
    const std::string_view rankWord = wordAfter(words, "rank");
    const auto parsedRank = parseBoundedInt(rankWord, 0, *size - 1);
    if (!parsedRank)
        return {"rank '" + std::string(rankWord) + "' is not in 0.." + std::to_string(*size - 1) + " (nranks " +
                std::to_string(*size) + ")"};
    rank = static_cast<int>(*parsedRank);
    nRanks = static_cast<int>(*size);
    return {};
}

/// `[Rank R] func comm 0x… rank … - Init START` in all its versions: the words
/// after `comm` are read as key/value pairs, whichever the version prints.
LogMessage parseInit(std::string_view message) {
    InitMessage init;
    init.complete = endsWith(message, " - Init COMPLETE");
    const Words words = splitWords(message);
    std::size_t first = 0;
    if (words.size() > 1 && words[0] == "[Rank") first = 2;  // 2.29+: "[Rank 3] "
    if (first < words.size() && words[first] != "comm") init.function = std::string(words[first]);
    init.comm = std::string(wordAfter(words, "comm"));
    if (init.comm.empty()) return MalformedMessage{"Init line without 'comm 0x…'"};
    MalformedMessage bad = readRankAndSize(words, "nranks", init.rank, init.nRanks);
    if (!bad.reason.empty()) return bad;
    const auto cudaDev = parseBoundedInt(wordAfter(words, "cudaDev"), -1, 1 << 20);
    if (!cudaDev) return MalformedMessage{"Init line: cudaDev '" + std::string(wordAfter(words, "cudaDev")) + "'"};
    init.cudaDev = static_cast<int>(*cudaDev);
    if (const auto nvmlDev = parseBoundedInt(wordAfter(words, "nvmlDev"), -1, 1 << 20))
        init.nvmlDev = static_cast<int>(*nvmlDev);
    init.busId = std::string(wordAfter(words, "busId"));
    return init;
}

LogMessage parseInitTimings(std::string_view message) {
    const Words words = splitWords(message);
    InitTimingsMessage timings;
    MalformedMessage bad = readRankAndSize(words, "nranks", timings.rank, timings.nRanks);
    if (!bad.reason.empty()) return bad;
    const auto total = parseSeconds(wordAfter(words, "total"));
    if (!total) return MalformedMessage{"Init timings: total '" + std::string(wordAfter(words, "total")) + "'"};
    timings.totalSeconds = *total;
    return timings;
}

LogMessage parseBootstrapTimings(std::string_view message) {
    const auto total = parseSeconds(wordAfter(splitWords(message), "total"));
    if (!total) return MalformedMessage{"Bootstrap timings without a 'total' in seconds"};
    return BootstrapTimingsMessage{*total};
}

LogMessage parseCommShape(std::string_view message) {
    const Words words = splitWords(message);
    CommShapeMessage shape;
    int rank = 0;
    MalformedMessage bad = readRankAndSize(words, "nRanks", rank, shape.nRanks);
    if (!bad.reason.empty()) return bad;
    const auto nodes = parseBoundedInt(wordAfter(words, "nNodes"), 1, shape.nRanks);
    if (!nodes) return MalformedMessage{"nNodes '" + std::string(wordAfter(words, "nNodes")) + "' is not in 1..nRanks"};
    shape.nNodes = static_cast<int>(*nodes);
    return shape;
}

/// Starts of messages NCCL prints at INIT/ENV/BOOTSTRAP/GRAPH level that carry
/// nothing this reader draws (NCCL src/init.cc, bootstrap.cc, transport/*.cc,
/// graph/topo.cc's ncclTopoPrint and search.cc's ncclTopoPrintGraph).
constexpr std::array kNotedStarts = std::to_array<std::string_view>({
    "Bootstrap",
    "cudaDriverVersion",
    "NCCL git version",
    "NET/",
    "Using network",
    "Using non-device net plugin",
    "Connected all",
    "Connected binomial",
    "Connected NVLS",
    "Connected collnet",
    "P2P Chunksize",
    "Check P2P Type",
    "[Proxy Service",
    "threadThresholds",
    "CC ",
    "TUNER/",
    "PROFILER/",
    "ENV/",
    "RAS ",
    "Setting affinity",
    "ncclTopoGetCpuAffinity",
    "NVLS ",
    "NCCL_",
    "Pattern ",
    "=== System",
    "Local ",
    "Rank ",
    "Initialized NET",
    "Assigned NET",
    "Using internal",
    "CollNet ",
    "Coll ",
    "MNNVL",
    "Allocated",
    "Init config",
    "comm 0x",
    "CPU/",
    "+ ",
    "GPU/",
    "NIC/",
    "NVS/",
    "PCI/",
    "ncclCommInitRank",
    "ncclCommSplit",
    "nvmlInit",
    "Could not",
    "Enabled ",
    "Disabled ",
    "Comm config",
    "P2P/",
    "SHM/",
    "GDR",
    "Launch mode",
    "====",
});

/// `transport/net.cc:1298 -> 6`: the return-code trail NCCL prints under a WARN.
bool isErrorTrail(const Words& words) {
    if (words.size() != 3 || words[1] != "->") return false;
    const std::size_t colon = words[0].rfind(':');
    return colon != std::string_view::npos && parseBoundedInt(words[0].substr(colon + 1), 0, 1 << 30) &&
           parseBoundedInt(words[2], -1, 1 << 30);
}

/// ncclTopoPrintGraph's ` 0 : GPU/0-18000 GPU/0-2a000 …` under a `Pattern` line.
bool isGraphChannel(const Words& words) {
    return words.size() > 2 && words[1] == ":" && parseBoundedInt(words[0], 0, kMaxLogChannels) &&
           (startsWith(words[2], "GPU/") || startsWith(words[2], "NET/"));
}

/// The TUNING table's lines and the per-call selection line: read by tuning_log_reader.h, not here.
bool isTuningLine(std::string_view message) {
    if (message.find(" Bytes -> Algo ") != std::string_view::npos) return true;
    const std::size_t bar = message.find(" |");
    if (bar == std::string_view::npos) return false;
    constexpr std::array kLabels =
        std::to_array<std::string_view>({"Algorithm", "Protocol", "Max NThreads", "Latency/AlgBw", "Broadcast",
                                         "Reduce", "AllGather", "ReduceScatter", "AllReduce"});
    std::string_view label = message.substr(0, bar);
    label.remove_prefix(std::min(label.size(), label.find_first_not_of(' ')));
    label = label.substr(0, label.find_last_not_of(' ') + 1);
    return std::find(kLabels.begin(), kLabels.end(), label) != kLabels.end();
}

bool isNoted(std::string_view message) {
    if (message.find(" coll channels, ") != std::string_view::npos || isTuningLine(message)) return true;
    const Words words = splitWords(message);
    if (isErrorTrail(words) || isGraphChannel(words)) return true;
    message.remove_prefix(std::min(message.size(), message.find_first_not_of(' ')));
    for (std::string_view start : kNotedStarts)
        if (startsWith(message, start)) return true;
    return false;
}

}  // namespace

std::vector<std::string_view> splitWords(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t position = 0;
    while (position < text.size()) {
        const std::size_t start = text.find_first_not_of(' ', position);
        if (start == std::string_view::npos) break;
        const std::size_t stop = text.find(' ', start);
        words.push_back(text.substr(start, stop == std::string_view::npos ? stop : stop - start));
        position = stop == std::string_view::npos ? text.size() : stop;
    }
    return words;
}

LogMessage parseInfoMessage(std::string_view message) {
    if (startsWith(message, "NCCL version ")) {
        const Words words = splitWords(message);
        if (words.size() < 3) return MalformedMessage{"NCCL version without a version"};
        return VersionMessage{std::string(words[2])};
    }
    if (endsWith(message, " - Init START") || endsWith(message, " - Init COMPLETE")) return parseInit(message);
    if (startsWith(message, "Init timings")) return parseInitTimings(message);
    if (startsWith(message, "Bootstrap timings total")) return parseBootstrapTimings(message);
    if (startsWith(message, "comm 0x") && message.find(" nNodes ") != std::string_view::npos)
        return parseCommShape(message);
    LogMessage channel = parseChannelMessage(message);
    if (!std::holds_alternative<UnknownMessage>(channel)) return channel;
    if (isNoted(message)) return NotedMessage{};
    return UnknownMessage{};
}

}  // namespace commviz::nccl_topology
