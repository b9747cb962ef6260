#pragma once

#include <QString>
#include <QStringList>

#include "shell/narration_table.h"
#include "shell/scene_descriptor.h"

namespace commviz::views {

/// Every sentence of step n (1-based), as the Narration dock and figure captions show it.
inline QString stepNarration(const SceneDescriptor& scene, const sim::Session& session, std::size_t step) {
    if (!scene.narration || step == 0 || step > session.recordedSteps()) return {};
    QStringList sentences;
    for (const auto& record : session.eventRecords(step)) sentences << scene.narrate(record);
    return joinSentences(sentences);
}

}  // namespace commviz::views
