// Proves algorithm=auto applies Open MPI's fixed allreduce rules
// (coll_tuned_decision_fixed.c) just below and at each threshold, reports the
// rule that fired, and follows the chosen algorithm's own fallbacks.

#include "collectives_test_support.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

FixedChoice allreduce(int ranks, std::int64_t bytes, bool commutative = true) {
    return fixedDecision(Collective::Allreduce, ranks, bytes, commutative).value();
}

}  // namespace

class FixedRulesTest : public QObject {
    Q_OBJECT

private slots:
    void sizesPrintAsTheTablesWriteThem() {
        QCOMPARE(sizeText(8), std::string("8"));
        QCOMPARE(sizeText(4096), std::string("4K"));
        QCOMPARE(sizeText(262144), std::string("256K"));
        QCOMPARE(sizeText(1048576), std::string("1M"));
    }

    void smallCommunicatorBandAtEachThreshold() {
        // p < 4: S<8 -> 4 · S<4K -> 3 · S<8K -> 4 · S<16K -> 3 · S<64K -> 4 · S<256K -> 5 · else 6
        QCOMPARE(allreduce(2, 7).rule, std::string("p < 4: S < 8 -> 4"));
        QCOMPARE(allreduce(2, 8).algorithmId, 3);
        QCOMPARE(allreduce(3, 4095).algorithmId, 3);
        QCOMPARE(allreduce(3, 4096).rule, std::string("p < 4: S < 8K -> 4"));
        QCOMPARE(allreduce(3, 16383).algorithmId, 3);
        QCOMPARE(allreduce(3, 16384).algorithmId, 4);
        QCOMPARE(allreduce(2, 262143).rule, std::string("p < 4: S < 256K -> 5"));
        QCOMPARE(allreduce(2, 262144).rule, std::string("p < 4: S >= 256K -> 6"));
    }

    void middleBands() {
        // p < 8: S<16 -> 4 · S<8K -> 3 · else 6
        QCOMPARE(allreduce(4, 15).algorithmId, 4);
        QCOMPARE(allreduce(7, 16).rule, std::string("p < 8: S < 8K -> 3"));
        QCOMPARE(allreduce(7, 8191).algorithmId, 3);
        QCOMPARE(allreduce(4, 8192).rule, std::string("p < 8: S >= 8K -> 6"));
        // p < 32: S<64 -> 5 · S<4K -> 3 · else 6
        QCOMPARE(allreduce(16, 63).algorithmId, 5);
        QCOMPARE(allreduce(31, 64).algorithmId, 3);
        QCOMPARE(allreduce(16, 4096).algorithmId, 6);
        // p < 256: S<128K -> 2 · S<256K -> 3 · else 6
        QCOMPARE(allreduce(128, 131071).algorithmId, 2);
        QCOMPARE(allreduce(255, 131072).algorithmId, 3);
    }

    void largestBands() {
        QCOMPARE(allreduce(4095, 2047).rule, std::string("p < 4096: S < 2K -> 2"));
        QCOMPARE(allreduce(4095, 2048).rule, std::string("p < 4096: S < 4K -> 5"));
        QCOMPARE(allreduce(4096, 16383).rule, std::string("p >= 4096: S < 16K -> 5"));
        QCOMPARE(allreduce(4096, 32768).rule, std::string("p >= 4096: S >= 32K -> 6"));
    }

    void nonCommutativeNeverPicksRingOrRabenseifner() {
        QCOMPARE(allreduce(4, 1 << 30, false).rule, std::string("p < 8: -> 3"));
        QCOMPARE(allreduce(2, 131071, false).algorithmId, 3);
        QCOMPARE(allreduce(2, 131072, false).algorithmId, 1);
        QCOMPARE(allreduce(8, 1048575, false).algorithmId, 3);
        QCOMPARE(allreduce(8, 1048576, false).rule, std::string("p < 16: S >= 1M -> 2"));
        QCOMPARE(allreduce(512, 2048, false).rule, std::string("p >= 512: S >= 2K -> 3"));
    }

    void bcastAndAllgatherTables() {
        QCOMPARE(fixedDecision(Collective::Bcast, 64, 1 << 20, true)->rule, std::string("p < 128: -> 7"));
        QCOMPARE(fixedDecision(Collective::Bcast, 20, 4095, true)->algorithmId, 7);
        QCOMPARE(fixedDecision(Collective::Bcast, 20, 1048576, true)->rule, std::string("p < 32: S >= 1M -> 8"));
        QCOMPARE(fixedDecision(Collective::Allgather, 2, 100, true)->rule, std::string("p = 2: -> 6"));
        QCOMPARE(fixedDecision(Collective::Allgather, 3, 100, true)->rule, std::string("p < 32: -> 3"));
        QCOMPARE(fixedDecision(Collective::Allgather, 40, 1023, true)->algorithmId, 3);
        QCOMPARE(fixedDecision(Collective::Allgather, 40, 1024, true)->algorithmId, 5);
        QCOMPARE(fixedDecision(Collective::Allgather, 40, 65536, true)->algorithmId, 4);
    }

    void autoRunsTheChosenAlgorithm() {
        // p = 4, S = 8K: Rabenseifner.
        auto summary = runToEnd(configFor(Collective::Allreduce, "auto", 4, 8192));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("rabenseifner"));
        QCOMPARE(summary["algorithm_id"].get<int>(), 6);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 8: S >= 8K -> 6"));
        QVERIFY(summary["result_ok"].get<bool>());
        // p = 2, S = 100K: segmented ring with the fixed rules' segsize 0 is the plain ring.
        summary = runToEnd(configFor(Collective::Allreduce, "auto", 2, 100 * 1024));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 4: S < 256K -> 5"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("ring"));
        QCOMPARE(summary["redirected_from"].get<std::string>(), std::string("segmented_ring"));
    }

    void autoIgnoresThePersonsFanoutAndSegsize() {
        // p = 6, S = 2M: bcast chain. The fixed rules pass fan-out 0 (one chain,
        // 0 -> 1 -> ... -> 5) and segsize 0 (the whole vector per hop): 5 rounds
        // of one 2 MiB message each, not fanout = 4's 4 chains in 2 rounds.
        auto config = configFor(Collective::Bcast, "auto", 6, 2 * 1024 * 1024);
        config.fanout = 4;
        config.segsize = 65536;
        const auto summary = runToEnd(config);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 8: S >= 1M -> 2"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("chain"));
        QCOMPARE(summary["rounds"].get<int>(), 5);
        QCOMPARE(summary["messages"].get<int>(), 5);
        QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), std::int64_t(2 * 1024 * 1024));
        QVERIFY(summary["result_ok"].get<bool>());
    }
};

QTEST_GUILESS_MAIN(FixedRulesTest)
#include "tst_ompi_fixed_rules.moc"
