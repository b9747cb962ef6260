#include "ompi/base/ompi_alltoall.h"

#include <algorithm>

#include "collectives/message_factory.h"
#include "collectives/phases.h"

namespace commviz::collectives {

namespace {

int mod(int value, int p) { return ((value % p) + p) % p; }

Schedule named(const char* algorithm, int id, const ScheduleRequest& request) {
    const std::size_t blocks = std::size_t(request.ranks) * std::size_t(request.ranks);
    return namedSchedule(algorithm, id, BlockLayout(blocks, request.count));
}

/// The block rank `src` sends to rank `dst`.
BlockRange blockFor(int src, int dst, int p) { return {src * p + dst, 1}; }

// Sends in the order Open MPI posts them: every rank to r-1 first, then to
// r-2, … (ompi_coll_base_alltoall_intra_basic_linear posts its isends in
// reverse rank order), so each hop is one permutation of the ranks.
Round linearHops(const MessageFactory& message, int p, int firstHop, int lastHop) {
    Round round;
    round.reserve(std::size_t(p) * std::size_t(lastHop - firstHop + 1));
    for (int hop = firstHop; hop <= lastHop; ++hop)
        for (int rank = 0; rank < p; ++rank) {
            const int dst = mod(rank - hop, p);
            round.push_back(message(rank, dst, {blockFor(rank, dst, p)}, false));
        }
    return round;
}

}  // namespace

Schedule alltoallLinear(const ScheduleRequest& request) {
    Schedule schedule = named("linear", 1, request);
    const int p = request.ranks;
    const auto message = MessageFactory::uniform(request.count, request.elementBytes);
    setPhases(schedule, {{p > 1 ? 1 : 0, [message, p](int) { return linearHops(message, p, 1, p - 1); }}});
    return schedule;
}

// ompi_coll_base_alltoall_intra_pairwise: step s sends to r+s and receives
// from r-s; step p is the local copy of the rank's own block.
Schedule alltoallPairwise(const ScheduleRequest& request) {
    Schedule schedule = named("pairwise", 2, request);
    const int p = request.ranks;
    const auto message = MessageFactory::uniform(request.count, request.elementBytes);
    setPhases(schedule, {{p - 1, [message, p](int index) {
                              const int step = index + 1;
                              Round round;
                              for (int rank = 0; rank < p; ++rank) {
                                  const int dst = (rank + step) % p;
                                  round.push_back(message(rank, dst, {blockFor(rank, dst, p)}, false));
                              }
                              return round;
                          }}});
    return schedule;
}

// ompi_coll_base_alltoall_intra_bruck. After the local rotation slot i of rank
// r holds the block from r to r+i. Step k sends every slot with bit k set to
// r + 2^k, which stores it in the same slot; so before step k slot i of rank
// r holds the block from s = r - (i mod 2^k) to s + i. The final rotation is local.
Schedule alltoallModifiedBruck(const ScheduleRequest& request) {
    Schedule schedule = named("modified_bruck", 3, request);
    const int p = request.ranks;
    const auto message = MessageFactory::uniform(request.count, request.elementBytes);
    setPhases(schedule, {{ceilLog2(p), [message, p](int step) {
                              const int distance = 1 << step;
                              Round round;
                              for (int rank = 0; rank < p; ++rank) {
                                  std::vector<BlockRange> blocks;
                                  blocks.reserve(std::size_t(p / 2 + distance));
                                  // The slots with bit k set come in runs of 2^k.
                                  for (int run = distance; run < p; run += 2 * distance)
                                      for (int slot = run; slot < std::min(run + distance, p); ++slot) {
                                          int source = rank - (slot & (distance - 1));
                                          if (source < 0) source += p;
                                          const int dst = source + slot;
                                          blocks.push_back(blockFor(source, dst < p ? dst : dst - p, p));
                                      }
                                  round.push_back(message(rank, (rank + distance) % p, std::move(blocks), false));
                              }
                              return round;
                          }}});
    return schedule;
}

Schedule alltoallLinearSync(const ScheduleRequest& request) { return alltoallLinearSyncWindow(request, 0); }

// ompi_coll_base_alltoall_intra_linear_sync keeps max_requests receives and
// sends posted and replaces each as it completes. Simplification: this model
// posts them in batches of max_requests, one round per batch.
Schedule alltoallLinearSyncWindow(const ScheduleRequest& request, int maxRequests) {
    Schedule schedule = named("linear_sync", 4, request);
    const int p = request.ranks;
    const int window = (maxRequests <= 0 || maxRequests > p - 1) ? p - 1 : maxRequests;
    const auto message = MessageFactory::uniform(request.count, request.elementBytes);
    const int rounds = p > 1 ? (p - 1 + window - 1) / window : 0;
    setPhases(schedule, {{rounds, [message, p, window](int batch) {
                              return linearHops(message, p, batch * window + 1, std::min(p - 1, (batch + 1) * window));
                          }}});
    return schedule;
}

// ompi_coll_base_alltoall_intra_two_procs: one sendrecv with rank r ^ 1, the
// pairwise exchange of two ranks; any other size is refused.
Schedule alltoallTwoProcs(const ScheduleRequest& request) {
    Schedule schedule = alltoallPairwise(request);
    schedule.algorithm = "two_proc";
    schedule.algorithmId = 5;
    if (request.ranks != 2)
        schedule.unsupported = "runs on exactly 2 ranks (Open MPI returns MPI_ERR_UNSUPPORTED_OPERATION)";
    return schedule;
}

}  // namespace commviz::collectives
