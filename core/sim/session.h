#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/event_record.h"
#include "sim/json.h"
#include "sim/timeline.h"

namespace commviz::sim {

/// A scene's timeline with the engine type erased, so the shell, the CLI and
/// export drive every scene the same way. Scene views downcast to
/// TimelineSession<E> to read their engine's typed state.
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
    /// Events of step n (1-based) in their generic form.
    virtual const std::vector<EventRecord>& eventRecords(std::size_t n) const = 0;
    virtual Json summary() const = 0;
    /// Fields of one object at the cursor, layer by layer; null when unknown.
    virtual Json inspect(const std::string& objectId) const = 0;
};

template <Engine E>
class TimelineSession final : public Session {
public:
    explicit TimelineSession(E initial, std::size_t keyframeInterval = 64)
        : m_timeline(std::move(initial), keyframeInterval) {}

    const Timeline<E>& timeline() const { return m_timeline; }
    const E& engine() const { return m_timeline.current(); }

    std::size_t cursor() const override { return m_timeline.cursor(); }
    std::size_t recordedSteps() const override { return m_timeline.recordedSteps(); }
    bool endKnown() const override { return m_timeline.endKnown(); }
    bool atEnd() const override { return m_timeline.atEnd(); }
    bool stepForward() override { return record(m_timeline.stepForward()); }
    bool stepBack() override { return m_timeline.stepBack(); }
    std::size_t seek(std::size_t n, const Progress& progress = {}) override {
        const std::size_t reached = m_timeline.seek(n, progress);
        record(true);
        return reached;
    }
    std::size_t runToEnd(std::size_t cap, const Progress& progress = {}) override {
        const std::size_t reached = m_timeline.runToEnd(cap, progress);
        record(true);
        return reached;
    }
    const std::vector<EventRecord>& eventRecords(std::size_t n) const override { return m_records.at(n - 1); }
    Json summary() const override { return engine().summary(); }
    Json inspect(const std::string& objectId) const override { return engine().inspect(objectId); }

private:
    // Describe newly recorded steps once, so every view reads the same records.
    bool record(bool moved) {
        for (std::size_t n = m_records.size() + 1; n <= m_timeline.recordedSteps(); ++n) {
            std::vector<EventRecord> described;
            for (const auto& event : m_timeline.events(n)) described.push_back(E::describe(event));
            m_records.push_back(std::move(described));
        }
        return moved;
    }

    Timeline<E> m_timeline;
    std::vector<std::vector<EventRecord>> m_records;
};

}  // namespace commviz::sim
