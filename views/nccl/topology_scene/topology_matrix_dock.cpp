#include "nccl/topology_scene/topology_matrix_dock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "nccl/topology_scene/topology_engine.h"
#include "shell/dock_body.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

using nccl_topology::PathType;

namespace {

// Green for NVLink paths through yellow (PCIe) to red (across sockets).
QColor cellColor(PathType type) {
    const double worst = double(PathType::SYS);
    const double t = std::min(1.0, double(type) / worst);
    return QColor::fromHsvF(0.33 * (1.0 - t), 0.45, 0.95);
}

}  // namespace

TopologyMatrixDock::TopologyMatrixDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent), m_controller(controller) {
    setObjectName(QStringLiteral("TopologyMatrixDock"));
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_status = setTableDockBody(*this, m_table);
    retranslate();
    connect(&m_controller, &SimulationController::sessionChanged, this, &TopologyMatrixDock::refresh);
    connect(&m_controller, &SimulationController::cursorChanged, this, &TopologyMatrixDock::refresh);
    refresh();
}

void TopologyMatrixDock::retranslate() {
    setWindowTitle(tr("GPU paths"));
    refresh();
}

void TopologyMatrixDock::refresh() {
    const auto access = sim::SessionAccess<nccl_topology::TopologyEngine>::of(m_controller.session());
    if (!access || !access->engine().reached(nccl_topology::TopologyStage::Paths)) {
        m_table->clear();
        m_table->setRowCount(0);
        m_table->setColumnCount(0);
        m_status->setText(access ? tr("The paths are computed at stage 2.") : tr("No NCCL topology session."));
        return;
    }
    const auto& run = access->engine().run();
    const auto matrix = nccl_topology::pathMatrix(run.model.system, run.model.paths, nccl_topology::NodeType::GPU,
                                                  nccl_topology::NodeType::GPU);
    QStringList names;
    for (int node : matrix.rows) names << QString::fromStdString(nccl_topology::nodeLabel(run.model.system, node));
    m_table->setRowCount(int(matrix.rows.size()));
    m_table->setColumnCount(int(matrix.columns.size()));
    m_table->setHorizontalHeaderLabels(names);
    m_table->setVerticalHeaderLabels(names);
    for (std::size_t row = 0; row < matrix.rows.size(); ++row)
        for (std::size_t column = 0; column < matrix.columns.size(); ++column) {
            const auto& path = matrix.at(row, column);
            auto* item = new QTableWidgetItem(
                QStringLiteral("%1 %2").arg(QString::fromLatin1(nccl_topology::pathTypeName(path.type).data()),
                                            QString::number(double(path.bw), 'f', 1)));
            item->setBackground(cellColor(path.type));
            item->setForeground(Qt::black);
            item->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(int(row), int(column), item);
        }
    m_status->setText(tr("Path type and bandwidth (GB/s) from each GPU (row) to each GPU (column)."));
}

}  // namespace commviz::views
