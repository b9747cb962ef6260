#pragma once

#include "shell/retranslating_dock.h"

class QLabel;
class QTableWidget;

namespace commviz::views {

class SimulationController;

/// The GPU × GPU path matrix as NCCL computed it: each cell the path's type
/// and bandwidth, coloured from the best type (NVL) to the worst (SYS); shown
/// once the paths stage is reached.
class TopologyMatrixDock final : public RetranslatingDock {
    Q_OBJECT

public:
    TopologyMatrixDock(SimulationController& controller, QWidget* parent);
    QTableWidget* table() const { return m_table; }

private:
    void refresh();
    void retranslate() override;

    SimulationController& m_controller;
    QTableWidget* m_table = nullptr;
    QLabel* m_status = nullptr;
};

}  // namespace commviz::views
