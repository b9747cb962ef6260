#include "nccl/device/tree_pipeline.h"

#include <algorithm>
#include <numeric>

#include "nccl/device/nccl_protocol.h"

namespace commviz::collectives {

namespace {

// The tree's ranks ordered by `key` (height: leaves first; depth: the root first), ties by rank.
std::vector<int> ranksBy(const std::vector<int>& key) {
    std::vector<int> order(key.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&key](int a, int b) { return key[std::size_t(a)] < key[std::size_t(b)]; });
    return order;
}

double transferUs(std::int64_t bytes, const PipelineHop& hop) { return double(bytes) / (hop.bandwidthGBps * 1e3); }

}  // namespace

TreePipeline::TreePipeline(std::shared_ptr<const NcclTreePlan> plan, std::vector<TreeHops> hops, PipelineShape shape,
                           std::int64_t elementBytes, bool lineByLine)
    : m_plan(std::move(plan)),
      m_hops(std::move(hops)),
      m_shape(shape),
      m_elementBytes(std::max<std::int64_t>(elementBytes, 1)),
      m_lineByLine(lineByLine),
      m_ranks(m_plan->trees.empty() ? 0 : int(m_plan->trees.front().parent.size())),
      m_chunks(std::size_t(m_plan->channels)),
      m_endUs(shape.startUs) {
    for (const NcclTree& tree : m_plan->trees) {
        m_byHeight.push_back(ranksBy(tree.height));
        m_byDepth.push_back(ranksBy(tree.depth));
    }
    RankState initial;
    initial.upFinishUs = initial.downFinishUs = shape.startUs;
    m_state.assign(std::size_t(m_plan->channels) * std::size_t(m_ranks), initial);
}

const PipelineHop& TreePipeline::hop(const Message& message) const {
    const TreeHops& hops = hopsOf(message.channel);
    if (message.reduce) return hops.up[std::size_t(message.src)];
    const NcclTree& tree = m_plan->treeOf(message.channel);
    return hops.down[std::size_t(message.src)][std::size_t(childIndex(tree, message.src, message.dst))];
}

int TreePipeline::childIndex(const NcclTree& tree, int parent, int child) const {
    const auto& children = tree.children[std::size_t(parent)];
    return int(std::find(children.begin(), children.end(), child) - children.begin());
}

// Step t may be posted once the receiver has consumed step t - NCCL_STEPS (StepPerSlice 1).
double TreePipeline::slotFreeUs(const std::array<double, kNcclSteps>& consumedUs, std::int64_t step) {
    return step >= kNcclSteps ? consumedUs[std::size_t(step % kNcclSteps)] : 0.0;
}

std::int64_t TreePipeline::stepsAhead(const std::array<double, kNcclSteps>& consumedUs, std::int64_t step,
                                      double startUs) {
    std::int64_t head = std::max<std::int64_t>(0, step - kNcclSteps + 1);
    while (head < step && consumedUs[std::size_t(head % kNcclSteps)] <= startUs) ++head;
    return step + 1 - head;
}

PipelineSlice TreePipeline::start(std::int64_t step, std::int64_t bytes, double programUs, double dataUs,
                                  double slotUs) const {
    PipelineSlice slice;
    slice.step = step;
    slice.bytes = bytes;
    slice.startUs = std::max({programUs, dataUs, slotUs});
    slice.boundBy = slice.startUs == programUs ? PipelineWait::Program
                    : slice.startUs == dataUs  ? PipelineWait::Data
                                               : PipelineWait::Slot;
    if (slice.startUs == m_shape.startUs && programUs == m_shape.startUs) slice.boundBy = PipelineWait::None;
    slice.slotWaitUs = std::max(0.0, slotUs - std::max(programUs, dataUs));
    return slice;
}

// Up, leaves first: a rank sends its children's chunk summed with its own once all of them have arrived
// (send at a leaf, recvReduceSend above it), and its children's slots free when that send is done.
void TreePipeline::timeUp(int channel, std::int64_t index, std::int64_t bytes, std::vector<RankChunk>& ranks) {
    const int treeIndex = m_plan->treeOfChannel[std::size_t(channel)];
    const NcclTree& tree = m_plan->trees[std::size_t(treeIndex)];
    const TreeHops& hops = m_hops[std::size_t(treeIndex)];
    for (int rank : m_byHeight[std::size_t(treeIndex)]) {
        if (rank == tree.root) continue;
        double firstUs = 0.0, lastUs = 0.0;
        for (int child : tree.children[std::size_t(rank)]) {
            firstUs = std::max(firstUs, ranks[std::size_t(child)].upFirstUs);
            lastUs = std::max(lastUs, ranks[std::size_t(child)].upEndUs);
        }
        RankState& self = state(channel, rank);
        const PipelineSlice slice =
            start(index, bytes, self.upFinishUs, m_lineByLine ? firstUs : lastUs, slotFreeUs(self.upConsumedUs, index));
        m_maxAhead = std::max(m_maxAhead, stepsAhead(self.upConsumedUs, index, slice.startUs));
        const PipelineHop& hop = hops.up[std::size_t(rank)];
        self.upFinishUs = std::max(slice.startUs + transferUs(bytes, hop), lastUs);
        RankChunk& out = ranks[std::size_t(rank)];
        out.upStartUs = slice.startUs;
        out.upFirstUs = slice.startUs + hop.latencyUs;
        out.upEndUs = self.upFinishUs + hop.latencyUs;
        out.upSlotWaitUs = float(slice.slotWaitUs);
        out.upBound = slice.boundBy;
        for (int child : tree.children[std::size_t(rank)])
            state(channel, child).upConsumedUs[std::size_t(index % kNcclSteps)] = self.upFinishUs;
    }
}

// Down, the root first: the root sums its children's chunks and sends the result to each of them in one
// primitive; an inner rank forwards its parent's chunk to each child; a leaf stores it. A rank's parent's
// slot frees when it is done with the chunk.
void TreePipeline::timeDown(int channel, std::int64_t index, std::int64_t bytes, std::vector<RankChunk>& ranks) {
    const int treeIndex = m_plan->treeOfChannel[std::size_t(channel)];
    const NcclTree& tree = m_plan->trees[std::size_t(treeIndex)];
    const TreeHops& hops = m_hops[std::size_t(treeIndex)];
    for (int rank : m_byDepth[std::size_t(treeIndex)]) {
        RankState& self = state(channel, rank);
        const auto& children = tree.children[std::size_t(rank)];
        const bool root = rank == tree.root;
        double firstUs = ranks[std::size_t(rank)].arrivalFirstUs, lastUs = ranks[std::size_t(rank)].arrivalUs;
        if (root)
            for (int child : children) {
                firstUs = std::max(firstUs, ranks[std::size_t(child)].upFirstUs);
                lastUs = std::max(lastUs, ranks[std::size_t(child)].upEndUs);
            }
        double slotUs = 0.0;
        for (std::size_t c = 0; c < children.size(); ++c)
            slotUs = std::max(slotUs, slotFreeUs(self.downConsumedUs[c], index));
        const PipelineSlice slice = start(index, bytes, self.downFinishUs, m_lineByLine ? firstUs : lastUs, slotUs);
        double finish = std::max(slice.startUs, lastUs);
        for (std::size_t c = 0; c < children.size(); ++c) {
            const PipelineHop& hop = hops.down[std::size_t(rank)][c];
            const double done = std::max(slice.startUs + transferUs(bytes, hop), lastUs);
            finish = std::max(finish, done);
            ranks[std::size_t(children[c])].arrivalFirstUs = slice.startUs + hop.latencyUs;
            ranks[std::size_t(children[c])].arrivalUs = done + hop.latencyUs;
            m_maxAhead = std::max(m_maxAhead, stepsAhead(self.downConsumedUs[c], index, slice.startUs));
        }
        RankChunk& out = ranks[std::size_t(rank)];
        out.downStartUs = slice.startUs;
        out.downSlotWaitUs = float(slice.slotWaitUs);
        out.downBound = slice.boundBy;
        self.downFinishUs = finish;
        if (root) {
            for (int child : children) state(channel, child).upConsumedUs[std::size_t(index % kNcclSteps)] = finish;
        } else {
            const int parent = tree.parent[std::size_t(rank)];
            state(channel, parent)
                .downConsumedUs[std::size_t(childIndex(tree, parent, rank))][std::size_t(index % kNcclSteps)] = finish;
        }
    }
}

void TreePipeline::timeChunk(int channel) {
    ChannelChunks& timed = m_chunks[std::size_t(channel)];
    const std::int64_t index = timed.first + std::int64_t(timed.chunks.size());
    const int block = m_plan->firstChunk[std::size_t(channel)] + int(index);
    const std::int64_t bytes = m_plan->layout[std::size_t(block)] * m_elementBytes;
    std::vector<RankChunk> ranks(static_cast<std::size_t>(m_ranks));
    timeUp(channel, index, bytes, ranks);
    timeDown(channel, index, bytes, ranks);
    timed.chunks.push_back(std::move(ranks));
    // A round asks for chunks no older than 2H + 1 before the newest (up at height H, down at depth H).
    const std::int64_t keep = 2 * std::int64_t(m_plan->treeOf(channel).treeHeight()) + 2;
    while (std::int64_t(timed.chunks.size()) > keep) {
        timed.chunks.pop_front();
        ++timed.first;
    }
}

const TreePipeline::RankChunk& TreePipeline::chunk(int channel, std::int64_t index, int rank) {
    ChannelChunks& timed = m_chunks[std::size_t(channel)];
    while (index >= timed.first + std::int64_t(timed.chunks.size())) timeChunk(channel);
    return timed.chunks[std::size_t(index - timed.first)][std::size_t(rank)];
}

MessageTiming TreePipeline::timing(const Message& message) {
    const std::int64_t index = m_plan->chunkOf(message);
    const RankChunk sender = chunk(message.channel, index, message.src);
    MessageTiming out;
    out.sliceCount = 1;
    PipelineSlice& slice = out.slices[0];
    slice.step = index;
    slice.bytes = message.bytes;
    if (message.reduce) {
        slice.startUs = sender.upStartUs;
        slice.endUs = sender.upEndUs;
        slice.slotWaitUs = sender.upSlotWaitUs;
        slice.boundBy = sender.upBound;
    } else {
        slice.startUs = sender.downStartUs;
        slice.endUs = chunk(message.channel, index, message.dst).arrivalUs;
        slice.slotWaitUs = sender.downSlotWaitUs;
        slice.boundBy = sender.downBound;
    }
    m_endUs = std::max(m_endUs, slice.endUs);
    return out;
}

std::size_t TreePipeline::footprintBytes() const {
    std::size_t bytes = sizeof(*this) + m_state.capacity() * sizeof(RankState);
    for (const ChannelChunks& timed : m_chunks) bytes += timed.chunks.size() * std::size_t(m_ranks) * sizeof(RankChunk);
    return bytes;
}

PipelineShape treePipelineShape(NcclProtocol protocol, std::int64_t elementBytes, double startUs) {
    PipelineShape shape;
    shape.stepBytes = ncclStepDataBytes(protocol);
    shape.elementBytes = std::max<std::int64_t>(elementBytes, 1);
    shape.startUs = startUs;
    return shape;
}

}  // namespace commviz::collectives
