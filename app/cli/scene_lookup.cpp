#include "cli/scene_lookup.h"

#include <QFile>

#include "shell/scene_setup.h"
#include "sim/scenario_file.h"

namespace commviz::app::cli {

namespace {

std::string knownIds(const views::SceneRegistry& registry) {
    const QStringList ids = registry.ids();
    return ids.isEmpty() ? std::string("none (this build registers no scene)") : ids.join(", ").toStdString();
}

/// True when the file holds a JSON object (whatever its fields).
bool isObjectFile(const std::string& path) {
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly)) return false;
    return sim::Json::parse(file.read(16 << 20).toStdString(), nullptr, false).is_object();
}

}  // namespace

sim::Result<const views::SceneDescriptor*> findScene(const views::SceneRegistry& registry, const SceneChoice& choice) {
    std::string id = choice.scene;
    if (id.empty() && !choice.scenario.empty())
        id = views::scenarioSceneId(QString::fromStdString(choice.scenario), registry).toStdString();
    if (id.empty() && !choice.scenario.empty()) {
        // The file names no scene it can be read for: say what is wrong with it
        // (missing, not JSON at line:column, not an object, no "scene"). Only
        // the last is mended by naming a scene, so only it lists the ids.
        if (auto doc = sim::readScenarioFile(choice.scenario, ""); !doc) {
            if (!isObjectFile(choice.scenario)) return doc.error();
            return sim::fail(doc.error().message + "; scene ids are " + knownIds(registry));
        }
    }
    if (id.empty())
        return sim::fail("missing --scene ID (or a --scenario file naming its \"scene\"): allowed scene ids are " +
                         knownIds(registry));
    const views::SceneDescriptor* scene = registry.find(QString::fromStdString(id));
    if (!scene) return sim::fail("unknown scene '" + id + "': allowed scene ids are " + knownIds(registry));
    return scene;
}

sim::Result<std::unique_ptr<sim::Session>> buildSession(const views::SceneDescriptor& scene,
                                                        const SceneChoice& choice) {
    views::SceneSetup setup;
    setup.scene = &scene;
    // Only the keys set here go to build: they win over the scenario's fields,
    // which win over the defaults (SceneModel::build).
    if (!choice.scenario.empty()) {
        setup.scenarioPath = QString::fromStdString(choice.scenario);
        auto scenario = views::loadScenario(setup.scenarioPath, scene);
        if (!scenario) return scenario.error();
        setup.scenario = std::move(scenario).value();
    }
    if (auto status = sim::applyAssignments(scene.model.params, choice.sets, setup.values); !status)
        return status.error();
    return views::buildSession(setup);
}

}  // namespace commviz::app::cli
