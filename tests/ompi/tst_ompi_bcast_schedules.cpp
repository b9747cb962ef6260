// Proves Open MPI's bcast algorithms send the rounds, messages and bytes their
// patterns imply for p = 1…8 and 16, every rank ending with the root's buffer.
// Every rank but the root receives the whole buffer once, so the segmented and
// tree algorithms send (p-1)n in total.
//  basic_linear: 1 round, p-1 messages, the root sends (p-1)n.
//  binomial:  ⌈lg p⌉ rounds, p-1 messages; the root sends in every round.
//  knomial (radix 4): ⌈log4 p⌉ rounds; p = 8: level 0 sends 0->4, level 1
//             0->1,2,3 and 4->5,6,7, so the root sends 4n; p = 16: 0->4,8,12 then
//             0->1,2,3: 6n.
//  pipeline, 4 segments: segment s leaves the root in round s and needs p-2
//             more hops: 4 + p - 2 rounds, 4(p-1) messages, nobody sends more than n.
//  chain, fanout 4, 4 segments: min(4, p-1) chains, the longest ⌈(p-1)/4⌉ ranks:
//             4 + longest - 1 rounds; the root feeds every chain: min(4, p-1) x n.
//  scatter_allgather_ring: ⌈lg p⌉ scatter rounds (p-1 messages), then p-1 ring
//             rounds of p messages. p = 8, n = 1680: the scatter moves 4+2+1 blocks,
//             2+1 blocks (twice) … = lg p x p/2 = 12 blocks of 210 B; the ring 7 x 8 blocks.

#include "collectives_test_support.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t n = 1680;

sim::Json run(const char* algorithm, int p, std::int64_t segsize = 0, int root = 0) {
    auto config = configFor(Collective::Bcast, algorithm, p, n);
    config.segsize = segsize;
    config.root = root;
    return runToEnd(config);
}

}  // namespace

class BcastSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void basicLinearAndBinomial() {
        for (int p : kRanks) {
            checkSchedule(run("basic_linear", p), p > 1 ? 1 : 0, p - 1, (p - 1) * n, (p - 1) * n);
            checkSchedule(run("binomial", p, 0, p - 1), ceilLog(p, 2), p - 1, ceilLog(p, 2) * n, (p - 1) * n);
        }
    }

    void knomial() {
        for (int p : kRanks) {
            const auto summary = run("knomial", p);
            QCOMPARE(summary["rounds"].get<int>(), ceilLog(p, 4));
            QCOMPARE(summary["messages"].get<std::int64_t>(), std::int64_t(p - 1));
            QVERIFY(summary["result_ok"].get<bool>());
        }
        QCOMPARE(run("knomial", 8)["bytes_sent_max"].get<std::int64_t>(), 4 * n);
        QCOMPARE(run("knomial", 16)["bytes_sent_max"].get<std::int64_t>(), 6 * n);
    }

    void pipelineOfFourSegments() {
        for (int p : kRanks)
            checkSchedule(run("pipeline", p, n / 4, p / 2), p > 1 ? 4 + p - 2 : 0, 4LL * (p - 1), p > 1 ? n : 0,
                          (p - 1) * n);
    }

    void chainsOfFourSegments() {
        for (int p : kRanks) {
            const int chains = std::min(4, p - 1), longest = (p - 1 + 3) / 4;
            checkSchedule(run("chain", p, n / 4), p > 1 ? 4 + longest - 1 : 0, 4LL * (p - 1), chains * n, (p - 1) * n);
        }
    }

    void scatterAllgatherRing() {
        for (int p : kRanks) {
            const auto summary = run("scatter_allgather_ring", p, 0, p > 1 ? 1 : 0);
            QCOMPARE(summary["rounds"].get<int>(), ceilLog(p, 2) + p - 1);
            QCOMPARE(summary["messages"].get<std::int64_t>(), std::int64_t(p - 1) + std::int64_t(p) * (p - 1));
            QVERIFY(summary["result_ok"].get<bool>());
        }
        QCOMPARE(run("scatter_allgather_ring", 8)["bytes_sent_total"].get<std::int64_t>(), (12 + 56) * (n / 8));
        // count 3 < p 4: linear.
        auto config = configFor(Collective::Bcast, "scatter_allgather_ring", 4, 3);
        const auto small = runToEnd(config);
        QCOMPARE(small["algorithm"].get<std::string>(), std::string("basic_linear"));
        QCOMPARE(small["redirected_from"].get<std::string>(), std::string("scatter_allgather_ring"));
    }

    void binaryTree() {
        // Shifted rank s at level L has children s + 2^L and s + 2^(L+1): p = 8
        // is 0 -> 1,2; 1 -> 3,5; 2 -> 4,6; 3 -> 7, three levels deep. One
        // segment: ⌊lg p⌋ rounds; 4 segments: 3 more. The root sends n to each child.
        for (int p : kRanks) {
            const int depth = p > 1 ? ceilLog(p + 1, 2) - 1 : 0;
            checkSchedule(run("binary_tree", p), depth, p - 1, std::min(p - 1, 2) * n, (p - 1) * n);
            checkSchedule(run("binary_tree", p, n / 4, p - 1), p > 1 ? depth + 3 : 0, 4LL * (p - 1),
                          std::min(p - 1, 2) * n, (p - 1) * n);
        }
    }

    void splitBinaryTree() {
        // Half 0 goes down the odd shifted ranks, half 1 down the even ones;
        // then s and s+1 swap halves (p even: the root sends half 1 to p-1).
        // Every other rank receives n/2 twice: 2(p-1) messages, (p-1)n bytes.
        // 1.5n is the most one rank sends: with p = 4 the root (both halves and
        // half 1 again to 3), from p = 6 rank 1 (to 3 and 5, then the swap with 2);
        // with p = 2, 3, 5 nobody sends more than n.
        for (int p : kRanks) {
            const auto summary = run("split_binary_tree", p, 0, p / 3);
            const int depth = p > 1 ? ceilLog(p + 1, 2) - 1 : 0;
            const std::int64_t most = (p == 4 || p >= 6) ? 3 * n / 2 : (p > 1 ? n : 0);
            checkSchedule(summary, p > 1 ? depth + 1 : 0, 2LL * (p - 1), most, (p - 1) * n);
        }
        // One element cannot be split: the chain with fan-out 1.
        const auto one = runToEnd(configFor(Collective::Bcast, "split_binary_tree", 4, 1));
        QCOMPARE(one["algorithm"].get<std::string>(), std::string("chain"));
        QCOMPARE(one["redirected_from"].get<std::string>(), std::string("split_binary_tree"));
        QCOMPARE(one["rounds"].get<int>(), 3);
    }

    void scatterAllgather() {
        // p = 8, n = 1680: the scatter moves 12 blocks of 210 B in 3 rounds,
        // the doubling allgather 1, 2, 4 blocks per rank: 31 messages, (12 + 56) x 210.
        checkSchedule(run("scatter_allgather", 8), 6, 31, 14 * 210, 68 * 210);
        // p = 3: blocks of 560; scatter 0->2, 0->1; exchanges 0<->1, 0<->2
        // (1120 and 560); rank 1 has no partner at distance 2, so 0 hands
        // block 2 on: 5 rounds, 7 messages.
        checkSchedule(run("scatter_allgather", 3), 5, 7, 6 * 560, 8 * 560);
        for (int p : kRanks)
            for (std::int64_t bytes : {std::int64_t(p), std::int64_t(p + 1), std::int64_t(2 * p - 1), n}) {
                auto config = configFor(Collective::Bcast, "scatter_allgather", p, bytes);
                config.root = p / 2;
                QVERIFY(runToEnd(config)["result_ok"].get<bool>());
            }
        // count 3 < p 4: linear.
        const auto small = runToEnd(configFor(Collective::Bcast, "scatter_allgather", 4, 3));
        QCOMPARE(small["algorithm"].get<std::string>(), std::string("basic_linear"));
        // van de Geijn: 2 lg p α + 2(p-1)/p nβ = 6 + 2.94 µs at p = 8.
        QVERIFY(qFuzzyCompare(run("scatter_allgather", 8)["closed_form_us"].get<double>(), 8.94));
    }

    void scatterAllgatherRingCutsCeilBlocks() {
        // Open MPI cuts ⌈count/p⌉-element blocks. p = 4, count 10: blocks 3,3,3,1;
        // scatter 0->2 (blocks 2-3, 4 B), 0->1 (3 B), 2->3 (1 B); ring 3 x 10 B,
        // rank 0 passing blocks 0, 3, 2: it sends 7 + 7 B.
        auto summary = runToEnd(configFor(Collective::Bcast, "scatter_allgather_ring", 4, 10));
        checkSchedule(summary, 2 + 3, 3 + 12, 7 + 7, 8 + 30);
        // count 5: blocks 2,2,1 and none for rank 3, so 2->3 is not sent and the
        // ring passes rank 3's empty block as zero-byte messages; rank 0 sends
        // 1 + 2 B, then blocks 0, 3, 2: 2 + 0 + 1 B.
        summary = runToEnd(configFor(Collective::Bcast, "scatter_allgather_ring", 4, 5));
        checkSchedule(summary, 2 + 3, 2 + 12, 3 + 3, 3 + 15);
    }

    void autoRunsTheTreeAndScatterAllgatherBands() {
        // p < 8: S < 64 -> 5; p < 1024: S < 32K -> 4 (after S < 16K -> 7); p < 32: S >= 1M -> 8.
        auto summary = runToEnd(configFor(Collective::Bcast, "auto", 5, 63));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("binary_tree"));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 8: S < 64 -> 5"));
        summary = runToEnd(configFor(Collective::Bcast, "auto", 300, 16384));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("split_binary_tree"));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 1024: S < 32K -> 4"));
        QVERIFY(summary["result_ok"].get<bool>());
        summary = runToEnd(configFor(Collective::Bcast, "auto", 20, 1 << 20));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("scatter_allgather"));
        QCOMPARE(summary["algorithm_id"].get<int>(), 8);
        QVERIFY(summary["result_ok"].get<bool>());
    }

    void autoPicksKnomialAtSixtyFourRanks() {
        const auto summary = runToEnd(configFor(Collective::Bcast, "auto", 100, 1 << 20));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 128: -> 7"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("knomial"));
        QVERIFY(summary["result_ok"].get<bool>());
    }
};

QTEST_GUILESS_MAIN(BcastSchedulesTest)
#include "tst_ompi_bcast_schedules.moc"
