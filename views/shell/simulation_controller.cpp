#include "shell/simulation_controller.h"

#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace commviz::views {

namespace {
// Screen refresh during play and runs: at most ~30 repaints a second.
constexpr int kFrameMs = 33;
// Above this speed single steps are not animated, only redrawn.
constexpr double kAnimatedSpeed = 8.0;
// How long loading a scene may spend recording ahead.
constexpr qint64 kLookAheadMs = 150;
}  // namespace

SimulationController::SimulationController(QObject* parent) : QObject(parent) {
    m_playTimer.setInterval(kFrameMs);
    connect(&m_playTimer, &QTimer::timeout, this, &SimulationController::tick);
    m_progressTimer.setInterval(kFrameMs);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] { emit runProgress(m_runReached.load(), runCap()); });
    connect(&m_runWatcher, &QFutureWatcher<void>::finished, this, &SimulationController::finishRun);
}

SimulationController::~SimulationController() {
    m_cancelRun = true;
    m_runWatcher.waitForFinished();
}

sim::Status SimulationController::load(SceneSetup setup) {
    if (m_state == PlayState::Running) return sim::fail("a run is in progress");
    auto built = buildSession(setup);
    if (!built) return built.error();
    pause();
    m_setup = std::move(setup);
    m_session = std::move(built).value();
    lookAhead();
    m_cursor = m_session->cursor();
    m_recorded = m_session->recordedSteps();
    m_endKnown = m_session->endKnown();
    // Listeners reset on sessionChanged before they see the new cursor.
    emit sessionChanged();
    emit cursorChanged(m_cursor, false);
    return sim::Ok{};
}

sim::Status SimulationController::setValues(const sim::ParamValues& values) {
    const std::size_t keep = m_cursor;
    SceneSetup setup = m_setup;
    setup.values = values;
    if (auto status = load(std::move(setup)); !status) return status;
    seek(keep);
    return sim::Ok{};
}

void SimulationController::lookAhead() {
    // Record ahead for a moment so short scenes show "step 12 / 240" and a full
    // scrubber from the start; long ones show what was reached ("20000+").
    QElapsedTimer budget;
    budget.start();
    m_session->runToEnd(runCap(), [&budget](std::size_t) { return budget.elapsed() < kLookAheadMs; });
    m_session->seek(0);
}

std::size_t SimulationController::runCap() const { return m_setup.scene ? m_setup.scene->model.stepCap : 0; }

void SimulationController::syncFromSession(bool animate) {
    if (!m_session) return;
    const std::size_t before = m_cursor;
    m_cursor = m_session->cursor();
    m_recorded = m_session->recordedSteps();
    m_endKnown = m_session->endKnown();
    if (m_cursor != before || !animate) emit cursorChanged(m_cursor, animate && m_cursor == before + 1);
}

void SimulationController::setState(PlayState state) {
    if (m_state == state) return;
    m_state = state;
    emit playStateChanged(state);
}

void SimulationController::reset() { seek(0); }

void SimulationController::stepForward() {
    if (!m_session || m_state == PlayState::Running) return;
    pause();
    m_session->stepForward();
    syncFromSession(true);
}

void SimulationController::stepBack() {
    if (!m_session || m_state == PlayState::Running) return;
    pause();
    m_session->stepBack();
    syncFromSession(false);
}

void SimulationController::seek(std::size_t step) {
    if (!m_session || m_state == PlayState::Running) return;
    m_session->seek(step);
    syncFromSession(false);
}

void SimulationController::play() {
    if (!m_session || m_state != PlayState::Stopped) return;
    if (m_session->atEnd()) return;
    m_stepDebt = 0;
    m_sinceTick.start();
    m_playTimer.start();
    setState(PlayState::Playing);
}

void SimulationController::pause() {
    if (m_state != PlayState::Playing) return;
    m_playTimer.stop();
    setState(PlayState::Stopped);
}

void SimulationController::togglePlay() {
    if (m_state == PlayState::Playing)
        pause();
    else if (m_state == PlayState::Stopped)
        play();
}

void SimulationController::setSpeed(double stepsPerSecond) { m_speed = std::clamp(stepsPerSecond, 0.25, 100000.0); }

void SimulationController::tick() {
    // Steps owed since the last tick at the chosen speed; fast speeds take many
    // steps per frame but repaint once, slow ones animate each step.
    m_stepDebt += m_speed * double(m_sinceTick.restart()) / 1000.0;
    const std::size_t due = std::size_t(m_stepDebt);
    if (due == 0) return;
    m_stepDebt -= double(due);
    QElapsedTimer budget;
    budget.start();
    bool moved = false;
    for (std::size_t i = 0; i < due && budget.elapsed() < kFrameMs / 2; ++i) {
        if (!m_session->stepForward()) break;
        moved = true;
    }
    if (due > 1) m_stepDebt = 0;  // don't let an overloaded frame pile up work
    syncFromSession(m_speed <= kAnimatedSpeed);
    if (!moved || m_session->atEnd()) pause();
}

void SimulationController::runToEnd() {
    if (!m_session || m_state == PlayState::Running) return;
    pause();
    const std::size_t cap = runCap();
    m_cancelRun = false;
    m_runReached = m_cursor;
    setState(PlayState::Running);
    sim::Session* session = m_session.get();
    m_runWatcher.setFuture(QtConcurrent::run([this, session, cap] {
        session->runToEnd(cap, [this](std::size_t reached) {
            m_runReached.store(reached, std::memory_order_relaxed);
            return !m_cancelRun.load(std::memory_order_relaxed);
        });
    }));
    m_progressTimer.start();
}

void SimulationController::cancelRun() { m_cancelRun = true; }

void SimulationController::finishRun() {
    m_progressTimer.stop();
    setState(PlayState::Stopped);
    emit runProgress(m_session->cursor(), runCap());
    syncFromSession(false);
}

}  // namespace commviz::views
