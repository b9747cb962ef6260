#pragma once

#include "shell/retranslating_dock.h"

class QLabel;
class QTableWidget;

namespace commviz::views {

class SimulationController;

/// The GPU × GPU path matrix as NCCL computed it: each cell the path's type
/// and bandwidth, coloured from the best type (NVL) to the worst (SYS); shown
/// once the paths stage is reached. Cells show the type over the bandwidth and
/// headers the GPU index (tooltips name both in full); the dock widens itself
/// once to show every column.
class TopologyMatrixDock final : public RetranslatingDock {
    Q_OBJECT

public:
    TopologyMatrixDock(SimulationController& controller, QWidget* parent);
    QTableWidget* table() const { return m_table; }

private:
    void refresh();
    /// The first time the table is shown wider than the dock, the dock asks
    /// its window for the width the table needs (the user's later width stays).
    void widenOnce();
    void retranslate() override;

    SimulationController& m_controller;
    QTableWidget* m_table = nullptr;
    QLabel* m_status = nullptr;
    bool m_widened = false;
};

}  // namespace commviz::views
