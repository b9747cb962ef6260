#include "nccl/device/nccl_nvls.h"

#include <algorithm>
#include <memory>

#include "collectives/block_layout.h"
#include "nccl/device/nccl_primitives.h"
#include "nccl/device/nccl_ring.h"

namespace commviz::collectives {

namespace {

constexpr std::int64_t kCellBytes = 16;               // enqueue.cc: cellSize
constexpr std::int64_t kMinTrafficPerChannel = 512;   // enqueue.cc: MinTrafficPerChannel (2.22)
constexpr std::int64_t kAllReduceTrafficPerByte = 2;  // ncclFuncTrafficPerByte(ncclFuncAllReduce)
constexpr std::int64_t kSimpleGrainBytes = 512;       // ncclProtoGrainSize(NCCL_PROTO_SIMPLE)

std::int64_t divUp(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }
std::int64_t alignUp(std::int64_t a, std::int64_t b) { return divUp(a, b) * b; }

}  // namespace

std::vector<std::int64_t> nvlsChannelCounts(std::int64_t count, std::int64_t elementBytes, int maxChannels) {
    if (count <= 0) return {};
    maxChannels = std::max(maxChannels, 1);
    const std::int64_t elementsPerCell = std::max<std::int64_t>(kCellBytes / elementBytes, 1);
    const std::int64_t cells = divUp(count * elementBytes, kCellBytes);
    const std::int64_t trafficPerCell = kCellBytes * kAllReduceTrafficPerByte;
    const std::int64_t trafficPerChannel =
        std::max(kMinTrafficPerChannel, count * elementBytes * kAllReduceTrafficPerByte / maxChannels);
    std::int64_t cellsPerChannel = std::min(cells, divUp(trafficPerChannel, trafficPerCell));
    // The first channel has the whole budget; on the last one everything goes to it.
    const std::int64_t cellsLo = maxChannels == 1 ? cells : std::min(cells, trafficPerChannel / trafficPerCell);
    std::int64_t mid = (cells - cellsLo) / cellsPerChannel;
    std::int64_t cellsHi = (cells - cellsLo) % cellsPerChannel;
    if (maxChannels < 1 + mid + (cellsHi != 0 ? 1 : 0)) {  // more than the channels: the rest share evenly
        mid = maxChannels - 2;
        cellsPerChannel = (cells - cellsLo) / (mid + 1);
        cellsHi = cellsPerChannel + (cells - cellsLo) % (mid + 1);
    }
    if (cellsHi == 0 && mid != 0) {
        cellsHi = cellsPerChannel;
        mid -= 1;
    }
    std::vector<std::int64_t> counts{cellsLo * elementsPerCell};
    for (std::int64_t channel = 0; channel < mid; ++channel) counts.push_back(cellsPerChannel * elementsPerCell);
    if (cellsHi != 0) counts.push_back(cellsHi * elementsPerCell);
    counts.back() -= cells * elementsPerCell - count;  // the last cell is only partly the buffer's
    return counts;
}

std::int64_t nvlsChunkBytes(std::int64_t partBytes, int heads) {
    std::int64_t chunk = kNvlsChunkBytes;
    const std::int64_t concurrentOps = std::max(heads, 1);
    if (partBytes < 64 * concurrentOps * chunk && chunk > 65536) chunk = 65536;
    if (partBytes < 8 * concurrentOps * chunk && chunk > 32768) chunk = 32768;
    if (partBytes < 2 * concurrentOps * chunk && chunk > 16384) chunk = 16384;
    return chunk / kSimpleGrainBytes * kSimpleGrainBytes;
}

int NvlsPlan::headsIn(int channel, std::int64_t loop) const {
    const std::int64_t elementsInLoop = loopElements(channel, loop);
    const std::int64_t size =
        loop + 1 < loops[std::size_t(channel)] ? chunk[std::size_t(channel)] : lastChunk[std::size_t(channel)];
    return int(std::min<std::int64_t>(heads, divUp(elementsInLoop, std::max<std::int64_t>(size, 1))));
}

std::int64_t NvlsPlan::loopElements(int channel, std::int64_t loop) const {
    const std::int64_t loopCount = heads * chunk[std::size_t(channel)];
    return std::clamp<std::int64_t>(count[std::size_t(channel)] - loop * loopCount, 0, loopCount);
}

std::int64_t NvlsPlan::elements(int channel, std::int64_t loop, int head) const {
    const std::int64_t remaining = loopElements(channel, loop);
    const std::int64_t loopCount = heads * chunk[std::size_t(channel)];
    // all_reduce.h: a loop shorter than nHeads chunks gives every head lastChunkSize, the last heads what is left.
    const std::int64_t size = remaining < loopCount ? lastChunk[std::size_t(channel)] : chunk[std::size_t(channel)];
    return std::clamp<std::int64_t>(remaining - head * size, 0, size);
}

NvlsPlan ncclNvlsPlan(const ScheduleRequest& request) {
    NvlsPlan plan;
    plan.heads = request.ranks;
    plan.elementBytes = request.elementBytes;
    if (!request.nvlsSwitch) {
        plan.unsupported =
            "needs NCCL's NVLS on a server whose NVSwitch reduces (sm90 or newer, more than two GPUs, "
            "nvls_enable not 0): set topo_file to one, e.g. dgx_h100, with a datatype and op the switch reduces";
        return plan;
    }
    if (request.nnodes > 1) {
        plan.unsupported =
            "runs on one server here: across servers NCCL's NVLS needs CollNet (SHARP), and takes NVLSTree "
            "otherwise";
        return plan;
    }
    const std::int64_t eb = request.elementBytes;
    std::size_t blocks = 0;
    for (std::int64_t part : nvlsChannelCounts(request.count, eb, request.nchannels)) {
        const std::int64_t chunk = std::max<std::int64_t>(nvlsChunkBytes(part * eb, plan.heads) / eb, 1);
        const std::int64_t loopCount = chunk * plan.heads;
        plan.count.push_back(part);
        plan.chunk.push_back(chunk);
        plan.lastChunk.push_back(
            alignUp(divUp(part % loopCount, plan.heads), std::max<std::int64_t>(kCellBytes / eb, 1)));
        plan.loops.push_back(std::max<std::int64_t>(divUp(part, loopCount), 1));
        plan.maxLoops = std::max(plan.maxLoops, plan.loops.back());
        blocks += std::size_t(plan.loops.back()) * std::size_t(plan.heads);
    }
    plan.unsupported = nccl_detail::layoutLimitError(blocks);
    if (!plan.unsupported.empty()) return plan;
    for (int channel = 0; channel < plan.channels(); ++channel) {
        plan.firstBlock.push_back(int(plan.layout.size()));
        for (std::int64_t loop = 0; loop < plan.loops[std::size_t(channel)]; ++loop)
            for (int head = 0; head < plan.headsIn(channel, loop); ++head)
                plan.layout.push_back(plan.elements(channel, loop, head));
    }
    return plan;
}

Schedule ncclNvlsAllreduce(const ScheduleRequest& request) {
    auto plan = std::make_shared<const NvlsPlan>(ncclNvlsPlan(request));
    Schedule schedule = namedSchedule("nvls", 0, plan->layout);
    schedule.unsupported = plan->unsupported;
    if (!schedule.unsupported.empty() || request.ranks < 2) return schedule;
    const BlockLayout layout = schedule.layout;
    const std::int64_t bytes = request.elementBytes;
    const int p = request.ranks;
    schedule.rounds = int(plan->maxLoops) * 2;
    schedule.round = [plan, layout, bytes, p](int roundIndex) {
        const std::int64_t loop = roundIndex / 2;
        const bool load = roundIndex % 2 == 0;
        Round round;
        for (int channel = 0; channel < plan->channels(); ++channel) {
            if (loop >= plan->loops[std::size_t(channel)]) continue;
            for (int head = 0; head < plan->headsIn(channel, loop); ++head)
                for (int rank = 0; rank < p; ++rank) {
                    if (rank == head) continue;
                    const BlockRange block{plan->block(channel, loop, head), 1};
                    Message message = load ? makeMessage(layout, bytes, rank, head, {block}, true)
                                           : makeMessage(layout, bytes, head, rank, {block}, false);
                    message.channel = channel;
                    round.push_back(std::move(message));
                }
        }
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunNvls;
    // A load's sender scattered the chunk into the head's buffer, its receiver (the head) reduces it in the
    // switch and stores the sum; a store's receiver gathers the sum out.
    schedule.primitive = [](int roundIndex, const Message&) {
        return roundIndex % 2 == 0 ? nccl_primitives::nvlsScatter() : nccl_primitives::nvlsReduce();
    };
    schedule.receiverPrimitive = [](int roundIndex, const Message&) {
        return roundIndex % 2 == 0 ? nccl_primitives::nvlsReduce() : nccl_primitives::nvlsGather();
    };
    return schedule;
}

}  // namespace commviz::collectives
