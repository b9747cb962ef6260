#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <memory>
#include <optional>

#include "shell/scene_setup.h"

namespace commviz::views {

/// The one owner of a scene's timeline and of the play state. Every view and
/// dock follows its cursor; none of them steps the engine itself.
class SimulationController : public QObject {
    Q_OBJECT

public:
    enum class PlayState { Stopped, Playing, Running };

    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    /// Builds a new session; on failure keeps the old one and returns the message.
    sim::Status load(SceneSetup setup);
    /// Rebuilds with new key values, keeping the cursor where it can.
    sim::Status setValues(const sim::ParamValues& values);

    const SceneSetup& setup() const { return m_setup; }
    const SceneDescriptor* scene() const { return m_setup.scene; }
    /// Null while a worker runs (the session is not to be read then).
    const sim::Session* session() const { return m_state == PlayState::Running ? nullptr : m_session.get(); }
    PlayState playState() const { return m_state; }
    std::size_t cursor() const { return m_cursor; }
    std::size_t recordedSteps() const { return m_recorded; }
    bool endKnown() const { return m_endKnown; }
    double speed() const { return m_speed; }
    std::size_t runCap() const;
    /// True while a worker replays a long seek (playState() is Running then too).
    bool seeking() const { return m_state == PlayState::Running && m_job == Job::Seek; }
    /// Bytes the timeline may keep for keyframes and events; applies to this and later sessions.
    void setMemoryBudget(std::size_t bytes);
    std::size_t memoryBudget() const { return m_memoryBudget; }

public slots:
    void reset();
    void stepForward();
    void stepBack();
    void seek(std::size_t step);
    /// A seek during a drag: when going exactly to `step` would need a long
    /// replay, goes at once to the latest state before it that a keyframe and
    /// at most one chunk of replay reach (sim::Session::quickStateAtOrBefore);
    /// the drag's end seeks exactly.
    void scrub(std::size_t step);
    void play();
    void pause();
    void togglePlay();
    /// Runs to the end (or the scene's step cap) on a worker thread.
    void runToEnd();
    /// Stops a run to the end or a long seek where it is.
    void cancelRun();
    /// Steps per second while playing.
    void setSpeed(double stepsPerSecond);

signals:
    void sessionChanged();
    /// The cursor moved; `animate` is true for a single step forward worth animating.
    void cursorChanged(std::size_t cursor, bool animate);
    void playStateChanged(commviz::views::SimulationController::PlayState state);
    /// While a worker runs: the step reached and the step it is heading for.
    void runProgress(std::size_t reached, std::size_t cap);

private:
    enum class Job { RunToEnd, Seek };

    void tick();
    bool worthAWorker(std::size_t target) const;
    void startWorker(Job job, std::size_t target);
    void learnSpeed(std::size_t steps, qint64 elapsedNs);
    void lookAhead();
    void syncFromSession(bool animate);
    void setState(PlayState state);
    void finishRun();

    SceneSetup m_setup;
    std::unique_ptr<sim::Session> m_session;
    PlayState m_state = PlayState::Stopped;
    std::size_t m_cursor = 0;
    std::size_t m_recorded = 0;
    bool m_endKnown = false;
    double m_speed = 4.0;
    double m_stepDebt = 0;
    QTimer m_playTimer;
    QElapsedTimer m_sinceTick;
    QTimer m_progressTimer;
    QFutureWatcher<void> m_runWatcher;
    Job m_job = Job::RunToEnd;
    std::size_t m_workerTarget = 0;
    std::size_t m_workerCost = 0;  // steps the worker's job was expected to replay or compute
    QElapsedTimer m_workerClock;
    std::optional<std::size_t> m_pendingSeek;  // the latest seek asked for while a seek ran
    bool m_pendingScrub = false;               // and whether a drag asked for it
    double m_nsPerStep = 0;                    // measured replay speed, 0 until known
    std::size_t m_memoryBudget = sim::kDefaultMemoryBudgetBytes;
    std::atomic<std::size_t> m_runReached{0};
    std::atomic<bool> m_cancelRun{false};
};

}  // namespace commviz::views
