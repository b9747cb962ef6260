#pragma once

// A test-only engine that is deliberately slow: the counter walk, but every
// step waits `delayUs` microseconds, so a seek of a few hundred steps takes
// seconds and a test can watch the event loop keep ticking meanwhile.

#include <chrono>
#include <thread>

#include "counter_engine.h"

namespace commviz::testing {

class SlowEngine {
public:
    using Event = CounterEngine::Event;

    SlowEngine(std::uint64_t seed, long limit, int delayUs) : m_counter(seed, limit), m_delayUs(delayUs) {}

    std::vector<Event> step() {
        std::this_thread::sleep_for(std::chrono::microseconds(m_delayUs));
        return m_counter.step();
    }
    bool done() const { return m_counter.done(); }
    long value() const { return m_counter.value(); }
    long steps() const { return m_counter.steps(); }
    sim::Json summary() const { return m_counter.summary(); }
    sim::Json inspect(const std::string& id) const { return m_counter.inspect(id); }
    static sim::EventRecord describe(const Event& event) { return CounterEngine::describe(event); }
    bool operator==(const SlowEngine&) const = default;

private:
    CounterEngine m_counter;
    int m_delayUs;
};

}  // namespace commviz::testing
