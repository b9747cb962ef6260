#pragma once

#include <QAction>
#include <cstddef>

namespace commviz::views {

class SimulationController;

/// View > Memory Budget…: how much the timeline may keep for keyframes and
/// events (MiB), asked in a small dialog, remembered with QSettings and applied
/// to the controller (this session and every later one).
class MemoryBudgetAction : public QAction {
    Q_OBJECT

public:
    MemoryBudgetAction(SimulationController& controller, QWidget* window);
    /// The saved setting in MiB (the default budget when nothing is saved).
    static std::size_t savedMib();
    /// Applies `mib` for this run only, as `commviz gui --memory-mib N` does.
    void applyForThisRun(std::size_t mib);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void choose();
    void retranslate();

    SimulationController& m_controller;
    QWidget* m_window;
};

}  // namespace commviz::views
