#include "ompi/base/ompi_reduce.h"

#include <memory>
#include <utility>

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/ompi_topo.h"
#include "ompi/base/tree_phases.h"

namespace commviz::collectives {

namespace {

// ompi_coll_base_reduce_generic's segments: count / segcount full ones, then the rest.
BlockLayout segmentsOf(std::int64_t count, std::int64_t segcount) {
    BlockLayout layout(std::size_t(count / segcount), segcount);
    if (count % segcount != 0) layout.push_back(count % segcount);
    return layout;
}

// A segmented reduction up `tree`; when the tree's root is not the call's root
// (in-order binary) it hands the finished vector over in one more round.
Schedule treeReduce(const char* algorithm, int id, const ScheduleRequest& request, RankTree tree) {
    Schedule schedule = namedSchedule(algorithm, id, {});
    const std::int64_t segcount = segmentCount(request.segsize, request.elementBytes, request.count);
    if (auto refusal = segmentLimitError(request.segsize, segcount, request.count); !refusal.empty()) {
        schedule.unsupported = std::move(refusal);
        return schedule;
    }
    schedule.layout = segmentsOf(request.count, segcount);
    const BlockLayout& layout = schedule.layout;
    const auto elementBytes = request.elementBytes;
    const int treeRoot = tree.root, callRoot = request.root;
    Phase up = towardRoot(std::make_shared<const RankTree>(std::move(tree)), int(layout.size()),
                          [layout, elementBytes](int child, int parent, int segment) {
                              return makeMessage(layout, elementBytes, child, parent, {{segment, 1}}, true);
                          });
    Phase handOff{treeRoot != callRoot ? 1 : 0, [layout, elementBytes, treeRoot, callRoot](int) {
                      const BlockRange whole{0, int(layout.size())};
                      return Round{makeMessage(layout, elementBytes, treeRoot, callRoot, {whole}, false)};
                  }};
    setPhases(schedule, {std::move(up), std::move(handOff)});
    return schedule;
}

}  // namespace

// ompi_coll_base_reduce_intra_basic_linear: the root takes the vectors from
// p-1 down (operand order kept), folding each into its buffer.
Schedule reduceLinear(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("linear", 1, {request.count});
    setPhases(schedule, {linearReduce({request.ranks, request.root, schedule.layout, request.elementBytes})});
    return schedule;
}

// ompi_coll_base_reduce_intra_chain (ompi_coll_base_topo_build_chain).
Schedule reduceChain(const ScheduleRequest& request) {
    return treeReduce("chain", 2, request, chainTree(request.ranks, request.root, request.fanout));
}

// ompi_coll_base_reduce_intra_pipeline: a chain of fan-out 1.
Schedule reducePipeline(const ScheduleRequest& request) {
    return treeReduce("pipeline", 3, request, chainTree(request.ranks, request.root, 1));
}

// ompi_coll_base_reduce_intra_binary (ompi_coll_base_topo_build_tree, fan-out 2).
Schedule reduceBinary(const ScheduleRequest& request) {
    return treeReduce("binary", 4, request, binaryTree(request.ranks, request.root));
}

// ompi_coll_base_reduce_intra_binomial (ompi_coll_base_topo_build_in_order_bmtree).
Schedule reduceBinomial(const ScheduleRequest& request) {
    return treeReduce("binomial", 5, request, inOrderBinomialTree(request.ranks, request.root));
}

// ompi_coll_base_reduce_intra_in_order_binary: the tree's root is always p-1.
Schedule reduceInOrderBinary(const ScheduleRequest& request) {
    return treeReduce("in-order_binary", 6, request, inOrderBinaryTree(request.ranks));
}

}  // namespace commviz::collectives
