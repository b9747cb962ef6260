#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim/result.h"

namespace commviz::noc {

/// A network described the way BookSim2's `topology = anynet` reads its
/// `network_file` (networks/anynet.cpp, AnyNet::readFile): one line per
/// router or node, `router 0 node 0 node 1 router 1 15 router 2`, meaning
/// router 0 holds nodes 0 and 1 and has channels to router 1 (15 cycles) and
/// router 2 (1 cycle, the default). A channel between routers is made in both
/// directions; the reverse one keeps the latency it was given on its own line,
/// else 1 cycle.
struct AnynetFile {
    struct Link {
        std::int32_t to = 0;
        std::int32_t latency = 1;
        bool operator==(const Link&) const = default;
    };
    std::string name;  ///< the file as found, for messages
    int routers = 0;
    int nodes = 0;
    std::vector<std::int32_t> nodeRouter;                ///< the router each node sits on
    std::vector<std::vector<std::int32_t>> routerNodes;  ///< each router's nodes, ascending (its first ports)
    std::vector<std::vector<Link>> links;                ///< each router's channels, ascending by far router
    int radix(int router) const {
        return int(routerNodes[std::size_t(router)].size() + links[std::size_t(router)].size());
    }
    bool operator==(const AnynetFile&) const = default;
};

/// Limits commviz puts on a network file (BookSim2 has none but memory): ids,
/// a router's ports (commviz's routers hold at most 32) and channel latencies.
inline constexpr int kAnynetMaxRouters = 1024;
inline constexpr int kAnynetMaxNodes = 16384;
inline constexpr int kAnynetMaxRadix = 32;
inline constexpr int kAnynetMaxLatency = 1000;

/// Parses a network file. Accepts what BookSim2 runs and refuses, naming the
/// file, the line, the word and what is allowed, what it stops on (an unknown
/// word: assert; a node on two routers: assert; node numbers with a gap:
/// assert; a zero latency: "Channel must have positive delay"), what makes it
/// crash (router ids with a gap) or loop forever (routers that cannot reach each
/// other, AnyNet::route), and what it silently misreads (a latency after a
/// node, which it stores as a channel to the router of that number; tabs,
/// which it does not split on; two latencies in a row).
sim::Result<AnynetFile> parseAnynetFile(std::string_view text, const std::string& name);

/// Where a relative `network_file` is looked for: beside the config file first,
/// then in the working directory (BookSim2 looks in the working directory
/// only). `bundled` holds files a scenario carries with it, found by name
/// before the disk.
struct NetworkFileLookup {
    std::string directory;  ///< the config file's folder; empty: none
    std::map<std::string, std::string> bundled;
};

/// A network file as found: where (for messages) and its text.
struct NetworkFileText {
    std::string name;
    std::string text;
};

/// Finds `network_file` and reads it; a file not found names every place tried.
sim::Result<NetworkFileText> readNetworkFile(const std::string& networkFile, const NetworkFileLookup& lookup);

/// Finds and parses `network_file` (readNetworkFile, then parseAnynetFile).
sim::Result<AnynetFile> loadAnynetFile(const std::string& networkFile, const NetworkFileLookup& lookup);

}  // namespace commviz::noc
