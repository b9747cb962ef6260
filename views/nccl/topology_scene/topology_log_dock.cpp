#include "nccl/topology_scene/topology_log_dock.h"

#include <QEvent>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QScrollBar>

#include "nccl/topology_scene/topology_engine.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

using nccl_topology::TopologyStage;

TopologyLogDock::TopologyLogDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("TopologyLogDock"));
    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setWidget(m_text);
    setWindowTitle(tr("NCCL log"));
    connect(&m_controller, &SimulationController::sessionChanged, this, &TopologyLogDock::refresh);
    connect(&m_controller, &SimulationController::cursorChanged, this, &TopologyLogDock::refresh);
    refresh();
}

void TopologyLogDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) setWindowTitle(tr("NCCL log"));
    QDockWidget::changeEvent(event);
}

void TopologyLogDock::refresh() {
    const auto access = sim::SessionAccess<nccl_topology::TopologyEngine>::of(m_controller.session());
    if (!access) {
        m_text->clear();
        return;
    }
    const auto& engine = access->engine();
    const auto& run = engine.run();
    QStringList lines;
    if (run.log) {
        for (const std::string& line : run.logFileText) lines << QString::fromStdString(line);
    } else {
        // The lines of every stage stepped through; the last stage's end the pane.
        for (std::size_t index = 0; index < run.lines.size(); ++index) {
            const std::string& stage = run.lines[index].stage;
            const bool reached = std::any_of(run.stages.begin(), run.stages.end(), [&](TopologyStage s) {
                return nccl_topology::stageName(s) == stage && engine.reached(s);
            });
            if (reached) lines << QString::fromStdString(run.formatted[index]);
        }
    }
    const QString text = lines.join(QLatin1Char('\n'));
    if (text == m_text->toPlainText()) return;
    m_text->setPlainText(text);
    m_text->verticalScrollBar()->setValue(run.log ? 0 : m_text->verticalScrollBar()->maximum());
}

}  // namespace commviz::views
