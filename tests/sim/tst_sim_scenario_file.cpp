// Proves that scenario files are read with clear errors for every way they can
// be wrong: missing, unreadable, not JSON, wrong envelope.

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "sim/scenario_file.h"
#include "sim/scene_model.h"
#include "sim/text_file.h"

using namespace commviz::sim;

class ScenarioFileTest : public QObject {
    Q_OBJECT

private slots:
    void acceptsAWellFormedEnvelope() {
        const auto doc = parseScenario(R"({"scene": "rdma", "format": 1, "hosts": ["A", "B"]})", "rdma", "x.json");
        QVERIFY(doc.ok());
        QCOMPARE(doc.value()["hosts"].size(), std::size_t(2));
    }

    void rejectsBadDocuments_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << "{\"scene\": \"rdma\",\n  \"format\": }"
                                  << "malformed scenario file 'x.json' at 2:13: not valid JSON";
        QTest::newRow("array") << "[1]"
                               << "malformed scenario file 'x.json': the top level must be a JSON object";
        QTest::newRow("no scene") << "{\"format\": 1}"
                                  << "malformed scenario file 'x.json': missing \"scene\" (\"rdma\")";
        QTest::newRow("other scene") << "{\"scene\": \"noc\", \"format\": 1}"
                                     << "scenario file 'x.json' is for scene 'noc', not 'rdma'";
        QTest::newRow("format 2") << "{\"scene\": \"rdma\", \"format\": 2}"
                                  << "scenario file 'x.json': \"format\" must be 1";
        QTest::newRow("number out of range") << "{\"scene\": \"rdma\", \"format\": 1, \"x\": 1e400}"
                                             << "malformed scenario file 'x.json': a value is out of range";
        QTest::newRow("no format") << "{\"scene\": \"rdma\"}"
                                   << "scenario file 'x.json': \"format\" must be 1";
    }
    void rejectsBadDocuments() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto doc = parseScenario(text.toStdString(), "rdma", "x.json");
        QVERIFY(!doc.ok());
        QCOMPARE(QString::fromStdString(doc.error().message), message);
    }

    void savedScenariosCarryTheExplicitKeys() {
        SceneModel model;
        model.id = "counter";
        const Json bare = scenarioFor(model, {{"limit", 7}}, std::nullopt);
        QCOMPARE(QString::fromStdString(bare.dump()), QStringLiteral(R"({"scene":"counter","format":1,"limit":7})"));
        const Json withScript =
            scenarioFor(model, {{"limit", 7}}, Json{{"scene", "counter"}, {"format", 1}, {"limit", 3}, {"x", 1}});
        QCOMPARE(withScript["limit"].get<int>(), 7);  // the explicit key wins, as when running
        QCOMPARE(withScript["x"].get<int>(), 1);
        QVERIFY(parseScenario(withScript.dump(), "counter", "saved").ok());
        model.toScenario = [](const ParamValues&, const std::optional<Json>&) { return Json{{"custom", true}}; };
        QVERIFY(scenarioFor(model, {}, std::nullopt)["custom"].get<bool>());
    }

    void reportsMissingAndUnreadableFiles() {
        QTemporaryDir dir;
        const std::string missing = dir.filePath("nope.json").toStdString();
        QCOMPARE(QString::fromStdString(readScenarioFile(missing, "rdma").error().message),
                 QString("scenario file '%1' does not exist").arg(QString::fromStdString(missing)));
        QCOMPARE(QString::fromStdString(readScenarioFile(dir.path().toStdString(), "rdma").error().message),
                 QString("scenario file '%1' is a directory").arg(dir.path()));
        const std::string good = dir.filePath("good.json").toStdString();
        std::ofstream(good) << R"({"scene": "rdma", "format": 1})";
        QVERIFY(readScenarioFile(good, "rdma").ok());
    }

    // Reading /dev/zero or a FIFO would never end; a huge file would fill memory first.
    void refusesDevicesAndOversizedFilesUnread() {
        QCOMPARE(QString::fromStdString(readScenarioFile("/dev/zero", "rdma").error().message),
                 QString("scenario file '/dev/zero' is not a regular file"));
        QTemporaryDir dir;
        QFile sparse(dir.filePath("huge.json"));
        QVERIFY(sparse.open(QIODevice::WriteOnly) && sparse.resize(qint64(17) << 20));  // 17 MiB of holes
        sparse.close();
        QCOMPARE(QString::fromStdString(readScenarioFile(sparse.fileName().toStdString(), "rdma").error().message),
                 QString("scenario file '%1' is 17825792 bytes, more than the 16 MiB allowed").arg(sparse.fileName()));
        const std::string exact = dir.filePath("exact.txt").toStdString();
        std::ofstream(exact) << "12345";
        QCOMPARE(readTextFile(exact, "file", 5).value(), std::string("12345"));  // the limit itself is allowed
        QCOMPARE(readTextFile(exact, "file", 4).error().message,
                 "file '" + exact + "' is 5 bytes, more than the 4 bytes allowed");
    }
};

QTEST_GUILESS_MAIN(ScenarioFileTest)
#include "tst_sim_scenario_file.moc"
