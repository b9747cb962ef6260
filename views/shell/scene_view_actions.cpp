#include "shell/scene_view_actions.h"

#include <QAction>
#include <QActionGroup>
#include <QHash>

namespace commviz::views {

QList<QAction*> createViewOptionActions(const std::vector<SceneViewOption>& options, QObject* parent,
                                        const std::function<void(const QString& id, bool on)>& toggled) {
    QList<QAction*> actions;
    QHash<QString, QActionGroup*> groups;
    for (const SceneViewOption& option : options) {
        auto* action = new QAction(option.label(), parent);
        action->setCheckable(true);
        action->setShortcut(option.shortcut);
        if (!option.group.isEmpty()) {
            QActionGroup*& group = groups[option.group];
            if (!group) {
                // Owned by its first action, so it goes when the scene's actions are deleted.
                group = new QActionGroup(action);
                group->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
            }
            group->addAction(action);
        }
        QObject::connect(action, &QAction::toggled, parent, [toggled, id = option.id](bool on) { toggled(id, on); });
        actions << action;
    }
    return actions;
}

void updateViewOptionActions(const std::vector<SceneViewOption>& options, const QList<QAction*>& actions,
                             const sim::Session* session) {
    for (qsizetype index = 0; index < actions.size() && index < qsizetype(options.size()); ++index) {
        const SceneViewOption& option = options[std::size_t(index)];
        actions[index]->setEnabled(!option.available || (session && option.available(*session)));
    }
}

}  // namespace commviz::views
