// BookSim2 traffic.cpp: TrafficPattern::New ("hotspot" branch) and
// HotSpotTrafficPattern, with config_utils.cpp's tokenize_str / tokenize_int.

#include "noc/hotspot_traffic.h"

#include <charconv>
#include <numeric>

namespace commviz::noc {

const char* const kHotspotAllowed =
    "hotspot, hotspot(NODE) or hotspot({{NODE,...},{RATE,...}}) with integer node ids (negative = a random node) "
    "and integer rates of at least 1 (BookSim reads hotspot({0,63}) as node 0 with rate 63)";

namespace {

/// config_utils.cpp tokenize_str: a text not starting with '{' is one element;
/// otherwise the top-level comma-separated elements of the brace list (a '}'
/// at depth 0 also ends an element, so "{0,63},{1,2}" yields "0", "63").
std::vector<std::string> tokenize(std::string_view data) {
    std::vector<std::string> values;
    if (data.empty()) return values;
    if (data.front() != '{') return {std::string(data)};
    std::size_t start = 1;
    int nested = 0;
    for (std::size_t curr = 1; curr < data.size(); ++curr) {
        const char c = data[curr];
        if (c == '{') {
            ++nested;
        } else if (c == '}' && nested) {
            --nested;
        } else if ((c == ',' || c == '}') && !nested) {
            if (curr > start) values.emplace_back(data.substr(start, curr - start));
            start = curr + 1;
        }
    }
    return values;
}

/// tokenize_int, but refusing elements atoi would silently read as 0 or truncate.
bool tokenizeInts(std::string_view data, std::vector<int>& out) {
    for (const std::string& token : tokenize(data)) {
        int value = 0;
        const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (ec != std::errc() || end != token.data() + token.size()) return false;
        out.push_back(value);
    }
    return true;
}

bool balanced(std::string_view text) {
    int depth = 0;
    for (const char c : text) {
        depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        if (depth < 0) return false;
    }
    return depth == 0;
}

}  // namespace

bool isHotspotTraffic(std::string_view text) { return text == "hotspot" || (text.substr(0, 8) == "hotspot("); }

sim::Result<HotspotTraffic> parseHotspotTraffic(std::string_view text) {
    const auto bad = [] { return sim::fail(kHotspotAllowed); };
    if (!isHotspotTraffic(text)) return bad();
    std::string_view inside;
    if (text.size() > 7) {
        if (text.back() != ')') return bad();
        inside = text.substr(8, text.size() - 9);
    }
    if (!balanced(inside) || inside.find_first_of("()") != std::string_view::npos) return bad();
    std::vector<std::string> params = tokenize(inside);
    if (params.empty()) params.emplace_back("-1");
    HotspotTraffic traffic;
    if (!tokenizeInts(params[0], traffic.nodes) || traffic.nodes.empty()) return bad();
    if (params.size() >= 2) {
        if (!tokenizeInts(params[1], traffic.rates) || traffic.rates.empty()) return bad();
        traffic.rates.resize(traffic.nodes.size(), traffic.rates.back());
    } else {
        traffic.rates.assign(traffic.nodes.size(), 1);
    }
    for (const int rate : traffic.rates)
        if (rate < 1) return bad();  // BookSim asserts rate > 0
    return traffic;
}

void resolveRandomHotspots(HotspotTraffic& traffic, int nodeCount, std::uint64_t seed) {
    sim::Rng rng(seed ^ 0x686f7473706f74ULL);  // "hotspot": not the packet stream
    for (int& node : traffic.nodes)
        if (node < 0) node = int(rng.below(std::uint64_t(nodeCount)));
}

int hotspotDestination(const HotspotTraffic& traffic, sim::Rng& rng) {
    if (traffic.nodes.size() == 1) return traffic.nodes.front();
    const int total = std::accumulate(traffic.rates.begin(), traffic.rates.end(), 0);
    int pct = int(rng.below(std::uint64_t(total)));
    for (std::size_t i = 0; i + 1 < traffic.nodes.size(); ++i) {
        if (traffic.rates[i] > pct) return traffic.nodes[i];
        pct -= traffic.rates[i];
    }
    return traffic.nodes.back();
}

}  // namespace commviz::noc
