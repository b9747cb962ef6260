#include "shell/scene_descriptor.h"

#include <QCoreApplication>
#include <stdexcept>

namespace commviz::views {

SceneDescriptor sceneDescriptor(std::string_view id) {
    const catalog::SceneEntry* entry = catalog::findScene(id);
    if (!entry) throw std::logic_error("no scene '" + std::string(id) + "' in the catalog");
    SceneDescriptor scene;
    scene.model = entry->model;
    const char* name = entry->name;
    const char* description = entry->description;
    scene.name = [name] { return QCoreApplication::translate("commviz::scenes", name); };
    scene.description = [description] { return QCoreApplication::translate("commviz::scenes", description); };
    scene.iconPath = QStringLiteral(":/icons/%1.svg").arg(QString::fromStdString(entry->model.id).replace('-', '_'));
    scene.eventKinds = entry->eventKinds;
    scene.commands = entry->commands;
    scene.foreign = entry->foreign;
    return scene;
}

}  // namespace commviz::views
