#pragma once

#include <QString>
#include <vector>

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The scenes this build knows, in picker order. Built once at start-up.
class SceneRegistry {
public:
    void add(SceneDescriptor descriptor) { m_scenes.push_back(std::move(descriptor)); }
    const std::vector<SceneDescriptor>& scenes() const { return m_scenes; }
    const SceneDescriptor* find(const QString& id) const {
        for (const auto& scene : m_scenes)
            if (QString::fromStdString(scene.model.id) == id) return &scene;
        return nullptr;
    }
    QStringList ids() const {
        QStringList ids;
        for (const auto& scene : m_scenes) ids << QString::fromStdString(scene.model.id);
        return ids;
    }

private:
    std::vector<SceneDescriptor> m_scenes;
};

}  // namespace commviz::views
