#pragma once

#include <string_view>

// Which primitive of NCCL's device code (src/device/prims_*.h, called from all_reduce.h,
// all_gather.h, reduce_scatter.h, broadcast.h, reduce.h) a rank runs when it sends at a given step.
// Names as in NCCL 2.23 and later (up to 2.22 the allreduce ring called send, recvReduceSend,
// directRecvReduceCopySend and directRecvCopySend).
namespace commviz::collectives::nccl_primitives {

inline constexpr std::string_view kRunRing = "runRing";
inline constexpr std::string_view kRunTreeSplit = "runTreeSplit";
/// all_reduce.h's NVLS specialisation (its oneNode branch runs without a named function).
inline constexpr std::string_view kRunNvls = "RunWorkColl<AllReduce, NVLS, SIMPLE>";

/// runRing of all_reduce.h: step s of the 2(p-1) steps of one loop.
std::string_view ringAllreduce(int step, int ranks);
/// runRing of all_gather.h (out of place): step j of the p-1 steps of one loop.
std::string_view ringAllgather(int step);
/// runRing of reduce_scatter.h: step j of the p-1 steps of one loop.
std::string_view ringReduceScatter(int step);
/// runRing of broadcast.h (out of place) and reduce.h: the sender at `position` hops down the chain.
std::string_view ringBroadcast(int position);
std::string_view ringReduce(int position);
/// What the receiver of a ring send runs on that data: the primitive of its next step, or the receive
/// that ends its loop or the chain (directRecv; recvReduceCopy where the last receiver also reduces).
std::string_view ringAllreduceReceiver(int step, int ranks);
std::string_view ringAllgatherReceiver(int step, int ranks);
std::string_view ringReduceScatterReceiver(int step, int ranks);
std::string_view ringBroadcastReceiver(int position, int ranks);
std::string_view ringReduceReceiver(int position, int ranks);

/// The NVLS allreduce's three warp groups: scatter into the heads' buffers, the head's multimem.ld_reduce and
/// multimem.st (directRecvDirectSend on the multicast connection), gather out of them.
inline constexpr std::string_view nvlsScatter() { return "scatter"; }
inline constexpr std::string_view nvlsReduce() { return "directRecvDirectSend"; }
inline constexpr std::string_view nvlsGather() { return "gather"; }

/// Whether a primitive receives from its previous peer (its name has Recv in it).
bool receives(std::string_view primitive);

/// runTreeSplit of all_reduce.h: a send up the tree from a rank with or without children, or down from
/// the root or from an inner rank.
std::string_view treeUp(bool senderHasChildren);
std::string_view treeDown(bool senderIsRoot);
/// What the receiver of a tree message runs on it: the parent's own send up (or the root's reduce, copy
/// and send down), a child's send down, or a leaf's directRecv.
std::string_view treeReceiver(bool up, bool receiverIsRoot, bool receiverHasChildren);

}  // namespace commviz::collectives::nccl_primitives
