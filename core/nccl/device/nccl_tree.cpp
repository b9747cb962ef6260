#include "nccl/device/nccl_tree.h"

#include <algorithm>
#include <array>
#include <memory>

#include "collectives/block_layout.h"
#include "nccl/device/nccl_primitives.h"
#include "nccl/device/nccl_protocol.h"
#include "nccl/device/nccl_ring.h"
#include "nccl/graph/double_binary_tree.h"

namespace commviz::collectives {

namespace {

int heightOf(NcclTree& tree, int rank) {
    int height = 0;
    for (int child : tree.children[std::size_t(rank)]) height = std::max(height, 1 + heightOf(tree, child));
    tree.height[std::size_t(rank)] = height;
    return height;
}

void setDepths(NcclTree& tree, int rank, int depth) {
    tree.depth[std::size_t(rank)] = depth;
    for (int child : tree.children[std::size_t(rank)]) setDepths(tree, child, depth + 1);
}

}  // namespace

NcclTree ncclDtree(int ranks, int which) {
    NcclTree tree;
    const auto size = std::size_t(ranks);
    tree.parent.assign(size, -1);
    tree.children.assign(size, {});
    tree.height.assign(size, 0);
    tree.depth.assign(size, 0);
    for (int rank = 0; rank < ranks; ++rank) {
        const auto both = nccl_topology::dtreeLinks(ranks, rank);
        const auto& links = which == 0 ? both.first : both.second;
        tree.parent[std::size_t(rank)] = links.parent;
        if (links.parent < 0) tree.root = rank;
        for (int child : {links.child0, links.child1})
            if (child >= 0) tree.children[std::size_t(rank)].push_back(child);
    }
    heightOf(tree, tree.root);
    setDepths(tree, tree.root, 0);
    return tree;
}

NcclTree ncclTreeOf(const ChannelTree& links, int ranks) {
    NcclTree tree;
    const auto size = std::size_t(ranks);
    if (links.up.size() != size || links.down.size() != size) return tree;
    tree.parent = links.up;
    tree.children = links.down;
    tree.height.assign(size, 0);
    tree.depth.assign(size, -1);
    int roots = 0;
    for (int rank = 0; rank < ranks; ++rank)
        if (tree.parent[std::size_t(rank)] < 0) tree.root = rank, ++roots;
    // One root, every child's parent its parent, and every rank reached once from the root.
    bool linked = roots == 1;
    for (int rank = 0; linked && rank < ranks; ++rank)
        for (int child : tree.children[std::size_t(rank)])
            linked = linked && child >= 0 && child < ranks && tree.parent[std::size_t(child)] == rank;
    std::vector<int> order{tree.root};
    for (std::size_t next = 0; linked && next < order.size() && order.size() <= size; ++next)
        for (int child : tree.children[std::size_t(order[next])]) order.push_back(child);
    if (!linked || order.size() != size) return NcclTree{};
    heightOf(tree, tree.root);
    setDepths(tree, tree.root, 0);
    return tree;
}

int NcclTreePlan::channelOf(int block) const {
    return int(std::upper_bound(firstChunk.begin(), firstChunk.end(), block) - firstChunk.begin()) - 1;
}

namespace {

/// Channels in pairs, one tree each; a buffer of fewer elements than channels
/// uses fewer pairs (one channel on tree 0 for a single element). A server's
/// channels each have their own tree.
int treeChannels(int nchannels, std::int64_t count, bool serverTrees) {
    int channels = serverTrees ? std::max(nchannels, 1) : nchannels + nchannels % 2;
    if (count < channels)
        channels = count >= 2 && !serverTrees ? int(count / 2 * 2) : int(std::max<std::int64_t>(count, 1));
    return channels;
}

// The tree of every channel: the server's, or tree 0 for the first half of the pairs and tree 1 for the rest.
std::string assignTrees(const ScheduleRequest& request, NcclTreePlan& plan) {
    if (request.trees.empty()) {
        plan.trees = {ncclDtree(request.ranks, 0), ncclDtree(request.ranks, 1)};
        for (int channel = 0; channel < plan.channels; ++channel)
            plan.treeOfChannel.push_back(channel < plan.channels / 2 ? 0 : 1);
        return {};
    }
    for (int channel = 0; channel < plan.channels; ++channel) {
        const std::size_t index = std::size_t(channel) % request.trees.size();
        if (index == plan.trees.size()) {
            plan.trees.push_back(ncclTreeOf(request.trees[index], request.ranks));
            if (plan.trees.back().parent.empty())
                return "the server's tree of channel " + std::to_string(index) + " is not one tree over all " +
                       std::to_string(request.ranks) + " ranks";
        }
        plan.treeOfChannel.push_back(int(index));
    }
    return {};
}

/// runTreeSplit's primitive for a message: up the tree (reduce) or down it.
std::string_view treePrimitive(const NcclTreePlan& plan, const Message& message) {
    const NcclTree& tree = plan.treeOf(message.channel);
    if (message.reduce) return nccl_primitives::treeUp(!tree.children[std::size_t(message.src)].empty());
    return nccl_primitives::treeDown(message.src == tree.root);
}

Message chunkMessage(const NcclTreePlan& plan, int channel, std::int64_t chunk, std::int64_t elementBytes, int src,
                     int dst, bool up) {
    Message message =
        makeMessage(plan.layout, elementBytes, src, dst, {{plan.firstChunk[std::size_t(channel)] + int(chunk), 1}}, up);
    message.channel = channel;
    return message;
}

void addUpMessages(const NcclTreePlan& plan, int channel, int roundIndex, std::int64_t elementBytes, Round& round) {
    const NcclTree& tree = plan.treeOf(channel);
    for (int rank = 0; rank < int(tree.parent.size()); ++rank) {
        const int chunk = roundIndex - tree.height[std::size_t(rank)];
        if (tree.parent[std::size_t(rank)] < 0 || chunk < 0 || chunk >= plan.chunks[std::size_t(channel)]) continue;
        round.push_back(chunkMessage(plan, channel, chunk, elementBytes, rank, tree.parent[std::size_t(rank)], true));
    }
}

void addDownMessages(const NcclTreePlan& plan, int channel, int roundIndex, std::int64_t elementBytes, Round& round) {
    const NcclTree& tree = plan.treeOf(channel);
    for (int rank = 0; rank < int(tree.parent.size()); ++rank) {
        const int chunk = roundIndex - tree.treeHeight() - tree.depth[std::size_t(rank)];
        if (chunk < 0 || chunk >= plan.chunks[std::size_t(channel)]) continue;
        for (int child : tree.children[std::size_t(rank)])
            round.push_back(chunkMessage(plan, channel, chunk, elementBytes, rank, child, false));
    }
}

}  // namespace

NcclTreePlan ncclTreePlan(const ScheduleRequest& request) {
    using namespace nccl_detail;
    const int p = request.ranks;
    NcclTreePlan plan;
    plan.channels = treeChannels(request.nchannels, request.count, !request.trees.empty());
    const BlockLayout parts = evenBlocks(request.count, plan.channels);
    std::vector<std::int64_t> chunkSizes;
    std::size_t blocks = 0;
    for (std::int64_t part : parts) {
        const auto chunkBytes = ncclChunkBytes(NcclAlgorithm::Tree, false, request.protocol,
                                               part * request.elementBytes, p, request.nnodes);
        chunkSizes.push_back(std::max<std::int64_t>(1, chunkBytes / request.elementBytes));
        blocks += std::size_t(loopsOver(part, chunkSizes.back()));
    }
    plan.unsupported = layoutLimitError(blocks);
    if (!plan.unsupported.empty()) return plan;
    for (std::size_t channel = 0; channel < parts.size(); ++channel) {
        plan.firstChunk.push_back(int(plan.layout.size()));
        plan.chunks.push_back(loopsOver(parts[channel], chunkSizes[channel]));
        plan.maxChunks = std::max(plan.maxChunks, plan.chunks.back());
        for (std::int64_t chunk = 0; chunk < plan.chunks.back(); ++chunk)
            plan.layout.push_back(loopElements(parts[channel], chunkSizes[channel], chunk));
    }
    if (p >= 2) plan.unsupported = assignTrees(request, plan);
    return plan;
}

Schedule ncclTreeAllreduce(const ScheduleRequest& request) {
    auto plan = std::make_shared<const NcclTreePlan>(ncclTreePlan(request));
    Schedule schedule = namedSchedule("tree", 0, plan->layout);
    schedule.unsupported = plan->unsupported;
    if (!schedule.unsupported.empty() || request.ranks < 2) return schedule;
    int rounds = 0;
    for (int channel = 0; channel < plan->channels; ++channel)
        rounds = std::max(rounds, int(plan->chunks[std::size_t(channel)]) + 2 * plan->treeOf(channel).treeHeight() - 1);
    schedule.rounds = rounds;
    const auto bytes = request.elementBytes;
    schedule.round = [plan, bytes](int roundIndex) {
        // Broadcast first: a rank forwards the sums it holds before taking in new partial sums, which
        // keeps the one-port critical path shorter than the other order.
        Round round;
        for (int channel = 0; channel < plan->channels; ++channel)
            addDownMessages(*plan, channel, roundIndex, bytes, round);
        for (int channel = 0; channel < plan->channels; ++channel)
            addUpMessages(*plan, channel, roundIndex, bytes, round);
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunTreeSplit;
    schedule.primitive = [plan](int, const Message& message) { return treePrimitive(*plan, message); };
    schedule.receiverPrimitive = [plan](int, const Message& message) {
        const NcclTree& tree = plan->treeOf(message.channel);
        return nccl_primitives::treeReceiver(message.reduce, message.dst == tree.root,
                                             !tree.children[std::size_t(message.dst)].empty());
    };
    return schedule;
}

}  // namespace commviz::collectives
