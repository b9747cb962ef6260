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

namespace {

/// Channels in pairs, one tree each; a buffer of fewer elements than channels
/// uses fewer pairs (one channel on tree 0 for a single element).
int treeChannels(int nchannels, std::int64_t count) {
    int channels = nchannels + nchannels % 2;
    if (count < channels) channels = count >= 2 ? int(count / 2 * 2) : 1;
    return channels;
}

struct TreePlan {
    std::array<NcclTree, 2> trees;
    int channels = 1;
    std::vector<int> firstChunk;  ///< per channel
    std::vector<std::int64_t> chunks;
    std::int64_t maxChunks = 1;
    int height = 0;
    const NcclTree& treeOf(int channel) const { return trees[channel < channels / 2 ? 0 : 1]; }
    /// The channel whose chunks include block `block`.
    int channelOf(int block) const {
        return int(std::upper_bound(firstChunk.begin(), firstChunk.end(), block) - firstChunk.begin()) - 1;
    }
};

/// runTreeSplit's primitive for a message: up the tree (reduce) or down it.
std::string_view treePrimitive(const TreePlan& plan, const Message& message) {
    const NcclTree& tree = plan.treeOf(plan.channelOf(message.blocks.front().first));
    if (message.reduce) return nccl_primitives::treeUp(!tree.children[std::size_t(message.src)].empty());
    return nccl_primitives::treeDown(message.src == tree.root);
}

void addUpMessages(const TreePlan& plan, int channel, int roundIndex, const BlockLayout& layout,
                   std::int64_t elementBytes, Round& round) {
    const NcclTree& tree = plan.treeOf(channel);
    for (int rank = 0; rank < int(tree.parent.size()); ++rank) {
        const int chunk = roundIndex - tree.height[std::size_t(rank)];
        if (tree.parent[std::size_t(rank)] < 0 || chunk < 0 || chunk >= plan.chunks[std::size_t(channel)]) continue;
        round.push_back(makeMessage(layout, elementBytes, rank, tree.parent[std::size_t(rank)],
                                    {{plan.firstChunk[std::size_t(channel)] + chunk, 1}}, true));
    }
}

void addDownMessages(const TreePlan& plan, int channel, int roundIndex, const BlockLayout& layout,
                     std::int64_t elementBytes, Round& round) {
    const NcclTree& tree = plan.treeOf(channel);
    for (int rank = 0; rank < int(tree.parent.size()); ++rank) {
        const int chunk = roundIndex - plan.height - tree.depth[std::size_t(rank)];
        if (chunk < 0 || chunk >= plan.chunks[std::size_t(channel)]) continue;
        for (int child : tree.children[std::size_t(rank)])
            round.push_back(makeMessage(layout, elementBytes, rank, child,
                                        {{plan.firstChunk[std::size_t(channel)] + chunk, 1}}, false));
    }
}

}  // namespace

Schedule ncclTreeAllreduce(const ScheduleRequest& request) {
    using namespace nccl_detail;
    const int p = request.ranks;
    auto plan = std::make_shared<TreePlan>();
    plan->channels = treeChannels(request.nchannels, request.count);
    const BlockLayout parts = evenBlocks(request.count, plan->channels);
    Schedule schedule = namedSchedule("tree", 0, {});
    std::vector<std::int64_t> chunkSizes;
    std::size_t blocks = 0;
    for (std::int64_t part : parts) {
        const auto chunkBytes =
            ncclChunkBytes(NcclAlgorithm::Tree, false, request.protocol, part * request.elementBytes, p);
        chunkSizes.push_back(std::max<std::int64_t>(1, chunkBytes / request.elementBytes));
        blocks += std::size_t(loopsOver(part, chunkSizes.back()));
    }
    schedule.unsupported = layoutLimitError(blocks);
    if (!schedule.unsupported.empty()) return schedule;
    for (std::size_t channel = 0; channel < parts.size(); ++channel) {
        plan->firstChunk.push_back(int(schedule.layout.size()));
        plan->chunks.push_back(loopsOver(parts[channel], chunkSizes[channel]));
        plan->maxChunks = std::max(plan->maxChunks, plan->chunks.back());
        for (std::int64_t chunk = 0; chunk < plan->chunks.back(); ++chunk)
            schedule.layout.push_back(loopElements(parts[channel], chunkSizes[channel], chunk));
    }
    if (p < 2) return schedule;
    plan->trees = {ncclDtree(p, 0), ncclDtree(p, 1)};
    plan->height = plan->trees[0].treeHeight();
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    schedule.rounds = int(plan->maxChunks) + 2 * plan->height - 1;
    schedule.round = [=](int roundIndex) {
        // Broadcast first: a rank forwards the sums it holds before taking in new partial sums, which
        // keeps the one-port critical path shorter than the other order.
        Round round;
        for (int channel = 0; channel < plan->channels; ++channel)
            addDownMessages(*plan, channel, roundIndex, layout, bytes, round);
        for (int channel = 0; channel < plan->channels; ++channel)
            addUpMessages(*plan, channel, roundIndex, layout, bytes, round);
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunTreeSplit;
    schedule.primitive = [plan](int, const Message& message) { return treePrimitive(*plan, message); };
    return schedule;
}

}  // namespace commviz::collectives
