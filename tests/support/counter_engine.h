#pragma once

// A tiny test-only engine that proves the foundation without any product scene:
// a seeded random walk that emits one event per step and stops after `limit` steps.

#include <string>
#include <variant>
#include <vector>

#include "sim/engine.h"
#include "sim/heap_bytes.h"
#include "sim/rng.h"

namespace commviz::testing {

struct Moved {
    long from = 0;
    long to = 0;
};
struct Wrapped {
    long at = 0;
};

class CounterEngine {
public:
    using Event = std::variant<Moved, Wrapped>;

    CounterEngine(std::uint64_t seed, long limit) : m_rng(seed), m_limit(limit) {}

    std::vector<Event> step() {
        std::vector<Event> events;
        const long from = m_value;
        m_value += static_cast<long>(m_rng.below(7)) - 3;
        events.push_back(Moved{from, m_value});
        if (m_value > 100 || m_value < -100) {
            events.push_back(Wrapped{m_value});
            m_value = 0;
        }
        ++m_steps;
        return events;
    }
    bool done() const { return m_steps >= m_limit; }
    long value() const { return m_value; }
    long steps() const { return m_steps; }
    /// One copy's mutable state: all of it (nothing is shared between copies).
    std::size_t footprintBytes() const { return sizeof(*this); }
    sim::Json summary() const { return {{"value", m_value}, {"steps", m_steps}}; }
    sim::Json inspect(const std::string& id) const {
        return id == "counter" ? sim::Json{{"value", m_value}} : sim::Json();
    }
    static sim::EventRecord describe(const Event& event) {
        if (const auto* m = std::get_if<Moved>(&event))
            return {"moved", "CounterEngine::step", {"counter"}, {{"from", m->from}, {"to", m->to}}};
        return {"wrapped", "CounterEngine::step", {"counter"}, {{"at", std::get<Wrapped>(event).at}}};
    }
    bool operator==(const CounterEngine&) const = default;

private:
    sim::Rng m_rng;
    long m_limit;
    long m_value = 0;
    long m_steps = 0;
};

/// The counter engine able to step without building its events, as the NoC
/// can; it counts those steps so a test sees who took them.
class SilentCounterEngine : public CounterEngine {
public:
    using CounterEngine::CounterEngine;
    std::size_t stepSilently() {
        ++m_silentSteps;
        return step().size();
    }
    long silentSteps() const { return m_silentSteps; }
    bool operator==(const SilentCounterEngine&) const = default;

private:
    long m_silentSteps = 0;
};

/// The counter engine with 1,000 scratch slots its state never depends on, as
/// the NoC's empty buffer slots: its keyframes leave them out, and restore()
/// keeps the target's. Counts its restores, so a test sees seeks use them.
class PackingCounterEngine : public CounterEngine {
public:
    struct Keyframe {
        CounterEngine state;
        std::size_t footprintBytes() const { return sizeof(*this); }
    };
    static constexpr std::size_t kSlots = 1000;

    using CounterEngine::CounterEngine;
    std::size_t footprintBytes() const { return sizeof(*this) + sim::heapBytes(m_slots); }
    Keyframe keyframe() const { return {*this}; }
    void restore(const Keyframe& key) {
        static_cast<CounterEngine&>(*this) = key.state;
        ++m_restores;
    }
    long restores() const { return m_restores; }

private:
    std::vector<long> m_slots = std::vector<long>(kSlots);
    long m_restores = 0;
};

inline bool operator==(const Moved& a, const Moved& b) { return a.from == b.from && a.to == b.to; }
inline bool operator==(const Wrapped& a, const Wrapped& b) { return a.at == b.at; }

}  // namespace commviz::testing
