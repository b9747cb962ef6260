// Open MPI's binary-tree and scatter-allgather broadcasts
// (ompi/mca/coll/base/coll_base_bcast.c), IDs 4, 5 and 8.

#include <algorithm>
#include <functional>
#include <memory>

#include "collectives/message_factory.h"
#include "ompi/base/bcast_tree.h"
#include "ompi/base/ompi_bcast.h"
#include "ompi/base/recursive_doubling_forwarding.h"

namespace commviz::collectives {

namespace {

/// Segments of `segcount` elements, the last one shorter, appended to `layout`.
void appendSegments(BlockLayout& layout, std::int64_t count, std::int64_t segcount) {
    for (std::int64_t done = 0; done < count; done += segcount) layout.push_back(std::min(segcount, count - done));
}

/// The layout blocks (segments) a subtree's ranks receive one after another.
struct Pipeline {
    int first = 0;
    int segments = 0;
};

// ompi_coll_base_bcast_intra_generic (and split_bintree's first step): the
// root sends segment t to its children in round t; a rank at depth d
// forwards segment t - d to its children in round t.
Phase treePipeline(std::shared_ptr<const BcastTree> tree, int root, const MessageFactory& message,
                   std::function<Pipeline(int child)> pipelineOf) {
    const int p = int(tree->depth.size());
    int rounds = 0;
    for (int child = 1; child < p; ++child)
        rounds = std::max(rounds, tree->depth[std::size_t(child)] - 1 + pipelineOf(child).segments);
    return {rounds, [tree, root, p, message, pipelineOf](int t) {
                Round round;
                for (int node = 0; node < p; ++node)
                    for (int child : tree->children[std::size_t(node)]) {
                        const Pipeline pipeline = pipelineOf(child);
                        const int segment = t - tree->depth[std::size_t(node)];
                        if (segment < 0 || segment >= pipeline.segments) continue;
                        round.push_back(
                            message((node + root) % p, (child + root) % p, {{pipeline.first + segment, 1}}, false));
                    }
                return round;
            }};
}

Schedule redirected(Schedule schedule, const char* from) {
    schedule.redirectedFrom = from;
    return schedule;
}

}  // namespace

// ompi_coll_base_bcast_intra_bintree: the generic pipelined bcast on a binary tree.
Schedule bcastBintree(const ScheduleRequest& request) {
    const std::int64_t segcount = segmentCount(request.segsize, request.elementBytes, request.count);
    Schedule schedule = namedSchedule("binary_tree", 5, {});
    schedule.unsupported = segmentLimitError(request.segsize, segcount, request.count);
    if (!schedule.unsupported.empty()) return schedule;
    appendSegments(schedule.layout, request.count, segcount);
    const int segments = int(schedule.layout.size());
    auto tree = std::make_shared<const BcastTree>(buildBcastTree(2, request.ranks));
    setPhases(schedule,
              {treePipeline(tree, request.root, MessageFactory(schedule.layout, request.elementBytes), [segments](int) {
                  return Pipeline{0, segments};
              })});
    return schedule;
}

// ompi_coll_base_bcast_intra_generic on any tree (binomial, k-nomial): every
// rank sends each segment to all its children before the next one.
Schedule bcastGeneric(Schedule schedule, const ScheduleRequest& request, const BcastTree& tree) {
    const std::int64_t segcount = segmentCount(request.segsize, request.elementBytes, request.count);
    schedule.layout.clear();
    schedule.unsupported = segmentLimitError(request.segsize, segcount, request.count);
    if (!schedule.unsupported.empty()) return schedule;
    appendSegments(schedule.layout, request.count, segcount);
    const int segments = int(schedule.layout.size());
    setPhases(schedule, {treePipeline(std::make_shared<const BcastTree>(tree), request.root,
                                      MessageFactory(schedule.layout, request.elementBytes), [segments](int) {
                                          return Pipeline{0, segments};
                                      })});
    return schedule;
}

namespace {

/// Step 2 of split_bintree: a left rank s (odd) and s + 1 swap halves; with an
/// even p the last rank, left and without a partner, gets half 1 from the root.
Phase swapHalves(int p, int root, const MessageFactory& message, const Pipeline (&half)[2]) {
    return {1, [p, root, message, half](int) {
                auto real = [p, root](int shifted) { return (shifted + root) % p; };
                auto whole = [&half](int which) { return BlockRange{half[which].first, half[which].segments}; };
                Round round;
                if (p % 2 == 0) round.push_back(message(root, real(p - 1), {whole(1)}, false));
                for (int left = 1; left + 1 < p; left += 2) {
                    round.push_back(message(real(left), real(left + 1), {whole(0)}, false));
                    round.push_back(message(real(left + 1), real(left), {whole(1)}, false));
                }
                return round;
            }};
}

}  // namespace

// ompi_coll_base_bcast_intra_split_bintree: half 0 (the larger) goes down the
// left subtree (odd shifted ranks), half 1 down the right one; segments are
// segsize / element size elements (no rounding), the whole half when segsize is 0.
Schedule bcastSplitBintree(const ScheduleRequest& request) {
    const int p = request.ranks;
    const std::int64_t bytes = request.elementBytes;
    const std::int64_t halves[2] = {request.count - request.count / 2, request.count / 2};
    if (p == 1) return namedSchedule("split_binary_tree", 4, {request.count});
    const std::int64_t segsize = request.segsize > 0 ? std::max(request.segsize, bytes) : 0;
    if (halves[1] == 0 || segsize > halves[0] * bytes || segsize > halves[1] * bytes) {
        ScheduleRequest chain = request;
        chain.fanout = 1;
        return redirected(bcastChain(chain), "split_binary_tree");
    }
    Schedule schedule = namedSchedule("split_binary_tree", 4, {});
    const std::int64_t segcount = segsize > 0 ? segsize / bytes : halves[0];
    schedule.unsupported = segmentLimitError(request.segsize, segcount, request.count);
    if (!schedule.unsupported.empty()) return schedule;
    Pipeline half[2];
    for (int which = 0; which < 2; ++which) {
        half[which].first = int(schedule.layout.size());
        appendSegments(schedule.layout, halves[which], segsize > 0 ? segcount : halves[which]);
        half[which].segments = int(schedule.layout.size()) - half[which].first;
    }
    const MessageFactory message(schedule.layout, bytes);
    auto tree = std::make_shared<const BcastTree>(buildBcastTree(2, p));
    const Pipeline left = half[0], right = half[1];
    setPhases(schedule, {treePipeline(tree, request.root, message,
                                      [left, right](int child) { return child % 2 == 1 ? left : right; }),
                         swapHalves(p, request.root, message, half)});
    return schedule;
}

}  // namespace commviz::collectives
