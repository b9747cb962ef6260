// The channel-numbered INFO/GRAPH lines: rank 0's ring list, the GRAPH Ring and
// Tree hops, the Trees summary and the connection lines.
#include <optional>

#include "nccl/log/info_log_lines.h"
#include "nccl/log/info_log_prefix.h"
#include "nccl/log/info_log_reader.h"

namespace commviz::nccl_topology {

namespace {

using Words = std::vector<std::string_view>;

std::optional<int> readRank(std::string_view word) {
    const auto value = parseBoundedInt(word, 0, kMaxLogRanks - 1);
    if (!value) return std::nullopt;
    return static_cast<int>(*value);
}

MalformedMessage malformed(std::string_view kind, std::string what) { return {std::string(kind) + ": " + what}; }

/// `Channel 03/08 :` → channel 3, count 8 (count 0 when absent, as in 2.4 and SHM lines).
struct ChannelHeader {
    int channel = 0;
    int count = 0;
    bool hasCount = false;
};

std::optional<ChannelHeader> readHeader(const Words& words) {
    if (words.size() < 3 || words[2] != ":") return std::nullopt;
    ChannelHeader header;
    std::string_view number = words[1];
    const std::size_t slash = number.find('/');
    if (slash != std::string_view::npos) {
        const auto count = parseBoundedInt(number.substr(slash + 1), 0, kMaxLogChannels);
        if (!count) return std::nullopt;
        header.count = static_cast<int>(*count);
        header.hasCount = true;
        number = number.substr(0, slash);
    }
    const auto channel = parseBoundedInt(number, 0, kMaxLogChannels - 1);
    if (!channel) return std::nullopt;
    header.channel = static_cast<int>(*channel);
    return header;
}

/// `0[1]`, `0[1e000]` (busId before 2.13) or a bare `0` (2.4's NET lines): rank and the
/// nvmlDev when the brackets hold a small decimal device number, else -1.
bool readEndpoint(std::string_view word, int& rank, int& dev) {
    const std::size_t open = word.find('[');
    const auto parsedRank = readRank(word.substr(0, open));
    if (!parsedRank) return false;
    rank = *parsedRank;
    dev = -1;
    if (open == std::string_view::npos) return true;
    if (word.back() != ']') return false;
    const std::string_view inside = word.substr(open + 1, word.size() - open - 2);
    if (const auto small = parseBoundedInt(inside, 0, 255)) dev = static_cast<int>(*small);
    return !inside.empty();
}

Transport transportOf(std::string_view via) {
    if (via.substr(0, 3) == "P2P") return Transport::P2P;
    if (via.substr(0, 3) == "SHM" || via.find("shared memory") != std::string_view::npos) return Transport::SHM;
    if (via.substr(0, 3) == "NET") return Transport::NET;
    if (via.substr(0, 7) == "COLLNET") return Transport::CollNet;
    return Transport::Unknown;
}

/// `a[x] -> b[y] [send] via NET/IB/0/GDRDMA` after the header; `via` keeps NCCL's words.
LogMessage readConnection(std::string_view kind, const ChannelHeader& header, const Words& words,
                          std::string_view message) {
    ConnectionMessage result;
    Connection& connection = result.connection;
    connection.channel = header.channel;
    connection.connIndex = header.hasCount ? header.count : 0;
    if (words.size() < 7 || words[4] != "->" || !readEndpoint(words[3], connection.fromRank, connection.fromDev) ||
        !readEndpoint(words[5], connection.toRank, connection.toDev))
        return malformed(kind, "expected 'a[dev] -> b[dev] via …'");
    std::size_t viaWord = 6;
    if (words[6] == "[send]" || words[6] == "[receive]") {
        connection.side = words[6] == "[send]" ? Connection::Side::Send : Connection::Side::Receive;
        viaWord = 7;
    }
    const std::size_t via = message.find(" via ");
    if (viaWord >= words.size() || words[viaWord] != "via" || via + 5 >= message.size())
        return malformed(kind, "expected 'via TRANSPORT' after the peers");
    connection.via = std::string(message.substr(via + 5));
    connection.transport = transportOf(connection.via);
    return result;
}

/// The rank numbers after rank 0's `Channel 00/02 :`, with NCCL's `...` cut.
LogMessage readRingList(const ChannelHeader& header, const Words& words) {
    RingListMessage ring;
    ring.channel = header.channel;
    ring.nChannels = header.count;
    for (std::size_t index = 3; index < words.size(); ++index) {
        std::string_view word = words[index];
        const bool last = index + 1 == words.size();
        if (last && word.size() >= 3 && word.substr(word.size() - 3) == "...") {
            // NCCL overwrote the end of its 128-byte line with "...": a number the
            // dots cut ("3...") is not a rank we can trust, so it is dropped too.
            ring.truncated = true;
            break;
        }
        const auto rank = readRank(word);
        if (!rank) return malformed("Channel", "'" + std::string(word) + "' is not a rank");
        ring.ranks.push_back(*rank);
    }
    if (ring.ranks.empty()) return malformed("Channel", "no ranks after the ':'");
    return ring;
}

/// `-1 -> 0 -> 1` (Ring) or `-1 -> 0 -> 1/-1/-1` (Tree) after the header.
LogMessage readHops(std::string_view kind, const ChannelHeader& header, const Words& words) {
    if (words.size() != 8 || words[4] != "->" || words[6] != "->") return malformed(kind, "expected 'a -> b -> c'");
    const auto first = readTreeNeighbour(words[3]);
    const auto middle = readRank(words[5]);
    if (!first || !middle) return malformed(kind, "expected ranks around the arrows");
    if (kind == "Ring") {
        const auto next = readRank(words[7]);
        if (!next || *first < 0) return malformed(kind, "expected prev -> rank -> next");
        return RingHopMessage{header.channel, *first, *middle, *next};
    }
    TreesMessage trees;
    trees.rank = *middle;
    RankTree tree;
    tree.up = *first;
    if (!readTreeDowns(words[7], tree.down)) return malformed(kind, "expected d0/d1/d2 after the second arrow");
    trees.channels.emplace_back(header.channel, tree);
    return trees;
}

}  // namespace

LogMessage parseChannelMessage(std::string_view message) {
    if (message.substr(0, 5) == "Trees") return readTreesMessage(message);
    const Words words = splitWords(message);
    if (words.empty()) return UnknownMessage{};
    const std::string_view kind = words[0];
    if (kind != "Channel" && kind != "Ring" && kind != "Tree") return UnknownMessage{};
    const auto header = readHeader(words);
    if (!header)
        return malformed(kind, "expected '" + std::string(kind) + " NN[/MM] :' with a channel below " +
                                   std::to_string(kMaxLogChannels));
    if (message.find(" via ") != std::string_view::npos) return readConnection(kind, *header, words, message);
    if (kind == "Channel") return readRingList(*header, words);
    return readHops(kind, *header, words);
}

}  // namespace commviz::nccl_topology
