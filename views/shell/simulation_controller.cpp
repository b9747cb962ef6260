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
// A seek expected to take longer than half a frame goes to the worker, so the
// window keeps painting and answering while it replays.
constexpr double kSyncSeekNs = 1e6 * kFrameMs / 2;
// Until a replay has been timed, assume a step costs this much.
constexpr double kGuessNsPerStep = 1000;
}  // namespace

SimulationController::SimulationController(QObject* parent) : QObject(parent) {
    m_playTimer.setInterval(kFrameMs);
    connect(&m_playTimer, &QTimer::timeout, this, &SimulationController::tick);
    m_progressTimer.setInterval(kFrameMs);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { emit runProgress(m_runReached.load(), m_workerTarget); });
    connect(&m_runWatcher, &QFutureWatcher<void>::finished, this, &SimulationController::finishRun);
}

SimulationController::~SimulationController() {
    m_cancelRun = true;
    m_runWatcher.waitForFinished();
}

sim::Status SimulationController::load(SceneSetup setup) {
    if (m_state == PlayState::Running && m_job == Job::RunToEnd) return sim::fail("a run is in progress");
    auto built = buildSession(setup);
    if (!built) return built.error();
    if (m_state == PlayState::Running) {  // a seek in the old session: stop it, it no longer matters
        m_pendingSeek.reset();
        m_cancelRun = true;
        m_runWatcher.waitForFinished();
        m_progressTimer.stop();
        setState(PlayState::Stopped);
    }
    pause();
    m_setup = std::move(setup);
    m_session = std::move(built).value();
    m_session->setMemoryBudget(m_memoryBudget);
    m_nsPerStep = 0;
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
    const std::size_t reached =
        m_session->runToEnd(runCap(), [&budget](std::size_t) { return budget.elapsed() < kLookAheadMs; });
    learnSpeed(reached, budget.nsecsElapsed());
    m_session->seek(0);
}

void SimulationController::setMemoryBudget(std::size_t bytes) {
    m_memoryBudget = bytes;
    if (m_session && m_state != PlayState::Running) m_session->setMemoryBudget(bytes);
}

void SimulationController::learnSpeed(std::size_t steps, qint64 elapsedNs) {
    if (steps < 8 || elapsedNs <= 0) return;  // too few to say anything
    const double measured = double(elapsedNs) / double(steps);
    m_nsPerStep = m_nsPerStep == 0 ? measured : 0.5 * (m_nsPerStep + measured);
}

bool SimulationController::worthAWorker(std::size_t target) const {
    const std::size_t cost = m_session->replayCost(target);
    return double(cost) * (m_nsPerStep > 0 ? m_nsPerStep : kGuessNsPerStep) > kSyncSeekNs;
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
    if (!m_session || m_state == PlayState::Running || m_cursor == 0) return;
    pause();
    seek(m_cursor - 1);  // a replay from the keyframe before: may be long when keyframes are thinned
}

void SimulationController::seek(std::size_t step) {
    if (!m_session) return;
    if (m_state == PlayState::Running) {
        if (m_job == Job::Seek) m_pendingSeek = step, m_pendingScrub = false;  // go there once this seek lands
        return;
    }
    if (worthAWorker(step)) {
        startWorker(Job::Seek, step);
        return;
    }
    QElapsedTimer clock;
    clock.start();
    const std::size_t cost = m_session->replayCost(step);
    m_session->seek(step);
    learnSpeed(cost, clock.nsecsElapsed());
    syncFromSession(false);
}

void SimulationController::scrub(std::size_t step) {
    if (!m_session) return;
    if (m_state == PlayState::Running) {
        if (m_job == Job::Seek) m_pendingSeek = step, m_pendingScrub = true;
        return;
    }
    if (worthAWorker(step)) {
        step = m_session->quickStateAtOrBefore(step);  // a keyframe, at most one chunk replayed
        if (step == m_cursor) return;                  // already showing it
    }
    seek(step);
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
    startWorker(Job::RunToEnd, runCap());
}

void SimulationController::startWorker(Job job, std::size_t target) {
    pause();
    m_job = job;
    m_workerTarget = target;
    m_workerCost = m_session->replayCost(target);
    m_cancelRun = false;
    m_runReached = m_cursor;
    setState(PlayState::Running);
    sim::Session* session = m_session.get();
    m_workerClock.start();
    m_runWatcher.setFuture(QtConcurrent::run([this, session, job, target] {
        const auto progress = [this](std::size_t reached) {
            m_runReached.store(reached, std::memory_order_relaxed);
            return !m_cancelRun.load(std::memory_order_relaxed);
        };
        if (job == Job::RunToEnd)
            session->runToEnd(target, progress);
        else
            session->seek(target, progress);
    }));
    m_progressTimer.start();
    emit runProgress(m_cursor, target);
}

void SimulationController::cancelRun() {
    m_pendingSeek.reset();
    m_cancelRun = true;
}

void SimulationController::finishRun() {
    m_progressTimer.stop();
    if (!m_cancelRun) learnSpeed(m_workerCost, m_workerClock.nsecsElapsed());
    setState(PlayState::Stopped);
    emit runProgress(m_session->cursor(), m_job == Job::RunToEnd ? runCap() : m_workerTarget);
    syncFromSession(false);
    if (m_pendingSeek) {
        const std::size_t next = *m_pendingSeek;
        m_pendingSeek.reset();
        if (next == m_cursor) return;
        if (m_pendingScrub)
            scrub(next);
        else
            seek(next);
    }
}

}  // namespace commviz::views
