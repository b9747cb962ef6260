// How fast the NCCL bootstrap engine runs a 16,384-rank communicator to the end
// headless (issue 8: under 1 s on one core and 256 MiB resident; goal 0.3 s), and
// what the Timeline session and message-by-message stepping add.
// Peak memory: /usr/bin/time -v build/bench/commviz_bench --benchmark_filter=NcclClassic16384Session

#include <benchmark/benchmark.h>

#include "nccl/nccl_engine.h"
#include "nccl/nccl_scene_model.h"

namespace {

commviz::nccl::Config configFor(int nranks, commviz::nccl::Version version, commviz::nccl::Detail detail) {
    commviz::nccl::Config config;
    config.nranks = nranks;
    config.version = version;
    config.detail = detail;
    return config;
}

}  // namespace

// The batch path: the engine alone, no timeline, one macro-step per round.
static void BM_NcclEngineToEnd(benchmark::State& state, commviz::nccl::Version version, commviz::nccl::Detail detail) {
    const int nranks = int(state.range(0));
    std::size_t steps = 0;
    for (auto _ : state) {
        commviz::nccl::NcclEngine engine(configFor(nranks, version, detail));
        steps = 0;
        while (!engine.done()) {
            benchmark::DoNotOptimize(engine.step());
            ++steps;
        }
        benchmark::DoNotOptimize(engine.summary());
    }
    state.counters["steps"] = double(steps);
}
BENCHMARK_CAPTURE(BM_NcclEngineToEnd, classic_rounds, commviz::nccl::Version::Classic, commviz::nccl::Detail::Rounds)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclEngineToEnd, v230_rounds, commviz::nccl::Version::V2_30, commviz::nccl::Detail::Rounds)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclEngineToEnd, classic_messages, commviz::nccl::Version::Classic,
                  commviz::nccl::Detail::Messages)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

// What `commviz run --scene nccl-bootstrap --set nranks=16384` does: the scene
// model's TimelineSession, keyframes and described event records included.
static void BM_NcclClassic16384Session(benchmark::State& state) {
    std::size_t steps = 0;
    for (auto _ : state) {
        auto session = commviz::nccl::sceneModel().build({{"nranks", 16384}}, std::nullopt);
        steps = session.value()->runToEnd(commviz::nccl::sceneModel().stepCap);
        benchmark::DoNotOptimize(session.value()->summary());
    }
    state.counters["steps"] = double(steps);
}
BENCHMARK(BM_NcclClassic16384Session)->Unit(benchmark::kMillisecond);
