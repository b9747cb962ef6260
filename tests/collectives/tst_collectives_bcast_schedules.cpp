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

    void autoPicksKnomialAtSixtyFourRanks() {
        const auto summary = runToEnd(configFor(Collective::Bcast, "auto", 100, 1 << 20));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 128: -> 7"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("knomial"));
        QVERIFY(summary["result_ok"].get<bool>());
    }
};

QTEST_GUILESS_MAIN(BcastSchedulesTest)
#include "tst_collectives_bcast_schedules.moc"
