// Every kind of bad input exits with status 2 and exactly one stderr line
// "commviz: ..." that names what was wrong and what is allowed; nothing is written.

#include <QTemporaryDir>

#include "cli_runner.h"

using namespace commviz::testing;

class TestCliBadInput : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void rejects_data();
    void rejects();
    void guiRejectsBeforeOpeningAWindow();
    void hintsOnlyWhereTheyHelp();
    void guiReportsABadScenarioAndStillOpensTheScene();

private:
    QString expand(QString text) const;
    QList<ListedScene> m_scenes;
    QTemporaryDir m_dir;
};

void TestCliBadInput::initTestCase() {
    m_scenes = listedScenes();
    QVERIFY(m_dir.isValid());
    auto write = [this](const char* name, const QByteArray& bytes) {
        QFile file(m_dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    };
    write("malformed.json", "{ \"scene\": \"x\", \n  \"format\": 1,, }");
    write("not_an_object.json", "[1, 2, 3]");
    write("no_scene.json", R"({"format": 1})");
    write("malformed_topo.xml", "<system version=\"1\">\n<cpu numaid=\"0\">\n</system>\n");
    write("blocker", "a file, so blocker/anything cannot be created");
    // Found by fuzz_scenario_rdma: a "call" that is not text once escaped as an exception.
    write("rdma_call_not_text.json",
          R"({"scene": "rdma", "format": 1, "hosts": ["A", "B"], "script": [{"host": "A", "call": {}}]})");
    if (!m_scenes.isEmpty()) {
        write("other_scene.json", R"({"scene": "no-such-scene", "format": 1})");
        write("wrong_format.json",
              QStringLiteral(R"({"scene": "%1", "format": 99})").arg(m_scenes.first().id).toUtf8());
    }
    QDir(m_dir.path()).mkdir("a_directory.json");
}

// {scene}, {key}, {above}, {tmp} stand for the first scene, its first integer
// key, a value above that key's maximum, and the temporary directory.
QString TestCliBadInput::expand(QString text) const {
    if (!m_scenes.isEmpty()) {
        const ListedScene& scene = m_scenes.first();
        text.replace("{scene}", scene.id);
        if (const auto key = scene.intKey()) {
            text.replace("{key}", key->key);
            text.replace("{above}", QString::number(qint64(key->max) + 1));
        }
    }
    return text.replace("{tmp}", m_dir.path());
}

void TestCliBadInput::rejects_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("mentions");  // each must appear in the message
    QTest::addColumn<QString>("output");        // must not exist afterwards; may be empty

    const QString out = "{tmp}/out.png";
    const QStringList exportHead{"export", "--scene", "{scene}", "-o", out};
    auto row = [](const char* name, QStringList args, QStringList mentions, QString output = {}) {
        QTest::newRow(name) << args << mentions << output;
    };
    row("unknown command", {"frobnicate"}, {"unknown command 'frobnicate'", "run", "export", "scenes"});
    row("unknown scene", {"run", "--scene", "no-such-scene"}, {"unknown scene 'no-such-scene'", "allowed"});
    row("missing scene", {"run"}, {"missing --scene", "allowed"});
    row("scenario not an object, no scene", {"run", "--scenario", "{tmp}/not_an_object.json"},
        {"'{tmp}/not_an_object.json'", "must be a JSON object"});
    row("malformed scenario, no scene", {"run", "--scenario", "{tmp}/malformed.json"},
        {"malformed scenario file '{tmp}/malformed.json' at 2:"});
    row("scenario naming no scene", {"run", "--scenario", "{tmp}/no_scene.json"},
        {"'{tmp}/no_scene.json'", "missing \"scene\"", "scene ids are", "{scene}"});
    row("absent scenario, no scene", {"run", "--scenario", "{tmp}/absent.json"},
        {"scenario file '{tmp}/absent.json' does not exist"});
    row("scenario of an unknown scene", {"export", "--scenario", "{tmp}/other_scene.json", "-o", out},
        {"unknown scene 'no-such-scene'", "allowed"}, out);
    row("rdma call not text", {"run", "--scenario", "{tmp}/rdma_call_not_text.json"},
        {"script[0]", "missing \"call\"", "ibv_post_send"});
    row("unknown option", {"run", "--scene", "{scene}", "--bogus"}, {"unknown option '--bogus'", "--steps"});
    row("unexpected argument", {"run", "--scene", "{scene}", "stray"}, {"unexpected argument 'stray'"});
    row("missing option value", {"run", "--scene"}, {"'--scene' needs a value", "scene id"});
    row("missing set value", {"run", "--scene", "{scene}", "--set"}, {"'--set' needs a value", "KEY=VALUE"});
    row("set without equals", {"run", "--scene", "{scene}", "--set", "oops"}, {"'oops'", "KEY=VALUE"});
    row("unknown set key", {"run", "--scene", "{scene}", "--set", "no_such_key=1"},
        {"unknown key 'no_such_key'", "allowed keys"});
    row("wrong type", {"run", "--scene", "{scene}", "--set", "{key}=banana"},
        {"'banana'", "'{key}'", "an integer from"});
    row("out of range", {"run", "--scene", "{scene}", "--set", "{key}={above}"},
        {"'{above}'", "'{key}'", "an integer from"});
    row("missing scenario", {"run", "--scene", "{scene}", "--scenario", "{tmp}/absent.json"},
        {"'{tmp}/absent.json'", "does not exist"});
    row("unreadable scenario", {"run", "--scene", "{scene}", "--scenario", "{tmp}/a_directory.json"},
        {"'{tmp}/a_directory.json'", "directory"});
    row("malformed scenario", {"run", "--scene", "{scene}", "--scenario", "{tmp}/malformed.json"},
        {"malformed scenario file '{tmp}/malformed.json' at 2:"});
    row("scenario not an object", {"run", "--scene", "{scene}", "--scenario", "{tmp}/not_an_object.json"},
        {"'{tmp}/not_an_object.json'", "object"});
    row("scenario for another scene", {"run", "--scene", "{scene}", "--scenario", "{tmp}/other_scene.json"},
        {"'{tmp}/other_scene.json'", "'no-such-scene'", "'{scene}'"});
    row("scenario format", {"run", "--scene", "{scene}", "--scenario", "{tmp}/wrong_format.json"},
        {"'{tmp}/wrong_format.json'", "\"format\" must be 1"});
    row("negative steps", {"run", "--scene", "{scene}", "--steps", "-1"}, {"--steps '-1'", "non-negative integer"});
    row("text steps", {"run", "--scene", "{scene}", "--steps", "ten"}, {"--steps 'ten'", "non-negative integer"});
    row("steps above cap", {"run", "--scene", "{scene}", "--steps", "999999999999"},
        {"--steps '999999999999'", "step cap"});
    row("scale zero", exportHead + QStringList{"--scale", "0"}, {"--scale '0'", "at most 4"}, out);
    row("scale too big", exportHead + QStringList{"--scale", "5"}, {"--scale '5'", "at most 4"}, out);
    row("scale text", exportHead + QStringList{"--scale", "big"}, {"--scale 'big'", "greater than 0"}, out);
    row("select nothing drawn", exportHead + QStringList{"--select", "no/such/object"},
        {"unknown --select 'no/such/object'", "no such object is drawn"}, out);
    row("unknown view option", exportHead + QStringList{"--option", "no.such.option"},
        {"unknown --option 'no.such.option'", "allowed"}, out);
    row("unknown format", exportHead + QStringList{"--format", "bmp"}, {"--format 'bmp'", "png, svg, pdf, gif"}, out);
    row("no format", {"export", "--scene", "{scene}", "-o", "{tmp}/figure"}, {"missing --format", "png, svg, pdf"},
        "{tmp}/figure");
    row("unknown theme", exportHead + QStringList{"--theme", "blue"}, {"--theme 'blue'", "light, dark"}, out);
    row("unknown lang", exportHead + QStringList{"--lang", "fr"}, {"--lang 'fr'", "en, zh_CN"}, out);
    row("missing output", {"export", "--scene", "{scene}", "--format", "png"}, {"missing -o FILE"});
    row("unwritable output", {"export", "--scene", "{scene}", "-o", "{tmp}/blocker/out.png"},
        {"cannot write '{tmp}/blocker/out.png'"}, "{tmp}/blocker/out.png");
    row("output is a directory", {"export", "--scene", "{scene}", "--format", "pdf", "-o", "{tmp}/a_directory.json"},
        {"cannot write '{tmp}/a_directory.json'", "directory"});
    row("step past the end", exportHead + QStringList{"--step", "999999999999"},
        {"--step '999999999999'", "allowed 0 to"}, out);
    row("export unknown scene", {"export", "--scene", "nope", "-o", out}, {"unknown scene 'nope'"}, out);
    row("export bad set", exportHead + QStringList{"--set", "{key}=banana"}, {"'banana'", "'{key}'"}, out);
    row("nccl topo_file missing", {"run", "--scene", "nccl-bootstrap", "--set", "topo_file={tmp}/absent.xml"},
        {"topo_file: topology file '{tmp}/absent.xml' does not exist"});
    row("nccl topo_file malformed", {"run", "--scene", "nccl-bootstrap", "--set", "topo_file={tmp}/malformed_topo.xml"},
        {"topo_file: {tmp}/malformed_topo.xml:3: malformed XML"});
    row("scenes unknown option", {"scenes", "--yaml"}, {"unknown option '--yaml'", "--json"});
}

void TestCliBadInput::rejects() {
    QFETCH(QStringList, args);
    QFETCH(QStringList, mentions);
    QFETCH(QString, output);
    const bool needsScene = (args + mentions).join(' ').contains("{scene}");
    const bool needsKey = (args + mentions).join(' ').contains("{key}");
    if (needsScene && m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    if (needsKey && !m_scenes.first().intKey()) QSKIP("the first scene has no integer key");
    for (auto& arg : args) arg = expand(arg);

    const CliResult result = runCommviz(args);
    QVERIFY2(result.finished, "commviz crashed or hung");
    QCOMPARE(result.exitCode, 2);
    QVERIFY(result.out.isEmpty());
    const QStringList lines = result.errLines();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().startsWith("commviz: "), qPrintable(lines.first()));
    for (const QString& mention : mentions)
        QVERIFY2(lines.first().contains(expand(mention)), qPrintable(lines.first() + "  lacks  " + expand(mention)));
    if (args.contains("unknown scene 'no-such-scene'") || args.contains("no-such-scene"))
        for (const auto& scene : m_scenes) QVERIFY2(lines.first().contains(scene.id), qPrintable(lines.first()));
    if (!output.isEmpty()) QVERIFY2(!QFileInfo::exists(expand(output)), qPrintable(expand(output)));
    // No QSaveFile temporary is left beside the target either.
    QVERIFY(QDir(m_dir.path()).entryList({"out.*", "figure*"}, QDir::Files).isEmpty());
}

void TestCliBadInput::guiRejectsBeforeOpeningAWindow() {
    // Syntax errors in the GUI form are caught before any window (and without a display).
    const CliResult result = runCommviz({"--lang", "klingon"});
    QVERIFY(result.finished);
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.errLines().size(), 1);
    QVERIFY(result.errLines().first().contains("--lang 'klingon'"));

    // With no display at all the window cannot open: one line saying so, no Qt abort.
    const CliResult noDisplay = runCommviz({"gui"});
    QVERIFY2(noDisplay.finished, "commviz crashed without a display");
    QCOMPARE(noDisplay.exitCode, 1);
    QCOMPARE(noDisplay.errLines().size(), 1);
    QVERIFY(noDisplay.errLines().first().startsWith("commviz: no display"));
}

void TestCliBadInput::hintsOnlyWhereTheyHelp() {
    // Naming a scene mends a file that names none; it does not mend a file that
    // is not JSON or not an object, so those messages do not suggest it.
    for (const char* name : {"malformed.json", "not_an_object.json", "absent.json"}) {
        const CliResult result = runCommviz({"run", "--scenario", m_dir.filePath(name)});
        QCOMPARE(result.exitCode, 2);
        QCOMPARE(result.errLines().size(), 1);
        QVERIFY2(!result.errLines().first().contains("--scene"), qPrintable(result.errLines().first()));
        QVERIFY2(!result.errLines().first().contains("scene ids"), qPrintable(result.errLines().first()));
    }
}

void TestCliBadInput::guiReportsABadScenarioAndStillOpensTheScene() {
    if (m_scenes.isEmpty()) QSKIP("no scene is registered in this build");
    // The window (offscreen) with a malformed file: the message goes to stderr
    // for the terminal it was started from, and the scene opens without the
    // file (the window remembers it as the last scene it showed).
    QTemporaryDir config;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", config.path());
    env.insert("QT_QPA_PLATFORM", "offscreen");
    process.setProcessEnvironment(env);
    const QString scene = m_scenes.first().id;
    process.start(QStringLiteral(COMMVIZ_BINARY), {"--scene", scene, "--scenario", m_dir.filePath("malformed.json")});
    QVERIFY(process.waitForStarted(10000));
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += process.readAllStandardError()).contains("malformed scenario file"), 30000);
    const QString settings = config.filePath("commviz/commviz.conf");
    const auto remembered = [&settings, &scene] {
        QFile file(settings);
        return file.open(QIODevice::ReadOnly) && file.readAll().contains("lastScene=" + scene.toUtf8());
    };
    QTRY_VERIFY_WITH_TIMEOUT(remembered(), 30000);
    QVERIFY2(process.state() == QProcess::Running, "the window closed after a bad scenario");
    process.kill();
    process.waitForFinished();
    const QString line = QString::fromUtf8(err).split('\n').filter("malformed").value(0);
    QVERIFY2(line.startsWith("commviz: malformed scenario file '" + m_dir.filePath("malformed.json") + "' at 2:"),
             qPrintable(line));
}

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_cli_bad_input.moc"
