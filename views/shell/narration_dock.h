#pragma once

#include <QDockWidget>

class QTextBrowser;

namespace commviz::views {

class SimulationController;

/// The sentence for the current step and the real source function behind it.
class NarrationDock : public QDockWidget {
    Q_OBJECT

public:
    NarrationDock(SimulationController& controller, QWidget* parent = nullptr);
    /// The narration of step n as plain text (the caption for exports).
    static QString narrationOf(const SimulationController& controller, std::size_t step);

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    SimulationController& m_controller;
    QTextBrowser* m_text;
};

}  // namespace commviz::views
