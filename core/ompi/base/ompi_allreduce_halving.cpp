// Allreduce algorithms that cut each block further: the segmented ring, Rabenseifner
// and the main-only allgather + local reduce.

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/ompi_allreduce.h"

namespace commviz::collectives {

namespace {

// The window of leaf blocks vrank v holds after `steps` halvings (Rabenseifner):
// at step s the rank with bit s clear keeps the left half.
BlockRange windowAfter(int vrank, int steps, int leaves) {
    BlockRange window{0, leaves};
    for (int step = 0; step < steps; ++step) {
        window.count /= 2;
        if ((vrank >> step) & 1) window.first += window.count;
    }
    return window;
}

}  // namespace

// ompi_coll_base_allreduce_intra_ring_segmented: every ring block is cut into
// num_phases segments; each phase runs a p-1 step reduce-scatter on one
// segment of every block; one ring allgather of whole blocks follows.
Schedule allreduceSegmentedRing(const ScheduleRequest& request) {
    const int p = request.ranks;
    const std::int64_t segcount = segmentCount(request.segsize, request.elementBytes, request.count);
    if (request.count < p * segcount) {
        Schedule ring = allreduceRing(request);
        if (ring.redirectedFrom.empty()) ring.redirectedFrom = "segmented_ring";
        return ring;
    }
    Schedule schedule;
    schedule.algorithm = "segmented_ring";
    schedule.algorithmId = 5;
    // p blocks of about count / (p * segcount) phases each: within the limit
    // when the segments are, so `phases` below fits an int.
    schedule.unsupported = segmentLimitError(request.segsize, segcount, request.count);
    if (!schedule.unsupported.empty()) return schedule;
    int phases = int(request.count / (p * segcount));
    const std::int64_t rest = request.count % (p * segcount);
    if (rest >= p && rest > (p * segcount) / 2) ++phases;
    for (std::int64_t blockCount : evenBlocks(request.count, p))
        for (std::int64_t piece : evenBlocks(blockCount, phases)) schedule.layout.push_back(piece);
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    Phase reduceScatter{
        phases * (p - 1), [p, phases, layout, bytes](int index) {
            const int phase = index / (p - 1), k = index % (p - 1);
            Round round;
            for (int rank = 0; rank < p; ++rank) {
                const int block = ((rank - k) % p + p) % p;
                round.push_back(makeMessage(layout, bytes, rank, (rank + 1) % p, {{block * phases + phase, 1}}, true));
            }
            return round;
        }};
    Phase allgather{
        p - 1, [p, phases, layout, bytes](int k) {
            Round round;
            for (int rank = 0; rank < p; ++rank) {
                const int block = ((rank + 1 - k) % p + p) % p;
                round.push_back(makeMessage(layout, bytes, rank, (rank + 1) % p, {{block * phases, phases}}, false));
            }
            return round;
        }};
    setPhases(schedule, {reduceScatter, allgather});
    return schedule;
}

// ompi_coll_base_allreduce_intra_redscat_allgather. With r = p - p' extra
// ranks, the first 2r ranks pair up: they swap halves and reduce, the odd one
// returns its reduced half to the even one and sits out until the end.
Schedule allreduceRabenseifner(const ScheduleRequest& request) {
    const int p = request.ranks, pof2 = floorPowerOfTwo(request.ranks), extra = p - pof2;
    if (!request.commutative || request.count < pof2) {
        Schedule linear = allreduceBasicLinear(request);
        linear.redirectedFrom = "rabenseifner";
        return linear;
    }
    const int levels = ceilLog2(pof2);
    Schedule schedule;
    schedule.algorithm = "rabenseifner";
    schedule.algorithmId = 6;
    schedule.layout = halvingBlocks(request.count, levels);
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    auto real = [extra](int vrank) { return vrank < extra ? vrank * 2 : vrank + extra; };
    auto send = [layout, bytes](int src, int dst, BlockRange blocks, bool reduce) {
        return makeMessage(layout, bytes, src, dst, {blocks}, reduce);
    };
    const BlockRange left{0, pof2 / 2}, right{pof2 / 2, pof2 - pof2 / 2};
    Phase swapHalves{extra > 0 ? 1 : 0, [extra, send, left, right](int) {
                         Round round;
                         for (int even = 0; even < 2 * extra; even += 2) {
                             round.push_back(send(even, even + 1, right, true));
                             round.push_back(send(even + 1, even, left, true));
                         }
                         return round;
                     }};
    Phase returnHalf{swapHalves.rounds, [extra, send, right](int) {
                         Round round;
                         for (int odd = 1; odd < 2 * extra; odd += 2) round.push_back(send(odd, odd - 1, right, false));
                         return round;
                     }};
    Phase halving{levels, [pof2, real, send](int step) {
                      Round round;
                      for (int vrank = 0; vrank < pof2; ++vrank) {
                          BlockRange give = windowAfter(vrank, step, pof2);
                          give.count /= 2;
                          if (((vrank >> step) & 1) == 0) give.first += give.count;
                          round.push_back(send(real(vrank), real(vrank ^ (1 << step)), give, true));
                      }
                      return round;
                  }};
    Phase doubling{levels, [pof2, levels, real, send](int index) {
                       const int step = levels - 1 - index;
                       Round round;
                       for (int vrank = 0; vrank < pof2; ++vrank)
                           round.push_back(
                               send(real(vrank), real(vrank ^ (1 << step)), windowAfter(vrank, step + 1, pof2), false));
                       return round;
                   }};
    Phase unfold{swapHalves.rounds, [extra, send, pof2](int) {
                     Round round;
                     for (int even = 0; even < 2 * extra; even += 2)
                         round.push_back(send(even, even + 1, {0, pof2}, false));
                     return round;
                 }};
    setPhases(schedule, {swapHalves, returnHalf, halving, doubling, unfold});
    return schedule;
}

// ompi_coll_base_allreduce_intra_allgather_reduce (Open MPI main, not 5.0):
// one round of p(p-1) messages, then a local reduction of p vectors.
Schedule allreduceAllgatherReduce(const ScheduleRequest& request) {
    Schedule schedule;
    schedule.algorithm = "allgather_reduce";
    schedule.algorithmId = 7;
    schedule.layout = {request.count};
    const BlockLayout layout = schedule.layout;
    const int p = request.ranks;
    const auto bytes = request.elementBytes;
    setPhases(schedule,
              {{p > 1 ? 1 : 0, [p, layout, bytes](int) {
                    Round round;
                    for (int rank = 0; rank < p; ++rank)
                        for (int hop = 1; hop < p; ++hop)
                            round.push_back(makeMessage(layout, bytes, rank, (rank + hop) % p, {{0, 1}}, true));
                    return round;
                }}});
    return schedule;
}

}  // namespace commviz::collectives
