// Proves the Open MPI schedules send, between every pair of distinct ranks,
// the messages and bytes real Open MPI 4.1.4 sends (Debian 12's openmpi-bin
// 4.1.4-3), in the three families where the model used to differ:
//  1. algorithms built from other collectives call comm->c_coll->coll_<x>,
//     which under coll/tuned is the fixed decision for the inner call's own
//     size at the same p (ompi_coll_base_allreduce_intra_nonoverlapping,
//     allgather_intra_basic_linear, reduce_scatter_intra_nonoverlapping,
//     reduce_scatter_block_basic_linear);
//  2. binomial and k-nomial bcast with a segment size send one message per
//     segment (ompi_coll_base_bcast_intra_generic);
//  3. algorithm=auto with a non-commutative op takes the non-commutative
//     branches of coll_tuned_decision_fixed.c.
//
// The counts were measured with a small C program (MPI_INT elements, root 0,
// reduce_scatter's recvcounts split as evenly as COLL_BASE_COMPUTE_BLOCKCOUNT,
// the non-commutative op an MPI_Op_create(…, commute = 0, …)) run as
//   mpirun --allow-run-as-root --oversubscribe -np P \
//     --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_<coll>_algorithm N \
//     [--mca coll_tuned_bcast_algorithm_segmentsize 1024] \
//     --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 1 ./coll COLL COUNT 1
// (without the two coll_tuned options for auto), Open MPI 4.1.4. The "I"
// lines (point-to-point messages the collectives send) of a run with one
// call minus a run with none, rank-to-self lines dropped, are the pairs below,
// as src->dst:messages x bytes, at p = 3, 4, 5, 8 and 16. At p = 16 the
// inner bcast of allreduce nonoverlapping (1.2 MB) and allgather linear
// (16 x 80000 B) is scatter_allgather (p < 32, S >= 1M -> 8), whose blocks the
// outer layout takes in.
//
// Worked by hand from coll_tuned_decision_fixed.c (4.1.4), S in bytes:
//  allreduce nonoverlapping p = 4, 1000 ints (4000 B): reduce p < 8, S < 4K ->
//      4 binary (3->1, 1->0, 2->0), bcast S < 8K -> 6 binomial (0->1, 0->2, 1->3).
//  … 4096 ints (16K): reduce S < 64K -> 2 chain of fan-out 1 (3->2->1->0), bcast
//      S < 1M -> 1 linear.   100000 ints: reduce S < 512K -> 1 linear, bcast linear.
//  … non-commutative, 300000 ints (1.2M) at p = 8: reduce p < 16, S >= 256K -> 6
//      in-order binary (root 7, then 7->0), bcast p < 16, S >= 32K -> 1 linear:
//      0->1 carries two messages, one of each call.
//  allgather linear p = 4, 10 ints: gather of 40 B p < 8, S < 1K -> 2 binomial
//      (1->0 40, 3->2 40, 2->0 80), bcast of 160 B S < 2K -> 5 binary tree.
//  reduce_scatter non-overlapping: scatterv is coll/basic's linear one (coll/tuned
//      4.1 has none): p = 4, 1000 ints: reduce of 4000 B (binary) then 250 ints to each.
//  reduce_scatter_block basic_linear p = 4, 100 ints a block: reduce of 1600 B
//      (binary), scatter of 400 B p < 8, S < 2K -> 2 binomial (0->2 two blocks).
//  binomial bcast p = 8, 1000 ints, segsize 1024: 4 segments (256, 256, 256, 232
//      ints) down 0->1,2,4; 1->3,5; 2->6; 3->7. k-nomial (radix 4): 0->1,2,3,4; 4->5,6,7.
//  auto, non-commutative: allreduce p < 4 … p < 8 -> 3 recursive doubling at every
//      size (p = 5: 0 folds into 1); p < 16, S >= 1M -> 2 nonoverlapping;
//      reduce_scatter and reduce_scatter_block -> 1 whatever the size, whose
//      reduce takes the non-commutative reduce rules (p < 8 -> 1 linear).

#include <QtTest>
#include <map>
#include <sstream>
#include <string>

#include "collectives_scene/algorithm_catalog.h"

using namespace commviz;
using namespace commviz::collectives;

namespace {

struct RealRun {
    Collective collective;
    const char* algorithm;
    int ranks;
    std::int64_t count;  ///< MPI_INT elements: the whole vector, or one rank's block
    bool nonCommutative;
    std::int64_t segsize;
    const char* pairs;  ///< what pml monitoring counted: "src->dst:messages x bytes …"
};

using PairCounts = std::map<std::pair<int, int>, std::pair<std::int64_t, std::int64_t>>;

PairCounts parsePairs(const std::string& text) {
    PairCounts counts;
    std::istringstream in(text);
    std::string item;
    while (in >> item) {
        int src = 0, dst = 0;
        long long messages = 0, bytes = 0;
        if (std::sscanf(item.c_str(), "%d->%d:%lldx%lld", &src, &dst, &messages, &bytes) != 4)
            qFatal("bad pair %s", item.c_str());
        counts[{src, dst}] = {messages, bytes};
    }
    return counts;
}

PairCounts modelPairs(const Schedule& schedule) {
    PairCounts counts;
    for (int r = 0; r < schedule.rounds; ++r)
        for (const Message& message : schedule.round(r)) {
            if (message.src == message.dst) continue;
            auto& [messages, bytes] = counts[{message.src, message.dst}];
            ++messages;
            bytes += message.bytes;
        }
    return counts;
}

std::string text(const PairCounts& counts) {
    std::string out;
    for (const auto& [pair, value] : counts)
        out += std::to_string(pair.first) + "->" + std::to_string(pair.second) + ":" + std::to_string(value.first) +
               "x" + std::to_string(value.second) + " ";
    return out;
}

Schedule build(const RealRun& run) {
    ScheduleRequest request;
    request.collective = run.collective;
    request.ranks = run.ranks;
    request.count = run.count;
    request.elementBytes = 4;
    request.segsize = run.segsize;
    request.commutative = !run.nonCommutative;
    auto schedule = buildSchedule(Library::Ompi, run.algorithm, request);
    if (!schedule) qFatal("%s", schedule.error().message.c_str());
    return std::move(schedule).value();
}

void compareWithRealRuns(const std::vector<RealRun>& runs) {
    for (const RealRun& run : runs) {
        const std::string model = text(modelPairs(build(run)));
        const std::string real = text(parsePairs(run.pairs));
        if (model != real)
            qWarning("%s %s p=%d count=%lld%s", std::string(name(run.collective)).c_str(), run.algorithm, run.ranks,
                     (long long)run.count, run.nonCommutative ? " noncommutative" : "");
        QCOMPARE(model, real);
    }
}

// Family 1: the composed algorithms, forced (coll_tuned_<coll>_algorithm N).
const std::vector<RealRun> kComposed{
    {Collective::Allreduce, "nonoverlapping", 4, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->1:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 4, 4096, false, 0,
     "0->1:1x16384 0->2:1x16384 0->3:1x16384 1->0:1x16384 2->1:1x16384 3->2:1x16384"},
    {Collective::Allreduce, "nonoverlapping", 4, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 1->0:1x400000 2->0:1x400000 3->0:1x400000"},
    {Collective::Allreduce, "nonoverlapping", 4, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 4, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->2:1x1200000 2->0:1x1200000 2->3:1x1200000 3->0:1x1200000"},
    {Collective::Allgather, "linear", 4, 10, false, 0,
     "0->1:1x160 0->2:1x160 1->0:1x40 1->3:1x160 2->0:1x80 3->2:1x40"},
    {Collective::Allgather, "linear", 4, 1000, false, 0,
     "0->1:1x16000 0->2:1x16000 0->3:1x16000 1->0:1x4000 2->0:1x4000 3->0:1x4000"},
    {Collective::Allgather, "linear", 4, 20000, false, 0,
     "0->1:1x320000 0->2:1x320000 0->3:1x320000 1->0:1x80000 2->0:1x80000 3->0:1x80000"},
    {Collective::ReduceScatter, "non-overlapping", 4, 1000, false, 0,
     "0->1:1x1000 0->2:1x1000 0->3:1x1000 1->0:1x4000 2->0:1x4000 3->1:1x4000"},
    {Collective::ReduceScatter, "non-overlapping", 4, 40000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 1->0:1x160000 2->0:1x160000 3->2:1x160000"},
    {Collective::ReduceScatterBlock, "basic_linear", 4, 100, false, 0,
     "0->1:1x400 0->2:1x800 1->0:1x1600 2->0:1x1600 2->3:1x400 3->1:1x1600"},
    {Collective::ReduceScatterBlock, "basic_linear", 4, 10000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 1->0:1x160000 2->0:1x160000 3->2:1x160000"},
    {Collective::Allreduce, "nonoverlapping", 5, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->1:1x4000 4->2:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 5, 4096, false, 0,
     "0->1:1x16384 0->2:1x16384 0->3:1x16384 0->4:1x16384 1->0:1x16384 2->1:1x16384 3->2:1x16384 4->3:1x16384"},
    {Collective::Allreduce, "nonoverlapping", 5, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 1->0:1x400000 2->0:1x400000 3->0:1x400000 4->0:1x400000"},
    {Collective::Allreduce, "nonoverlapping", 5, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 5, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->2:1x1200000 2->0:1x1200000 2->3:1x1200000 3->0:1x1200000 3->4:1x1200000 "
     "4->0:1x1200000"},
    {Collective::Allgather, "linear", 5, 10, false, 0,
     "0->1:1x200 0->2:1x200 1->0:1x40 1->3:1x200 2->0:1x80 2->4:1x200 3->2:1x40 4->0:1x40"},
    {Collective::Allgather, "linear", 5, 1000, false, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 1->0:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000"},
    {Collective::Allgather, "linear", 5, 20000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 1->0:1x80000 2->0:1x80000 3->0:1x80000 4->0:1x80000"},
    {Collective::ReduceScatter, "non-overlapping", 5, 1000, false, 0,
     "0->1:1x800 0->2:1x800 0->3:1x800 0->4:1x800 1->0:1x4000 2->0:1x4000 3->1:1x4000 4->2:1x4000"},
    {Collective::ReduceScatter, "non-overlapping", 5, 40000, false, 0,
     "0->1:1x32000 0->2:1x32000 0->3:1x32000 0->4:1x32000 1->0:1x160000 2->0:1x160000 3->2:1x160000 4->0:1x160000"},
    {Collective::ReduceScatterBlock, "basic_linear", 5, 100, false, 0,
     "0->1:1x400 0->2:1x800 0->4:1x400 1->0:1x2000 2->0:1x2000 2->3:1x400 3->1:1x2000 4->2:1x2000"},
    {Collective::ReduceScatterBlock, "basic_linear", 5, 10000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 0->4:1x40000 1->0:1x200000 2->0:1x200000 3->2:1x200000 4->0:1x200000"},
    {Collective::Allreduce, "nonoverlapping", 8, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 0->4:1x4000 1->0:1x4000 2->0:1x4000 3->1:1x4000 4->2:1x4000 4->5:1x4000 "
     "4->6:1x4000 4->7:1x4000 5->1:1x4000 6->2:1x4000 7->3:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 8, 4096, false, 0,
     "0->1:1x16384 0->2:1x16384 0->4:1x16384 1->0:1x16384 1->3:1x16384 1->5:1x16384 2->0:1x16384 2->6:1x16384 "
     "3->2:1x16384 3->7:1x16384 4->0:1x16384 5->4:1x16384 6->4:1x16384 7->6:1x16384"},
    {Collective::Allreduce, "nonoverlapping", 8, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 0->5:1x400000 0->6:1x400000 0->7:1x400000 1->0:1x400000 "
     "2->0:1x400000 3->2:1x400000 4->0:1x400000 5->4:1x400000 6->4:1x400000 7->6:1x400000"},
    {Collective::Allreduce, "nonoverlapping", 8, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 0->4:1x4000 1->0:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000 4->5:1x4000 "
     "4->6:1x4000 4->7:1x4000 5->0:1x4000 6->0:1x4000 7->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 8, 300000, true, 0,
     "0->1:2x2400000 0->2:1x1200000 0->3:1x1200000 0->4:1x1200000 0->5:1x1200000 0->6:1x1200000 0->7:1x1200000 "
     "1->3:1x1200000 2->3:1x1200000 3->7:1x1200000 4->6:1x1200000 5->6:1x1200000 6->7:1x1200000 7->0:1x1200000"},
    {Collective::Allgather, "linear", 8, 10, false, 0,
     "0->1:1x320 0->2:1x320 0->3:1x320 0->4:1x320 1->0:1x40 2->0:1x80 3->2:1x40 4->0:1x160 4->5:1x320 4->6:1x320 "
     "4->7:1x320 5->4:1x40 6->4:1x80 7->6:1x40"},
    {Collective::Allgather, "linear", 8, 1000, false, 0,
     "0->1:1x32000 0->2:1x32000 0->4:1x32000 1->0:1x4000 1->3:1x32000 1->5:1x32000 2->0:1x8000 2->6:1x32000 "
     "3->2:1x4000 3->7:1x32000 4->0:1x16000 5->4:1x4000 6->4:1x8000 7->6:1x4000"},
    {Collective::Allgather, "linear", 8, 20000, false, 0,
     "0->1:1x640000 0->2:1x640000 0->3:1x640000 0->4:1x640000 0->5:1x640000 0->6:1x640000 0->7:1x640000 1->0:1x80000 "
     "2->0:1x160000 3->2:1x80000 4->0:1x320000 5->4:1x80000 6->4:1x160000 7->6:1x80000"},
    {Collective::ReduceScatter, "non-overlapping", 8, 1000, false, 0,
     "0->1:1x500 0->2:1x500 0->3:1x500 0->4:1x500 0->5:1x500 0->6:1x500 0->7:1x500 1->0:1x4000 2->0:1x4000 3->1:1x4000 "
     "4->2:1x4000 5->1:1x4000 6->2:1x4000 7->3:1x4000"},
    {Collective::ReduceScatter, "non-overlapping", 8, 40000, false, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 0->6:1x20000 0->7:1x20000 1->0:1x160000 "
     "2->0:1x160000 3->2:1x160000 4->0:1x160000 5->4:1x160000 6->4:1x160000 7->6:1x160000"},
    {Collective::ReduceScatterBlock, "basic_linear", 8, 100, false, 0,
     "0->1:1x400 0->2:1x800 0->4:1x1600 1->0:1x3200 2->0:1x3200 2->3:1x400 3->1:1x3200 4->2:1x3200 4->5:1x400 "
     "4->6:1x800 5->1:1x3200 6->2:1x3200 6->7:1x400 7->3:1x3200"},
    {Collective::ReduceScatterBlock, "basic_linear", 8, 10000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 0->4:1x40000 0->5:1x40000 0->6:1x40000 0->7:1x40000 1->0:1x320000 "
     "2->0:1x320000 3->2:1x320000 4->0:1x320000 5->4:1x320000 6->4:1x320000 7->6:1x320000"},
    {Collective::Allreduce, "nonoverlapping", 3, 1, false, 0, "0->1:1x4 1->0:1x4 1->2:1x4 2->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 3, 1000, false, 0, "0->1:1x4000 0->2:1x4000 1->0:1x4000 2->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 3, 300000, false, 0,
     "0->1:1x1200000 0->2:1x1200000 1->0:1x1200000 2->1:1x1200000"},
    {Collective::Allgather, "linear", 3, 1000, false, 0, "0->1:1x12000 0->2:1x12000 1->0:1x4000 2->0:1x4000"},
    {Collective::ReduceScatterBlock, "basic_linear", 3, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x12000 2->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 16, 300000, false, 0,
     "0->1:2x150000 0->2:2x300000 0->4:2x600000 0->8:2x1200000 1->0:2x1275000 1->3:1x150000 1->5:1x300000 "
     "1->9:1x600000 2->0:2x1350000 2->3:2x150000 2->6:1x300000 2->10:1x600000 3->1:1x150000 3->2:2x1275000 "
     "3->7:1x300000 3->11:1x600000 4->0:2x1500000 4->5:2x150000 4->6:2x300000 4->12:1x600000 5->1:1x300000 "
     "5->4:2x1275000 5->7:1x150000 5->13:1x600000 6->2:1x300000 6->4:2x1350000 6->7:2x150000 6->14:1x600000 "
     "7->3:1x300000 7->5:1x150000 7->6:2x1275000 7->15:1x600000 8->0:2x1800000 8->9:2x150000 8->10:2x300000 "
     "8->12:2x600000 9->1:1x600000 9->8:2x1275000 9->11:1x150000 9->13:1x300000 10->2:1x600000 10->8:2x1350000 "
     "10->11:2x150000 10->14:1x300000 11->3:1x600000 11->9:1x150000 11->10:2x1275000 11->15:1x300000 12->4:1x600000 "
     "12->8:2x1500000 12->13:2x150000 12->14:2x300000 13->5:1x600000 13->9:1x300000 13->12:2x1275000 13->15:1x150000 "
     "14->6:1x600000 14->10:1x300000 14->12:2x1350000 14->15:2x150000 15->7:1x600000 15->11:1x300000 15->13:1x150000 "
     "15->14:2x1275000"},
    {Collective::Allgather, "linear", 16, 20000, false, 0,
     "0->1:2x160000 0->2:2x320000 0->4:2x640000 0->8:2x1280000 1->0:2x160000 1->3:1x160000 1->5:1x320000 1->9:1x640000 "
     "2->0:2x320000 2->3:2x160000 2->6:1x320000 2->10:1x640000 3->1:1x160000 3->2:2x160000 3->7:1x320000 "
     "3->11:1x640000 4->0:2x640000 4->5:2x160000 4->6:2x320000 4->12:1x640000 5->1:1x320000 5->4:2x160000 "
     "5->7:1x160000 5->13:1x640000 6->2:1x320000 6->4:2x320000 6->7:2x160000 6->14:1x640000 7->3:1x320000 "
     "7->5:1x160000 7->6:2x160000 7->15:1x640000 8->0:2x1280000 8->9:2x160000 8->10:2x320000 8->12:2x640000 "
     "9->1:1x640000 9->8:2x160000 9->11:1x160000 9->13:1x320000 10->2:1x640000 10->8:2x320000 10->11:2x160000 "
     "10->14:1x320000 11->3:1x640000 11->9:1x160000 11->10:2x160000 11->15:1x320000 12->4:1x640000 12->8:2x640000 "
     "12->13:2x160000 12->14:2x320000 13->5:1x640000 13->9:1x320000 13->12:2x160000 13->15:1x160000 14->6:1x640000 "
     "14->10:1x320000 14->12:2x320000 14->15:2x160000 15->7:1x640000 15->11:1x320000 15->13:1x160000 15->14:2x160000"},
    {Collective::ReduceScatter, "non-overlapping", 16, 40000, false, 0,
     "0->1:1x10000 0->2:1x10000 0->3:1x10000 0->4:1x10000 0->5:1x10000 0->6:1x10000 0->7:1x10000 0->8:1x10000 "
     "0->9:1x10000 0->10:1x10000 0->11:1x10000 0->12:1x10000 0->13:1x10000 0->14:1x10000 0->15:1x10000 1->0:1x160000 "
     "2->0:1x160000 3->2:1x160000 4->0:1x160000 5->4:1x160000 6->4:1x160000 7->6:1x160000 8->0:1x160000 9->8:1x160000 "
     "10->8:1x160000 11->10:1x160000 12->8:1x160000 13->12:1x160000 14->12:1x160000 15->14:1x160000"},
};

// Family 2: coll_tuned_bcast_algorithm 6 and 7 with segmentsize 1024.
const std::vector<RealRun> kSegmentedBcast{
    {Collective::Bcast, "binomial", 4, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 1->3:4x4000"},
    {Collective::Bcast, "knomial", 4, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 0->3:4x4000"},
    {Collective::Bcast, "binomial", 5, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 0->4:4x4000 1->3:4x4000"},
    {Collective::Bcast, "knomial", 5, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 0->3:4x4000 0->4:4x4000"},
    {Collective::Bcast, "binomial", 8, 1000, false, 1024,
     "0->1:4x4000 0->2:4x4000 0->4:4x4000 1->3:4x4000 1->5:4x4000 2->6:4x4000 3->7:4x4000"},
    {Collective::Bcast, "knomial", 8, 1000, false, 1024,
     "0->1:4x4000 0->2:4x4000 0->3:4x4000 0->4:4x4000 4->5:4x4000 4->6:4x4000 4->7:4x4000"},
    {Collective::Bcast, "knomial", 16, 1000, false, 1024,
     "0->1:4x4000 0->2:4x4000 0->3:4x4000 0->4:4x4000 0->8:4x4000 0->12:4x4000 4->5:4x4000 4->6:4x4000 4->7:4x4000 "
     "8->9:4x4000 8->10:4x4000 8->11:4x4000 12->13:4x4000 12->14:4x4000 12->15:4x4000"},
};

// Family 3: no forced algorithm, non-commutative op.
const std::vector<RealRun> kAutoNonCommutative{
    {Collective::Allreduce, "auto", 4, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 2->3:1x4000 3->1:1x4000 3->2:1x4000"},
    {Collective::Allreduce, "auto", 4, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 1->0:1x160000 1->3:1x160000 2->0:1x160000 2->3:1x160000 3->1:1x160000 3->2:1x160000"},
    {Collective::Allreduce, "auto", 4, 300000, true, 0,
     "0->1:1x1200000 0->2:1x1200000 1->0:1x1200000 1->3:1x1200000 2->0:1x1200000 2->3:1x1200000 3->1:1x1200000 "
     "3->2:1x1200000"},
    {Collective::ReduceScatter, "auto", 4, 1000, true, 0,
     "0->1:1x1000 0->2:1x1000 0->3:1x1000 1->0:1x4000 2->0:1x4000 3->0:1x4000"},
    {Collective::ReduceScatterBlock, "auto", 4, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 1->0:1x16000 2->0:1x16000 3->0:1x16000"},
    {Collective::ReduceScatter, "auto", 4, 40000, true, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 1->0:1x160000 2->0:1x160000 3->0:1x160000"},
    {Collective::ReduceScatterBlock, "auto", 4, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 0->3:1x160000 1->0:1x640000 2->0:1x640000 3->0:1x640000"},
    {Collective::Allreduce, "auto", 5, 1000, true, 0,
     "0->1:1x4000 1->0:1x4000 1->2:1x4000 1->3:1x4000 2->1:1x4000 2->4:1x4000 3->1:1x4000 3->4:1x4000 4->2:1x4000 "
     "4->3:1x4000"},
    {Collective::Allreduce, "auto", 5, 40000, true, 0,
     "0->1:1x160000 1->0:1x160000 1->2:1x160000 1->3:1x160000 2->1:1x160000 2->4:1x160000 3->1:1x160000 3->4:1x160000 "
     "4->2:1x160000 4->3:1x160000"},
    {Collective::Allreduce, "auto", 5, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->2:1x1200000 1->3:1x1200000 2->1:1x1200000 2->4:1x1200000 3->1:1x1200000 "
     "3->4:1x1200000 4->2:1x1200000 4->3:1x1200000"},
    {Collective::ReduceScatter, "auto", 5, 1000, true, 0,
     "0->1:1x800 0->2:1x800 0->3:1x800 0->4:1x800 1->0:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000"},
    {Collective::ReduceScatterBlock, "auto", 5, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 0->4:1x4000 1->0:1x20000 2->0:1x20000 3->0:1x20000 4->0:1x20000"},
    {Collective::ReduceScatter, "auto", 5, 40000, true, 0,
     "0->1:1x32000 0->2:1x32000 0->3:1x32000 0->4:1x32000 1->0:1x160000 2->0:1x160000 3->0:1x160000 4->0:1x160000"},
    {Collective::ReduceScatterBlock, "auto", 5, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 0->3:1x160000 0->4:1x160000 1->0:1x800000 2->0:1x800000 3->0:1x800000 4->0:1x800000"},
    {Collective::Allreduce, "auto", 8, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 1->0:1x4000 1->3:1x4000 1->5:1x4000 2->0:1x4000 2->3:1x4000 2->6:1x4000 "
     "3->1:1x4000 3->2:1x4000 3->7:1x4000 4->0:1x4000 4->5:1x4000 4->6:1x4000 5->1:1x4000 5->4:1x4000 5->7:1x4000 "
     "6->2:1x4000 6->4:1x4000 6->7:1x4000 7->3:1x4000 7->5:1x4000 7->6:1x4000"},
    {Collective::Allreduce, "auto", 8, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 0->4:1x160000 1->0:1x160000 1->3:1x160000 1->5:1x160000 2->0:1x160000 2->3:1x160000 "
     "2->6:1x160000 3->1:1x160000 3->2:1x160000 3->7:1x160000 4->0:1x160000 4->5:1x160000 4->6:1x160000 5->1:1x160000 "
     "5->4:1x160000 5->7:1x160000 6->2:1x160000 6->4:1x160000 6->7:1x160000 7->3:1x160000 7->5:1x160000 7->6:1x160000"},
    {Collective::Allreduce, "auto", 8, 300000, true, 0,
     "0->1:2x2400000 0->2:1x1200000 0->3:1x1200000 0->4:1x1200000 0->5:1x1200000 0->6:1x1200000 0->7:1x1200000 "
     "1->3:1x1200000 2->3:1x1200000 3->7:1x1200000 4->6:1x1200000 5->6:1x1200000 6->7:1x1200000 7->0:1x1200000"},
    {Collective::ReduceScatter, "auto", 8, 1000, true, 0,
     "0->1:1x500 0->2:1x500 0->3:1x500 0->4:1x500 0->5:1x500 0->6:1x500 0->7:1x500 1->0:1x4000 2->0:1x4000 3->0:1x4000 "
     "4->0:1x4000 5->0:1x4000 6->0:1x4000 7->0:1x4000"},
    {Collective::ReduceScatterBlock, "auto", 8, 1000, true, 0,
     "0->1:1x4000 0->2:1x8000 0->4:1x16000 1->0:1x32000 2->0:1x32000 2->3:1x4000 3->0:1x32000 4->0:1x32000 4->5:1x4000 "
     "4->6:1x8000 5->0:1x32000 6->0:1x32000 6->7:1x4000 7->0:1x32000"},
    {Collective::ReduceScatter, "auto", 8, 40000, true, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 0->6:1x20000 0->7:1x20000 1->0:1x160000 "
     "2->0:1x160000 3->0:1x160000 4->0:1x160000 5->0:1x160000 6->0:1x160000 7->0:1x160000"},
    {Collective::ReduceScatterBlock, "auto", 8, 40000, true, 0,
     "0->1:2x1440000 0->2:1x160000 0->3:1x160000 0->4:1x160000 0->5:1x160000 0->6:1x160000 0->7:1x160000 "
     "1->3:1x1280000 2->3:1x1280000 3->7:1x1280000 4->6:1x1280000 5->6:1x1280000 6->7:1x1280000 7->0:1x1280000"},
    {Collective::Allreduce, "auto", 3, 40000, true, 0, "0->1:1x160000 0->2:1x160000 1->0:1x160000 2->0:1x160000"},
    {Collective::Allreduce, "auto", 16, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 0->8:1x4000 1->0:1x4000 1->3:1x4000 1->5:1x4000 1->9:1x4000 2->0:1x4000 "
     "2->3:1x4000 2->6:1x4000 2->10:1x4000 3->1:1x4000 3->2:1x4000 3->7:1x4000 3->11:1x4000 4->0:1x4000 4->5:1x4000 "
     "4->6:1x4000 4->12:1x4000 5->1:1x4000 5->4:1x4000 5->7:1x4000 5->13:1x4000 6->2:1x4000 6->4:1x4000 6->7:1x4000 "
     "6->14:1x4000 7->3:1x4000 7->5:1x4000 7->6:1x4000 7->15:1x4000 8->0:1x4000 8->9:1x4000 8->10:1x4000 8->12:1x4000 "
     "9->1:1x4000 9->8:1x4000 9->11:1x4000 9->13:1x4000 10->2:1x4000 10->8:1x4000 10->11:1x4000 10->14:1x4000 "
     "11->3:1x4000 11->9:1x4000 11->10:1x4000 11->15:1x4000 12->4:1x4000 12->8:1x4000 12->13:1x4000 12->14:1x4000 "
     "13->5:1x4000 13->9:1x4000 13->12:1x4000 13->15:1x4000 14->6:1x4000 14->10:1x4000 14->12:1x4000 14->15:1x4000 "
     "15->7:1x4000 15->11:1x4000 15->13:1x4000 15->14:1x4000"},
};

}  // namespace

class OmpiAgainstMpirunTest : public QObject {
    Q_OBJECT
private slots:
    void composedAlgorithmsCallTunedInnerCollectives() { compareWithRealRuns(kComposed); }

    void segmentedTreeBcastsSendEverySegment() { compareWithRealRuns(kSegmentedBcast); }

    void autoWithNonCommutativeOpFollowsItsBranches() { compareWithRealRuns(kAutoNonCommutative); }

    void summaryNamesTheInnerAlgorithms() {
        // p = 4, 4000 B: reduce p < 8, S < 4K -> 4; bcast p < 8, S < 8K -> 6.
        const Schedule forced = build({Collective::Allreduce, "nonoverlapping", 4, 1000, false, 0, ""});
        QCOMPARE(forced.rule, std::string("reduce: binary (p < 8: S < 4K -> 4), then bcast: binomial "
                                          "(p < 8: S < 8K -> 6)"));
        // auto, non-commutative, p = 8, 1.2 MB: allreduce p < 16, S >= 1M -> 2; the
        // reduce p < 16, S >= 256K -> 6; the bcast p < 16, S >= 32K -> 1.
        const Schedule automatic = build({Collective::Allreduce, "auto", 8, 300000, true, 0, ""});
        QCOMPARE(automatic.algorithm, std::string("nonoverlapping"));
        QCOMPARE(automatic.rule, std::string("p < 16: S >= 1M -> 2; reduce: in-order_binary (p < 16: S >= 256K -> 6), "
                                             "then bcast: basic_linear (p < 16: S >= 32K -> 1)"));
        // reduce_scatter_block, non-commutative: -> 1; the reduce of 4 x 4000 B
        // at p = 4 (p < 8 -> 1 linear), the scatter of 4000 B (p < 8, S < 4K -> 1).
        const Schedule block = build({Collective::ReduceScatterBlock, "auto", 4, 1000, true, 0, ""});
        QCOMPARE(block.rule, std::string("non-commutative op: -> 1; reduce: linear (p < 8: -> 1), then scatter: "
                                         "basic_linear (p < 8: S < 4K -> 1)"));
    }

    void segmentsPipelineDownTheTree() {
        // binomial, p = 4, 4 segments: depth 0 sends segment t in round t, rank 1
        // (depth 1) forwards segment t - 1: 5 rounds; round 0 is 0->1 and 0->2.
        const Schedule schedule = build({Collective::Bcast, "binomial", 4, 1000, false, 1024, ""});
        QCOMPARE(schedule.layout, (BlockLayout{256, 256, 256, 232}));
        QCOMPARE(schedule.rounds, 5);
        const Round first = schedule.round(0);
        QCOMPARE(int(first.size()), 2);
        QCOMPARE(first[0].dst + first[1].dst, 3);
        const Round last = schedule.round(4);
        QCOMPARE(int(last.size()), 1);
        QCOMPARE(last[0].src, 1);
        QCOMPARE(last[0].dst, 3);
        QCOMPARE(last[0].bytes, std::int64_t(232 * 4));
    }
};

QTEST_GUILESS_MAIN(OmpiAgainstMpirunTest)
#include "tst_ompi_against_mpirun.moc"
