#include "nccl/topology_scene/topology_matrix_dock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QScrollBar>
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

// The cell's compact form, two short lines: "NVL" over "371" (GB/s, whole above 10).
QString cellText(PathType type, double bandwidth) {
    const int decimals = bandwidth >= 10 ? 0 : 1;
    return QStringLiteral("%1\n%2").arg(QString::fromLatin1(nccl_topology::pathTypeName(type).data()),
                                        QString::number(bandwidth, 'f', decimals));
}

}  // namespace

TopologyMatrixDock::TopologyMatrixDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent), m_controller(controller) {
    setObjectName(QStringLiteral("TopologyMatrixDock"));
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Cells and headers as wide as their text: a narrow dock scrolls rather than cutting "NVL 370.8" to "3…".
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setMinimumSectionSize(8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_status = setTableDockBody(*this, m_table);
    retranslate();
    connect(&m_controller, &SimulationController::sessionChanged, this, &TopologyMatrixDock::refresh);
    connect(&m_controller, &SimulationController::cursorChanged, this, &TopologyMatrixDock::refresh);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) widenOnce();
    });
    refresh();
}

void TopologyMatrixDock::widenOnce() {
    auto* window = qobject_cast<QMainWindow*>(parentWidget());
    if (m_widened || !window || !isVisible() || m_table->columnCount() == 0) return;
    m_table->resizeColumnsToContents();
    int needed = m_table->verticalHeader()->width() + 2 * m_table->frameWidth() +
                 m_table->verticalScrollBar()->sizeHint().width() + 16;  // dock and body margins
    for (int column = 0; column < m_table->columnCount(); ++column) needed += m_table->columnWidth(column);
    m_widened = true;
    if (width() < needed) window->resizeDocks({this}, {needed}, Qt::Horizontal);
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
    m_table->setRowCount(int(matrix.rows.size()));
    m_table->setColumnCount(int(matrix.columns.size()));
    QStringList names;
    for (std::size_t index = 0; index < matrix.rows.size(); ++index) {
        // Headers name the GPU by its index ("GPU 3" in the tooltip), so eight columns fit the dock.
        names << QString::fromStdString(nccl_topology::nodeLabel(run.model.system, matrix.rows[index]));
        for (bool horizontal : {true, false}) {
            auto* header = new QTableWidgetItem(QString::number(index));
            header->setToolTip(names.back());
            horizontal ? m_table->setHorizontalHeaderItem(int(index), header)
                       : m_table->setVerticalHeaderItem(int(index), header);
        }
    }
    for (std::size_t row = 0; row < matrix.rows.size(); ++row)
        for (std::size_t column = 0; column < matrix.columns.size(); ++column) {
            const auto& path = matrix.at(row, column);
            auto* item = new QTableWidgetItem(cellText(path.type, double(path.bw)));
            item->setToolTip(tr("%1 → %2: %3, %4 GB/s")
                                 .arg(names[qsizetype(row)], names.value(qsizetype(column)),
                                      QString::fromLatin1(nccl_topology::pathTypeName(path.type).data()))
                                 .arg(double(path.bw), 0, 'f', 1));
            item->setBackground(cellColor(path.type));
            item->setForeground(Qt::black);
            item->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(int(row), int(column), item);
        }
    widenOnce();
    m_status->setText(
        tr("Path type and bandwidth (GB/s) from each GPU (row) to each GPU (column), by GPU index; "
           "hover a cell for its full name."));
}

}  // namespace commviz::views
