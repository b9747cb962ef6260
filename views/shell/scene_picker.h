#pragma once

#include <QWidget>

#include "shell/scene_registry.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace commviz::views {

/// The Scenes dock's body: every registered scene (icon, bold name, its line
/// of description) and, below, the way into tutorial mode. On the very first
/// start a hint points at the tutorial once (remembered in QSettings under
/// kTutorialHintKey), so a new user learns it exists.
class ScenePicker : public QWidget {
    Q_OBJECT

public:
    static constexpr const char* kTutorialHintKey = "ui/tutorialHintShown";

    explicit ScenePicker(const SceneRegistry& registry, QWidget* parent = nullptr);
    /// Fills the list again in the current language, marking scene `currentId`.
    void refill(const QString& currentId);
    /// Shows the one-time tutorial hint unless it was shown before; returns whether it did.
    bool offerTutorialOnce();
    /// The tutorial was opened (by any way): the hint has done its job.
    void dismissHint();
    QListWidget* list() const { return m_list; }
    QLabel* hint() const { return m_hint; }
    QPushButton* tutorialButton() const { return m_tutorial; }

signals:
    void sceneChosen(const QString& id);
    void tutorialRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    const SceneRegistry& m_registry;
    QListWidget* m_list;
    QLabel* m_hint;
    QPushButton* m_tutorial;
};

}  // namespace commviz::views
