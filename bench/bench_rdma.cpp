// How fast the RDMA engine steps the bundled scenarios, and how fast its
// timeline scrubs (copying an RdmaEngine is what a keyframe costs).

#include <benchmark/benchmark.h>

#include "rdma/rdma_scene_model.h"
#include "sim/scenario_file.h"

namespace {

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

// A 1 MiB WRITE at MTU 256 makes a long run (4096 packets and their ACKs).
static void BM_RdmaLongWriteSeek(benchmark::State& state) {
    auto session = commviz::rdma::sceneModel().build(
        {{"opcode", "IBV_WR_RDMA_WRITE"}, {"message_size", 1 << 20}, {"path_mtu", "256"}}, std::nullopt);
    auto& s = *session.value();
    const std::size_t end = s.runToEnd(10'000'000);
    std::size_t target = 0;
    for (auto _ : state) {
        target = (target + 7919) % (end + 1);
        benchmark::DoNotOptimize(s.seek(target));
    }
    state.counters["steps"] = double(end);
}
BENCHMARK(BM_RdmaLongWriteSeek);
