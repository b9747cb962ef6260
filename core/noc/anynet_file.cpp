// BookSim2's anynet network file (networks/anynet.cpp, AnyNet::readFile), read
// the way BookSim reads it, with every line it would stop on, crash on, loop
// on or misread refused by name instead.

#include "noc/anynet_file.h"

#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "sim/text_file.h"

namespace commviz::noc {

namespace {

enum class Kind { Node, Router };

const char* kindName(Kind kind) { return kind == Kind::Node ? "node" : "router"; }

/// The file as BookSim's maps hold it while reading: router -> nodes, router
/// -> (router -> latency), node -> router, and where each id was first seen.
struct Reading {
    std::map<int, std::set<int>> routerNodes;
    std::map<int, std::map<int, int>> links;
    std::map<int, int> nodeRouter;
    std::map<int, int> nodeLine;
    std::map<int, int> headedByNode;  ///< router ids made by a `node N` line (BookSim's HEAD_ID)
    void touchRouter(int id) {
        routerNodes[id];
        links[id];
    }
};

std::optional<int> wholeNumber(std::string_view word) {
    int value = 0;
    const char* end = word.data() + word.size();
    auto [ptr, ec] = std::from_chars(word.data(), end, value);
    if (ec != std::errc() || ptr != end || word.empty()) return std::nullopt;
    return value;
}

class LineReader {
public:
    LineReader(Reading& reading, const std::string& name, int line) : m_r(reading), m_name(name), m_line(line) {}

    sim::Status read(std::string_view text) {
        std::vector<std::string_view> words;
        for (std::size_t pos = 0; pos < text.size();) {
            const std::size_t end = std::min(text.find(' ', pos), text.size());
            if (end > pos) words.push_back(text.substr(pos, end - pos));
            pos = end + 1;
        }
        if (words.empty()) return sim::Ok{};
        std::size_t i = 0;
        // router N / node N at the head of the line
        auto head = kindOf(words[i]);
        if (!head)
            return at(words[i], "a line starts with router or node (BookSim2 stops: 'Unknow head of line type')");
        ++i;
        if (i == words.size())
            return at(words[i - 1], "the line ends here; a " + std::string(kindName(*head)) + " id follows");
        auto headId = id(*head, words[i]);
        if (!headId) return headId.error();
        m_headKind = *head;
        m_headId = headId.value();
        // BookSim's HEAD_ID makes a router of every id heading a line, a node's too.
        if (!m_r.routerNodes.count(m_headId) && *head == Kind::Node) m_r.headedByNode.emplace(m_headId, m_line);
        m_r.touchRouter(m_headId);
        ++i;
        enum class After { Head, Body, Latency } after = After::Head;
        while (i < words.size()) {
            const std::string_view word = words[i];
            auto body = kindOf(word);
            if (!body) {
                const bool betweenRouters = m_headKind == Kind::Router && m_bodyKind == Kind::Router;
                if (after == After::Head || !wholeNumber(word))
                    return at(word, after == After::Body && betweenRouters
                                        ? "allowed here: router, node or a latency in cycles"
                                        : "allowed here: router or node");
                if (after == After::Latency) return at(word, "a second latency: allowed here: router or node");
                if (!betweenRouters)
                    return at(word,
                              "a latency is allowed on a channel between two routers only: a node's channels take "
                              "1 cycle, and BookSim2 2.0 stores this number as a channel between the routers of "
                              "those numbers instead; allowed here: router or node");
                if (sim::Status ok = latency(word); !ok) return ok;
                after = After::Latency;
                ++i;
                continue;
            }
            ++i;
            if (i == words.size())
                return at(word, "the line ends here; a " + std::string(kindName(*body)) + " id follows");
            auto bodyId = id(*body, words[i]);
            if (!bodyId) return bodyId.error();
            if (sim::Status ok = join(*body, bodyId.value(), words[i]); !ok) return ok;
            after = After::Body;
            ++i;
        }
        return sim::Ok{};
    }

private:
    sim::Error at(std::string_view word, const std::string& why) const {
        return sim::fail(m_name + ":" + std::to_string(m_line) + ": '" + std::string(word) + "': " + why);
    }

    static std::optional<Kind> kindOf(std::string_view word) {
        if (word == "router") return Kind::Router;
        if (word == "node") return Kind::Node;
        return std::nullopt;
    }

    sim::Result<int> id(Kind kind, std::string_view word) const {
        const int limit = kind == Kind::Router ? kAnynetMaxRouters : kAnynetMaxNodes;
        const auto value = wholeNumber(word);
        if (!value || *value < 0 || *value >= limit)
            return at(word, std::string("allowed ") + kindName(kind) + " ids: whole numbers from 0 to " +
                                std::to_string(limit - 1) +
                                (word.find('\t') != std::string_view::npos
                                     ? " (separate words with spaces: BookSim2 does not split on tabs)"
                                     : ""));
        return *value;
    }

    sim::Status join(Kind body, int bodyId, std::string_view word) {
        m_bodyKind = body;
        m_bodyId = bodyId;
        if (body == Kind::Router) m_r.touchRouter(bodyId);
        if (m_headKind == Kind::Node && body == Kind::Node)
            return at(word,
                      "a node connects to a router, not to another node (BookSim2 stops: 'Cannot connect "
                      "node to node')");
        if (m_headKind == Kind::Router && body == Kind::Router) {
            // BookSim: this direction is (re)set to 1 cycle; the reverse is made only if missing.
            m_r.links[m_headId][bodyId] = 1;
            m_r.links[bodyId].try_emplace(m_headId, 1);
            return sim::Ok{};
        }
        const int node = m_headKind == Kind::Node ? m_headId : bodyId;
        const int router = m_headKind == Kind::Node ? bodyId : m_headId;
        const auto placed = m_r.nodeRouter.find(node);
        if (placed != m_r.nodeRouter.end() && placed->second != router)
            return at(word, "node " + std::to_string(node) + " is already on router " + std::to_string(placed->second) +
                                " (line " + std::to_string(m_r.nodeLine[node]) +
                                "): a node sits on one router (BookSim2 stops: 'trying to connect to multiple "
                                "router')");
        if (placed == m_r.nodeRouter.end()) {
            m_r.nodeRouter[node] = router;
            m_r.nodeLine[node] = m_line;
        }
        m_r.routerNodes[router].insert(node);
        return sim::Ok{};
    }

    sim::Status latency(std::string_view word) {
        const auto value = wholeNumber(word);
        if (!value || *value < 1 || *value > kAnynetMaxLatency)
            return at(word, "allowed latencies: whole numbers of cycles from 1 to " +
                                std::to_string(kAnynetMaxLatency) +
                                (value && *value < 1 ? " (BookSim2 stops: 'Channel must have positive delay')" : "") +
                                "; else router or node");
        m_r.links[m_headId][m_bodyId] = *value;
        return sim::Ok{};
    }

    Reading& m_r;
    const std::string& m_name;
    int m_line;
    Kind m_headKind = Kind::Router;
    int m_headId = -1;
    Kind m_bodyKind = Kind::Router;
    int m_bodyId = -1;
};

/// The routers router 0 reaches (channels go both ways, so this is connectivity).
std::vector<bool> reachedFromZero(const AnynetFile& file) {
    std::vector<bool> seen(std::size_t(file.routers), false);
    std::vector<int> stack{0};
    seen[0] = true;
    while (!stack.empty()) {
        const int r = stack.back();
        stack.pop_back();
        for (const AnynetFile::Link& link : file.links[std::size_t(r)])
            if (!seen[std::size_t(link.to)]) {
                seen[std::size_t(link.to)] = true;
                stack.push_back(link.to);
            }
    }
    return seen;
}

sim::Status checkWhole(const AnynetFile& file, const Reading& reading) {
    const std::string& name = file.name;
    for (int r = 0; r < file.routers; ++r) {
        if (file.radix(r) > kAnynetMaxRadix)
            return sim::fail(name + ": router " + std::to_string(r) + " has " + std::to_string(file.radix(r)) +
                             " ports (nodes and channels): commviz's routers hold at most " +
                             std::to_string(kAnynetMaxRadix));
    }
    const std::vector<bool> reached = reachedFromZero(file);
    for (int r = 0; r < file.routers; ++r) {
        if (reached[std::size_t(r)]) continue;
        std::string why = name + ": router " + std::to_string(r) +
                          " cannot be reached from router 0: the network is in pieces, and BookSim2 2.0 loops "
                          "forever building its routing table (AnyNet::route); connect it with a router line";
        const auto made = reading.headedByNode.find(r);
        if (made != reading.headedByNode.end() && reading.routerNodes.at(r).empty() && reading.links.at(r).empty())
            why += " (router " + std::to_string(r) + " exists only because line " + std::to_string(made->second) +
                   " starts with 'node " + std::to_string(r) +
                   "': BookSim2 makes a router of every id that heads a line; start it with its router instead)";
        return sim::fail(why);
    }
    return sim::Ok{};
}

}  // namespace

sim::Result<AnynetFile> parseAnynetFile(std::string_view text, const std::string& name) {
    Reading reading;
    int lineNumber = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a Windows line end
        if (sim::Status ok = LineReader(reading, name, lineNumber).read(line); !ok) return ok.error();
    }
    AnynetFile file;
    file.name = name;
    if (reading.routerNodes.empty())
        return sim::fail(name + ": no routers: a line reads like 'router 0 node 0 node 1 router 1'");
    // BookSim indexes its router array by id: ids must run 0, 1, 2 ... without a gap.
    int expected = 0;
    for (const auto& entry : reading.routerNodes) {
        if (entry.first != expected)
            return sim::fail(name + ": router " + std::to_string(expected) + " is missing (router ids run from 0 to " +
                             std::to_string(reading.routerNodes.rbegin()->first) +
                             "): router ids must run from 0 without a gap (BookSim2 indexes its routers by id and "
                             "crashes)");
        ++expected;
    }
    if (reading.nodeRouter.empty()) return sim::fail(name + ": no nodes: put them on routers, 'router 0 node 0'");
    expected = 0;
    for (const auto& entry : reading.nodeRouter) {
        if (entry.first != expected)
            return sim::fail(name + ": node " + std::to_string(expected) + " is missing (node ids run from 0 to " +
                             std::to_string(reading.nodeRouter.rbegin()->first) +
                             "): node ids must run from 0 without a gap (BookSim2 stops: 'booksim trafficmanager "
                             "assumes sequential node numbering starting at 0')");
        ++expected;
    }
    file.routers = int(reading.routerNodes.size());
    file.nodes = int(reading.nodeRouter.size());
    for (const auto& entry : reading.nodeRouter) file.nodeRouter.push_back(entry.second);
    file.routerNodes.resize(std::size_t(file.routers));
    file.links.resize(std::size_t(file.routers));
    for (const auto& [router, nodes] : reading.routerNodes)
        file.routerNodes[std::size_t(router)].assign(nodes.begin(), nodes.end());
    for (const auto& [router, links] : reading.links)
        for (const auto& [to, latency] : links) file.links[std::size_t(router)].push_back({to, latency});
    if (sim::Status ok = checkWhole(file, reading); !ok) return ok.error();
    return file;
}

sim::Result<AnynetFile> loadAnynetFile(const std::string& networkFile, const NetworkFileLookup& lookup) {
    auto found = readNetworkFile(networkFile, lookup);
    if (!found) return found.error();
    return parseAnynetFile(found.value().text, found.value().name);
}

sim::Result<NetworkFileText> readNetworkFile(const std::string& networkFile, const NetworkFileLookup& lookup) {
    if (networkFile.empty())
        return sim::fail(
            "network_file is not set: topology = anynet reads its routers and nodes from it (BookSim2: "
            "'No network file name provided')");
    const auto bundled = lookup.bundled.find(networkFile);
    if (bundled != lookup.bundled.end()) return NetworkFileText{networkFile, bundled->second};
    namespace fs = std::filesystem;
    const fs::path given(networkFile);
    std::vector<fs::path> tried;
    if (given.is_absolute()) {
        tried.push_back(given);
    } else {
        if (!lookup.directory.empty()) tried.push_back(fs::path(lookup.directory) / given);
        tried.push_back(fs::current_path() / given);
    }
    for (const fs::path& place : tried) {
        std::error_code ec;
        if (!fs::exists(place, ec)) continue;
        // A network file of a few thousand routers is well under 16 MiB.
        auto text = sim::readTextFile(place.string(), "network_file", 16u << 20);
        if (!text) return text.error();
        return NetworkFileText{place.lexically_normal().string(), std::move(text).value()};
    }
    std::string places;
    for (std::size_t i = 0; i < tried.size(); ++i)
        places += (i ? (i + 1 == tried.size() ? " or " : ", ") : "") + tried[i].lexically_normal().string();
    return sim::fail("network_file = " + networkFile + ": no such file; looked in " + places +
                     (given.is_absolute() ? "" : " (beside the config file first, then the working directory)"));
}

}  // namespace commviz::noc
