#include "ompi/base/ompi_allgather.h"

#include <algorithm>

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/composed_schedule.h"

namespace commviz::collectives {

namespace {

Schedule named(const char* algorithm, int id, const ScheduleRequest& request) {
    return namedSchedule(algorithm, id, BlockLayout(std::size_t(request.ranks), request.count));
}

int mod(int value, int p) { return ((value % p) + p) % p; }

/// Sends that each rank makes in a round, as (dst, blocks) from rank `src`.
template <class SendsOf>
Phase everyRank(const Schedule& schedule, const ScheduleRequest& request, int rounds, SendsOf sendsOf) {
    const BlockLayout layout = schedule.layout;
    const int p = request.ranks;
    const auto bytes = request.elementBytes;
    return {rounds, [layout, p, bytes, sendsOf](int step) {
                Round round;
                for (int rank = 0; rank < p; ++rank)
                    for (auto& [dst, blocks] : sendsOf(rank, step))
                        round.push_back(makeMessage(layout, bytes, rank, dst, blocks, false));
                return round;
            }};
}

using Sends = std::vector<std::pair<int, std::vector<BlockRange>>>;

}  // namespace

// ompi_coll_base_allgather_intra_basic_linear: comm->c_coll->coll_gather to
// rank 0, then coll_bcast of all p blocks from it; under coll/tuned each is
// the fixed rules' choice (gather by one block, bcast by the p blocks).
Schedule allgatherLinear(const ScheduleRequest& request) {
    Schedule schedule = named("linear", 1, request);
    runOneAfterAnother(schedule,
                       {tunedCall("gather", innerRequest(request, Collective::Gather, request.count)),
                        tunedCall("bcast", innerRequest(request, Collective::Bcast, request.count * request.ranks))});
    return schedule;
}

// ompi_coll_base_allgather_intra_bruck: after step k rank r holds blocks
// r … r + 2^k - 1 (mod p); the last step sends only the p - 2^k still missing.
Schedule allgatherBruck(const ScheduleRequest& request) {
    Schedule schedule = named("bruck", 2, request);
    const int p = request.ranks;
    setPhases(schedule, {everyRank(schedule, request, ceilLog2(p), [p](int rank, int step) {
                  const int distance = 1 << step;
                  return Sends{{mod(rank - distance, p), wrappedRange(rank, std::min(distance, p - distance), p)}};
              })});
    return schedule;
}

// ompi_coll_base_allgather_intra_recursivedoubling: power-of-two p only.
Schedule allgatherRecursiveDoubling(const ScheduleRequest& request) {
    if (request.ranks != floorPowerOfTwo(request.ranks)) {
        Schedule bruck = allgatherBruck(request);
        bruck.redirectedFrom = "recursive_doubling";
        return bruck;
    }
    Schedule schedule = named("recursive_doubling", 3, request);
    setPhases(schedule, {everyRank(schedule, request, ceilLog2(request.ranks), [](int rank, int step) {
                  const int distance = 1 << step;
                  return Sends{{rank ^ distance, {{rank & ~(distance - 1), distance}}}};
              })});
    return schedule;
}

// ompi_coll_base_allgather_intra_ring: step i sends block (r - i) to r + 1.
Schedule allgatherRing(const ScheduleRequest& request) {
    Schedule schedule = named("ring", 4, request);
    const int p = request.ranks;
    setPhases(schedule, {everyRank(schedule, request, p - 1, [p](int rank, int step) {
                  return Sends{{(rank + 1) % p, {{mod(rank - step, p), 1}}}};
              })});
    return schedule;
}

// ompi_coll_base_allgather_intra_neighborexchange: even ranks talk to r+1 on
// even steps and r-1 on odd ones (odd ranks the other way round). Step 0
// swaps one block; step i >= 1 forwards the pair of blocks received at step
// i - 1, so rank r receives the pair that starts 2⌈i/2⌉ blocks further out.
Schedule allgatherNeighborExchange(const ScheduleRequest& request) {
    const int p = request.ranks;
    if (p % 2 != 0) {
        Schedule ring = allgatherRing(request);
        ring.redirectedFrom = "neighbor";
        return ring;
    }
    Schedule schedule = named("neighbor", 5, request);
    // Written from the receiver's side: who sends rank `rank` what at `step`.
    auto receives = [p](int rank, int step) {
        const bool even = rank % 2 == 0;
        const int towardFirst = even ? (rank + 1) % p : mod(rank - 1, p);
        const int towardSecond = even ? mod(rank - 1, p) : (rank + 1) % p;
        if (step == 0) return std::pair{towardFirst, BlockRange{towardFirst, 1}};
        const int parity = step % 2, pairs = (step + 1) / 2;
        const int base = even ? rank : rank - 1;
        const int offset = (parity == 0) == even ? 2 * pairs : -2 * pairs;
        return std::pair{parity == 0 ? towardFirst : towardSecond, BlockRange{mod(base + offset, p), 2}};
    };
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    setPhases(schedule, {{p / 2, [p, layout, bytes, receives](int step) {
                              Round round;
                              for (int rank = 0; rank < p; ++rank) {
                                  const auto [src, blocks] = receives(rank, step);
                                  round.push_back(makeMessage(layout, bytes, src, rank,
                                                              wrappedRange(blocks.first, blocks.count, p), false));
                              }
                              return round;
                          }}});
    return schedule;
}

// ompi_coll_base_allgather_intra_two_procs: refuses any other size.
Schedule allgatherTwoProcs(const ScheduleRequest& request) {
    Schedule schedule = named("two_proc", 6, request);
    if (request.ranks != 2) {
        schedule.unsupported = "runs on exactly 2 ranks (Open MPI returns MPI_ERR_UNSUPPORTED_OPERATION)";
        return schedule;
    }
    setPhases(schedule, {everyRank(schedule, request, 1, [](int rank, int) {
                  return Sends{{1 - rank, {{rank, 1}}}};
              })});
    return schedule;
}

}  // namespace commviz::collectives
