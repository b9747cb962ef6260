#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "collectives/schedule.h"
#include "nccl/device/nccl_tree.h"
#include "nccl/device/ring_pipeline.h"

// About this model: each channel of a tree allreduce is a pipeline as runTreeSplit runs it
// (src/device/all_reduce.h, prims_*.h with one slice of one step per chunk). A rank other than the root runs
// two programs at once, the reduce group (its children's chunk in, the sum sent to its parent: send or
// recvReduceSend) and the broadcast group (the parent's chunk in, sent on to its children: directRecvCopySend,
// or directRecv at a leaf); the root runs one, directRecvReduceCopySend. Each group has half of the
// channel's threads, so a non-root rank moves data at half of the channel's bandwidth in each direction;
// the root's single group has all of them. A connection has NCCL_STEPS = 8 slots: step t waits until the
// receiver has consumed step t - 8; a receiver consumes a chunk when its own send of it is done (a leaf when
// it arrives). Simple hands a step over whole (the receiver waits for the tail the sender posts after the
// step's last byte), so a forward starts once the step has arrived; LL and LL128 flag every 8-byte or
// 128-byte line, so a forward starts with the first line and ends no sooner than the last one arrived. Sends to several
// children go out at once, each on its own hop. Simplified as the rings: the head pointer travels back at once, a store
// takes no time, and channels share no link beyond their share.
namespace commviz::collectives {

/// The hops of one tree: each rank to its parent and to each child (NCCL_MAX_TREE_ARITY = 3).
struct TreeHops {
    std::vector<PipelineHop> up;
    std::vector<std::array<PipelineHop, 3>> down;
};

/// Event-simulated timing of a tree allreduce, one chunk at a time: chunk k of a channel is timed whole (up
/// the tree leaves first, the root, then down by depth) when a round first asks for it, so every wait it has
/// (its children's sums, the slot freed eight chunks earlier) is already known.
class TreePipeline {
public:
    /// `hops[t]` prices tree t of `plan.trees`.
    /// `lineByLine`: LL and LL128, whose receivers forward each line as it arrives.
    TreePipeline(std::shared_ptr<const NcclTreePlan> plan, std::vector<TreeHops> hops, PipelineShape shape,
                 std::int64_t elementBytes, bool lineByLine);

    /// The timing of a message of ncclTreeAllreduce's schedule: a chunk up to the sender's parent or down to
    /// one of its children.
    MessageTiming timing(const Message& message);
    const PipelineHop& hop(const Message& message) const;
    /// The latest arrival among the messages timed so far.
    double endUs() const { return m_endUs; }
    std::int64_t maxStepsAhead() const { return m_maxAhead; }
    const PipelineShape& shape() const { return m_shape; }
    const NcclTreePlan& plan() const { return *m_plan; }
    std::size_t footprintBytes() const;

private:
    /// What one rank did with one chunk, kept small: a window of them per rank and channel stays in memory.
    struct RankChunk {
        double upStartUs = 0.0;       ///< its send to its parent (the root: unused)
        double upFirstUs = 0.0;       ///< ... its first line arrived there
        double upEndUs = 0.0;         ///< ... its last byte arrived there
        double downStartUs = 0.0;     ///< its sends to its children
        double arrivalFirstUs = 0.0;  ///< the chunk from its parent began to arrive (the root: 0)
        double arrivalUs = 0.0;       ///< ... and had arrived
        float upSlotWaitUs = 0.0f;
        float downSlotWaitUs = 0.0f;
        PipelineWait upBound = PipelineWait::None;
        PipelineWait downBound = PipelineWait::None;
    };
    /// Per (channel, rank): the two programs and the slots of the connections it sends on.
    struct RankState {
        double upFinishUs = 0.0;
        double downFinishUs = 0.0;
        std::array<double, kNcclSteps> upConsumedUs{};  ///< step t of the send to the parent consumed
        std::array<std::array<double, kNcclSteps>, 3> downConsumedUs{};
    };
    struct ChannelChunks {
        std::int64_t first = 0;  ///< the chunk at the front of `chunks`
        std::deque<std::vector<RankChunk>> chunks;
    };

    const RankChunk& chunk(int channel, std::int64_t index, int rank);
    void timeChunk(int channel);
    void timeUp(int channel, std::int64_t index, std::int64_t bytes, std::vector<RankChunk>& ranks);
    void timeDown(int channel, std::int64_t index, std::int64_t bytes, std::vector<RankChunk>& ranks);
    /// Starts a slice at the latest of the program, the data and the slot, saying which it waited for.
    PipelineSlice start(std::int64_t step, std::int64_t bytes, double programUs, double dataUs, double slotUs) const;
    static double slotFreeUs(const std::array<double, kNcclSteps>& consumedUs, std::int64_t step);
    /// Steps posted and not yet consumed on a connection when step `step` is posted at `startUs`.
    static std::int64_t stepsAhead(const std::array<double, kNcclSteps>& consumedUs, std::int64_t step, double startUs);
    int childIndex(const NcclTree& tree, int parent, int child) const;
    const TreeHops& hopsOf(int channel) const {
        return m_hops[std::size_t(m_plan->treeOfChannel[std::size_t(channel)])];
    }
    RankState& state(int channel, int rank) {
        return m_state[std::size_t(channel) * std::size_t(m_ranks) + std::size_t(rank)];
    }

    std::shared_ptr<const NcclTreePlan> m_plan;
    std::vector<TreeHops> m_hops;
    PipelineShape m_shape;
    std::int64_t m_elementBytes = 1;
    bool m_lineByLine = false;
    int m_ranks = 0;
    std::vector<std::vector<int>> m_byHeight;  ///< per tree: ranks leaves first
    std::vector<std::vector<int>> m_byDepth;   ///< per tree: ranks root first
    std::vector<RankState> m_state;
    std::vector<ChannelChunks> m_chunks;
    double m_endUs = 0.0;
    std::int64_t m_maxAhead = 0;
};

/// The shape of a tree primitive for `protocol`: ProtoSimple<1, 1>, ProtoLL, ProtoLL128 — one slice of one
/// step per chunk.
PipelineShape treePipelineShape(NcclProtocol protocol, std::int64_t elementBytes, double startUs);

}  // namespace commviz::collectives
