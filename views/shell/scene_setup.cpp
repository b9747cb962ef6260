#include "shell/scene_setup.h"

#include <QFile>
#include <QFileInfo>

#include "catalog/scene_setup.h"

namespace commviz::views {

sim::Result<sim::Json> loadScenario(const QString& path, const SceneDescriptor& scene) {
    const std::string shown = path.toStdString();
    if (!path.startsWith(QLatin1Char(':'))) return catalog::readScenario(shown, scene.model.id, scene.foreign);
    // A bundled example (":/scenarios/…"), read through Qt's resource system.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return sim::fail("scenario file '" + shown + "' does not exist");
    const QByteArray bytes = file.readAll();
    return catalog::readScenarioText(std::string_view(bytes.constData(), std::size_t(bytes.size())), shown,
                                     scene.model.id, scene.foreign);
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
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (const SceneDescriptor& scene : registry.scenes())
        for (const std::string& foreign : scene.foreign.suffixes)
            if (suffix == QString::fromStdString(foreign)) return QString::fromStdString(scene.model.id);
    return {};
}

QString scenarioFilePatterns(const SceneRegistry& registry) {
    QStringList patterns{QStringLiteral("*.json")};
    for (const SceneDescriptor& scene : registry.scenes())
        for (const std::string& suffix : scene.foreign.suffixes)
            if (const QString pattern = QStringLiteral("*.") + QString::fromStdString(suffix);
                !patterns.contains(pattern))
                patterns << pattern;
    return patterns.join(QLatin1Char(' '));
}

sim::Result<std::unique_ptr<sim::Session>> buildSession(const SceneSetup& setup) {
    if (!setup.scene) return sim::fail("no scene chosen");
    return catalog::buildSession(setup.scene->model, setup.values, setup.scenario);
}

}  // namespace commviz::views
