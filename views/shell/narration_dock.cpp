#include "shell/narration_dock.h"

#include <QEvent>
#include <QTextBrowser>
#include <algorithm>
#include <climits>

#include "shell/simulation_controller.h"
#include "shell/step_narration.h"

namespace commviz::views {

namespace {
// Sentences one step's narration shows at most.
constexpr std::size_t kMaxNarratedEvents = 50;
}  // namespace

NarrationDock::NarrationDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(parent), m_controller(controller), m_text(new QTextBrowser(this)) {
    setObjectName(QStringLiteral("NarrationDock"));
    m_text->setOpenLinks(false);
    setWidget(m_text);
    connect(&controller, &SimulationController::cursorChanged, this, &NarrationDock::refresh);
    connect(&controller, &SimulationController::sessionChanged, this, &NarrationDock::refresh);
    setWindowTitle(tr("Narration"));
    refresh();
}

void NarrationDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        setWindowTitle(tr("Narration"));
        refresh();
    }
    QDockWidget::changeEvent(event);
}

QString NarrationDock::narrationOf(const SimulationController& controller, std::size_t step) {
    const sim::Session* session = controller.session();
    return session && controller.scene() ? stepNarration(*controller.scene(), *session, step) : QString();
}

void NarrationDock::refresh() {
    const sim::Session* session = m_controller.session();
    if (!session || !m_controller.scene()) {
        m_text->clear();
        return;
    }
    const std::size_t step = m_controller.cursor();
    if (step == 0) {
        m_text->setHtml(
            tr("<p><b>Step 0.</b> Nothing has happened yet. Press <b>Right</b> or <b>Space</b> to "
               "start.</p>"));
        return;
    }
    QString html = tr("<p><b>Step %1</b></p>").arg(step);
    // A macro-step may hold thousands of events (a NoC cycle, an allgather
    // round): narrate the first ones and say how many more there are.
    const std::size_t count = session->eventCount(step);
    const std::size_t shown = std::min(count, kMaxNarratedEvents);
    for (std::size_t i = 0; i < shown; ++i) {
        const sim::EventRecord record = session->eventRecord(step, i);
        html += QStringLiteral("<p>%1<br><span style='color:gray'><tt>%2</tt></span></p>")
                    .arg(m_controller.scene()->narrate(record).toHtmlEscaped(),
                         QString::fromStdString(record.anchor).toHtmlEscaped());
    }
    if (count > shown)
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("…and %n more event(s) in this step; the Events dock lists them all.", nullptr,
                            int(std::min<std::size_t>(count - shown, INT_MAX))));
    m_text->setHtml(html);
}

}  // namespace commviz::views
