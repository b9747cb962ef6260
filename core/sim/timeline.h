#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

#include "sim/engine.h"

namespace commviz::sim {

/// One step-back / scrub machine for every engine. It keeps a copy of the engine
/// every `keyframeInterval` steps plus the events of each step; seek(n) restores
/// the nearest keyframe at or before n and replays. Engine copies grow with
/// steps / K, so long runs stay cheap to rewind.
///
/// State n is the engine after n steps; step n (1-based) produced events(n).
template <Engine E>
class Timeline {
public:
    using Event = typename E::Event;
    /// Called during long runs with the step reached; return false to stop.
    using Progress = std::function<bool(std::size_t)>;

    explicit Timeline(E initial, std::size_t keyframeInterval = 64)
        : m_interval(keyframeInterval == 0 ? 1 : keyframeInterval), m_current(initial) {
        m_keyframes.push_back(std::move(initial));
    }

    const E& current() const { return m_current; }
    std::size_t cursor() const { return m_cursor; }
    /// Steps computed so far (the cursor may be anywhere in [0, recordedSteps()]).
    std::size_t recordedSteps() const { return m_events.size(); }
    /// True once the engine reported done at the end of the recording.
    bool endKnown() const { return m_endKnown; }
    bool atEnd() const { return m_cursor == m_events.size() && m_endKnown; }
    std::size_t keyframeCount() const { return m_keyframes.size(); }
    std::size_t keyframeInterval() const { return m_interval; }

    /// Events of step n, 1 <= n <= recordedSteps().
    const std::vector<Event>& events(std::size_t n) const { return m_events.at(n - 1); }

    /// Advances one step; returns false (and changes nothing) at the end.
    bool stepForward() {
        if (m_cursor < m_events.size()) {
            m_current.step();  // replay: the events are already recorded
            ++m_cursor;
            return true;
        }
        if (m_endKnown || m_current.done()) {
            m_endKnown = true;
            return false;
        }
        m_events.push_back(m_current.step());
        ++m_cursor;
        if (m_cursor % m_interval == 0) m_keyframes.push_back(m_current);
        if (m_current.done()) m_endKnown = true;
        return true;
    }

    bool stepBack() {
        if (m_cursor == 0) return false;
        seek(m_cursor - 1);
        return true;
    }

    /// Moves to state n, computing new steps if n lies beyond the recording. Stops
    /// early at the engine's end; returns the cursor reached.
    std::size_t seek(std::size_t n, const Progress& progress = {}) {
        const std::size_t recorded = std::min(n, m_events.size());
        if (recorded < m_cursor || recorded / m_interval > m_cursor / m_interval) {
            const std::size_t key = recorded / m_interval;
            m_current = m_keyframes.at(key);
            m_cursor = key * m_interval;
        }
        while (m_cursor < n) {
            if (!stepForward()) break;
            if (progress && !progress(m_cursor)) break;
        }
        return m_cursor;
    }

    /// Runs until the engine is done or `cap` steps have been recorded.
    std::size_t runToEnd(std::size_t cap, const Progress& progress = {}) {
        return m_cursor >= cap ? m_cursor : seek(cap, progress);  // never a step back
    }

private:
    std::size_t m_interval;
    std::vector<E> m_keyframes;  // m_keyframes[i] is state i * m_interval
    std::vector<std::vector<Event>> m_events;
    E m_current;
    std::size_t m_cursor = 0;
    bool m_endKnown = false;
};

}  // namespace commviz::sim
