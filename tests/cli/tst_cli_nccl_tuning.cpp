// `commviz nccl-log FILE.log [--set key=value]... [--json]`'s tuning section through the real binary, on the
// published 2.29.7 log (tests/nccl/graph/fixtures, source named there): as published (no GRAPH lines: the
// model cannot be made, the choices are explained from the logged table), and with the two `Pattern` lines
// worked out by hand from that table (see tst_nccl_tuning_log_explain) put in front of it; and on a complete
// published 2.23.4 log whose own GRAPH lines make the model.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

using commviz::testing::CliResult;
using commviz::testing::expectRefused;
using commviz::testing::runCommviz;
using commviz::testing::writeFile;

namespace {

const QString kFixture =
    QStringLiteral(COMMVIZ_SOURCE_DIR "/tests/nccl/graph/fixtures/nccl_2.29.7_rtx5090_2node_socket_tuning.log");

QByteArray withGraphLines() {
    QFile file(kFixture);
    if (!file.open(QIODevice::ReadOnly)) qFatal("fixture missing");
    QByteArray text = file.readAll();
    const QByteArray graphs =
        "lab:3038984:3038984 [0] NCCL INFO Pattern 4, crossNic 0, nChannels 2, bw 1.200000/1.200000, type LOC/SYS, "
        "sameChannels 1\n"
        "lab:3038984:3038984 [0] NCCL INFO Pattern 3, crossNic 0, nChannels 2, bw 2.400000/2.400000, type LOC/SYS, "
        "sameChannels 1\n";
    text.insert(text.indexOf("lab:3038984:3038984 [0] NCCL INFO   Algorithm"), graphs);
    return text;
}

QJsonObject tuningOf(const CliResult& result) {
    return QJsonDocument::fromJson(result.out).object().value("tuning").toObject();
}

}  // namespace

class CliNcclTuningTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_graphLog;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_graphLog = writeFile(m_dir, "with_graphs.log", withGraphLines());
    }

    // Text: the rules named, every cell agreeing, and the 32768-byte Broadcast's candidates:
    // Ring/LL 9.3 + 32768/1200 = 36.61 µs loses to Ring/Simple 22.4 + 32768/2400 = 36.05 µs.
    void textExplainsTheTable() {
        const CliResult result = runCommviz({"nccl-log", m_graphLog, "--set", "gpu_sm=120", "nranks=2", "nnodes=2"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains("model: NCCL 2.29.7 rules (from the log's `NCCL version 2.29.7+cuda12.9`)"));
        QVERIFY(result.out.contains("cells: 105 compared, 105 agree\n"));
        QVERIFY(result.out.contains("AllReduce     Ring/Simple          logged 36.4/2.4  model 36.4/2.4  agree"));
        QVERIFY(
            result.out.contains("Broadcast 32768 bytes: logged Ring/Simple; model Ring/Simple time 36.05 -> agree\n"
                                "    candidates: Ring/LL 36.61 Ring/Simple 36.05\n"));
        QVERIFY(!result.out.contains("unknown NCCL INFO message]: lab:3038984:3038984 [0] NCCL INFO   Algorithm"));
    }

    // JSON: NCCL's names as keys, no differences, every selection the model's.
    void jsonHasTheTuningObject() {
        const QJsonObject tuning =
            tuningOf(runCommviz({"nccl-log", m_graphLog, "gpu_sm=120", "nranks=2", "nnodes=2", "--json"}));
        QCOMPARE(tuning.value("version").toString(), QString("2.29.7"));
        QCOMPARE(tuning.value("choices_from").toString(), QString("model"));
        const QJsonArray ringSimple =
            tuning.value("model").toObject().value("AllReduce").toObject().value("Ring/Simple").toArray();
        QCOMPARE(ringSimple.at(0).toDouble(), 36.4);
        QCOMPARE(ringSimple.at(1).toDouble(), 2.4);
        const QJsonArray logged = tuning.value("logged")
                                      .toObject()
                                      .value("cells")
                                      .toObject()
                                      .value("AllGather")
                                      .toObject()
                                      .value("PAT/Simple")
                                      .toArray();
        QVERIFY(qAbs(logged.at(0).toDouble() - 17.6) < 1e-4);
        QCOMPARE(tuning.value("differences").toArray().size(), 0);
        const QJsonArray selections = tuning.value("selections").toArray();
        QCOMPARE(selections.size(), 18);
        const QJsonObject first = selections.at(0).toObject();
        QCOMPARE(first.value("collective").toString(), QString("Broadcast"));
        QCOMPARE(first.value("bytes").toInt(), 1024);
        QCOMPARE(first.value("logged").toObject().value("algorithm").toString(), QString("Ring"));
        QCOMPARE(first.value("logged").toObject().value("protocol").toString(), QString("LL"));
        QVERIFY(!first.value("logged").toObject().contains("time_us"));
        const QJsonObject model = first.value("model").toObject();
        QCOMPARE(model.value("algorithm").toString(), QString("Ring"));
        QCOMPARE(model.value("protocol").toString(), QString("LL"));
        QVERIFY(qAbs(model.value("time_us").toDouble() - (9.3 + 1024.0 / 1200.0)) < 0.01);
        QCOMPARE(model.value("nchannels").toInt(), 2);
    }

    // A complete published 2.23.4 log (4 × H100 SXM, NVLS graph; source in its first line) as a user runs it:
    // every cell agrees, and the 19705728-byte AllReduce goes to NVLS/Simple at 25.0 µs (hwLat NVLink NVLS, 2.21+)
    // + 19705728 / (1000 × 80.0) = 271.32 µs, bandwidth 4 channels × min(24, 50) × 5/6 = 80.0 GB/s.
    void completeLogAgreesThroughTheCommand() {
        const QString log = QStringLiteral(
            COMMVIZ_SOURCE_DIR "/tests/nccl/graph/fixtures/nccl_2.23.4_h100sxm_nvls_1x4_p2pdisabled_partial.log");
        const CliResult result = runCommviz({"nccl-log", log, "--set", "gpu_sm=90"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains("model: NCCL 2.23.4 rules (from the log's `NCCL version 2.23.4+cuda12.4`)"));
        QVERIFY(result.out.contains("cells: 105 compared, 105 agree\n"));
        QVERIFY(result.out.contains("AllReduce     NVLS/Simple          logged 25.0/80.0  model 25.0/80.0  agree"));
        QVERIFY(result.out.contains(
            "AllReduce 19705728 bytes: logged NVLS/Simple time 271.32; model NVLS/Simple time 271.32 -> agree"));
        QVERIFY(!result.out.contains("-> differ"));
    }

    // As published: no GRAPH lines, so no model; the reason in text and JSON, the choices from the table.
    void noGraphLinesSaysWhy() {
        const CliResult result = runCommviz({"nccl-log", kFixture, "nranks=2", "nnodes=2"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains("model: cannot be made: the log has no GRAPH `Pattern …` lines"));
        QVERIFY(result.out.contains("why NCCL chose, from the logged table's cells"));
        const QJsonObject tuning = tuningOf(runCommviz({"nccl-log", kFixture, "--json"}));
        QVERIFY(tuning.value("model").isNull());
        QVERIFY(tuning.value("model_error").toString().contains("no GRAPH"));
    }

    // --help names the tuning section and the keys.
    void helpNamesTheKeys() {
        const CliResult result = runCommviz({"nccl-log", "--help"});
        QCOMPARE(result.exitCode, 0);
        for (const char* word : {"usage: commviz nccl-log FILE.log", "TUNING table", "gpu_sm=N", "nccl_version=2.N.P",
                                 "nranks=N", "nnodes=N", "collective=NAME"})
            QVERIFY2(result.out.contains(word), word);
    }

    // gpu_sm and the other keys are checked: status 2, one line naming key, value and what is allowed.
    void badKeysAreRefused() {
        expectRefused({"nccl-log", kFixture, "gpu_sm=95"}, {"gpu_sm", "95", "90", "120"});
        expectRefused({"nccl-log", kFixture, "--set", "gpu_sm=ninety"}, {"gpu_sm", "ninety"});
        expectRefused({"nccl-log", kFixture, "nccl_version=2.9"}, {"nccl_version", "2.9", "2.18 to 2.30"});
        expectRefused({"nccl-log", kFixture, "no_such_key=1"}, {"no_such_key"});
    }
};

QTEST_GUILESS_MAIN(CliNcclTuningTest)
#include "tst_cli_nccl_tuning.moc"
