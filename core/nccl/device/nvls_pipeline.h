#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "collectives/schedule.h"
#include "nccl/device/nccl_nvls.h"
#include "nccl/device/ring_pipeline.h"

// About this model: each channel of the oneNode NVLS allreduce is a pipeline as all_reduce.h runs it
// (ProtoSimple<1, 1>: every loop is one step on every connection, NCCL_STEPS = 8 slots each). A rank's scatter
// warps post step k into every head's buffer once all heads' reduce warps freed slot k - 8; head h's reduce
// warps start step k when every rank's scatter of it is in (the multimem min-poll) and their previous step is
// issued, multimem.ld_reduce the chunk from every GPU through the switch and multimem.st the sum to every GPU,
// both streaming in the same time on the wire; the gather warps copy the sums out. All heads of a loop run at
// once, so a GPU's NVLink to the switch carries, per loop, the chunk of every head (the switch reads it) plus
// its own head's sum (it stores it), and receives as much: a loop takes (loop bytes + the largest head's
// chunk) / the GPU's bandwidth on this channel. That bandwidth is NCCL's tuner figure for NVLS AllReduce
// times (heads + 1) / heads, split between the call's channels, so with every loop full the pipeline gives
// the tuner's time. Simplified: the scatter and gather copies within a GPU take no time, and a step has no
// latency of its own (the tuner charges NVLS one latency per call, the launch here).
namespace commviz::collectives {

/// What prices the NVLS pipeline.
struct NvlsPricing {
    double gpuGBps = 1.0;   ///< one GPU's NVLink to the switch, each way, for all the call's channels
    double launchUs = 0.0;  ///< the tuner's NVLS latency, once per call
};

/// Event-simulated timing of the oneNode NVLS allreduce, loop by loop on every channel.
class NvlsPipeline {
public:
    NvlsPipeline(std::shared_ptr<const NvlsPlan> plan, NvlsPricing pricing);

    /// The timing of a message of ncclNvlsAllreduce's schedule: a load (round 2k) or store (round 2k + 1) of
    /// loop k. Loops are timed in order as rounds first ask for them.
    MessageTiming timing(int roundIndex, const Message& message);
    double endUs() const { return m_endUs; }
    /// The most steps a scatter had posted to a head that its reduce warps had not finished (≤ NCCL_STEPS).
    std::int64_t maxStepsAhead() const { return m_maxAhead; }
    const PipelineShape& shape() const { return m_shape; }
    const NvlsPlan& plan() const { return *m_plan; }
    /// A channel's share of one GPU's NVLink to the switch, GB/s.
    double channelGBps() const { return m_channelGBps; }
    std::size_t footprintBytes() const;

private:
    /// One loop of one channel: when its reduce warps started and finished it, when the scatter posted it.
    struct Pass {
        double postUs = 0.0;
        double startUs = 0.0;
        double endUs = 0.0;
        PipelineWait boundBy = PipelineWait::None;
    };
    struct ChannelPasses {
        std::int64_t next = 0;                ///< the next loop to time
        std::array<Pass, kNcclSteps> ring{};  ///< loop k at k % NCCL_STEPS
    };
    const Pass& pass(int channel, std::int64_t loop);
    void timeNext(int channel);

    std::shared_ptr<const NvlsPlan> m_plan;
    NvlsPricing m_pricing;
    PipelineShape m_shape;
    double m_channelGBps = 1.0;
    std::vector<ChannelPasses> m_channels;
    double m_endUs = 0.0;
    std::int64_t m_maxAhead = 0;
};

}  // namespace commviz::collectives
