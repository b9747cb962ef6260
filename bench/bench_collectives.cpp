// The collectives scene's costs: laying out and costing an allreduce schedule
// at 1,024 and 4,096 ranks (every round produced, no data moved), the same run
// through the engine (data moved, result checked), and the chart's full sweep
// of one collective (every algorithm x 31 sizes, and every algorithm x p = 2 ..
// 1,024) at 64 ranks. Sizes: 1 MiB of int8, α-β-γ defaults.

#include <benchmark/benchmark.h>

#include <string>

#include "collectives_scene/algorithm_catalog.h"
#include "collectives_scene/collectives_config.h"
#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_sweep.h"

namespace {

using namespace commviz::collectives;

Config allreduceConfig(const std::string& algorithm, int ranks) {
    Config config;
    config.algorithm = algorithm;
    config.ranks = ranks;
    config.bytes = 1 << 20;
    return config;
}

// Schedule only: the rounds laid out one at a time and walked through the critical path.
void BM_AllreduceSchedule(benchmark::State& state, const std::string& algorithm) {
    const Config config = allreduceConfig(algorithm, int(state.range(0)));
    std::int64_t messages = 0;
    for (auto _ : state) {
        const Schedule schedule = buildSchedule(config.library, algorithm, scheduleRequest(config)).value();
        CriticalPath path(config.ranks);
        messages = 0;
        for (int round = 0; round < schedule.rounds; ++round) {
            const Round messagesOfRound = schedule.round(round);
            messages += std::int64_t(messagesOfRound.size());
            path.apply(effectiveCost(config), messagesOfRound);
        }
        benchmark::DoNotOptimize(path.timeUs());
    }
    state.counters["messages"] = double(messages);
}

// The whole run as `commviz run` does it: data moved, one event per round above 1,024 ranks.
void BM_AllreduceRun(benchmark::State& state, const std::string& algorithm) {
    const Config config = allreduceConfig(algorithm, int(state.range(0)));
    std::size_t footprint = 0;
    for (auto _ : state) {
        auto engine = CollectivesEngine::create(config).value();
        while (!engine.done()) benchmark::DoNotOptimize(engine.step());
        footprint = engine.footprintBytes();
        if (!engine.buffers().resultOk()) state.SkipWithError("result not ok");
    }
    state.counters["engine_bytes"] = double(footprint);
}

// The chart dock's work for one configuration: every algorithm at the 31 sizes.
void BM_ChartSweepSizes(benchmark::State& state, Collective collective) {
    Config config;
    config.collective = collective;
    config.ranks = 64;
    for (auto _ : state) benchmark::DoNotOptimize(sweepOverSizes(config).crossovers.size());
}

// The dock's second chart: every algorithm at p = 2 .. 1,024 (1 MiB).
void BM_ChartSweepRanks(benchmark::State& state, Collective collective) {
    Config config;
    config.collective = collective;
    for (auto _ : state) benchmark::DoNotOptimize(sweepOverRanks(config).crossovers.size());
}

// A run of NCCL on a bundled DGX H100 server, scheduled and simulated through the slots, data moved, result
// checked.
void runNcclServer(benchmark::State& state, const commviz::sim::ParamValues& values) {
    const Config config = configOf(commviz::sim::mergeKeys(params(), values).value()).value();
    std::size_t footprint = 0;
    std::int64_t messages = 0;
    for (auto _ : state) {
        auto engine = CollectivesEngine::create(config).value();
        while (!engine.done()) benchmark::DoNotOptimize(engine.step());
        footprint = engine.footprintBytes();
        messages = engine.messages();
        if (!engine.buffers().resultOk() || !engine.pipelineShape()) state.SkipWithError("result not ok");
    }
    state.counters["engine_bytes"] = double(footprint);
    state.counters["messages"] = double(messages);
}

// NCCL's pipelines on two DGX H100s (16 ranks, 16 channels): a 1 GiB allreduce on the server's rings or trees
// with `protocol`.
void BM_NcclPipeline(benchmark::State& state, const std::string& algorithm, const std::string& protocol) {
    runNcclServer(state, {{"library", "nccl"},
                          {"nnodes", 2},
                          {"ranks", 16},
                          {"bytes", 1073741824LL},
                          {"algorithm", algorithm},
                          {"protocol", protocol},
                          {"detail", "messages"}});
}

// NCCL's NVLS on one DGX H100 (8 ranks, 16 NVLS channels): a 1 GiB float allreduce, 64 loops of loads and
// stores through the switch on every channel.
void BM_NcclNvls(benchmark::State& state) {
    runNcclServer(state, {{"library", "nccl"},
                          {"datatype", "float"},
                          {"bytes", 1073741824LL},
                          {"algorithm", "nvls"},
                          {"detail", "messages"}});
}

}  // namespace

BENCHMARK(BM_NcclNvls)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclPipeline, ring_simple, std::string("ring"), std::string("simple"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclPipeline, ring_ll128, std::string("ring"), std::string("ll128"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclPipeline, ring_ll, std::string("ring"), std::string("ll"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_NcclPipeline, tree_simple, std::string("tree"), std::string("simple"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclPipeline, tree_ll128, std::string("tree"), std::string("ll128"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclPipeline, tree_ll, std::string("tree"), std::string("ll"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_AllreduceSchedule, ring, std::string("ring"))->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AllreduceSchedule, recursive_doubling, std::string("recursive_doubling"))
    ->Arg(1024)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AllreduceSchedule, rabenseifner, std::string("rabenseifner"))
    ->Arg(1024)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AllreduceRun, ring, std::string("ring"))
    ->Arg(1024)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_AllreduceRun, recursive_doubling, std::string("recursive_doubling"))
    ->Arg(1024)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AllreduceRun, rabenseifner, std::string("rabenseifner"))
    ->Arg(1024)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ChartSweepSizes, allreduce, Collective::Allreduce)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ChartSweepSizes, bcast, Collective::Bcast)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ChartSweepSizes, allgather, Collective::Allgather)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ChartSweepRanks, allreduce, Collective::Allreduce)->Unit(benchmark::kMillisecond)->Iterations(1);
