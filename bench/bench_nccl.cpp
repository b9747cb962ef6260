// How fast the NCCL bootstrap engine runs a communicator of 16,384, 65,536 and
// 131,072 ranks to the end headless (the aim: under 1 s and 256 MiB at 16,384;
// and `commviz run --json` under 0.5 s and 256 MiB at 131,072), and what the
// Timeline session and message-by-message stepping add.
// Peak memory: /usr/bin/time -v build/bench/commviz_bench --benchmark_filter=NcclClassic16384Session,
// and of the whole command: /usr/bin/time -v build/app/commviz run --scene nccl-bootstrap --set nranks=N --json

#include <benchmark/benchmark.h>

#include "nccl/bootstrap_scene/nccl_engine.h"
#include "nccl/bootstrap_scene/nccl_scene_model.h"
#include "nccl/bootstrap_scene/nccl_side_by_side.h"

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
    ->Arg(65536)
    ->Arg(131072)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclEngineToEnd, v230_rounds, commviz::nccl::Version::V2_30, commviz::nccl::Detail::Rounds)
    ->Arg(16384)
    ->Arg(65536)
    ->Arg(131072)
    ->Unit(benchmark::kMillisecond);

// What `commviz run --json` adds to the engine: every event described as it happens and
// the summary, at 16,384, 65,536 and 131,072 ranks (classic: 3 × 1,024 allgather steps).
static void BM_NcclDescribedRun(benchmark::State& state) {
    const int nranks = int(state.range(0));
    std::size_t bytes = 0;
    for (auto _ : state) {
        commviz::nccl::NcclEngine engine(
            configFor(nranks, commviz::nccl::Version::Classic, commviz::nccl::Detail::Rounds));
        bytes = 0;
        while (!engine.done())
            for (const auto& event : engine.step())
                bytes += commviz::nccl::NcclEngine::describe(event).fields.dump().size();
        bytes += engine.summary().dump().size();
    }
    state.counters["json_bytes"] = double(bytes);
}
BENCHMARK(BM_NcclDescribedRun)->Arg(16384)->Arg(65536)->Arg(131072)->Unit(benchmark::kMillisecond);
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

// View ▸ Classic vs 2.30 Side by Side (Ctrl+D) at 1,024 ranks, message by message: the
// cost of the other pane catching up from nothing (NcclOtherVersion::alignedWith builds
// the other version's engine and steps it to the same point), with the main session at
// the start of its allgather and at its end: what the first frame after Ctrl+D waits for.
static void BM_NcclSideBySideCatchUp(benchmark::State& state) {
    const int nranks = int(state.range(0));
    const bool toEnd = state.range(1) != 0;
    commviz::nccl::NcclEngine main(configFor(nranks, commviz::nccl::Version::Classic, commviz::nccl::Detail::Messages));
    while (!main.done() && (toEnd || main.phase() != commviz::nccl::Phase::AllGather)) main.step();
    for (auto _ : state) {
        commviz::views::NcclOtherVersion other;
        benchmark::DoNotOptimize(other.alignedWith(main).steps());
    }
}
BENCHMARK(BM_NcclSideBySideCatchUp)->Args({1024, 0})->Args({1024, 1})->Unit(benchmark::kMillisecond);
