// `Trees [c] …` (NCCL src/init.cc, initTransportsRank; 2.4: setupChannel's caller)
// in its three forms across versions.
#include <optional>

#include "nccl/log/info_log_lines.h"
#include "nccl/log/info_log_prefix.h"
#include "nccl/log/info_log_reader.h"

namespace commviz::nccl_topology {

namespace {

/// NCCL builds the Trees line in a 1024-byte buffer: a longer one is cut mid-part.
constexpr std::size_t kTreesLineBuffer = 1023;

/// One part's `d0/d1/d2->r->up` (2.8+; the first half of 2.5–2.7's `…|…`) or
/// `up->r->d0/d1/d2` (2.4): the side holding slashes tells which.
bool readTreePart(std::string_view part, int& rank, RankTree& tree) {
    part = part.substr(0, part.find('|'));
    const std::size_t firstArrow = part.find("->");
    if (firstArrow == std::string_view::npos) return false;
    const std::size_t secondArrow = part.find("->", firstArrow + 2);
    if (secondArrow == std::string_view::npos) return false;
    const std::string_view left = part.substr(0, firstArrow);
    const std::string_view middle = part.substr(firstArrow + 2, secondArrow - firstArrow - 2);
    const std::string_view right = part.substr(secondArrow + 2);
    const bool downsFirst = left.find('/') != std::string_view::npos;
    const auto me = parseBoundedInt(middle, 0, kMaxLogRanks - 1);
    const auto up = readTreeNeighbour(downsFirst ? right : left);
    if (!me || !up || !readTreeDowns(downsFirst ? left : right, tree.down)) return false;
    rank = static_cast<int>(*me);
    tree.up = *up;
    return true;
}

bool readChannelTag(std::string_view word, int& channel) {
    if (word.size() < 3 || word.front() != '[' || word.back() != ']') return false;
    const auto value = parseBoundedInt(word.substr(1, word.size() - 2), 0, kMaxLogChannels - 1);
    if (!value) return false;
    channel = static_cast<int>(*value);
    return true;
}

}  // namespace

std::optional<int> readTreeNeighbour(std::string_view word) {
    const auto value = parseBoundedInt(word, -1, kMaxLogRanks - 1);
    if (!value) return std::nullopt;
    return static_cast<int>(*value);
}

bool readTreeDowns(std::string_view text, std::array<int, 3>& downs) {
    for (int slot = 0; slot < 3; ++slot) {
        const std::size_t slash = text.find('/');
        if ((slot < 2) == (slash == std::string_view::npos)) return false;
        const auto down = readTreeNeighbour(text.substr(0, slash));
        if (!down) return false;
        downs[slot] = *down;
        text = slash == std::string_view::npos ? std::string_view{} : text.substr(slash + 1);
    }
    return true;
}

LogMessage readTreesMessage(std::string_view message) {
    const std::vector<std::string_view> words = splitWords(message);
    if (words.empty() || words[0] != "Trees") return UnknownMessage{};
    TreesMessage trees;
    const bool cutByNccl = message.size() >= kTreesLineBuffer - 30;
    for (std::size_t index = 1; index < words.size(); index += 2) {
        int channel = 0, rank = -1;
        RankTree tree;
        const bool complete = index + 1 < words.size() && readChannelTag(words[index], channel) &&
                              readTreePart(words[index + 1], rank, tree);
        if (!complete && cutByNccl && index + 2 >= words.size()) break;  // the part NCCL's buffer cut
        if (!complete)
            return MalformedMessage{"Trees: part '" + std::string(words[index]) + "' is not [c] d/d/d->r->u"};
        if (trees.rank >= 0 && rank != trees.rank)
            return MalformedMessage{"Trees: parts name ranks " + std::to_string(trees.rank) + " and " +
                                    std::to_string(rank)};
        trees.rank = rank;
        trees.channels.emplace_back(channel, tree);
    }
    return trees;
}

}  // namespace commviz::nccl_topology
