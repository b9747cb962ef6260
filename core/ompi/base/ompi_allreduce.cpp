#include "ompi/base/ompi_allreduce.h"

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/composed_schedule.h"
#include "ompi/base/tree_phases.h"

namespace commviz::collectives {

namespace {

Schedule redirected(Schedule schedule, const char* from) {
    if (schedule.redirectedFrom.empty()) schedule.redirectedFrom = from;
    return schedule;
}

// Ranks of the power-of-two group after the extra ranks are folded in:
// recursive doubling keeps the odd rank of each folded pair, Rabenseifner the even one.
struct FoldedGroup {
    int size = 1;   ///< largest power of two <= p
    int extra = 0;  ///< p - size
    bool keepOdd = true;
    int real(int vrank) const { return vrank < extra ? vrank * 2 + (keepOdd ? 1 : 0) : vrank + extra; }
};

}  // namespace

Schedule allreduceBasicLinear(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("basic_linear", 1, {request.count});
    const WholeVector whole{request.ranks, 0, schedule.layout, request.elementBytes};
    setPhases(schedule, {linearReduce(whole), linearBcast(whole)});
    return schedule;
}

// ompi_coll_base_allreduce_intra_nonoverlapping: comm->c_coll->coll_reduce to
// rank 0, then coll_bcast from it; under coll/tuned each is the fixed rules'
// choice for the whole vector at this p (the op's commutativity included).
Schedule allreduceNonoverlapping(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("nonoverlapping", 2, {request.count});
    runOneAfterAnother(schedule, {tunedCall("reduce", innerRequest(request, Collective::Reduce, request.count)),
                                  tunedCall("bcast", innerRequest(request, Collective::Bcast, request.count))});
    return schedule;
}

// ompi_coll_base_allreduce_intra_recursivedoubling: ranks below 2 x extra pair
// up, the even one hands its vector to the odd one and sits out.
Schedule allreduceRecursiveDoubling(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("recursive_doubling", 3, {request.count});
    const int p = request.ranks;
    const FoldedGroup group{floorPowerOfTwo(p), p - floorPowerOfTwo(p), true};
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    auto whole = [layout, bytes](int src, int dst, bool reduce) {
        return makeMessage(layout, bytes, src, dst, {{0, 1}}, reduce);
    };
    Phase foldIn{group.extra > 0 ? 1 : 0, [group, whole](int) {
                     Round round;
                     for (int even = 0; even < 2 * group.extra; even += 2) round.push_back(whole(even, even + 1, true));
                     return round;
                 }};
    Phase exchange{ceilLog2(group.size), [group, whole](int k) {
                       Round round;
                       for (int vrank = 0; vrank < group.size; ++vrank)
                           round.push_back(whole(group.real(vrank), group.real(vrank ^ (1 << k)), true));
                       return round;
                   }};
    Phase foldOut{foldIn.rounds, [group, whole](int) {
                      Round round;
                      for (int odd = 1; odd < 2 * group.extra; odd += 2) round.push_back(whole(odd, odd - 1, false));
                      return round;
                  }};
    setPhases(schedule, {foldIn, exchange, foldOut});
    return schedule;
}

// ompi_coll_base_allreduce_intra_ring: after step k of the reduce-scatter rank
// r has added block (r-k-1) from r-1; after p-1 steps it owns block (r+1).
Schedule allreduceRing(const ScheduleRequest& request) {
    const int p = request.ranks;
    if (request.count < p) return redirected(allreduceRecursiveDoubling(request), "ring");
    Schedule schedule = namedSchedule("ring", 4, evenBlocks(request.count, p));
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    auto ringStep = [p, layout, bytes](int firstBlockOfRank0, bool reduce) {
        Round round;
        for (int rank = 0; rank < p; ++rank)
            round.push_back(makeMessage(layout, bytes, rank, (rank + 1) % p,
                                        {{((rank + firstBlockOfRank0) % p + p) % p, 1}}, reduce));
        return round;
    };
    Phase reduceScatter{p - 1, [ringStep](int k) { return ringStep(-k, true); }};
    Phase allgather{p - 1, [ringStep](int k) { return ringStep(1 - k, false); }};
    setPhases(schedule, {reduceScatter, allgather});
    return schedule;
}

}  // namespace commviz::collectives
