#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "collectives/nccl_enums.h"
#include "collectives/schedule.h"
#include "nccl/graph/comm_graphs.h"

// About this model: each channel of a ring collective is a pipeline of its own, as the device code runs it
// (src/device/prims_simple.h, prims_ll.h, prims_ll128.h). Every rank of a channel runs its primitives one
// after another; a message of a round is one primitive call, moved in SlicePerChunk slices of StepPerSlice
// steps; a connection has NCCL_STEPS = 8 slots, so a sender posts step t only once its receiver has
// consumed step t + StepPerSlice - 8; a receiver that reduces or copies and forwards consumes a slice when
// its own forward of it is done. A slice occupies its hop for bytes / bandwidth and arrives one per-step
// latency later. Simple forwards a step once all of it has arrived; LL and LL128 forward line by line (each
// line carries its own flag), so a forward starts when the first line is in and ends no sooner than the
// last. Simplified: the head pointer travels back at once, a receive that only stores (the
// final directRecv) takes no time, and channels do not share links beyond the per-channel bandwidth the
// search gave them.
namespace commviz::collectives {

/// NCCL_STEPS (src/include/device.h): slots per connection.
inline constexpr int kNcclSteps = 8;
/// NCCL_MAX_SLICE_PER_CHUNK (src/include/collectives.h).
inline constexpr int kMaxSlicesPerChunk = 2;

/// One hop of a channel's ring (a rank to the next), priced from the server's graphs.
struct PipelineHop {
    nccl_topology::Transport transport = nccl_topology::Transport::P2P;
    double bandwidthGBps = 1.0;  ///< data per µs is bandwidthGBps x 1000 bytes, after the protocol's share
    double latencyUs = 0.0;      ///< per step: tuning.cc's hwLat of the hop's hardware class and protocol
    bool operator==(const PipelineHop&) const = default;
};

/// The hop each rank's ring neighbour is reached by, per channel (channel c uses ring c % rings).
class PipelineHops {
public:
    /// `next[ring][rank]` is the rank after `rank` on that ring; `hops[ring][rank]` its hop.
    PipelineHops(std::vector<std::vector<int>> next, std::vector<std::vector<PipelineHop>> hops);
    /// Every hop of every ring alike: the same link everywhere.
    static PipelineHops uniform(int ranks, PipelineHop hop);
    const PipelineHop& hop(int channel, int src) const;
    int next(int channel, int src) const;

private:
    std::vector<std::vector<int>> m_next;
    std::vector<std::vector<PipelineHop>> m_hops;
};

/// How a protocol moves one primitive call (src/include/collectives.h, *_CHUNKSTEPS and *_SLICESTEPS).
struct PipelineShape {
    int stepsPerSlice = 1;       ///< StepPerSlice
    int slicesPerChunk = 1;      ///< SlicePerChunk
    std::int64_t stepBytes = 0;  ///< data bytes of one step (the buffer's stepSize)
    std::int64_t elementBytes = 1;
    double startUs = 0.0;     ///< when the first primitive may start: the launch (tuning.cc baseLat)
    bool lineByLine = false;  ///< LL and LL128: a receiver forwards each line as it arrives
};

/// What held a slice back before it started.
enum class PipelineWait : std::uint8_t { None, Program, Data, Slot };

/// One slice on the wire.
struct PipelineSlice {
    std::int64_t step = 0;  ///< the connection's step when posted; its slot is step % NCCL_STEPS
    std::int64_t bytes = 0;
    double startUs = 0.0;
    double endUs = 0.0;       ///< arrival at the receiver
    double slotWaitUs = 0.0;  ///< how long a free slot at the receiver was the last thing it waited for
    PipelineWait boundBy = PipelineWait::None;
    int slot() const { return int(step % kNcclSteps); }
    bool operator==(const PipelineSlice&) const = default;
};

/// One message's slices.
struct MessageTiming {
    std::array<PipelineSlice, kMaxSlicesPerChunk> slices{};
    int sliceCount = 0;
    double startUs() const { return slices[0].startUs; }
    double endUs() const { return slices[std::size_t(sliceCount - 1)].endUs; }
    bool operator==(const MessageTiming&) const = default;
};

/// Event-simulated timing of a ring schedule's rounds: feed the rounds in order, then drain.
class RingPipeline {
public:
    RingPipeline(int ranks, int channels, PipelineShape shape, std::shared_ptr<const PipelineHops> hops);

    /// Times round by round. `receives[i]` says whether message i's sender receives in the same primitive
    /// (directRecvReduceDirectSend, recvCopySend …: its previous hop's data), false for a plain send.
    std::vector<MessageTiming> advance(const Round& round, const std::vector<bool>& receives);
    /// Lets every rank consume what it still has in flight (the loops' final directRecv).
    void drain();
    /// The latest arrival or finish so far.
    double endUs() const { return m_endUs; }
    /// The most steps any sender had posted and its receiver not yet consumed when it posted one
    /// (never above NCCL_STEPS).
    std::int64_t maxStepsAhead() const { return m_maxAhead; }
    const PipelineShape& shape() const { return m_shape; }
    const PipelineHops& hops() const { return *m_hops; }
    std::size_t footprintBytes() const;

private:
    struct Incoming {
        std::array<double, kMaxSlicesPerChunk> arrivalUs{};
        std::array<double, kMaxSlicesPerChunk> firstLineUs{};  ///< when its first line arrived
        std::array<std::int64_t, kMaxSlicesPerChunk> step{};
        int sliceCount = 0;  ///< 0: nothing pending
        int src = -1;
    };
    struct Connection {
        std::int64_t nextStep = 0;
        std::int64_t consumedSteps = 0;  ///< the receiver's head
        std::array<double, kNcclSteps> consumedUs{};
    };
    std::size_t at(int channel, int rank) const {
        return std::size_t(channel) * std::size_t(m_ranks) + std::size_t(rank);
    }
    static std::int64_t headAt(const Connection& connection, double timeUs);
    void consume(int channel, int rank, int slice, double timeUs);
    void receiveOnly(int channel, int rank);
    std::array<std::int64_t, kMaxSlicesPerChunk> sliceBytes(std::int64_t bytes) const;

    int m_ranks;
    int m_channels;
    PipelineShape m_shape;
    std::shared_ptr<const PipelineHops> m_hops;
    std::vector<double> m_finishUs;        ///< per (channel, rank): its last primitive's end
    std::vector<Incoming> m_incoming;      ///< per (channel, rank): the last round's arrival, not yet consumed
    std::vector<Connection> m_connection;  ///< per (channel, rank): to its ring successor
    double m_endUs = 0.0;
    std::int64_t m_maxAhead = 0;
};

/// The shape of a ring primitive for `protocol` (prims_*.h): Simple allreduce, allgather and reduce_scatter
/// take 2 slices of 2 steps (ALLREDUCE_CHUNKSTEPS 4, SLICESTEPS 2), Simple broadcast and reduce 1 of 1, LL and
/// LL128 one step, forwarded line by line; the step's data bytes are the buffer's (Simple 4 MiB, LL 512 KiB, LL128
/// 4,800 KiB) / 8, LL carrying half, LL128 15/16.
PipelineShape ringPipelineShape(NcclProtocol protocol, bool multiStepRing, std::int64_t elementBytes, double startUs);

}  // namespace commviz::collectives
