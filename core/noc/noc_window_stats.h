#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "noc/noc_config.h"
#include "noc/noc_events.h"
#include "noc/noc_stats.h"

namespace commviz::noc {

class NocEngine;

/// What the heatmaps show over a window of cycles (steps first..last, both
/// included; step n is the cycle that leads to timeline state n). Indexed
/// [router * ports + port]. Nothing here is counted in the router's hot path:
/// it is rebuilt from the engine's state and the cycle events the timeline keeps.
struct NocWindowStats {
    std::size_t first = 0;
    std::size_t last = 0;
    int nodes = 0;  ///< routers (on a k-ary n-cube one per node)
    int ports = 0;  ///< port slots per router (NocNetwork::ports)
    int vcs = 0;
    Topology topology = Topology::Torus;  ///< for naming the ports (NocText::portName)
    int n = 2;
    int c = 1;
    int k = 8;                                     ///< a fat tree or quad tree names its ports by k
    std::vector<std::int64_t> linkFlits;           ///< flits sent on output `port` (IQRouter::_SendFlits)
    std::vector<std::int64_t> bufferedFlitCycles;  ///< flits held in input `port`, summed over the cycles' end states
    std::vector<std::int64_t> stalledVcCycles;     ///< input VCs of `port` holding a flit none of which left

    std::size_t cycles() const { return last >= first ? last - first + 1 : 0; }
    /// Flits per cycle on output `port` of `router` (1.0 = the link busy every cycle).
    double linkUtilisation(int router, int port) const { return perCycle(linkFlits, router, port); }
    /// Mean flits buffered in input `port` of `router` (or the whole router when port < 0).
    double meanBuffered(int router, int port = -1) const { return perCycle(bufferedFlitCycles, router, port); }
    /// Mean number of stalled VCs at input `port` of `router` (or the whole router when port < 0).
    double meanStalledVcs(int router, int port = -1) const { return perCycle(stalledVcCycles, router, port); }

private:
    double perCycle(const std::vector<std::int64_t>& v, int router, int port) const;
};

/// The window's statistics, worked backwards from `atEnd` (the engine at step
/// `last`) through the events of steps last, last-1 … first: an input VC held
/// (count now) - (FlitBuffered this cycle) + (SwitchAllocated this cycle)
/// flits before each cycle, and a VC holding a flit before a cycle stalled in
/// it when no SwitchAllocated took a flit out of it. `eventsOf(n)` gives step n's events.
NocWindowStats windowStats(const NocEngine& atEnd, std::size_t first, std::size_t last,
                           const std::function<std::span<const NocEvent>(std::size_t)>& eventsOf);

/// BookSim's packet latency (tail arrival - creation, with source queueing)
/// of every packet whose tail leaves the network while `engine` (a copy, which
/// must emit events) steps `steps` cycles, or until it is done. `measuredOnly`:
/// only packets created in the measurement window, as BookSim's statistics.
/// `keepGoing(step)` false stops early (a cancelled worker).
LatencyHistogram packetLatencies(NocEngine engine, std::size_t steps, bool measuredOnly,
                                 const std::function<bool(std::size_t)>& keepGoing = {});

}  // namespace commviz::noc
