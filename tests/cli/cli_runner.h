#pragma once

// Runs the real commviz binary the way a person's shell would, without a display.

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

namespace commviz::testing {

struct CliResult {
    int exitCode = -1;
    bool finished = false;  ///< false: crashed or hung
    QByteArray out;
    QByteArray err;
    QStringList errLines() const {
        QStringList lines = QString::fromUtf8(err).split('\n');
        if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
        return lines;
    }
};

/// Runs `program` (the commviz built here unless another path is given) as a
/// person would, without a display. `environment` adds NAME=VALUE settings.
inline CliResult runProgram(const QString& program, const QStringList& args, int timeoutMs = 120000,
                            const QStringList& environment = {}) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    env.remove("COMMVIZ_DEBUG");
    for (const QString& setting : environment) env.insert(setting.section('=', 0, 0), setting.section('=', 1));
    process.setProcessEnvironment(env);
    process.start(program, args);
    CliResult result;
    if (!process.waitForStarted(10000)) return result;
    result.finished = process.waitForFinished(timeoutMs) && process.exitStatus() == QProcess::NormalExit;
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

inline CliResult runCommviz(const QStringList& args, int timeoutMs = 120000, const QStringList& environment = {}) {
    return runProgram(QStringLiteral(COMMVIZ_BINARY), args, timeoutMs, environment);
}

/// Writes `text` into `dir` as `name`; the path, or empty when it cannot be written.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(text);
    return path;
}

/// Bad input: status 2, one line on stderr holding every one of `needles`, nothing on stdout.
inline void expectRefused(const QStringList& args, const QStringList& needles) {
    const CliResult r = runCommviz(args);
    QVERIFY2(r.finished, qPrintable("commviz crashed or hung on: " + args.join(' ')));
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.errLines().size(), 1);
    QVERIFY(r.out.isEmpty());
    for (const QString& needle : needles)
        QVERIFY2(r.errLines().first().contains(needle), qPrintable(r.errLines().first() + " lacks " + needle));
}

/// One settable key of a scene, as `commviz scenes --json` lists it.
struct ListedKey {
    QString key;
    QString type;
    double min = 0;
    double max = 0;
};

struct ListedScene {
    QString id;
    QList<ListedKey> keys;
    /// The first integer key, if the scene has one.
    std::optional<ListedKey> intKey() const {
        for (const auto& key : keys)
            if (key.type == QLatin1String("int")) return key;
        return std::nullopt;
    }
};

/// Every registered scene; "rdma-vs-socket" first when present (the simplest).
inline QList<ListedScene> listedScenes() {
    const CliResult result = runCommviz({"scenes", "--json"});
    QList<ListedScene> scenes;
    const QJsonArray array = QJsonDocument::fromJson(result.out).object().value("scenes").toArray();
    for (const auto& value : array) {
        const QJsonObject object = value.toObject();
        ListedScene scene{object.value("id").toString(), {}};
        for (const auto& k : object.value("keys").toArray()) {
            const QJsonObject key = k.toObject();
            scene.keys.push_back({key.value("key").toString(), key.value("type").toString(),
                                  key.value("min").toDouble(), key.value("max").toDouble()});
        }
        if (scene.id == QLatin1String("rdma-vs-socket"))
            scenes.prepend(scene);
        else
            scenes.append(scene);
    }
    return scenes;
}

}  // namespace commviz::testing
