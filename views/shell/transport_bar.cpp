#include "shell/transport_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <cmath>

#include "shell/simulation_controller.h"
#include "shell/timeline_scrubber.h"

namespace commviz::views {

namespace {
// The speed slider is logarithmic: position p gives 2^(p/4) steps per second,
// from 0.25 to about 16,000.
double speedAt(int position) { return std::pow(2.0, position / 4.0); }
int positionOf(double speed) { return int(std::lround(std::log2(speed) * 4.0)); }
}  // namespace

TransportBar::TransportBar(SimulationController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    auto button = [this, layout](QStyle::StandardPixmap icon, auto slot) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, &m_controller, slot);
        layout->addWidget(b);
        return b;
    };
    m_reset = button(QStyle::SP_MediaSkipBackward, &SimulationController::reset);
    m_back = button(QStyle::SP_MediaSeekBackward, &SimulationController::stepBack);
    m_play = button(QStyle::SP_MediaPlay, &SimulationController::togglePlay);
    m_forward = button(QStyle::SP_MediaSeekForward, &SimulationController::stepForward);
    m_end = button(QStyle::SP_MediaSkipForward, &SimulationController::runToEnd);

    m_speed = new QSlider(Qt::Horizontal, this);
    m_speed->setRange(-8, 56);
    m_speed->setFixedWidth(110);
    m_speed->setValue(positionOf(controller.speed()));
    m_speedLabel = new QLabel(this);
    m_speedLabel->setMinimumWidth(60);
    connect(m_speed, &QSlider::valueChanged, this, [this](int p) {
        m_controller.setSpeed(speedAt(p));
        retranslate();
    });
    layout->addWidget(m_speed);
    layout->addWidget(m_speedLabel);

    m_stepLabel = new QLabel(this);
    m_stepLabel->setMinimumWidth(120);
    m_stepLabel->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_stepLabel);
    m_scrubber = new TimelineScrubber(controller, this);
    layout->addWidget(m_scrubber, 1);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    layout->addWidget(m_progress);

    connect(&controller, &SimulationController::cursorChanged, this, &TransportBar::refresh);
    connect(&controller, &SimulationController::sessionChanged, this, &TransportBar::refresh);
    connect(&controller, &SimulationController::playStateChanged, this, &TransportBar::refresh);
    connect(&controller, &SimulationController::runProgress, this, [this](std::size_t reached, std::size_t cap) {
        m_progress->setRange(0, int(std::min<std::size_t>(cap, INT32_MAX)));
        m_progress->setValue(int(std::min<std::size_t>(reached, INT32_MAX)));
        m_stepLabel->setText(tr("step %1").arg(reached));
    });
    retranslate();
    refresh();
}

void TransportBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void TransportBar::retranslate() {
    m_reset->setToolTip(tr("Reset to step 0 (Home)"));
    m_back->setToolTip(tr("Step back (Left)"));
    m_forward->setToolTip(tr("Step forward (Right)"));
    m_end->setToolTip(tr("Run to the end (End); press again to stop"));
    m_speed->setToolTip(tr("Play speed"));
    const double speed = speedAt(m_speed->value());
    m_speedLabel->setText(speed < 10 ? tr("%1 /s").arg(speed, 0, 'g', 2) : tr("%1 /s").arg(std::lround(speed)));
    refresh();
}

void TransportBar::refresh() {
    using State = SimulationController::PlayState;
    const State state = m_controller.playState();
    const bool running = state == State::Running;
    m_play->setIcon(style()->standardIcon(state == State::Playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(state == State::Playing ? tr("Pause (Space)") : tr("Play (Space)"));
    m_end->setIcon(style()->standardIcon(running ? QStyle::SP_MediaStop : QStyle::SP_MediaSkipForward));
    disconnect(m_end, &QToolButton::clicked, nullptr, nullptr);
    connect(m_end, &QToolButton::clicked, &m_controller,
            running ? &SimulationController::cancelRun : &SimulationController::runToEnd);
    for (QToolButton* b : {m_reset, m_back, m_play, m_forward}) b->setEnabled(!running);
    m_progress->setVisible(running);
    if (running) return;
    const bool endKnown = m_controller.endKnown();
    const QString total = endKnown ? QString::number(m_controller.recordedSteps())
                                   : QStringLiteral("%1+").arg(m_controller.recordedSteps());
    m_stepLabel->setText(tr("step %1 / %2").arg(m_controller.cursor()).arg(total));
    // The number before "+" is only how far the window recorded ahead in a
    // moment after loading, so it differs from run to run; say what it means.
    m_stepLabel->setToolTip(
        endKnown ? tr("Step on screen / steps in the whole run")
                 : tr("Step on screen / steps recorded so far. The \"+\" means the run is longer: its length is "
                      "not known until it ends (a NoC run ends when its network has drained, which depends on "
                      "the traffic). Run to the end (End) to learn it."));
}

}  // namespace commviz::views
