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
// The counts were measured (December 2026) with a small C program (MPI_INT elements, root 0,
// reduce_scatter's recvcounts split as evenly as COLL_BASE_COMPUTE_BLOCKCOUNT,
// the non-commutative op an MPI_Op_create(…, commute = 0, …)) run as
//   mpirun --allow-run-as-root --oversubscribe -np P \
//     --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_<coll>_algorithm N \
//     [--mca coll_tuned_bcast_algorithm_segmentsize 1024] \
//     --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 1 ./coll COLL COUNT 1
// (without the two coll_tuned options for auto), Open MPI 4.1.4. The "I"
// lines (point-to-point messages the collectives send) of a run with one
// call minus a run with none, rank-to-self lines dropped, are the pairs in
// mpirun_counts_4_1_4.h, as src->dst:messages x bytes, at p = 2 … 8, 12, 16
// and 32. At p = 16 the inner bcast of allreduce nonoverlapping (1.2 MB) and
// allgather linear (16 x 80000 B) is scatter_allgather (p < 32, S >= 1M -> 8),
// whose blocks the outer layout takes in.
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
#include "collectives_test_support.h"
#include "mpirun_counts_4_1_4.h"

using namespace commviz;
using namespace commviz::collectives;
using commviz::collectives::test::RealRun;

namespace {

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

}  // namespace

class OmpiAgainstMpirunTest : public QObject {
    Q_OBJECT
private slots:
    void composedAlgorithmsCallTunedInnerCollectives() { compareWithRealRuns(test::kComposed); }

    void segmentedTreeBcastsSendEverySegment() { compareWithRealRuns(test::kSegmentedBcast); }

    void autoWithNonCommutativeOpFollowsItsBranches() { compareWithRealRuns(test::kAutoNonCommutative); }

    void otherRankCountsAndSizes() { compareWithRealRuns(test::kMoreRanksAndSizes); }

    void composedResultsCheckOut() {
        // Whatever inner algorithms the rules pick (Rabenseifner's halved blocks,
        // split_bintree's halves, scatter_allgather's blocks), every rank ends
        // with the right data: sizes across the inner thresholds, p = 1 … 16.
        const std::pair<Collective, const char*> composed[] = {{Collective::Allreduce, "nonoverlapping"},
                                                               {Collective::Allgather, "linear"},
                                                               {Collective::ReduceScatter, "non-overlapping"},
                                                               {Collective::ReduceScatterBlock, "basic_linear"}};
        for (const auto& [collective, algorithm] : composed)
            for (int p = 1; p <= 16; ++p)
                for (std::int64_t bytes : {1, 5, 7, 100, 777, 5000, 40000, 300001, 1 << 21}) {
                    for (ReduceOp op : {ReduceOp::Sum, ReduceOp::NonCommutative}) {
                        auto config = test::configFor(collective, algorithm, p, bytes);
                        config.op = op;
                        const auto summary = test::runToEnd(config);
                        QVERIFY2(summary["result_ok"].get<bool>(),
                                 qPrintable(QStringLiteral("%1 p = %2, %3 B").arg(algorithm).arg(p).arg(bytes)));
                    }
                }
    }

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
