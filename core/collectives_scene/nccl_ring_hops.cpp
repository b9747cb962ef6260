// The server's rings as the ring pipeline walks them: which transport each hop took and what one step
// costs on it, from the same graphs and tables the tuner reads.

#include "collectives_scene/nccl_ring_hops.h"

#include <algorithm>
#include <limits>
#include <map>
#include <utility>

#include "nccl/device/nccl_protocol.h"
#include "nccl/graph/tuning_model.h"
#include "nccl/graph/tuning_tables.h"

namespace commviz::collectives {

namespace {

using nccl_topology::Connection;
using nccl_topology::Transport;
using namespace nccl_tuning;

// tuning.cc getNetOverhead: the proxy's cost per step once a ring leaves the node (x3 for Simple).
float netOverheadUs(const TuningInputs& in, int protocol) {
    if (in.nNodes <= 1) return 0.0f;
    float overhead = in.env.netOverheadNs >= 0 ? float(in.env.netOverheadNs * .001)
                     : (in.cpuArch == CpuArch::X86 && in.cpuVendor == CpuVendor::AMD) ? 2.0f
                                                                                      : 1.0f;
    return protocol == NCCL_PROTO_SIMPLE ? overhead * 3 : overhead;
}

// The transport NCCL set up for each (channel, sender) of the rings (connIndex 0: collectives).
std::map<std::pair<int, int>, Transport> ringTransports(const std::vector<Connection>& connections) {
    std::map<std::pair<int, int>, Transport> out;
    for (const Connection& connection : connections)
        if (connection.connIndex == 0 && connection.side != Connection::Side::Receive)
            out.emplace(std::make_pair(connection.channel, connection.fromRank), connection.transport);
    return out;
}

// LL and LL128 move data no faster than the tuner's bus bandwidth for them (llMaxBw, perChMaxRingLL128Bw and the
// 0.5 / 0.92 shares), shared by the communicator's channels; Simple is held only by its hops.
double protocolCapGBps(const NcclTopologySetup& setup, int protocol, int func) {
    if (protocol == NCCL_PROTO_SIMPLE || func < 0) return std::numeric_limits<double>::infinity();
    auto model = ncclTopoTuneModel(setup.inputs);
    const float bus = model ? model->busBandwidths[std::size_t(func)][NCCL_ALGO_RING][std::size_t(protocol)] : 0.0f;
    if (bus <= 0.0f) return std::numeric_limits<double>::infinity();
    return double(bus) / double(std::max(setup.nChannels, 1));
}

}  // namespace

std::shared_ptr<const PipelineHops> ncclRingHops(const NcclTopologySetup& setup, NcclProtocol protocol, int func) {
    const TuningInputs& in = setup.inputs;
    const int p = ncclProtocolIndex(protocol);
    const TuningTables tables = tuningTables(in.version);
    const TuningGraph& graph = in.ringGraph;
    const int intraHw = graph.typeIntra == PathType::NVL ? NCCL_HW_NVLINK : NCCL_HW_PCI;
    // ncclTopoPostset duplicates the search's channels: two channels then share one searched channel's
    // bandwidth, as the tuner's nChannels x bw (with the search's nChannels) assumes.
    const double perChannel = double(graph.nChannels) / double(std::max(setup.nChannels, 1));
    const double share = ncclProtocolEfficiency(protocol) * std::min(perChannel, 1.0);
    const double cap = protocolCapGBps(setup, p, func);
    PipelineHop intra{
        Transport::P2P, std::min(graph.bwIntra * share, cap),
        std::max(tables.hwLat[std::size_t(intraHw)][NCCL_ALGO_RING][std::size_t(p)], netOverheadUs(in, p))};
    float interLatency = tables.hwLat[NCCL_HW_NET][NCCL_ALGO_RING][std::size_t(p)] + graph.latencyInter;
    if (p == NCCL_PROTO_SIMPLE) interLatency += graph.latencyInter;  // the flush
    PipelineHop inter{Transport::NET, std::min(graph.bwInter * share, cap), interLatency};

    const auto transports = ringTransports(setup.comm.connections);
    std::vector<std::vector<int>> next;
    std::vector<std::vector<PipelineHop>> hops;
    const int ranks = setup.nRanks();
    for (std::size_t channel = 0; channel < setup.comm.channels.size(); ++channel) {
        const std::vector<int>& ring = setup.comm.channels[channel].ring;
        if (int(ring.size()) != ranks) continue;
        std::vector<int> successor(static_cast<std::size_t>(ranks));
        std::vector<PipelineHop> priced(static_cast<std::size_t>(ranks));
        for (std::size_t position = 0; position < ring.size(); ++position) {
            const int src = ring[position], dst = ring[(position + 1) % ring.size()];
            const bool sameNode = src / setup.gpusPerNode == dst / setup.gpusPerNode;
            PipelineHop hop = sameNode ? intra : inter;
            if (auto found = transports.find({int(channel), src}); found != transports.end())
                hop.transport = found->second;
            successor[std::size_t(src)] = dst;
            priced[std::size_t(src)] = hop;
        }
        next.push_back(std::move(successor));
        hops.push_back(std::move(priced));
    }
    return std::make_shared<const PipelineHops>(std::move(next), std::move(hops));
}

double ncclRingBaseLatencyUs(const NcclTopologySetup& setup, NcclProtocol protocol) {
    return tuningTables(setup.inputs.version).baseLat[NCCL_ALGO_RING][std::size_t(ncclProtocolIndex(protocol))];
}

int ncclChannelsFor(const NcclTopologySetup& setup, int algorithm, int protocol, std::int64_t nBytes, int maxChannels) {
    if (algorithm == NCCL_ALGO_NVLS)  // "NVLS should not need more than 16 channels to get peak BW"
        return std::max(maxChannels > 0 ? std::min(setup.nvlsChannels, maxChannels) : setup.nvlsChannels, 1);
    auto model = ncclTopoTuneModel(setup.inputs);
    int threads = model ? model->maxThreads[std::size_t(algorithm)][std::size_t(protocol)] : 512;
    // comm.h: NCCL_LL_THREAD_THRESHOLD 8, NCCL_LL128_THREAD_THRESHOLD 8, NCCL_SIMPLE_THREAD_THRESHOLD 64.
    std::int64_t threshold = protocol == NCCL_PROTO_SIMPLE ? 64 : 8;
    if (algorithm == NCCL_ALGO_RING && protocol == NCCL_PROTO_LL) threshold *= setup.nRanks();
    int channels = std::max(setup.nChannels, 1);
    if (maxChannels > 0) channels = std::min(channels, maxChannels);
    while (channels > 1 && nBytes < std::int64_t(channels) * threads * threshold) --channels;
    return channels;
}

}  // namespace commviz::collectives
