#pragma once

#include <QtTest>
#include <string>

#include "collectives_scene/collectives_config.h"
#include "collectives_scene/collectives_engine.h"

namespace commviz::collectives::test {

/// The rank counts every schedule is checked at: each p up to 8, then 16.
inline constexpr int kRanks[] = {1, 2, 3, 4, 5, 6, 7, 8, 16};

/// A config for `algorithm` of `collective` at p ranks and S bytes (int8
/// elements, so count = S), costed with α = 1 µs, β = 1 GB/s, γ = 2 GB/s.
inline Config configFor(Collective collective, const std::string& algorithm, int ranks, std::int64_t bytes) {
    Config config;
    config.collective = collective;
    config.algorithm = algorithm;
    config.ranks = ranks;
    config.bytes = bytes;
    config.cost = {1.0, 1.0, 2.0};
    return config;
}

/// Runs the engine to its end and returns its summary.
inline sim::Json runToEnd(const Config& config) {
    auto engine = CollectivesEngine::create(config);
    if (!engine) qFatal("%s", engine.error().message.c_str());
    while (!engine->done()) engine->step();
    return engine->summary();
}

/// ⌈log_base p⌉: the rounds a tree of that fan-out needs to reach p ranks (0 for p = 1).
inline int ceilLog(int p, int base) {
    int log = 0;
    for (std::int64_t reach = 1; reach < p; reach *= base) ++log;
    return log;
}

/// Fails the test unless the run's summary has these counts and its result checks out.
inline void checkSchedule(const sim::Json& summary, int rounds, std::int64_t messages, std::int64_t sentMax,
                          std::int64_t total) {
    QCOMPARE(summary["rounds"].get<int>(), rounds);
    QCOMPARE(summary["messages"].get<std::int64_t>(), messages);
    QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), sentMax);
    QCOMPARE(summary["bytes_sent_total"].get<std::int64_t>(), total);
    QVERIFY(summary["result_ok"].get<bool>());
}

}  // namespace commviz::collectives::test
