// `%d coll channels, %d collnet channels, %d nvls channels, %d p2p channels, %d p2p
// channels per peer` (NCCL src/init.cc) with the p2p counts of NCCL src/graph/paths.cc,
// ncclTopoComputeP2pChannels / ncclTopoGetNchannels of each version.

#include <algorithm>
#include <cstdio>

#include "nccl/graph/max_channels.h"
#include "nccl/log/topo_log_fields.h"
#include "nccl/transport/topo_transport_net.h"

namespace commviz::nccl_topology {

namespace {

constexpr int kP2pPerBatch = 8;       // NCCL_MAX_DEV_WORK_P2P_PER_BATCH (2.30)
constexpr int kPerChannelNetBw = 14;  // NCCL_P2P_PER_CHANNEL_NET_BW default, GB/s (2.30)

int pow2Up(int value) {
    int power = 1;
    while (power < value) power *= 2;
    return power;
}

// getLocalNetCountByBw: the GPU's NICs in channel order until they carry what the GPU's path to its CPU does.
std::pair<int, float> localNetCountByBw(const TopoSystem& system, const TopoPaths& paths, int rank,
                                        nccl::Version version) {
    const RankPlace place = placeRank(system, rank);
    const int cpu = localCpu(system, paths, place.gpu);
    const float gpuBw = cpu >= 0 ? paths.path(place.gpu, cpu).bw : 0.0f;
    int count = 0;
    float total = 0.0f;
    const int first = netForChannel(system, paths, nullptr, 0, place.localRank);
    for (int channel = 0; channel < maxChannels(version) && first >= 0; ++channel) {
        const int net = netForChannel(system, paths, nullptr, channel, place.localRank);
        if (channel > 0 && net == first) break;
        total += paths.path(place.gpu, net).bw;
        ++count;
        if (total >= gpuBw) break;
    }
    return {count, total};
}

// ncclTopoGetNchannels for one local GPU and one peer; -1 for itself.
int peerChannels(const TopologyModel& model, nccl::Version version, int localRank, int peer, int p2pChannels) {
    const TopoSystem& system = model.system;
    const RankPlace self = placeRank(system, localRank);
    const RankPlace other = placeRank(system, peer);
    if (other.node == 0) {
        if (other.gpu == self.gpu) return -1;
        const Path& path = model.paths.path(other.gpu, self.gpu);
        const bool nvLink =
            path.type == PathType::NVL || (version == nccl::Version::V2_30 && path.type == PathType::NVB);
        if (!nvLink) return 2;
        return 2 * std::max(1, static_cast<int>(path.bw / nvLinkBandwidth(system.nodes[self.gpu].sm)));
    }
    const auto [netCount, netBw] = localNetCountByBw(system, model.paths, localRank, version);
    if (version == nccl::Version::V2_30)
        return netCount > 0 ? std::max(netCount, (static_cast<int>(netBw) + kPerChannelNetBw - 1) / kPerChannelNetBw)
                            : 2;
    int channelsMax = 2;
    while (channelsMax * model.comm.nRanks > p2pChannels * 4 && channelsMax > 1) channelsMax /= 2;
    return std::max(netCount, channelsMax);
}

}  // namespace

P2pChannelCounts p2pChannelCounts(const TopologyModel& model, nccl::Version version, int rank) {
    const int nChannels = static_cast<int>(model.comm.channels.size());
    const int localRanks = static_cast<int>(model.system.ofType(NodeType::GPU).size());
    P2pChannelCounts counts;
    counts.p2pChannels = std::max(std::min(nChannels, maxChannels(version)), 1);
    // ≤ 2.22 takes the minimum over every local GPU, 2.30 over this rank's GPU only.
    int minChannels = version == nccl::Version::V2_30 ? maxChannels(version) : counts.p2pChannels;
    for (int local = 0; local < localRanks; ++local) {
        if (version == nccl::Version::V2_30 && local != rank % std::max(localRanks, 1)) continue;
        for (int peer = 0; peer < model.comm.nRanks; ++peer) {
            const int channels = peerChannels(model, version, local, peer, counts.p2pChannels);
            if (channels >= 0) minChannels = std::min(minChannels, channels);
        }
    }
    counts.perPeer = pow2Up(minChannels);
    counts.p2pChannels = pow2Up(counts.p2pChannels);
    if (version == nccl::Version::V2_30 && model.comm.nNodes > 1) {
        const int batches = (model.comm.nRanks + kP2pPerBatch - 1) / kP2pPerBatch;
        while (counts.perPeer * batches > counts.p2pChannels && counts.perPeer > 1) counts.perPeer /= 2;
    } else {
        counts.perPeer = std::min(counts.perPeer, counts.p2pChannels);
    }
    return counts;
}

std::string channelCountsText(const TopologyModel& model, nccl::Version version, int rank) {
    const P2pChannelCounts counts = p2pChannelCounts(model, version, rank);
    const int nChannels = static_cast<int>(model.comm.channels.size());
    char text[160];
    // init.cc prints comm->nChannels for the CollNet count as well; no NVLS channels here.
    std::snprintf(text, sizeof text,
                  "%d coll channels, %d collnet channels, %d nvls channels, %d p2p channels, %d p2p channels per peer",
                  nChannels, nChannels, 0, counts.p2pChannels, counts.perPeer);
    return text;
}

}  // namespace commviz::nccl_topology
