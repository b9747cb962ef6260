#pragma once

#include <QList>
#include <functional>
#include <vector>

#include "shell/scene_descriptor.h"

class QAction;
class QObject;

namespace commviz::views {

/// The checkable View actions for a scene's options, in order, owned by
/// `parent`. Options sharing a group are exclusive but may all be off (a
/// QActionGroup, ExclusiveOptional). `toggled(id, on)` hears every change,
/// including the one that switches the previous member of a group off.
QList<QAction*> createViewOptionActions(const std::vector<SceneViewOption>& options, QObject* parent,
                                        const std::function<void(const QString& id, bool on)>& toggled);

/// Enables each action whose option is available for `session` (SceneViewOption::available; null session:
/// only options without a condition).
void updateViewOptionActions(const std::vector<SceneViewOption>& options, const QList<QAction*>& actions,
                             const sim::Session* session);

}  // namespace commviz::views
