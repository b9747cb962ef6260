// The command line's commands through the real binary: --version, --help,
// scenes (text and JSON), run (text and JSON, deterministic, --steps).

#include <QTemporaryDir>
#include <algorithm>

#include "cli_runner.h"

using namespace commviz::testing;

class TestCliCommands : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void versionPrintsTheVersion();
    void helpListsEveryCommand();
    void scenesListsEveryIdAndKey();
    void scenesJsonDescribesKeys();
    void scenesInChineseTranslatesEveryNameAndKeyHelp();
    void runJsonHasTheDocumentedFields();
    void runIsDeterministic();
    void runStepsStopsThere();
    void runTextSummarises();
    void runTakesTheSceneFromTheScenario();
    void runReportsVerbsOnObjectsNeverCreated();

private:
    QList<ListedScene> m_scenes;
    QString scene() const { return m_scenes.isEmpty() ? QString() : m_scenes.first().id; }
};

void TestCliCommands::initTestCase() { m_scenes = listedScenes(); }

void TestCliCommands::versionPrintsTheVersion() {
    const CliResult result = runCommviz({"--version"});
    QVERIFY(result.finished);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, QByteArray("commviz " COMMVIZ_VERSION "\n"));
    QVERIFY(result.err.isEmpty());
}

void TestCliCommands::helpListsEveryCommand() {
    for (const QStringList& args : {QStringList{"--help"}, QStringList{"run", "--help"}, QStringList{"-h"}}) {
        const CliResult result = runCommviz(args);
        QCOMPARE(result.exitCode, 0);
        const QString text = QString::fromUtf8(result.out);
        for (const char* word :
             {"commviz run", "commviz export", "commviz scenes", "--scene", "--set KEY=VALUE", "--steps", "--json",
              "--format png|svg|pdf", "--scale", "--theme", "--lang", "--version"})
            QVERIFY2(text.contains(QLatin1String(word)), word);
    }
}

void TestCliCommands::scenesListsEveryIdAndKey() {
    const CliResult result = runCommviz({"scenes"});
    QVERIFY(result.finished);
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.err.isEmpty());
    const QString text = QString::fromUtf8(result.out);
    if (m_scenes.isEmpty()) QVERIFY(text.contains("no scenes"));
    for (const auto& listed : m_scenes) {
        QVERIFY2(text.contains(QRegularExpression("(^|\\n)" + QRegularExpression::escape(listed.id) + "  ")),
                 qPrintable(listed.id));
        for (const auto& key : listed.keys) QVERIFY2(text.contains("    " + key.key + "  "), qPrintable(key.key));
    }
}

void TestCliCommands::scenesJsonDescribesKeys() {
    const CliResult result = runCommviz({"scenes", "--json"});
    QCOMPARE(result.exitCode, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(result.out, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray scenes = doc.object().value("scenes").toArray();
    QCOMPARE(scenes.size(), m_scenes.size());
    for (const auto& value : scenes) {
        const QJsonObject scene = value.toObject();
        for (const char* field : {"id", "name", "description", "step_cap", "keys"})
            QVERIFY2(scene.contains(field), field);
        QVERIFY(!scene.value("name").toString().isEmpty());
        for (const auto& k : scene.value("keys").toArray()) {
            const QJsonObject key = k.toObject();
            for (const char* field : {"key", "type", "default", "allowed", "help"})
                QVERIFY2(key.contains(field), field);
        }
    }
}

// Every scene name and every key's help has a Simplified Chinese translation.
void TestCliCommands::scenesInChineseTranslatesEveryNameAndKeyHelp() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    auto scenesIn = [](const char* lang) {
        const CliResult result = runCommviz({"scenes", "--json", "--lang", lang});
        return QJsonDocument::fromJson(result.out).object().value("scenes").toArray();
    };
    const QJsonArray en = scenesIn("en"), zh = scenesIn("zh_CN");
    QCOMPARE(zh.size(), en.size());
    for (qsizetype i = 0; i < en.size(); ++i) {
        const QJsonObject e = en[i].toObject(), z = zh[i].toObject();
        QVERIFY2(e.value("name") != z.value("name"), qPrintable(e.value("name").toString()));
        const QJsonArray ek = e.value("keys").toArray(), zk = z.value("keys").toArray();
        QCOMPARE(zk.size(), ek.size());
        for (qsizetype k = 0; k < ek.size(); ++k)
            QVERIFY2(ek[k].toObject().value("help") != zk[k].toObject().value("help"),
                     qPrintable(ek[k].toObject().value("help").toString()));
    }
}

void TestCliCommands::runJsonHasTheDocumentedFields() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    for (const auto& listed : m_scenes) {
        const CliResult result = runCommviz({"run", "--scene", listed.id, "--json"});
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.err.isEmpty(), result.err.constData());
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(result.out, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject object = doc.object();
        QCOMPARE(object.value("scene").toString(), listed.id);
        QVERIFY(object.value("steps").isDouble());
        QVERIFY(object.contains("summary"));
        QVERIFY(object.value("events").isArray());
        const int steps = object.value("steps").toInt();
        QVERIFY(steps > 0);
        int maxStep = 0;
        int previous = 0;
        for (const auto& value : object.value("events").toArray()) {
            const QJsonObject event = value.toObject();
            QVERIFY(event.value("step").isDouble());
            QVERIFY(!event.value("kind").toString().isEmpty());
            QVERIFY(event.contains("anchor"));
            QVERIFY(event.value("objects").isArray());
            const int step = event.value("step").toInt();
            QVERIFY(step >= previous && step >= 1);  // in step order
            previous = step;
            maxStep = std::max(maxStep, step);
        }
        QCOMPARE(maxStep, steps);
    }
}

void TestCliCommands::runIsDeterministic() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    const CliResult first = runCommviz({"run", "--scene", scene(), "--json"});
    const CliResult second = runCommviz({"run", "--scene", scene(), "--json"});
    QCOMPARE(first.exitCode, 0);
    QVERIFY(!first.out.isEmpty());
    QVERIFY(first.out == second.out);
}

void TestCliCommands::runStepsStopsThere() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    const CliResult result = runCommviz({"run", "--scene", scene(), "--steps", "3", "--json"});
    QCOMPARE(result.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(result.out).object();
    QCOMPARE(object.value("steps").toInt(), 3);
    for (const auto& value : object.value("events").toArray()) QVERIFY(value.toObject().value("step").toInt() <= 3);

    const CliResult none = runCommviz({"run", "--scene", scene(), "--steps", "0", "--json"});
    QCOMPARE(none.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(none.out).object().value("steps").toInt(), 0);
    QVERIFY(QJsonDocument::fromJson(none.out).object().value("events").toArray().isEmpty());
}

void TestCliCommands::runTextSummarises() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    const CliResult result = runCommviz({"run", "--scene", scene(), "--steps", "2"});
    QCOMPARE(result.exitCode, 0);
    const QString text = QString::fromUtf8(result.out);
    QVERIFY2(text.startsWith("scene: " + scene() + "\nsteps: 2 "), qPrintable(text));
    QVERIFY(text.contains("summary"));
}

// A scenario file names its scene, so --scene may be left out (as in the window).
void TestCliCommands::runTakesTheSceneFromTheScenario() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath("scenario.json"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral(R"({"scene": "%1", "format": 1})").arg(scene()).toUtf8());
    file.close();
    const CliResult inferred = runCommviz({"run", "--scenario", file.fileName(), "--steps", "5", "--json"});
    const CliResult named =
        runCommviz({"run", "--scene", scene(), "--scenario", file.fileName(), "--steps", "5", "--json"});
    QCOMPARE(inferred.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(inferred.out).object().value("scene").toString(), scene());
    QVERIFY(inferred.out == named.out);
    // A BookSim config names no scene; its suffix says which scene reads it.
    QFile config(dir.filePath("mesh.cfg"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dor;\ninjection_rate = 0.1;\n");
    config.close();
    const CliResult cfg = runCommviz({"run", "--scenario", config.fileName(), "--steps", "5", "--json"});
    QCOMPARE(cfg.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(cfg.out).object().value("scene").toString(), QStringLiteral("noc"));
}

// Found by fuzz/fuzz_scenario_rdma: ibv_create_cq refuses cqe 0, so cqA and then
// qpA (whose CQ is cqA) never exist, yet the script goes on to post to qpA,
// connect it and poll cqA. Each of those calls fails with EINVAL naming the
// missing object; the run itself finishes.
void TestCliCommands::runReportsVerbsOnObjectsNeverCreated() {
    if (std::none_of(m_scenes.begin(), m_scenes.end(), [](const ListedScene& s) { return s.id == "rdma"; }))
        QSKIP("the rdma scene is not registered in this build");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath("never_created.json"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"scene": "rdma", "format": 1, "hosts": ["A", "B"], "script": [
      {"host": "A", "call": "ibv_reg_mr", "mr": "bufA", "length": 64, "access": ["IBV_ACCESS_LOCAL_WRITE"]},
      {"host": "A", "call": "ibv_create_cq", "cq": "cqA", "cqe": 0},
      {"host": "B", "call": "ibv_create_cq", "cq": "cqB", "cqe": 4},
      {"host": "A", "call": "ibv_create_qp", "qp": "qpA", "qp_type": "IBV_QPT_RC", "send_cq": "cqA", "recv_cq": "cqA",
       "cap": {"max_send_wr": 1, "max_recv_wr": 1, "max_send_sge": 1, "max_recv_sge": 1, "max_inline_data": 0}},
      {"host": "B", "call": "ibv_create_qp", "qp": "qpB", "qp_type": "IBV_QPT_RC", "send_cq": "cqB", "recv_cq": "cqB",
       "cap": {"max_send_wr": 1, "max_recv_wr": 1, "max_send_sge": 1, "max_recv_sge": 1, "max_inline_data": 0}},
      {"host": "A", "call": "ibv_post_recv", "qp": "qpA",
       "wr": [{"wr_id": 1, "sg_list": [{"mr": "bufA", "offset": 0, "length": 64}]}]},
      {"call": "connect", "qps": ["qpA", "qpB"]},
      {"host": "A", "call": "ibv_poll_cq", "cq": "cqA", "num_entries": 1}]})");
    file.close();
    const CliResult result = runCommviz({"run", "--scenario", file.fileName(), "--json"});
    QCOMPARE(result.exitCode, 0);
    const QJsonObject run = QJsonDocument::fromJson(result.out).object();
    QVERIFY2(run.value("done").toBool(), result.out.constData());
    const QJsonArray calls = run.value("summary").toObject().value("calls").toArray();
    QCOMPARE(calls.size(), 8);
    const QStringList expected = {"no QP named qpA on this host", "no QP named qpA on this host",
                                  "no CQ named cqA on this host"};
    for (int index = 5; index < 8; ++index) {  // ibv_post_recv, connect, ibv_poll_cq
        const QJsonObject call = calls[index].toObject();
        QCOMPARE(call.value("ret").toString(), QStringLiteral("EINVAL"));
        QCOMPARE(call.value("detail").toString(), expected[index - 5]);
    }
}

QTEST_GUILESS_MAIN(TestCliCommands)
#include "tst_cli_commands.moc"
