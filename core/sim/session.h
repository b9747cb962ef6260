#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/batch_run.h"
#include "sim/event_record.h"
#include "sim/json.h"
#include "sim/memory_budget.h"
#include "sim/timeline.h"

namespace commviz::sim {

/// What a batch run (Session::runBatch) should report of its events.
struct BatchRequest {
    std::size_t maxSteps = 0;
    /// Steps whose events are described and passed to onEvent, inclusive;
    /// an empty range (from > to) describes none.
    std::size_t eventsFrom = 1;
    std::size_t eventsTo = 0;
    std::function<void(std::size_t step, const EventRecord& record)> onEvent;
    std::function<bool(std::size_t)> keepGoing;
};

struct BatchOutcome {
    BatchCount count;
    Json summary;
};

/// A scene's timeline with the engine type erased, so the shell, the CLI and
/// export drive every scene the same way. Scene views downcast to
/// TimelineSession<E> to read their engine's typed state.
///
/// Events are described (EventRecord) only when asked for, one step or one
/// event at a time: nothing is kept per step beyond the typed events.
class Session {
public:
    using Progress = std::function<bool(std::size_t)>;
    virtual ~Session() = default;

    virtual std::size_t cursor() const = 0;
    virtual std::size_t recordedSteps() const = 0;
    virtual bool endKnown() const = 0;
    virtual bool atEnd() const = 0;
    virtual bool stepForward() = 0;
    virtual bool stepBack() = 0;
    virtual std::size_t seek(std::size_t n, const Progress& progress = {}) = 0;
    virtual std::size_t runToEnd(std::size_t cap, const Progress& progress = {}) = 0;
    /// Steps seek(n) would replay or compute, so a caller can send long ones to a worker.
    virtual std::size_t replayCost(std::size_t n) const = 0;
    /// The latest state at or before n that seek() reaches with its step's
    /// events and at most one chunk of replay (Timeline::quickStateAtOrBefore):
    /// what a drag across a long run shows at once.
    virtual std::size_t quickStateAtOrBefore(std::size_t n) const = 0;

    /// Events of step n (1-based) in their generic form, described now.
    virtual std::vector<EventRecord> eventRecords(std::size_t n) const = 0;
    /// Event i (0-based) of step n, described now.
    virtual EventRecord eventRecord(std::size_t n, std::size_t i) const = 0;
    /// How many events step n produced (no describing, no replay).
    virtual std::size_t eventCount(std::size_t n) const = 0;
    /// Events of all recorded steps.
    virtual std::uint64_t totalEvents() const = 0;
    /// Events of steps 1 .. n - 1: the run-wide index of step n's first event.
    virtual std::uint64_t eventsBefore(std::size_t n) const = 0;
    /// The step holding the run-wide event `index` (0-based, < totalEvents()).
    virtual std::size_t stepOfEvent(std::uint64_t index) const = 0;

    virtual Json summary() const = 0;
    /// Fields of one object at the cursor, layer by layer; null when unknown.
    virtual Json inspect(const std::string& objectId) const = 0;

    /// Bytes keyframes and stored events may take; they are thinned to fit.
    virtual void setMemoryBudget(std::size_t bytes) = 0;
    virtual std::size_t memoryBudget() const = 0;
    virtual std::size_t memoryUsed() const = 0;

    /// Runs a copy of the initial engine with no timeline (no keyframes, no
    /// stored events) and reports the end. The session itself is untouched.
    virtual BatchOutcome runBatch(const BatchRequest& request) const = 0;
};

template <Engine E>
class TimelineSession final : public Session {
public:
    explicit TimelineSession(E initial, std::size_t keyframeInterval = defaultKeyframeInterval<E>(),
                             std::size_t budgetBytes = kDefaultMemoryBudgetBytes)
        : m_timeline(std::move(initial), keyframeInterval, budgetBytes) {}

    const Timeline<E>& timeline() const { return m_timeline; }
    const E& engine() const { return m_timeline.current(); }

    std::size_t cursor() const override { return m_timeline.cursor(); }
    std::size_t recordedSteps() const override { return m_timeline.recordedSteps(); }
    bool endKnown() const override { return m_timeline.endKnown(); }
    bool atEnd() const override { return m_timeline.atEnd(); }
    bool stepForward() override { return m_timeline.stepForward(); }
    bool stepBack() override { return m_timeline.stepBack(); }
    std::size_t seek(std::size_t n, const Progress& progress = {}) override { return m_timeline.seek(n, progress); }
    std::size_t runToEnd(std::size_t cap, const Progress& progress = {}) override {
        return m_timeline.runToEnd(cap, progress);
    }
    std::size_t replayCost(std::size_t n) const override { return m_timeline.replayCost(n); }
    std::size_t quickStateAtOrBefore(std::size_t n) const override { return m_timeline.quickStateAtOrBefore(n); }

    std::vector<EventRecord> eventRecords(std::size_t n) const override {
        std::vector<EventRecord> records;
        for (const auto& event : m_timeline.eventSpan(n)) records.push_back(E::describe(event));
        return records;
    }
    EventRecord eventRecord(std::size_t n, std::size_t i) const override {
        return E::describe(m_timeline.eventSpan(n)[i]);
    }
    std::size_t eventCount(std::size_t n) const override { return m_timeline.eventCount(n); }
    std::uint64_t totalEvents() const override { return m_timeline.eventStore().total(); }
    std::uint64_t eventsBefore(std::size_t n) const override { return m_timeline.eventStore().before(n); }
    std::size_t stepOfEvent(std::uint64_t index) const override { return m_timeline.eventStore().stepOf(index); }

    Json summary() const override { return engine().summary(); }
    Json inspect(const std::string& objectId) const override { return engine().inspect(objectId); }

    void setMemoryBudget(std::size_t bytes) override { m_timeline.setMemoryBudget(bytes); }
    std::size_t memoryBudget() const override { return m_timeline.memoryBudget(); }
    std::size_t memoryUsed() const override { return m_timeline.memoryUsed(); }

    BatchOutcome runBatch(const BatchRequest& request) const override {
        E engine = m_timeline.initial();
        std::function<void(std::size_t, std::vector<typename E::Event>&)> describe;
        if (request.onEvent && request.eventsFrom <= request.eventsTo)
            describe = [&request](std::size_t step, std::vector<typename E::Event>& events) {
                for (const auto& event : events) request.onEvent(step, E::describe(event));
            };
        BatchOutcome outcome;
        outcome.count = sim::runBatch(engine, request.maxSteps, describe, request.keepGoing,
                                      StepRange{request.eventsFrom, request.eventsTo});
        outcome.summary = engine.summary();
        return outcome;
    }

private:
    Timeline<E> m_timeline;
};

}  // namespace commviz::sim
