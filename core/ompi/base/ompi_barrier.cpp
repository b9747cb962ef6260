#include "ompi/base/ompi_barrier.h"

#include <algorithm>
#include <memory>

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/ompi_topo.h"

namespace commviz::collectives {

namespace {

// One empty block per rank: its token.
Schedule tokens(const char* algorithm, int id, const ScheduleRequest& request) {
    return namedSchedule(algorithm, id, BlockLayout(std::size_t(request.ranks), 0));
}

Message zeroBytes(int src, int dst, std::vector<BlockRange> held) { return {src, dst, 0, std::move(held), false}; }

// Up `tree` to rank 0 (each rank vouching for `heldOnTheWayUp`), then every
// rank released with all p tokens.
std::vector<Phase> upAndDown(const RankTree& tree, int ranks, bool subtrees) {
    auto shared = std::make_shared<const RankTree>(tree);
    Phase up = towardRoot(shared, 1, [ranks, subtrees](int child, int parent, int) {
        return zeroBytes(child, parent,
                         subtrees ? binomialSubtree(child, 0, ranks) : std::vector<BlockRange>{{child, 1}});
    });
    Phase down = awayFromRoot(shared, [ranks](int child, int parent, int) {
        return zeroBytes(parent, child, {{0, ranks}});
    });
    return {up, down};
}

}  // namespace

// ompi_coll_base_barrier_intra_basic_linear: rank 0 waits for p-1 zero-byte
// messages, then sends p-1.
Schedule barrierLinear(const ScheduleRequest& request) {
    Schedule schedule = tokens("linear", 1, request);
    setPhases(schedule, upAndDown(starTree(request.ranks, 0), request.ranks, false));
    return schedule;
}

// ompi_coll_base_barrier_intra_doublering: rank r > 0 waits for r - 1 before
// passing on; after the first lap rank 0 knows everyone arrived, the second
// lap tells everyone.
Schedule barrierDoubleRing(const ScheduleRequest& request) {
    Schedule schedule = tokens("double_ring", 2, request);
    const int ranks = request.ranks;
    setPhases(schedule, {{ranks > 1 ? 2 * ranks : 0, [ranks](int round) {
                              const int sender = round % ranks;
                              const int known = round < ranks ? sender + 1 : ranks;
                              return Round{zeroBytes(sender, (sender + 1) % ranks, {{0, known}})};
                          }}});
    return schedule;
}

// ompi_coll_base_barrier_intra_recursivedoubling: after step k rank r < p'
// holds the tokens of its 2^k-aligned group and of their partners r + p'.
Schedule barrierRecursiveDoubling(const ScheduleRequest& request) {
    Schedule schedule = tokens("recursive_doubling", 3, request);
    const int ranks = request.ranks, group = floorPowerOfTwo(ranks), extra = ranks - group;
    auto held = [ranks, group](int rank, int width) {
        const int base = rank & ~(width - 1);
        std::vector<BlockRange> blocks{{base, width}};
        if (base + group < ranks) blocks.push_back({base + group, std::min(width, ranks - base - group)});
        return blocks;
    };
    Phase reportIn{extra > 0 ? 1 : 0, [group, extra](int) {
                       Round round;
                       for (int rank = group; rank < group + extra; ++rank)
                           round.push_back(zeroBytes(rank, rank - group, {{rank, 1}}));
                       return round;
                   }};
    Phase exchange{ceilLog2(group), [group, held](int step) {
                       Round round;
                       for (int rank = 0; rank < group; ++rank)
                           round.push_back(zeroBytes(rank, rank ^ (1 << step), held(rank, 1 << step)));
                       return round;
                   }};
    Phase release{reportIn.rounds, [group, extra, ranks](int) {
                      Round round;
                      for (int rank = 0; rank < extra; ++rank)
                          round.push_back(zeroBytes(rank, rank + group, {{0, ranks}}));
                      return round;
                  }};
    setPhases(schedule, {reportIn, exchange, release});
    return schedule;
}

// ompi_coll_base_barrier_intra_bruck: before round k rank r holds the tokens
// of r - 2^k + 1 … r and passes them all to r + 2^k.
Schedule barrierBruck(const ScheduleRequest& request) {
    Schedule schedule = tokens("bruck", 4, request);
    const int ranks = request.ranks;
    setPhases(schedule, {{ceilLog2(ranks), [ranks](int step) {
                              const int distance = 1 << step;
                              Round round;
                              for (int rank = 0; rank < ranks; ++rank)
                                  round.push_back(zeroBytes(rank, (rank + distance) % ranks,
                                                            wrappedRange(rank - distance + 1, distance, ranks)));
                              return round;
                          }}});
    return schedule;
}

// ompi_coll_base_barrier_intra_two_procs: returns at once on one rank.
Schedule barrierTwoProcs(const ScheduleRequest& request) {
    Schedule schedule = tokens("two_proc", 5, request);
    if (request.ranks > 2) {
        schedule.unsupported = "runs on 1 or 2 ranks (Open MPI returns MPI_ERR_UNSUPPORTED_OPERATION)";
        return schedule;
    }
    setPhases(schedule, {{request.ranks - 1, [](int) {
                              return Round{zeroBytes(0, 1, {{0, 1}}), zeroBytes(1, 0, {{1, 1}})};
                          }}});
    return schedule;
}

// ompi_coll_base_barrier_intra_tree: in round k the ranks whose lowest set
// bit is 2^k report to r - 2^k; the way down mirrors it.
Schedule barrierTree(const ScheduleRequest& request) {
    Schedule schedule = tokens("tree", 6, request);
    setPhases(schedule, upAndDown(inOrderBinomialTree(request.ranks, 0), request.ranks, true));
    return schedule;
}

}  // namespace commviz::collectives
