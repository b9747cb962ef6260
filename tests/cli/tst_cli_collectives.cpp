// The collectives command-line contract through the real binary:
// the summary's keys, a 4-rank ring allreduce message by message (worked out
// by hand from Open MPI ompi/mca/coll/base/coll_base_allreduce.c,
// ompi_coll_base_allreduce_intra_ring), its bytes and Hockney time, one rank,
// detail=rounds, NCCL's null algorithm ID, auto's rule, and bad input.

#include <cmath>

#include "cli_runner.h"

using namespace commviz::testing;

namespace {

CliResult runCollectives(const QStringList& sets) {
    QStringList args{"run", "--scene", "collectives", "--json"};
    for (const QString& set : sets) args << "--set" << set;
    return runCommviz(args);
}

QJsonObject runJson(const QStringList& sets) {
    const CliResult result = runCollectives(sets);
    if (result.exitCode != 0) qWarning("%s", result.err.constData());
    return QJsonDocument::fromJson(result.out).object();
}

QJsonArray eventsOf(const QJsonObject& run, const QString& kind) {
    QJsonArray out;
    for (const auto& value : run.value("events").toArray())
        if (value.toObject().value("kind").toString() == kind) out << value;
    return out;
}

const QStringList kRing4{"collective=allreduce", "library=ompi", "algorithm=ring", "ranks=4", "bytes=16"};

}  // namespace

class TestCliCollectives : public QObject {
    Q_OBJECT

private slots:
    void theSummaryHasEveryKeyOfTheContract() {
        const QJsonObject summary = runJson(kRing4).value("summary").toObject();
        for (const char* key :
             {"algorithm", "algorithm_id", "rule", "redirected_from", "rounds", "messages", "bytes_sent_max",
              "bytes_sent_total", "time_us", "algbw_GBps", "busbw_GBps", "result_ok"})
            QVERIFY2(summary.contains(QLatin1String(key)), key);
        QCOMPARE(summary.value("algorithm").toString(), QStringLiteral("ring"));
        QCOMPARE(summary.value("algorithm_id").toInt(), 4);
        QVERIFY(summary.value("rule").isNull());  // named, not auto
        QVERIFY(summary.value("redirected_from").isNull());
        QCOMPARE(summary.value("result_ok").toBool(), true);
    }

    void ringAllreduceOfFourRanksMessageByMessage() {
        // 16 one-byte elements cut into 4 blocks of 4 bytes. Round k < 3 (reduce-scatter):
        // rank r sends block (r - k) mod 4 to r + 1, which adds it in; round 3 + j (allgather):
        // rank r sends its finished block (r + 1 - j) mod 4 on, which the receiver stores.
        const QJsonObject run = runJson(kRing4);
        const QJsonArray sends = eventsOf(run, "send");
        QCOMPARE(sends.size(), 6 * 4);
        for (int index = 0; index < sends.size(); ++index) {
            const QJsonObject send = sends[index].toObject();
            const int round = index / 4, src = index % 4;
            const int block = round < 3 ? (src - round + 4) % 4 : (src + 1 - (round - 3) + 8) % 4;
            const QString where = QStringLiteral("message %1").arg(index);
            QCOMPARE(send.value("round").toInt(), round + 1);  // rounds count from 1
            QVERIFY2(send.value("src").toInt() == src, qPrintable(where));
            QVERIFY2(send.value("dst").toInt() == (src + 1) % 4, qPrintable(where));
            QVERIFY2(send.value("bytes").toInt() == 4, qPrintable(where));
            QVERIFY2(send.value("blocks").toArray() == QJsonArray{block}, qPrintable(where));
            QVERIFY2(send.value("reduce").toBool() == (round < 3), qPrintable(where));
        }
        // 2(p-1) = 6 rounds, each rank sends 6 × 4 bytes; Hockney on ib400 (α = 2 µs, 50 GB/s,
        // γ 100 GB/s): 6 × (2 + 4/50e3) + 3 × 4/100e3 µs.
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("rounds").toInt(), 6);
        QCOMPARE(summary.value("messages").toInt(), 24);
        QCOMPARE(summary.value("bytes_sent_max").toInt(), 24);
        QCOMPARE(summary.value("bytes_sent_total").toInt(), 96);
        const double time = 6 * (2 + 4 / 50e3) + 3 * 4 / 100e3;
        QVERIFY(std::abs(summary.value("time_us").toDouble() - time) < 1e-9);
        // algbw = S / t; busbw = algbw × 2(p-1)/p (nccl-tests' allreduce factor).
        const double algbw = 16 / (time * 1e3);
        QVERIFY(std::abs(summary.value("algbw_GBps").toDouble() - algbw) < 1e-12);
        QVERIFY(std::abs(summary.value("busbw_GBps").toDouble() - algbw * 1.5) < 1e-12);
    }

    void oneRankSendsNothingAndIsCorrect() {
        const QJsonObject run = runJson({"collective=allreduce", "algorithm=ring", "ranks=1", "bytes=1024"});
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("messages").toInt(), 0);
        QCOMPARE(summary.value("bytes_sent_total").toInt(), 0);
        QCOMPARE(summary.value("result_ok").toBool(), true);
        QVERIFY(eventsOf(run, "send").isEmpty());
    }

    void aBadAlgorithmExitsTwoListingTheAllowedOnes() {
        const CliResult result = runCollectives({"collective=allreduce", "library=ompi", "algorithm=butterfly"});
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.out.isEmpty());
        const QString error = QString::fromUtf8(result.err);
        QVERIFY2(error.contains("algorithm=butterfly"), qPrintable(error));
        for (const char* name : {"auto", "basic_linear", "nonoverlapping", "recursive_doubling", "ring",
                                 "segmented_ring", "rabenseifner", "allgather_reduce"})
            QVERIFY2(error.contains(QLatin1String(name)), qPrintable(error));
        // The same name under NCCL lists NCCL's algorithms, not Open MPI's.
        const CliResult nccl = runCollectives({"collective=allreduce", "library=nccl", "algorithm=rabenseifner"});
        QCOMPARE(nccl.exitCode, 2);
        QVERIFY2(nccl.err.contains("ring") && !nccl.err.contains("allowed: auto, basic_linear"), nccl.err.constData());
    }

    void detailRoundsGivesOneRoundEventPerRound() {
        QStringList sets = kRing4;
        sets << "detail=rounds";
        const QJsonObject run = runJson(sets);
        const QJsonArray rounds = eventsOf(run, "round");
        QCOMPARE(rounds.size(), 6);
        QVERIFY(eventsOf(run, "send").isEmpty());
        for (int round = 0; round < 6; ++round) {
            const QJsonObject event = rounds[round].toObject();
            QCOMPARE(event.value("round").toInt(), round + 1);
            QCOMPARE(event.value("messages").toInt(), 4);
            QCOMPARE(event.value("bytes").toInt(), 16);
            QCOMPARE(event.value("reduce").toBool(), round < 3);
        }
    }

    void ncclHasNoAlgorithmId() {
        const QJsonObject summary =
            runJson({"collective=allreduce", "library=nccl", "algorithm=ring", "ranks=4", "bytes=64", "topo_file="})
                .value("summary")
                .toObject();
        QVERIFY(summary.contains("algorithm_id"));
        QVERIFY(summary.value("algorithm_id").isNull());
        QCOMPARE(summary.value("result_ok").toBool(), true);
    }

    void autoNamesTheRuleThatFired() {
        // Open MPI's fixed allreduce rules (coll_tuned_decision_fixed.c): 4 ranks, 4 KiB -> recursive doubling.
        const QJsonObject summary =
            runJson({"collective=allreduce", "algorithm=auto", "ranks=4", "bytes=4096"}).value("summary").toObject();
        QCOMPARE(summary.value("algorithm").toString(), QStringLiteral("recursive_doubling"));
        QCOMPARE(summary.value("algorithm_id").toInt(), 3);
        QVERIFY2(summary.value("rule").toString().contains("-> 3"), qPrintable(summary.value("rule").toString()));
    }

    void ncclAutoPrintsTheTunersChoice() {
        // The bundled DGX H100 (8 × sm90, 12 ring channels of 30 GB/s over NVLink), 1 MiB allreduce, the rules
        // of 2.22.3 (worked by hand in tst_collectives_nccl_auto): Ring/LL 15 + 1048576/80571 = 28.0 µs.
        const QJsonObject summary = runJson({"library=nccl", "bytes=1048576"}).value("summary").toObject();
        QCOMPARE(summary.value("algorithm").toString(), QStringLiteral("ring"));
        QCOMPARE(summary.value("protocol").toString(), QStringLiteral("LL"));
        QCOMPARE(summary.value("nchannels").toInt(), 24);
        QCOMPARE(summary.value("rule").toString(),
                 QString::fromUtf8("Ring/LL: 28.0 µs, ahead of Tree/LL128 at 45.1 µs; LL128 needs 3.43 MiB to win"));
        const QJsonArray candidates = summary.value("candidates").toArray();
        QCOMPARE(candidates.size(), 6);
        for (const auto& value : candidates)
            for (const char* key : {"algorithm", "protocol", "latency_us", "bandwidth_GBps", "time_us"})
                QVERIFY2(value.toObject().contains(QLatin1String(key)), key);
        const QJsonObject ringLl = candidates[3].toObject();  // NCCL's order: Tree LL, LL128, Simple, then Ring
        QCOMPARE(ringLl.value("algorithm").toString(), QStringLiteral("Ring"));
        QCOMPARE(ringLl.value("protocol").toString(), QStringLiteral("LL"));
        QCOMPARE(std::round(ringLl.value("time_us").toDouble() * 10) / 10, 28.0);
    }

    void ncclRanksThatDoNotFitTheServerExitTwo() {
        const CliResult result = runCollectives({"library=nccl", "nnodes=2", "ranks=8"});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.out.isEmpty());
        const QString error = QString::fromUtf8(result.err);
        for (const char* part : {"ranks=8", "nnodes=2", "topo_file=dgx_h100_nvswitch_8nic.xml", "= 16"})
            QVERIFY2(error.contains(QLatin1String(part)), qPrintable(error));
    }
};

QTEST_MAIN(TestCliCollectives)
#include "tst_cli_collectives.moc"
