// How fast the RDMA engine steps the bundled scenarios, and how fast its
// timeline scrubs (copying an RdmaEngine is what a keyframe costs).

#include <benchmark/benchmark.h>

#include "rdma/rdma_engine.h"
#include "rdma/rdma_scene_model.h"
#include "sim/scenario_file.h"

namespace {

// `commviz run --scene rdma --set opcode=IBV_WR_RDMA_WRITE --set message_size=1048576
// --set path_mtu=256`: 4096 packets and their ACKs, 16,602 steps.
std::unique_ptr<commviz::sim::Session> longWrite() {
    return std::move(
        commviz::rdma::sceneModel()
            .build({{"opcode", "IBV_WR_RDMA_WRITE"}, {"message_size", 1 << 20}, {"path_mtu", "256"}}, std::nullopt)
            .value());
}

const commviz::rdma::RdmaEngine& engineOf(const commviz::sim::Session& session) {
    return dynamic_cast<const commviz::sim::TimelineSession<commviz::rdma::RdmaEngine>&>(session).engine();
}

std::unique_ptr<commviz::sim::Session> build(const std::string& name, const commviz::sim::ParamValues& values = {}) {
    auto scenario =
        commviz::sim::readScenarioFile(std::string(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/rdma/" + name, "rdma");
    auto session = commviz::rdma::sceneModel().build(values, scenario.value());
    return std::move(session).value();
}

}  // namespace

static void BM_RdmaRunScenario(benchmark::State& state, const char* name) {
    std::size_t steps = 0;
    for (auto _ : state) {
        auto session = build(name);
        steps = session->runToEnd(1'000'000);
    }
    state.counters["steps"] = double(steps);
    state.SetItemsProcessed(state.iterations() * std::int64_t(steps));
}
BENCHMARK_CAPTURE(BM_RdmaRunScenario, send_recv, "send_recv.json");
BENCHMARK_CAPTURE(BM_RdmaRunScenario, rc_pingpong, "rc_pingpong.json");
BENCHMARK_CAPTURE(BM_RdmaRunScenario, packet_loss, "packet_loss.json");

// The long WRITE built and run to the end with its timeline, as `commviz run` does.
static void BM_RdmaLongWriteRun(benchmark::State& state) {
    std::size_t steps = 0, footprint = 0;
    for (auto _ : state) {
        auto session = longWrite();
        steps = session->runToEnd(10'000'000);
        footprint = engineOf(*session).footprintBytes();
    }
    state.counters["steps"] = double(steps);
    state.counters["engine_KiB"] = double(footprint) / 1024;  // what one more keyframe costs at the end
    state.SetItemsProcessed(state.iterations() * std::int64_t(steps));
}
BENCHMARK(BM_RdmaLongWriteRun)->Unit(benchmark::kMillisecond);

// One keyframe mid-transfer: copying the engine shares the MR pages and the script.
static void BM_RdmaLongWriteCopy(benchmark::State& state) {
    auto session = longWrite();
    session->seek(8000);
    const auto& engine = engineOf(*session);
    for (auto _ : state) {
        commviz::rdma::RdmaEngine copy = engine;
        benchmark::DoNotOptimize(copy);
    }
    state.counters["engine_KiB"] = double(engine.footprintBytes()) / 1024;
}
BENCHMARK(BM_RdmaLongWriteCopy);

// A random seek in the long WRITE: restore a keyframe, replay to the target.
static void BM_RdmaLongWriteSeek(benchmark::State& state) {
    auto session = longWrite();
    auto& s = *session;
    const std::size_t end = s.runToEnd(10'000'000);
    std::size_t target = 0;
    for (auto _ : state) {
        target = (target + 7919) % (end + 1);
        benchmark::DoNotOptimize(s.seek(target));
    }
    state.counters["steps"] = double(end);
}
BENCHMARK(BM_RdmaLongWriteSeek);
