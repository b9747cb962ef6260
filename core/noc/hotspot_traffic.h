#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/result.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's `hotspot` traffic (HotSpotTrafficPattern): every packet goes to
/// one of the hot-spot nodes, node i with probability rates[i] / sum(rates).
/// A negative node stands for one chosen at random when the network is built.
struct HotspotTraffic {
    std::vector<int> nodes;
    std::vector<int> rates;  ///< positive integer weights, one per node
    bool operator==(const HotspotTraffic&) const = default;
};

/// What `traffic = hotspot...` allows, for error messages.
extern const char* const kHotspotAllowed;

/// Parses `hotspot`, `hotspot(N)` or `hotspot({{nodes},{rates}})` exactly as
/// BookSim's TrafficPattern::New does: the text inside the parentheses is
/// split as one brace list whose first element is the node list and whose
/// optional second element is the rate list (the last rate repeats, missing
/// rates are 1). So `hotspot({0,63})` is node 0 with weight 63, as BookSim
/// reads it. Fails on anything BookSim would read with atoi as garbage, an
/// empty node or rate list and a rate below 1; the error text is what is allowed.
sim::Result<HotspotTraffic> parseHotspotTraffic(std::string_view text);

/// True when `text` names the hotspot pattern (with or without parameters).
bool isHotspotTraffic(std::string_view text);

/// Replaces negative nodes by random ones (BookSim: RandomInt(nodes - 1) at
/// construction), from a stream of their own so the packet stream is unchanged.
void resolveRandomHotspots(HotspotTraffic& traffic, int nodeCount, std::uint64_t seed);

/// HotSpotTrafficPattern::dest: one hot spot needs no random draw.
int hotspotDestination(const HotspotTraffic& traffic, sim::Rng& rng);

}  // namespace commviz::noc
