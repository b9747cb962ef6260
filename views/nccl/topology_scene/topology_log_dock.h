#pragma once

#include <QDockWidget>

class QPlainTextEdit;

namespace commviz::views {

class SimulationController;

/// The lines NCCL prints for what is drawn: with NCCL_DEBUG=INFO (and GRAPH
/// when graph_subsys is on) up to the stage shown, the stage's own lines last;
/// with a log loaded, the log itself.
class TopologyLogDock final : public QDockWidget {
    Q_OBJECT

public:
    TopologyLogDock(SimulationController& controller, QWidget* parent);
    QPlainTextEdit* text() const { return m_text; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    SimulationController& m_controller;
    QPlainTextEdit* m_text = nullptr;
};

}  // namespace commviz::views
