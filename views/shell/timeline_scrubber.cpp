#include "shell/timeline_scrubber.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cstdint>

#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {
constexpr int kMargin = 8;
// Ticks need every event described; beyond this many events a run is too big
// to mark event by event (and a mark per couple of pixels says little anyway).
constexpr std::uint64_t kMaxTickedEvents = 200'000;

// Events whose kind says something changed state, worth a tick on the scrubber.
bool isNotable(const sim::EventRecord& record) {
    for (const char* word : {"state", "error", "cqe", "wc_", "nak", "drop", "timeout", "retransmit", "async", "done"})
        if (record.kind.find(word) != std::string::npos) return true;
    return false;
}
}  // namespace

TimelineScrubber::TimelineScrubber(SimulationController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    setToolTip(tr("Click or drag to go to a step"));
    connect(&controller, &SimulationController::sessionChanged, this, [this] {
        m_ticks.clear();
        m_tickedUpTo = 0;
        refreshTicks();
        update();
    });
    connect(&controller, &SimulationController::cursorChanged, this, [this] {
        refreshTicks();
        update();
    });
}

void TimelineScrubber::refreshTicks() {
    const sim::Session* session = m_controller.session();
    if (!session) return;
    if (session->totalEvents() > kMaxTickedEvents) {
        m_ticks.clear();
        m_tickedUpTo = session->recordedSteps();
        return;
    }
    for (std::size_t n = m_tickedUpTo + 1; n <= session->recordedSteps(); ++n) {
        const auto records = session->eventRecords(n);
        if (std::any_of(records.begin(), records.end(), isNotable)) m_ticks.push_back(n);
    }
    m_tickedUpTo = session->recordedSteps();
}

double TimelineScrubber::xOf(std::size_t step) const {
    const std::size_t total = std::max<std::size_t>(1, m_controller.recordedSteps());
    return kMargin + double(width() - 2 * kMargin) * double(step) / double(total);
}

void TimelineScrubber::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const int mid = height() / 2;
    painter.setPen(QPen(pal.color(QPalette::Mid), 3, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(kMargin, mid, width() - kMargin, mid);
    painter.setPen(QPen(pal.color(QPalette::Highlight), 3, Qt::SolidLine, Qt::RoundCap));
    const double cursorX = xOf(m_controller.cursor());
    painter.drawLine(QPointF(kMargin, mid), QPointF(cursorX, mid));
    painter.setPen(QPen(pal.color(QPalette::Text), 1));
    double lastX = -10;
    for (std::size_t step : m_ticks) {
        const double x = xOf(step);
        if (x - lastX < 2) continue;  // one mark per couple of pixels is enough
        painter.drawLine(QPointF(x, mid - 7), QPointF(x, mid - 3));
        lastX = x;
    }
    painter.setBrush(pal.color(QPalette::Highlight));
    painter.setPen(Qt::NoPen);
    painter.drawEllipse(QPointF(cursorX, mid), 6, 6);
}

std::size_t TimelineScrubber::stepAt(double x) const {
    const std::size_t total = m_controller.recordedSteps();
    const double fraction = std::clamp((x - kMargin) / std::max(1.0, double(width() - 2 * kMargin)), 0.0, 1.0);
    return std::size_t(fraction * double(total) + 0.5);
}

// While the button is down the view follows at once (the controller shows the
// nearest saved state when the exact one needs a long replay); the release
// lands exactly where the pointer is.
void TimelineScrubber::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) m_controller.scrub(stepAt(event->position().x()));
}
void TimelineScrubber::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) m_controller.scrub(stepAt(event->position().x()));
}
void TimelineScrubber::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) m_controller.seek(stepAt(event->position().x()));
}

}  // namespace commviz::views
