// The nccl-bootstrap command-line contract through the real binary:
// the message sequence for small n worked out by hand from NCCL src/bootstrap.cc
// (bootstrapRoot, bootstrapInit, bootstrapRingAllGather: who sends what to whom in which round), round counts, several
// roots, every fault, the INFO log, detail=rounds, and bad input.

#include "cli_runner.h"

using namespace commviz::testing;

namespace {

QJsonObject runNccl(const QStringList& sets, int* exitCode = nullptr) {
    QStringList args{"run", "--scene", "nccl-bootstrap", "--json"};
    for (const QString& set : sets) args << "--set" << set;
    const CliResult result = runCommviz(args);
    if (exitCode) *exitCode = result.exitCode;
    return QJsonDocument::fromJson(result.out).object();
}

/// The bootstrap messages as "kind src>dst" plus their message fields, in order.
QStringList messages(const QJsonObject& run) {
    QStringList out;
    const auto str = [](const QJsonValue& v) { return v.isString() ? v.toString() : QString::number(v.toInt()); };
    for (const auto& value : run.value("events").toArray()) {
        const QJsonObject e = value.toObject();
        const QString kind = e.value("kind").toString();
        if (kind != "extinfo" && kind != "next_addr" && kind != "ring_connect" && kind != "allgather") continue;
        QString line = QStringLiteral("%1 %2>%3").arg(kind, str(e.value("src")), str(e.value("dst")));
        if (e.contains("peer")) line += " peer=" + str(e.value("peer"));
        if (kind == "allgather")
            line += QStringLiteral(" r%1 s%2").arg(e.value("round").toInt()).arg(e.value("slice").toInt());
        if (e.contains("direction")) line += " " + e.value("direction").toString();
        out << line;
    }
    return out;
}

QStringList kinds(const QJsonObject& run, const QString& kind) {
    QStringList out;
    for (const QString& line : messages(run))
        if (line.startsWith(kind + ' ')) out << line;
    return out;
}

QStringList logLines(const QJsonObject& run, const QString& containing) {
    QStringList out;
    for (const auto& line : run.value("summary").toObject().value("log").toArray())
        if (line.toString().contains(containing)) out << line.toString();
    return out;
}

}  // namespace

class TestCliNccl : public QObject {
    Q_OBJECT

private slots:
    void classicFourRanksMessageByMessage() {
        // §3.3: all check in, the root waits for all 4 then replies in rank order with (r+1) mod 4,
        // ring connect r -> r+1, then three allgathers (peer, proxy, proxy UDS ids) of 3 rounds: in
        // round i rank r sends slice (r - i) mod 4 to r + 1.
        QStringList expected{"extinfo 0>root",          "extinfo 1>root",          "extinfo 2>root",
                             "extinfo 3>root",          "next_addr root>0 peer=1", "next_addr root>1 peer=2",
                             "next_addr root>2 peer=3", "next_addr root>3 peer=0", "ring_connect 0>1",
                             "ring_connect 1>2",        "ring_connect 2>3",        "ring_connect 3>0"};
        for (int gather = 0; gather < 3; ++gather)
            for (const char* round :
                 {"r0 s0|r0 s1|r0 s2|r0 s3", "r1 s3|r1 s0|r1 s1|r1 s2", "r2 s2|r2 s3|r2 s0|r2 s1"}) {
                const QStringList parts = QString(round).split('|');
                for (int r = 0; r < 4; ++r)
                    expected << QStringLiteral("allgather %1>%2 %3").arg(r).arg((r + 1) % 4).arg(parts[r]);
            }
        int code = -1;
        const QJsonObject run = runNccl({"nranks=4"}, &code);
        QCOMPARE(code, 0);
        QCOMPARE(messages(run), expected);
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("complete").toBool(), true);
        QCOMPARE(summary.value("blocked").toArray().size(), 0);
        const QJsonObject counts = summary.value("messages").toObject();
        QCOMPARE(counts.value("extinfo").toInt(), 4);
        QCOMPARE(counts.value("next_addr").toInt(), 4);
        QCOMPARE(counts.value("ring_connect").toInt(), 4);
        QCOMPARE(counts.value("allgather").toInt(), 36);  // 3 gathers × 3 rounds × 4
        // Which allgather each message belongs to: 12 of each, in the order of §3.3 steps 7–9.
        QStringList payloads;
        for (const auto& e : run.value("events").toArray())
            if (e.toObject().value("kind") == "allgather") {
                const QString p = e.toObject().value("payload").toString();
                if (payloads.isEmpty() || payloads.back() != p) payloads << p;
            }
        QCOMPARE(payloads, (QStringList{"peer_addresses", "proxy_addresses", "proxy_uds_addresses"}));
    }

    void v230FourRanksRepliesEarlyAndGathersBothWays() {
        // §3.4: the root answers prev as soon as a rank arrives (0 waits for 1, 1 for 2 …; 3 closes
        // both). §3.5: 4/2 = 2 rounds; round 0 both ways, round 1 (last, n even) forward only.
        const QStringList expected{"extinfo 0>root",           "extinfo 1>root",           "next_addr root>0 peer=1",
                                   "extinfo 2>root",           "next_addr root>1 peer=2",  "extinfo 3>root",
                                   "next_addr root>2 peer=3",  "next_addr root>3 peer=0",  "ring_connect 0>1",
                                   "ring_connect 1>2",         "ring_connect 2>3",         "ring_connect 3>0",
                                   "allgather 0>1 r0 s0 next", "allgather 0>3 r0 s0 prev", "allgather 1>2 r0 s1 next",
                                   "allgather 1>0 r0 s1 prev", "allgather 2>3 r0 s2 next", "allgather 2>1 r0 s2 prev",
                                   "allgather 3>0 r0 s3 next", "allgather 3>2 r0 s3 prev", "allgather 0>1 r1 s3 next",
                                   "allgather 1>2 r1 s0 next", "allgather 2>3 r1 s1 next", "allgather 3>0 r1 s2 next"};
        QCOMPARE(messages(runNccl({"nranks=4", "version=2.30"})), expected);
    }

    void roundCounts_data() {
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("rounds");
        QTest::addColumn<int>("allgathers");
        // classic: 3 gathers × (n − 1) rounds × n; 2.30: ⌊n/2⌋ rounds, 2n messages a round but n in
        // the last round when n is even.
        QTest::newRow("classic 1") << "classic" << 1 << 0 << 0;
        QTest::newRow("classic 2") << "classic" << 2 << 1 << 6;
        QTest::newRow("classic 3") << "classic" << 3 << 2 << 18;
        QTest::newRow("classic 5") << "classic" << 5 << 4 << 60;
        QTest::newRow("2.30 1") << "2.30" << 1 << 0 << 0;
        QTest::newRow("2.30 2") << "2.30" << 2 << 1 << 2;
        QTest::newRow("2.30 3") << "2.30" << 3 << 1 << 6;
        QTest::newRow("2.30 5") << "2.30" << 5 << 2 << 20;
    }
    void roundCounts() {
        QFETCH(QString, version);
        QFETCH(int, n);
        QFETCH(int, rounds);
        QFETCH(int, allgathers);
        const QJsonObject run = runNccl({QStringLiteral("nranks=%1").arg(n), "version=" + version});
        const QStringList gathered = kinds(run, "allgather");
        QCOMPARE(gathered.size(), allgathers);
        int maxRound = -1;
        for (const auto& e : run.value("events").toArray())
            if (e.toObject().value("kind") == "allgather")
                maxRound = std::max(maxRound, e.toObject().value("round").toInt());
        QCOMPARE(maxRound + 1, rounds);
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("complete").toBool(), true);
        // Every rank ends knowing all n addresses.
        const QJsonArray tables = summary.value("tables").toArray();
        QCOMPARE(tables.size(), n);
        for (const auto& table : tables) {
            QCOMPARE(table.toObject().value("known").toInt(), n);
            QCOMPARE(table.toObject().value("addresses").toArray().size(), n);
        }
    }

    void twoRootsCheckInAcrossBlocks() {
        // §3.4 multi-root: 5 ranks, 2 ids -> root0 serves {0,1,2}, root1 {3,4}. Rank 3 (first of
        // block 1) also reports to root0, rank 0 to root1 (wrapping); slot 0's prev is not local.
        const QStringList expected{"extinfo 0>root0",          "extinfo 0>root1",          "extinfo 1>root0",
                                   "next_addr root0>0 peer=1", "extinfo 2>root0",          "next_addr root0>1 peer=2",
                                   "extinfo 3>root1",          "extinfo 3>root0",          "next_addr root0>2 peer=3",
                                   "extinfo 4>root1",          "next_addr root1>3 peer=4", "next_addr root1>4 peer=0"};
        const QJsonObject run = runNccl({"nranks=5", "version=2.30", "nroots=2"});
        const QStringList got = messages(run).filter(QRegularExpression("^(extinfo|next_addr)"));
        QCOMPARE(got, expected);
        QCOMPARE(run.value("summary").toObject().value("messages").toObject().value("extinfo").toInt(), 7);
    }

    void missingRankHangsAndSaysWhoWaits() {
        const QJsonObject run = runNccl({"nranks=4", "missing_rank=2"});
        QCOMPARE(kinds(run, "extinfo"), (QStringList{"extinfo 0>root", "extinfo 1>root", "extinfo 3>root"}));
        QCOMPARE(kinds(run, "next_addr").size(), 0);  // the classic root waits for all before replying
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("complete").toBool(), false);
        const QJsonArray blocked = summary.value("blocked").toArray();
        QVERIFY(!blocked.isEmpty());
        QCOMPARE(blocked[0].toObject().value("who").toString(), QString("root"));
        QCOMPARE(blocked[0].toObject().value("waits_on").toArray(), QJsonArray{2});
        for (int i = 1; i < blocked.size(); ++i)
            QCOMPARE(blocked[i].toObject().value("waits_on").toString(), QString("root"));
    }

    void wrongMagicIsDroppedAndAcceptingGoesOn() {
        const QJsonObject run = runNccl({"nranks=4", "bad_magic_rank=2", "version=2.30", "log=info"});
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("complete").toBool(), true);
        QCOMPARE(summary.value("messages").toObject().value("bad_magic").toInt(), 1);
        QCOMPARE(kinds(run, "extinfo").size(), 4);
        QCOMPARE(logLines(run, "socket magic mismatch").size(), 1);
        QVERIFY(logLines(run, "socket magic mismatch")[0].contains("discarding peer connection"));
    }

    void rootWarnsStopTheBootstrap_data() {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("warn");
        QTest::newRow("mismatch classic") << "nranks_mismatch_rank=2"
                                          << "classic"
                                          << "NCCL WARN Bootstrap Root : mismatch in rank count from procs 4 : 5";
        QTest::newRow("mismatch 2.30")
            << "nranks_mismatch_rank=2"
            << "2.30"
            << "NCCL WARN Bootstrap Root : mismatch in info from procs, nranks 4 vs 5, nroots 1 vs 1, iroot 0 vs 0, "
               "offset 0 vs 0";
        QTest::newRow("duplicate classic") << "duplicate_rank=1"
                                           << "classic"
                                           << "NCCL WARN Bootstrap Root : rank 1 of 4 ranks has already checked in";
        QTest::newRow("duplicate 2.30") << "duplicate_rank=1"
                                        << "2.30"
                                        << "NCCL WARN Bootstrap Root : rank 1 of 4 ranks has already checked in";
    }
    void rootWarnsStopTheBootstrap() {
        QFETCH(QString, fault);
        QFETCH(QString, version);
        QFETCH(QString, warn);
        const QJsonObject run = runNccl({"nranks=4", fault, "version=" + version, "log=info"});
        const QJsonObject summary = run.value("summary").toObject();
        QCOMPARE(summary.value("complete").toBool(), false);
        QCOMPARE(logLines(run, warn).size(), 1);
        QCOMPARE(summary.value("blocked").toArray()[0].toObject().value("who").toString(), QString("root"));
        QCOMPARE(kinds(run, "allgather").size(), 0);
    }

    void unreachableRootRetriesThenFails() {
        const QJsonObject classic = runNccl({"nranks=2", "root_unreachable=1", "log=info"});
        QCOMPARE(classic.value("summary").toObject().value("complete").toBool(), false);
        QVERIFY(!logLines(classic, "Call to connect returned Connection refused, retrying").isEmpty());
        QVERIFY(!logLines(classic, "NCCL WARN socketStartConnect: exceeded retries (20000)").isEmpty());
        const QJsonObject v230 = runNccl({"nranks=2", "root_unreachable=1", "log=info", "version=2.30"});
        // 2.24+: try k sleeps k × 100 ms, up to 34 retries.
        QVERIFY(!logLines(v230, "retrying (34/34) after sleep for 3400 msec").isEmpty());
        QVERIFY(logLines(v230, "retrying (35/34)").isEmpty());
    }

    void infoLogFormats() {
        const QJsonObject run = runNccl({"nranks=4", "log=info"});
        QCOMPARE(logLines(run, " - Init COMPLETE").size(), 4);                            // every rank up to 64 ranks
        QCOMPARE(logLines(run, "NCCL INFO Channel 00/02 :    0   1   2   3").size(), 1);  // rank 0 only
        QVERIFY(logLines(run, "Bootstrap timings total").isEmpty());                      // 2.30 only
        const QJsonObject v230 = runNccl({"nranks=4", "log=info", "version=2.30", "log_rank=2"});
        QCOMPARE(logLines(v230, "NCCL INFO Bootstrap timings total").size(), 1);
        QCOMPARE(logLines(v230, "NCCL INFO Bootstrap: Using ").size(), 1);
        QVERIFY(logLines(v230, "[Rank 2] ncclCommInitRank comm").first().endsWith("- Init START"));
    }

    void roundsDetailGivesOneEventPerRound() {
        const QJsonObject run = runNccl({"nranks=8", "detail=rounds"});
        int rounds = 0;
        for (const auto& value : run.value("events").toArray()) {
            const QJsonObject e = value.toObject();
            if (e.value("kind") != "allgather") continue;
            QCOMPARE(e.value("count").toInt(), 8);
            QCOMPARE(e.value("round").toInt(), rounds % 7);
            ++rounds;
        }
        QCOMPARE(rounds, 21);  // three gathers of n − 1 rounds
        QCOMPARE(run.value("summary").toObject().value("messages").toObject().value("allgather").toInt(), 3 * 7 * 8);
    }

    void badInputExitsTwoNamingKeyAndValue_data() {
        QTest::addColumn<QStringList>("sets");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("nranks 0") << QStringList{"nranks=0"} << "nranks"
                                  << "0";
        QTest::newRow("missing_rank >= nranks") << QStringList{"nranks=4", "missing_rank=4"} << "missing_rank"
                                                << "4";
        QTest::newRow("nroots > nranks") << QStringList{"nranks=4", "version=2.30", "nroots=5"} << "nroots"
                                         << "5";
        QTest::newRow("unknown version") << QStringList{"version=2.18"} << "version"
                                         << "2.18";
        QTest::newRow("messages above 1024") << QStringList{"nranks=2048", "detail=messages"} << "detail"
                                             << "messages";
    }
    void badInputExitsTwoNamingKeyAndValue() {
        QFETCH(QStringList, sets);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QStringList args{"run", "--scene", "nccl-bootstrap", "--json"};
        for (const QString& set : sets) args << "--set" << set;
        const CliResult result = runCommviz(args);
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.errLines().size(), 1);
        const QString line = result.errLines().first();
        QVERIFY2(line.contains("'" + key + "'") && line.contains("'" + value + "'") && line.contains("allowed"),
                 qPrintable(line));
        QVERIFY(result.out.isEmpty());
    }

    void everyKeyIsListed() {
        const CliResult result = runCommviz({"scenes"});
        QCOMPARE(result.exitCode, 0);
        const QString text = QString::fromUtf8(result.out);
        QVERIFY(text.contains("nccl-bootstrap"));
        for (const char* key : {"nranks", "version", "nroots", "detail", "missing_rank", "bad_magic_rank",
                                "nranks_mismatch_rank", "duplicate_rank", "root_unreachable", "log", "log_rank"})
            QVERIFY2(text.contains(QStringLiteral("\n    %1  ").arg(QLatin1String(key))), key);
    }
};

QTEST_GUILESS_MAIN(TestCliNccl)
#include "tst_cli_nccl.moc"
