#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "sim/session.h"

namespace commviz::sim {

/// A scene view's typed window on a type-erased Session: its engine at the
/// cursor and the typed events of a step. The one place that knows a scene's
/// session is a TimelineSession<E>, so views never downcast themselves.
template <Engine E>
class SessionAccess {
public:
    using Event = typename E::Event;

    /// Empty when `session` is null or belongs to another engine type.
    static std::optional<SessionAccess> of(const Session* session) {
        const auto* typed = dynamic_cast<const TimelineSession<E>*>(session);
        if (!typed) return std::nullopt;
        return SessionAccess(*typed);
    }

    const E& engine() const { return m_session->engine(); }
    std::size_t cursor() const { return m_session->cursor(); }
    /// Typed events of step n (1-based); null when step n is not recorded.
    const std::vector<Event>* events(std::size_t n) const {
        if (n == 0 || n > m_session->timeline().recordedSteps()) return nullptr;
        return &m_session->timeline().events(n);
    }
    /// Typed events of the step that led to the cursor; null at step 0.
    const std::vector<Event>* eventsAtCursor() const { return events(cursor()); }

private:
    explicit SessionAccess(const TimelineSession<E>& session) : m_session(&session) {}
    const TimelineSession<E>* m_session;
};

/// The engine of `session` if it is one of E, else null.
template <Engine E>
const E* engineOf(const Session* session) {
    const auto access = SessionAccess<E>::of(session);
    return access ? &access->engine() : nullptr;
}

}  // namespace commviz::sim
