// The launcher `commviz` runs run, scenes, the scenes' own commands and --help
// from the core's scene catalog alone: copied to an empty folder, with no
// commviz-app beside it and so no Qt to load, it still serves all of them.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

using namespace commviz::testing;

class TestCliLauncher : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void runsEverySceneWithoutTheApp();
    void listsScenesWithoutTheApp();
    void sceneCommandsPrintTheirUsage();
    void sceneCommandsTakeBothFormsOfSetting();
    void helpNamesTheScenesCommands();
    void exportNeedsTheApp();

private:
    QTemporaryDir m_dir;
    QString m_alone;  ///< the launcher copied where no commviz-app is
};

void TestCliLauncher::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_alone = m_dir.filePath(QStringLiteral("commviz"));
    QVERIFY(QFile::copy(QStringLiteral(COMMVIZ_BINARY), m_alone));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("commviz-app"))));
}

void TestCliLauncher::runsEverySceneWithoutTheApp() {
    const CliResult listed = runProgram(m_alone, {"scenes", "--json"});
    QCOMPARE(listed.exitCode, 0);
    const auto scenes = QJsonDocument::fromJson(listed.out).object().value("scenes").toArray();
    QCOMPARE(scenes.size(), 6);
    for (const auto& scene : scenes) {
        const QString id = scene.toObject().value("id").toString();
        const CliResult run = runProgram(m_alone, {"run", "--scene", id, "--steps", "3", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(id + ": " + QString::fromUtf8(run.err)));
        const QJsonObject result = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(result.value("scene").toString(), id);
        QCOMPARE(result.value("steps").toInt(), 3);
        QVERIFY2(result.value("events").isArray(), qPrintable(id));
    }
}

void TestCliLauncher::listsScenesWithoutTheApp() {
    const CliResult alone = runProgram(m_alone, {"scenes"});
    QCOMPARE(alone.exitCode, 0);
    QVERIFY(alone.err.isEmpty());
    // The same text as the launcher beside the app prints.
    QCOMPARE(alone.out, runCommviz({"scenes"}).out);
    QVERIFY(alone.out.contains("command: commviz noc CONFIG"));
}

void TestCliLauncher::sceneCommandsPrintTheirUsage() {
    for (const char* command : {"noc", "nccl-topo", "nccl-log"})
        for (const char* help : {"--help", "-h"}) {
            const CliResult result = runProgram(m_alone, {command, help});
            QVERIFY2(result.exitCode == 0, qPrintable(QString::fromUtf8(result.err)));
            QVERIFY2(result.out.startsWith(QByteArray("usage: commviz ") + command), result.out.constData());
            QVERIFY(result.err.isEmpty());
        }
}

void TestCliLauncher::sceneCommandsTakeBothFormsOfSetting() {
    // One setting, as key=value and as --set key=value: the same output.
    const QString cfg = writeFile(m_dir, QStringLiteral("mesh.cfg"),
                                  "topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dor;\ninjection_rate = 0.05;\n"
                                  "max_samples = 2;\nsample_period = 500;\n");
    const CliResult bare = runProgram(m_alone, {"noc", cfg, "k=2", "--json"});
    QCOMPARE(bare.exitCode, 0);
    QCOMPARE(runProgram(m_alone, {"noc", cfg, "--set", "k=2", "--json"}).out, bare.out);
    const CliResult topo = runProgram(m_alone, {"nccl-topo", "dgx_h100_nvswitch_8nic.xml", "nnodes=2"});
    QCOMPARE(topo.exitCode, 0);
    QCOMPARE(runProgram(m_alone, {"nccl-topo", "dgx_h100_nvswitch_8nic.xml", "--set", "nnodes=2"}).out, topo.out);
    QVERIFY(topo.out != runProgram(m_alone, {"nccl-topo", "dgx_h100_nvswitch_8nic.xml"}).out);
    // nccl-log's keys are checked too: an unknown one is refused, naming it.
    const CliResult log = runProgram(m_alone, {"nccl-log", "nccl_2.7_1node_4gpu.log", "gpu_smx=90"});
    QCOMPARE(log.exitCode, 2);
    QVERIFY(log.err.contains("gpu_smx"));
}

void TestCliLauncher::helpNamesTheScenesCommands() {
    const CliResult result = runProgram(m_alone, {"--help"});
    QCOMPARE(result.exitCode, 0);
    for (const char* word : {"commviz noc CONFIG", "commviz nccl-topo FILE.xml", "commviz nccl-log FILE.log", "  noc ",
                             "  nccl-topo ", "  nccl-log "})
        QVERIFY2(result.out.contains(word), word);
    QCOMPARE(runProgram(m_alone, {"--version"}).out, QByteArray("commviz " COMMVIZ_VERSION "\n"));
}

void TestCliLauncher::exportNeedsTheApp() {
    // Export draws with Qt: without commviz-app the launcher says it cannot start it.
    const CliResult result = runProgram(m_alone, {"export", "--scene", "noc", "-o", m_dir.filePath("x.png")});
    QVERIFY(result.exitCode != 0);
    QVERIFY(result.err.contains("commviz-app"));
}

QTEST_GUILESS_MAIN(TestCliLauncher)
#include "tst_cli_launcher.moc"
