#pragma once

#include <QDockWidget>
#include <QKeySequence>
#include <optional>

#include "tutorial/lesson.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace commviz::views {

class SimulationController;

/// Tutorial mode: one lesson step at a time with Back / Next (Page Up / Page
/// Down) and "3 / 12". A "predict the next step" question shows its answer on
/// the first Next.
class TutorialDock : public QDockWidget {
    Q_OBJECT

public:
    TutorialDock(SimulationController& controller, QWidget* parent = nullptr);
    /// Loads the current scene's lesson; returns false (with the reason) when it has none.
    sim::Status loadForScene();
    /// Opens one of the scene's lessons by path.
    sim::Status loadLessonFile(const QString& path);
    /// Closes the lesson (e.g. when another scene opens).
    void clear();
    const std::optional<Lesson>& lesson() const { return m_lesson; }
    int index() const { return m_index; }
    bool answerShown() const { return m_answerShown; }
    /// The narration of the current lesson step in the current language.
    QString currentNarration() const;
    /// The keys of Next and Back.
    static QKeySequence nextKey();
    static QKeySequence backKey();

public slots:
    void next();
    void back();
    void showStep(int index);

signals:
    void highlightsChanged(const QStringList& ids);
    void errorOccurred(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();
    void setKeys();
    QString language() const;

    SimulationController& m_controller;
    std::optional<Lesson> m_lesson;
    int m_index = 0;
    bool m_answerShown = false;
    QComboBox* m_lessons;  // the scene's lessons, shown when it has more than one
    QLabel* m_title;
    QLabel* m_progress;
    QTextBrowser* m_text;
    QPushButton* m_back;
    QPushButton* m_next;
};

}  // namespace commviz::views
