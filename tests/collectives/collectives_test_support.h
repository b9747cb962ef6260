#pragma once

#include <QtTest>
#include <string>

#include "collectives/collectives_config.h"
#include "collectives/collectives_engine.h"

namespace commviz::collectives::test {

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

}  // namespace commviz::collectives::test
