// run --json's event options and --memory-mib through the real binary: a range
// prints exactly the full run's events of those steps, --no-events leaves the
// array out but counts them, and bad values exit 2 with one line naming the
// option, the value and what is allowed.

#include "cli_runner.h"

using namespace commviz::testing;

namespace {
QJsonObject jsonOf(const CliResult& result) { return QJsonDocument::fromJson(result.out).object(); }
}  // namespace

class TestCliRunEvents : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        const auto scenes = listedScenes();
        if (!scenes.isEmpty()) m_scene = scenes.first().id;
        const CliResult full = runCommviz({"run", "--scene", m_scene, "--json"});
        m_full = jsonOf(full);
    }

    void aRangePrintsExactlyThoseStepsEvents() {
        if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
        const QJsonArray all = m_full.value("events").toArray();
        QVERIFY(all.size() > 4);
        const int from = all.at(2).toObject().value("step").toInt();
        const int to = all.at(all.size() - 2).toObject().value("step").toInt();
        QVERIFY(from <= to);
        const CliResult result = runCommviz({"run", "--scene", m_scene, "--json", "--events-from",
                                             QString::number(from), "--events-to", QString::number(to)});
        QCOMPARE(result.exitCode, 0);
        const QJsonObject object = jsonOf(result);
        QJsonArray expected;
        for (const auto& event : all) {
            const int step = event.toObject().value("step").toInt();
            if (step >= from && step <= to) expected.append(event);
        }
        QCOMPARE(object.value("events").toArray(), expected);
        QCOMPARE(object.value("event_count").toInt(), int(all.size()));
        QCOMPARE(object.value("summary"), m_full.value("summary"));
        QCOMPARE(object.value("steps"), m_full.value("steps"));
    }

    void aRangeOpenAtOneEnd() {
        if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
        const CliResult to2 = runCommviz({"run", "--scene", m_scene, "--json", "--events-to", "2"});
        QCOMPARE(to2.exitCode, 0);
        for (const auto& event : jsonOf(to2).value("events").toArray())
            QVERIFY(event.toObject().value("step").toInt() <= 2);
        QVERIFY(!jsonOf(to2).value("events").toArray().isEmpty());
        const int last = m_full.value("steps").toInt();
        const CliResult beyond =
            runCommviz({"run", "--scene", m_scene, "--json", "--events-from", QString::number(last + 1)});
        QCOMPARE(beyond.exitCode, 0);
        QVERIFY(jsonOf(beyond).contains("events"));
        QVERIFY(jsonOf(beyond).value("events").toArray().isEmpty());
    }

    void noEventsLeavesTheArrayOutButCountsThem() {
        if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
        const CliResult result = runCommviz({"run", "--scene", m_scene, "--json", "--no-events"});
        QCOMPARE(result.exitCode, 0);
        const QJsonObject object = jsonOf(result);
        QVERIFY(!object.contains("events"));
        QCOMPARE(object.value("event_count").toInt(), int(m_full.value("events").toArray().size()));
        QCOMPARE(object.value("summary"), m_full.value("summary"));
        QVERIFY(!m_full.contains("event_count"));  // the plain --json output is as it was
    }

    void memoryMibIsAcceptedInRange() {
        if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
        const CliResult result = runCommviz({"run", "--scene", m_scene, "--json", "--memory-mib", "16"});
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(jsonOf(result), m_full);
    }

    void badValuesExitTwoWithOneLine_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        const QStringList run{"run", "--scene", "rdma-vs-socket"};
        QTest::newRow("from 0") << run + QStringList{"--json", "--events-from", "0"} << "--events-from '0'";
        QTest::newRow("to 0") << run + QStringList{"--json", "--events-to", "0"} << "--events-to '0'";
        QTest::newRow("from > to") << run + QStringList{"--json", "--events-from", "9", "--events-to", "3"}
                                   << "--events-from '9'";
        QTest::newRow("from text") << run + QStringList{"--json", "--events-from", "x"} << "--events-from 'x'";
        QTest::newRow("no-events and range")
            << run + QStringList{"--json", "--no-events", "--events-to", "3"} << "--no-events cannot";
        QTest::newRow("no-events without json") << run + QStringList{"--no-events"} << "add --json";
        QTest::newRow("range without json") << run + QStringList{"--events-from", "2"} << "add --json";
        QTest::newRow("run memory 0") << run + QStringList{"--memory-mib", "0"} << "--memory-mib '0'";
        QTest::newRow("run memory 15") << run + QStringList{"--memory-mib", "15"} << "16 to 1048576";
        QTest::newRow("run memory huge") << run + QStringList{"--memory-mib", "99999999"} << "--memory-mib '99999999'";
        QTest::newRow("export memory text")
            << QStringList{"export", "--scene", "rdma-vs-socket", "--memory-mib", "lots", "-o", "/tmp/x.png"}
            << "--memory-mib 'lots'";
        QTest::newRow("gui memory -1") << QStringList{"gui", "--memory-mib", "-1"} << "--memory-mib '-1'";
    }
    void badValuesExitTwoWithOneLine() {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const CliResult result = runCommviz(args);
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.errLines().size(), 1);
        QVERIFY2(result.errLines().front().contains(needle), result.err.constData());
        QVERIFY(result.out.isEmpty());
    }

private:
    QString m_scene;
    QJsonObject m_full;
};

QTEST_GUILESS_MAIN(TestCliRunEvents)
#include "tst_cli_run_events.moc"
