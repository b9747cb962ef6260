// How fast the shared Timeline records, rewinds and scrubs, on the test-only
// counter engine (so the numbers are the machinery's, not a scene's).

#include <benchmark/benchmark.h>

#include "counter_engine.h"
#include "sim/timeline.h"

using commviz::sim::Timeline;
using commviz::testing::CounterEngine;

static void BM_TimelineRecord(benchmark::State& state) {
    const auto steps = std::size_t(state.range(0));
    for (auto _ : state) {
        Timeline<CounterEngine> timeline(CounterEngine(1, long(steps)), 64);
        benchmark::DoNotOptimize(timeline.runToEnd(steps));
    }
    state.SetItemsProcessed(state.iterations() * std::int64_t(steps));
}
BENCHMARK(BM_TimelineRecord)->Arg(100'000);

// Random seeks over a recorded run: each restores a keyframe and replays < K steps.
static void BM_TimelineRandomSeek(benchmark::State& state) {
    const std::size_t interval = std::size_t(state.range(0));
    Timeline<CounterEngine> timeline(CounterEngine(1, 100'000), interval);
    timeline.runToEnd(100'000);
    commviz::sim::Rng rng(7);
    for (auto _ : state) benchmark::DoNotOptimize(timeline.seek(rng.below(100'001)));
}
BENCHMARK(BM_TimelineRandomSeek)->Arg(16)->Arg(64)->Arg(256);

static void BM_TimelineStepBack(benchmark::State& state) {
    Timeline<CounterEngine> timeline(CounterEngine(1, 100'000), 64);
    timeline.runToEnd(100'000);
    for (auto _ : state) {
        if (!timeline.stepBack()) timeline.seek(100'000);
    }
}
BENCHMARK(BM_TimelineStepBack);
