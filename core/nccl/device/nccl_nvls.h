#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

// NCCL's NVLS allreduce on one server (src/device/all_reduce.h, RunWorkColl<ncclFuncAllReduce, …, NCCL_ALGO_NVLS,
// NCCL_PROTO_SIMPLE>, the oneNode branch), as NCCL 2.22 cuts it. Every GPU is a head. A channel loops over its
// share nHeads x chunkSize elements at a time: each rank's scatter warps copy chunk h of the loop into head h's
// buffer, head h's reduce warps multimem.ld_reduce that chunk from every GPU's copy through the NVSwitch and
// multimem.st the sum back to every GPU, and each rank's gather warps copy the sums out.
namespace commviz::collectives {

/// src/transport/nvls.cc: NCCL_NVLS_CHUNKSIZE's default, the NVLS buffer's step.
inline constexpr std::int64_t kNvlsChunkBytes = 128 * 1024;

/// enqueue.cc (scheduleCollTasksToPlan) for one collective alone: `count` elements cut into 16-byte cells and
/// spread over at most `maxChannels` channels, each carrying max(512, traffic / channels) bytes of traffic
/// (an allreduce moves each byte twice). The elements of each channel used, first to last.
std::vector<std::int64_t> nvlsChannelCounts(std::int64_t count, std::int64_t elementBytes, int maxChannels);

/// calcCollChunking for NVLS on one node, per channel part (nChannels 1): NCCL_NVLS_CHUNKSIZE, then 64 KiB,
/// 32 KiB and 16 KiB while the part is under 64, 8 and 2 loops of nHeads chunks; a multiple of 512 bytes.
std::int64_t nvlsChunkBytes(std::int64_t partBytes, int heads);

/// How the oneNode NVLS allreduce cuts the buffer: each channel's share, its chunk, and each (channel, loop,
/// head) chunk as one block of `layout`.
struct NvlsPlan {
    int heads = 1;  ///< nvls.nHeads: every GPU of the server
    std::int64_t elementBytes = 1;
    std::vector<std::int64_t> count;      ///< per channel: its elements (cbd.countLo/Mid/Hi)
    std::vector<std::int64_t> chunk;      ///< per channel: chunkSize in elements
    std::vector<std::int64_t> lastChunk;  ///< per channel: the last, shorter loop's chunkSize (lastChunkSize)
    std::vector<std::int64_t> loops;      ///< per channel
    std::vector<int> firstBlock;          ///< per channel: the block of loop 0, head 0
    std::int64_t maxLoops = 0;
    BlockLayout layout;
    std::string unsupported;

    int channels() const { return int(count.size()); }
    /// The heads with data in loop `loop` of `channel` (the last loop may leave the last heads none).
    int headsIn(int channel, std::int64_t loop) const;
    /// Elements head `head` reduces in loop `loop` of `channel` (0 when none).
    std::int64_t elements(int channel, std::int64_t loop, int head) const;
    int block(int channel, std::int64_t loop, int head) const {
        return firstBlock[std::size_t(channel)] + int(loop) * heads + head;
    }
    /// Elements of all heads' chunks of one loop.
    std::int64_t loopElements(int channel, std::int64_t loop) const;
    /// The loop and head of a message of the schedule.
    std::int64_t loopOf(const Message& message) const {
        return (message.blocks.front().first - firstBlock[std::size_t(message.channel)]) / heads;
    }
};

/// The plan for `request` on `request.nchannels` NVLS channels; `unsupported` says why NVLS cannot run
/// (no NVSwitch server, several servers, a layout too large).
NvlsPlan ncclNvlsPlan(const ScheduleRequest& request);

/// NCCL's NVLS allreduce on one server. Round 2k: loop k's multimem.ld_reduce, one message from every rank
/// to each other head (the switch reads the rank's copy of the head's chunk; the head holds the sum);
/// round 2k + 1: its multimem.st, one message from each head to every other rank. A GPU's own copy goes
/// through the switch too, but moves no data between ranks, so it is priced and not drawn.
Schedule ncclNvlsAllreduce(const ScheduleRequest& request);

}  // namespace commviz::collectives
