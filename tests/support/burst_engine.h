#pragma once

// A test-only engine of macro-steps: every step emits `perStep` events at once
// (like one NoC cycle with all its flit moves), so event lists, narration and
// `run --json` can be proved on thousands of events a step and millions a run.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "sim/engine.h"
#include "sim/rng.h"

namespace commviz::testing {

struct Hop {
    std::uint32_t step = 0;
    std::uint32_t index = 0;  ///< position in its step
    std::uint64_t value = 0;  ///< a seeded number, so replays can be checked
    bool operator==(const Hop&) const = default;
};

class BurstEngine {
public:
    using Event = std::variant<Hop>;

    BurstEngine(std::uint64_t seed, long limit, std::uint32_t perStep)
        : m_rng(seed), m_limit(limit), m_perStep(perStep) {}

    std::vector<Event> step() {
        std::vector<Event> events;
        events.reserve(m_perStep);
        ++m_steps;
        for (std::uint32_t i = 0; i < m_perStep; ++i) {
            const std::uint64_t value = m_rng.next();
            m_sum += value;
            events.push_back(Hop{std::uint32_t(m_steps), i, value});
        }
        return events;
    }
    bool done() const { return m_steps >= m_limit; }
    long steps() const { return m_steps; }
    sim::Json summary() const { return {{"steps", m_steps}, {"sum", m_sum}}; }
    sim::Json inspect(const std::string&) const { return {}; }
    static sim::EventRecord describe(const Event& event) {
        const Hop& hop = std::get<Hop>(event);
        return {"hop",
                "BurstEngine::step",
                {"node" + std::to_string(hop.index)},
                {{"index", hop.index}, {"value", hop.value}}};
    }
    bool operator==(const BurstEngine&) const = default;

private:
    sim::Rng m_rng;
    long m_limit;
    std::uint32_t m_perStep;
    long m_steps = 0;
    std::uint64_t m_sum = 0;
};

}  // namespace commviz::testing
