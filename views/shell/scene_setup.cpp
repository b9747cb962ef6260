#include "shell/scene_setup.h"

#include <QFile>
#include <QFileInfo>

#include "sim/scenario_file.h"

namespace commviz::views {

sim::Result<sim::Json> loadScenario(const QString& path, const SceneDescriptor& scene) {
    const std::string shown = path.toStdString();
    const QFileInfo info(path);
    if (!info.exists()) return sim::fail("scenario file '" + shown + "' does not exist");
    if (info.isDir()) return sim::fail("scenario file '" + shown + "' is a directory");
    if (!info.isFile()) return sim::fail("scenario file '" + shown + "' is not a regular file");
    constexpr qint64 kMaxScenarioBytes = 16 << 20;
    if (info.size() > kMaxScenarioBytes) return sim::fail("scenario file '" + shown + "' is larger than 16 MiB");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return sim::fail("scenario file '" + shown + "' cannot be read");
    const QByteArray bytes = file.readAll();
    if (scene.readForeignScenario && scene.foreignScenarioSuffixes.contains(info.suffix(), Qt::CaseInsensitive))
        return scene.readForeignScenario(bytes.toStdString(), shown);
    return sim::parseScenario(std::string_view(bytes.constData(), std::size_t(bytes.size())), scene.model.id, shown);
}

QString scenarioSceneId(const QString& path) {
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly)) return {};
    const auto doc = sim::Json::parse(file.read(16 << 20).toStdString(), nullptr, false);
    if (doc.is_object() && doc.contains("scene") && doc["scene"].is_string())
        return QString::fromStdString(doc["scene"].get<std::string>());
    return {};
}

QString scenarioSceneId(const QString& path, const SceneRegistry& registry) {
    const QString named = scenarioSceneId(path);
    if (!named.isEmpty()) return named;
    const QString suffix = QFileInfo(path).suffix();
    for (const SceneDescriptor& scene : registry.scenes())
        if (scene.foreignScenarioSuffixes.contains(suffix, Qt::CaseInsensitive))
            return QString::fromStdString(scene.model.id);
    return {};
}

QString scenarioFilePatterns(const SceneRegistry& registry) {
    QStringList patterns{QStringLiteral("*.json")};
    for (const SceneDescriptor& scene : registry.scenes())
        for (const QString& suffix : scene.foreignScenarioSuffixes)
            if (!patterns.contains("*." + suffix)) patterns << "*." + suffix;
    return patterns.join(QLatin1Char(' '));
}

sim::Result<std::unique_ptr<sim::Session>> buildSession(const SceneSetup& setup) {
    if (!setup.scene) return sim::fail("no scene chosen");
    for (const auto& spec : setup.scene->model.params) {
        const auto it = setup.values.find(spec.key);
        if (it == setup.values.end()) continue;
        if (auto status = sim::checkParam(spec, it->second); !status) return status.error();
    }
    return setup.scene->model.build(setup.values, setup.scenario);
}

}  // namespace commviz::views
