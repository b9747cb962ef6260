#include "nccl/bootstrap_scene/nccl_log_dock.h"

#include <QEvent>
#include <QPlainTextEdit>
#include <QTextBlock>

#include "nccl/bootstrap_scene/nccl_engine.h"
#include "shell/scene_paint.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

NcclLogDock::NcclLogDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent), m_controller(controller), m_view(new QPlainTextEdit(this)) {
    setObjectName(QStringLiteral("NcclLogDock"));
    m_view->setReadOnly(true);
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_view->setFont(ScenePaint::font(12, false, true));
    setWidget(m_view);
    retranslate();
    connect(&m_controller, &SimulationController::sessionChanged, this, &NcclLogDock::refresh);
    connect(&m_controller, &SimulationController::cursorChanged, this, &NcclLogDock::refresh);
    connect(&m_controller, &SimulationController::playStateChanged, this, &NcclLogDock::refresh);
    refresh();
}

void NcclLogDock::retranslate() {
    setWindowTitle(tr("NCCL log (NCCL_DEBUG=INFO)"));
    m_view->setPlaceholderText(tr("No NCCL bootstrap session: the INFO lines appear here as the ranks print them."));
}

void NcclLogDock::refresh() {
    const auto access = sim::SessionAccess<nccl::NcclEngine>::of(m_controller.session());
    if (!access) {
        // Another scene, or a worker owns the session: keep the last lines until it settles.
        if (!m_controller.session()) return;
        m_view->clear();
        m_lines = m_highlighted = 0;
        return;
    }
    const nccl::NcclEngine& engine = access->engine();
    const auto& entries = engine.log();
    const std::uint32_t step = engine.steps();
    QStringList lines;
    std::vector<int> current;  // lines of this step
    for (const nccl::LogEntry& entry : entries) {
        if (nccl::isWarn(entry.code)) lines << QString();  // the empty line a WARN's leading newline makes
        if (entry.step == step && step > 0) current.push_back(int(lines.size()));
        lines << QString::fromStdString(nccl::formatLogLine(engine.world(), entry));
    }
    m_view->setPlainText(lines.join(QLatin1Char('\n')));
    m_lines = int(lines.size());
    m_highlighted = int(current.size());

    QList<QTextEdit::ExtraSelection> marks;
    const QColor fill = palette().color(QPalette::Highlight);
    for (int line : current) {
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(m_view->document()->findBlockByNumber(line));
        mark.format.setBackground(QColor(fill.red(), fill.green(), fill.blue(), 70));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << mark;
    }
    m_view->setExtraSelections(marks);
    // Keep the newest lines of this step in sight; otherwise the end.
    const int target = current.empty() ? m_lines - 1 : current.back();
    if (target >= 0) {
        QTextCursor cursor(m_view->document()->findBlockByNumber(target));
        m_view->setTextCursor(cursor);
        m_view->ensureCursorVisible();
    }
}

QDockWidget* createNcclLogDock(SimulationController& controller, QWidget* parent) {
    return new NcclLogDock(controller, parent);
}

}  // namespace commviz::views
