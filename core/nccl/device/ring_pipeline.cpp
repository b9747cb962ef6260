#include "nccl/device/ring_pipeline.h"

#include <algorithm>

#include "nccl/device/nccl_protocol.h"

namespace commviz::collectives {

PipelineHops::PipelineHops(std::vector<std::vector<int>> next, std::vector<std::vector<PipelineHop>> hops)
    : m_next(std::move(next)), m_hops(std::move(hops)) {}

PipelineHops PipelineHops::uniform(int ranks, PipelineHop hop) {
    std::vector<int> next(std::size_t(std::max(ranks, 1)));
    for (int rank = 0; rank < ranks; ++rank) next[std::size_t(rank)] = (rank + 1) % ranks;
    return PipelineHops({next}, {std::vector<PipelineHop>(next.size(), hop)});
}

const PipelineHop& PipelineHops::hop(int channel, int src) const {
    return m_hops[std::size_t(channel) % m_hops.size()][std::size_t(src)];
}

int PipelineHops::next(int channel, int src) const {
    return m_next[std::size_t(channel) % m_next.size()][std::size_t(src)];
}

RingPipeline::RingPipeline(int ranks, int channels, PipelineShape shape, std::shared_ptr<const PipelineHops> hops)
    : m_ranks(ranks),
      m_channels(channels),
      m_shape(shape),
      m_hops(std::move(hops)),
      m_finishUs(std::size_t(ranks) * std::size_t(channels), shape.startUs),
      m_incoming(m_finishUs.size()),
      m_connection(m_finishUs.size()),
      m_endUs(shape.startUs) {}

// prims_simple.h: a slice is max(nelem / SlicePerChunk rounded up to 16 elements, stepSize x StepPerSlice / 32)
// elements, the last one what is left (possibly nothing: an empty slice still moves the step counters).
std::array<std::int64_t, kMaxSlicesPerChunk> RingPipeline::sliceBytes(std::int64_t bytes) const {
    std::array<std::int64_t, kMaxSlicesPerChunk> out{};
    const std::int64_t elements = bytes / m_shape.elementBytes;
    const int slices = m_shape.slicesPerChunk;
    if (slices == 1) {
        out[0] = bytes;
        return out;
    }
    const std::int64_t stepElements = m_shape.stepBytes / m_shape.elementBytes;
    const std::int64_t slice =
        std::max((elements + 16 * slices - 1) / (16 * slices) * 16, stepElements * m_shape.stepsPerSlice / 32);
    std::int64_t left = elements;
    for (int index = 0; index < slices; ++index) {
        const std::int64_t take = std::min(slice, left);
        out[std::size_t(index)] = take * m_shape.elementBytes;
        left -= take;
    }
    out[std::size_t(slices - 1)] += bytes - elements * m_shape.elementBytes;  // a partial element, if any
    return out;
}

// The receiver's head as the sender sees it at `timeUs`: steps consumed by then (in order, so the
// first step consumed later ends the count).
std::int64_t RingPipeline::headAt(const Connection& connection, double timeUs) {
    std::int64_t head = std::max<std::int64_t>(0, connection.consumedSteps - kNcclSteps);
    while (head < connection.consumedSteps && connection.consumedUs[std::size_t(head % kNcclSteps)] <= timeUs) ++head;
    return head;
}

void RingPipeline::consume(int channel, int rank, int slice, double timeUs) {
    Incoming& in = m_incoming[at(channel, rank)];
    Connection& connection = m_connection[at(channel, in.src)];
    const std::int64_t first = in.step[std::size_t(slice)];
    for (std::int64_t step = first; step < first + m_shape.stepsPerSlice; ++step)
        connection.consumedUs[std::size_t(step % kNcclSteps)] = timeUs;
    connection.consumedSteps = first + m_shape.stepsPerSlice;
}

// The last primitive of a loop (directRecv) or a chain's end: it stores what arrived and frees the slots.
void RingPipeline::receiveOnly(int channel, int rank) {
    Incoming& in = m_incoming[at(channel, rank)];
    double& finish = m_finishUs[at(channel, rank)];
    for (int slice = 0; slice < in.sliceCount; ++slice) {
        finish = std::max(finish, in.arrivalUs[std::size_t(slice)]);
        consume(channel, rank, slice, finish);
    }
    in.sliceCount = 0;
    m_endUs = std::max(m_endUs, finish);
}

std::vector<MessageTiming> RingPipeline::advance(const Round& round, const std::vector<bool>& receives) {
    // Ranks that only receive this round run that primitive before anything they send later.
    std::vector<bool> receivesNow(m_incoming.size(), false);
    for (std::size_t index = 0; index < round.size(); ++index)
        if (receives[index]) receivesNow[at(round[index].channel, round[index].src)] = true;
    for (int channel = 0; channel < m_channels; ++channel)
        for (int rank = 0; rank < m_ranks; ++rank)
            if (m_incoming[at(channel, rank)].sliceCount > 0 && !receivesNow[at(channel, rank)])
                receiveOnly(channel, rank);

    std::vector<MessageTiming> timings(round.size());
    std::vector<Incoming> arriving(round.size());
    for (std::size_t index = 0; index < round.size(); ++index) {
        const Message& message = round[index];
        const int channel = message.channel, src = message.src;
        const PipelineHop& hop = m_hops->hop(channel, src);
        Connection& out = m_connection[at(channel, src)];
        Incoming& in = m_incoming[at(channel, src)];
        const bool receive = receives[index] && in.sliceCount > 0;
        double& finish = m_finishUs[at(channel, src)];
        const auto bytes = sliceBytes(message.bytes);
        MessageTiming& timing = timings[index];
        timing.sliceCount = m_shape.slicesPerChunk;
        for (int s = 0; s < m_shape.slicesPerChunk; ++s) {
            PipelineSlice& slice = timing.slices[std::size_t(s)];
            slice.step = out.nextStep;
            slice.bytes = bytes[std::size_t(s)];
            // prims: the sender may post step t once the receiver's head is at t + StepPerSlice - NCCL_STEPS.
            const std::int64_t needed = slice.step + m_shape.stepsPerSlice - kNcclSteps;
            // Rounds come in order and a message is at most half the slots, so the receiver has always got
            // there already; maxStepsAhead() would show it otherwise.
            const std::int64_t known = std::min(needed, out.consumedSteps);
            const double slotUs = known > 0 ? out.consumedUs[std::size_t((known - 1) % kNcclSteps)] : 0.0;
            const double lastUs = receive ? in.arrivalUs[std::size_t(s)] : 0.0;
            const double dataUs = receive && m_shape.lineByLine ? in.firstLineUs[std::size_t(s)] : lastUs;
            slice.startUs = std::max({finish, dataUs, slotUs});
            slice.boundBy = slice.startUs == finish   ? PipelineWait::Program
                            : slice.startUs == dataUs ? PipelineWait::Data
                                                      : PipelineWait::Slot;
            if (slice.startUs == m_shape.startUs && finish == m_shape.startUs) slice.boundBy = PipelineWait::None;
            slice.slotWaitUs = slotUs > std::max(finish, dataUs) ? slotUs - std::max(finish, dataUs) : 0.0;
            finish = std::max(slice.startUs + double(slice.bytes) / (hop.bandwidthGBps * 1e3), lastUs);
            slice.endUs = finish + hop.latencyUs;
            m_maxAhead = std::max(m_maxAhead, slice.step + m_shape.stepsPerSlice - headAt(out, slice.startUs));
            out.nextStep += m_shape.stepsPerSlice;
            if (receive) consume(channel, src, s, finish);
            Incoming& next = arriving[index];
            next.arrivalUs[std::size_t(s)] = slice.endUs;
            next.firstLineUs[std::size_t(s)] = slice.startUs + hop.latencyUs;
            next.step[std::size_t(s)] = slice.step;
            m_endUs = std::max(m_endUs, slice.endUs);
        }
        if (receive) in.sliceCount = 0;
        arriving[index].sliceCount = m_shape.slicesPerChunk;
        arriving[index].src = src;
    }
    for (std::size_t index = 0; index < round.size(); ++index)
        m_incoming[at(round[index].channel, round[index].dst)] = arriving[index];
    return timings;
}

void RingPipeline::drain() {
    for (int channel = 0; channel < m_channels; ++channel)
        for (int rank = 0; rank < m_ranks; ++rank)
            if (m_incoming[at(channel, rank)].sliceCount > 0) receiveOnly(channel, rank);
}

std::size_t RingPipeline::footprintBytes() const {
    return sizeof(*this) + m_finishUs.capacity() * sizeof(double) + m_incoming.capacity() * sizeof(Incoming) +
           m_connection.capacity() * sizeof(Connection);
}

PipelineShape ringPipelineShape(NcclProtocol protocol, bool multiStepRing, std::int64_t elementBytes, double startUs) {
    PipelineShape shape;
    shape.stepBytes = ncclStepDataBytes(protocol);
    shape.elementBytes = std::max<std::int64_t>(elementBytes, 1);
    shape.startUs = startUs;
    shape.lineByLine = protocol != NcclProtocol::Simple;
    if (protocol == NcclProtocol::Simple && multiStepRing) {
        shape.stepsPerSlice = kNcclSteps / 4;  // ALLREDUCE_SLICESTEPS
        shape.slicesPerChunk = 2;              // ALLREDUCE_CHUNKSTEPS / ALLREDUCE_SLICESTEPS
    }
    return shape;
}

}  // namespace commviz::collectives
