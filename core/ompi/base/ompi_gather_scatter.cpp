#include "ompi/base/ompi_gather_scatter.h"

#include <memory>

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/ompi_topo.h"

namespace commviz::collectives {

namespace {

enum class Shape { Star, Binomial };

// Blocks moved between the root and the other ranks along a star (each rank's
// own block) or the in-order binomial tree (a subtree's blocks as one bundle),
// toward the root (gather) or away from it (scatter).
Schedule rootedSchedule(const char* algorithm, int id, const ScheduleRequest& request, Shape shape, bool toRoot) {
    Schedule schedule = namedSchedule(algorithm, id, BlockLayout(std::size_t(request.ranks), request.count));
    const int ranks = request.ranks, root = request.root;
    auto tree = std::make_shared<const RankTree>(shape == Shape::Star ? starTree(ranks, root)
                                                                      : inOrderBinomialTree(ranks, root));
    const BlockLayout layout = schedule.layout;
    const auto elementBytes = request.elementBytes;
    auto message = [=](int child, int parent, int) {
        auto blocks = shape == Shape::Star ? std::vector<BlockRange>{{child, 1}} : binomialSubtree(child, root, ranks);
        return toRoot ? makeMessage(layout, elementBytes, child, parent, std::move(blocks), false)
                      : makeMessage(layout, elementBytes, parent, child, std::move(blocks), false);
    };
    setPhases(schedule, {toRoot ? towardRoot(tree, 1, message) : awayFromRoot(tree, message)});
    return schedule;
}

// One message of linear_sync: `rank`'s segment `part` (0 first, 1 the rest) to the root.
Message segmentToRoot(const BlockLayout& layout, std::int64_t elementBytes, int rank, int root, int part) {
    return makeMessage(layout, elementBytes, rank, root, {{2 * rank + part, 1}}, false);
}

}  // namespace

// ompi_coll_base_gather_intra_basic_linear.
Schedule gatherBasicLinear(const ScheduleRequest& request) {
    return rootedSchedule("basic_linear", 1, request, Shape::Star, true);
}

// ompi_coll_base_gather_intra_binomial: a rank takes its children's bundles in
// the order v + 1, v + 2, v + 4, … and then sends its subtree's blocks up.
Schedule gatherBinomial(const ScheduleRequest& request) {
    return rootedSchedule("binomial", 2, request, Shape::Binomial, true);
}

// ompi_coll_base_gather_intra_linear_sync: for each non-root rank in rank
// order the root sends a zero-byte go, then waits for the first segment; the
// second segment follows while the next rank is admitted. With segsize 0 (the
// fixed rules) the first segment is the whole block and the second is empty,
// still sent. Rounds 2j / 2j + 1 serve the j-th non-root rank.
Schedule gatherLinearSync(const ScheduleRequest& request) {
    const int ranks = request.ranks, root = request.root;
    const std::int64_t first = segmentCount(request.segsize, request.elementBytes, request.count);
    BlockLayout layout;
    for (int rank = 0; rank < ranks; ++rank) layout.insert(layout.end(), {first, request.count - first});
    Schedule schedule = namedSchedule("linear_sync", 3, layout);
    const auto elementBytes = request.elementBytes;
    auto nonRoot = [root](int index) { return index < root ? index : index + 1; };
    setPhases(schedule,
              {{ranks > 1 ? 2 * ranks - 1 : 0, [=](int round) {
                    const int served = round / 2;
                    Round messages;
                    if (round % 2 == 1) return Round{segmentToRoot(layout, elementBytes, nonRoot(served), root, 0)};
                    if (served < ranks - 1)
                        messages.push_back(makeMessage(layout, elementBytes, root, nonRoot(served), {}, false));
                    if (served > 0)
                        messages.push_back(segmentToRoot(layout, elementBytes, nonRoot(served - 1), root, 1));
                    return messages;
                }}});
    return schedule;
}

// ompi_coll_base_scatter_intra_basic_linear.
Schedule scatterBasicLinear(const ScheduleRequest& request) {
    return rootedSchedule("basic_linear", 1, request, Shape::Star, false);
}

// ompi_coll_base_scatter_intra_binomial: a rank sends each child (largest
// subtree first) the contiguous blocks of that child's subtree.
Schedule scatterBinomial(const ScheduleRequest& request) {
    return rootedSchedule("binomial", 2, request, Shape::Binomial, false);
}

// ompi_coll_base_scatter_intra_linear_nb: isends with a blocking send every
// coll_tuned_scatter_blocking_send_ratio sends, to bound the requests in flight.
Schedule scatterLinearNb(const ScheduleRequest& request) {
    return rootedSchedule("linear_nb", 3, request, Shape::Star, false);
}

}  // namespace commviz::collectives
