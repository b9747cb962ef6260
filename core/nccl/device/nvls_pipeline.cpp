#include "nccl/device/nvls_pipeline.h"

#include <algorithm>

namespace commviz::collectives {

NvlsPipeline::NvlsPipeline(std::shared_ptr<const NvlsPlan> plan, NvlsPricing pricing)
    : m_plan(std::move(plan)), m_pricing(pricing), m_channels(std::size_t(std::max(m_plan->channels(), 1))) {
    m_channelGBps = m_pricing.gpuGBps / double(std::max(m_plan->channels(), 1));
    m_shape.stepsPerSlice = 1;
    m_shape.slicesPerChunk = 1;
    m_shape.stepBytes = kNvlsChunkBytes;
    m_shape.startUs = m_pricing.launchUs;
    m_endUs = m_pricing.launchUs;
}

void NvlsPipeline::timeNext(int channel) {
    ChannelPasses& passes = m_channels[std::size_t(channel)];
    const std::int64_t loop = passes.next++;
    const NvlsPlan& plan = *m_plan;
    Pass current;
    // The scatter posts loop k once every head freed slot k - NCCL_STEPS (its reduce of loop k - 8 is done).
    // With copies that take no time that is always before the reduce warps come to loop k: they run their
    // loops back to back.
    const Pass* freed = loop >= kNcclSteps ? &passes.ring[std::size_t(loop % kNcclSteps)] : nullptr;
    current.postUs = freed ? std::max(m_pricing.launchUs, freed->endUs) : m_pricing.launchUs;
    const Pass* previous = loop > 0 ? &passes.ring[std::size_t((loop - 1) % kNcclSteps)] : nullptr;
    current.startUs = std::max(previous ? previous->endUs : m_pricing.launchUs, current.postUs);
    current.boundBy = previous ? PipelineWait::Program : PipelineWait::None;
    // Per loop a GPU's link carries every head's chunk (read by the switch) and its own head's sum (stored).
    std::int64_t largest = 0;
    for (int head = 0; head < plan.headsIn(channel, loop); ++head)
        largest = std::max(largest, plan.elements(channel, loop, head));
    const double wireBytes = double(plan.loopElements(channel, loop) + largest) * double(plan.elementBytes);
    current.endUs = current.startUs + wireBytes / (m_channelGBps * 1e3);
    // Steps the scatter has posted and the reduce warps not yet finished, counting this one.
    std::int64_t ahead = 1;
    for (std::int64_t earlier = std::max<std::int64_t>(0, loop - kNcclSteps + 1); earlier < loop; ++earlier)
        if (passes.ring[std::size_t(earlier % kNcclSteps)].endUs > current.postUs) ++ahead;
    m_maxAhead = std::max(m_maxAhead, ahead);
    passes.ring[std::size_t(loop % kNcclSteps)] = current;
    m_endUs = std::max(m_endUs, current.endUs);
}

const NvlsPipeline::Pass& NvlsPipeline::pass(int channel, std::int64_t loop) {
    ChannelPasses& passes = m_channels[std::size_t(channel)];
    while (passes.next <= loop) timeNext(channel);
    return passes.ring[std::size_t(loop % kNcclSteps)];
}

MessageTiming NvlsPipeline::timing(int roundIndex, const Message& message) {
    const std::int64_t loop = roundIndex / 2;
    const Pass& timed = pass(message.channel, loop);
    MessageTiming out;
    out.sliceCount = 1;
    PipelineSlice& slice = out.slices[0];
    slice.step = loop;
    slice.bytes = message.bytes;
    slice.startUs = timed.startUs;
    slice.endUs = timed.endUs;
    // Loads and stores of a loop are one program of the head's reduce warps: both wait for its previous loop.
    slice.boundBy = timed.boundBy;
    return out;
}

std::size_t NvlsPipeline::footprintBytes() const {
    return sizeof(*this) + m_channels.capacity() * sizeof(ChannelPasses) +
           m_plan->layout.capacity() * sizeof(std::int64_t);
}

}  // namespace commviz::collectives
