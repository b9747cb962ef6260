#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// One of the two trees of NCCL's double binary tree over p ranks (NCCL
/// src/graph/trees.cc, ncclGetDtree), every rank counted as a node of its own.
/// `height` counts hops down to the deepest leaf below, `depth` hops up to the root.
struct NcclTree {
    int root = 0;
    std::vector<int> parent;                 ///< -1 at the root
    std::vector<std::vector<int>> children;  ///< child 0 first, then child 1
    std::vector<int> height;
    std::vector<int> depth;
    int treeHeight() const { return height.empty() ? 0 : height[std::size_t(root)]; }
};

/// Tree `which` (0: ncclGetBtree; 1: its mirror for even p, its shift by one for odd p).
NcclTree ncclDtree(int ranks, int which);

/// A server's channel tree (ScheduleRequest::trees) with its heights and depths; empty parents when the
/// links do not make one tree over `ranks` ranks (a second root, a cycle, a rank left out).
NcclTree ncclTreeOf(const ChannelTree& links, int ranks);

/// How runTreeSplit cuts the buffer: the channels, the tree each runs on, and each channel's chunks as
/// consecutive blocks of `layout`.
struct NcclTreePlan {
    std::vector<NcclTree> trees;
    std::vector<int> treeOfChannel;
    int channels = 1;
    std::vector<int> firstChunk;  ///< per channel: its first block
    std::vector<std::int64_t> chunks;
    std::int64_t maxChunks = 1;
    BlockLayout layout;
    std::string unsupported;
    const NcclTree& treeOf(int channel) const { return trees[std::size_t(treeOfChannel[std::size_t(channel)])]; }
    /// The channel whose chunks include block `block`.
    int channelOf(int block) const;
    /// A message's chunk: its block within its channel.
    std::int64_t chunkOf(const Message& message) const {
        return message.blocks.front().first - firstChunk[std::size_t(message.channel)];
    }
};

NcclTreePlan ncclTreePlan(const ScheduleRequest& request);

/// NCCL's tree allreduce (src/device/all_reduce.h, runTreeSplit). On a server
/// channel c runs on the channel's own tree (the node chains joined by the
/// double binary tree over nodes). Without one, channels come in pairs
/// (ncclTopoPostset doubles them): the first half runs on tree 0, the second
/// on tree 1 of the double binary tree over the ranks. A
/// channel cuts its share into chunks; chunk c goes up from a rank of height
/// h in round c + h (the parent adds it to its own), and the root, holding the
/// sum after round c + H - 1, sends it down in round c + H; a rank of depth d
/// forwards it in round c + H + d (H: the height of the channel's tree). Reduce and broadcast of different chunks
/// overlap, as runTreeSplit's two thread groups do: chunks + 2H - 1 rounds.
Schedule ncclTreeAllreduce(const ScheduleRequest& request);

}  // namespace commviz::collectives
