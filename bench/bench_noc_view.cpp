// How fast the NoC scene draws and seeks: one frame of an 8x8 mesh at 0.3
// load (smooth play wants 30 frames a second or more), and a seek on a 100,000-cycle timeline
// within the default memory budget (a seek should feel immediate: under 50 ms).
// Run: QT_QPA_PLATFORM=offscreen build/bench/commviz_bench_noc_view

#include <benchmark/benchmark.h>

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <chrono>

#include "noc/noc_engine.h"
#include "noc/noc_heatmap.h"
#include "noc/noc_renderer.h"
#include "noc/noc_scene_model.h"
#include "noc/noc_window_stats.h"
#include "sim/session.h"

using namespace commviz;

namespace {

const sim::ParamValues kMesh88{{"topology", "mesh"},    {"k", 8},
                               {"num_vcs", 4},          {"vc_buf_size", 4},
                               {"injection_rate", 0.3}, {"max_samples", 200},
                               {"stopping_thres", 0.0}, {"acc_stopping_thres", 0.0}};

// The large row: a 32x32 mesh (1,024 routers) at 0.1, 100,000 cycles.
const sim::ParamValues kMesh32{{"topology", "mesh"},    {"k", 32},
                               {"num_vcs", 4},          {"vc_buf_size", 4},
                               {"injection_rate", 0.1}, {"max_samples", 200},
                               {"stopping_thres", 0.0}, {"acc_stopping_thres", 0.0}};

std::unique_ptr<sim::Session> recorded(const sim::ParamValues& keys, std::size_t steps) {
    auto session = noc::sceneModel().build(keys, std::nullopt);
    session.value()->runToEnd(steps);
    return std::move(session).value();
}

std::unique_ptr<sim::Session> mesh88(std::size_t steps) { return recorded(kMesh88, steps); }

// Draws an 8x8 mesh recorded to `cycles`, one frame per iteration, with `caption` and `options`.
void drawMesh88Frames(benchmark::State& state, std::size_t cycles, const QString& caption, const QStringList& options) {
    const auto session = mesh88(cycles);
    views::NocRenderer renderer;
    QImage image(renderer.logicalSize().toSize(), QImage::Format_ARGB32_Premultiplied);
    views::RenderState render;
    render.session = session.get();
    render.caption = caption;
    render.options = options;
    for (auto _ : state) {
        QPainter painter(&image);
        renderer.paint(painter, render);
        benchmark::DoNotOptimize(image.bits());
    }
}

void BM_NocDraw8x8Frame(benchmark::State& state) { drawMesh88Frames(state, 2000, QStringLiteral("caption"), {}); }
BENCHMARK(BM_NocDraw8x8Frame)->Unit(benchmark::kMillisecond);

void BM_NocSeek100kCycles(benchmark::State& state) {
    static const auto session = mesh88(100000);
    std::size_t target = 1;
    for (auto _ : state) {
        target = (target * 7919 + 12345) % 100000;  // anywhere in the run
        benchmark::DoNotOptimize(session->seek(target));
    }
    state.counters["memory_MiB"] = double(session->memoryUsed()) / (1 << 20);
}
BENCHMARK(BM_NocSeek100kCycles)->Unit(benchmark::kMillisecond)->Iterations(40);

// Run to cycle 100,000 of the 32x32 mesh as the window's End does, then seek
// anywhere in it (the default 256 MiB budget).
std::unique_ptr<sim::Session> mesh32At100k(double& recordSeconds) {
    const auto start = std::chrono::steady_clock::now();
    auto session = recorded(kMesh32, 100000);
    recordSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return session;
}

double g_recordSeconds = 0;
sim::Session& mesh32Session() {
    static const auto session = mesh32At100k(g_recordSeconds);
    return *session;
}

void BM_NocSeek32x32In100kCycles(benchmark::State& state) {
    sim::Session& session = mesh32Session();
    std::size_t target = 1;
    for (auto _ : state) {
        target = (target * 7919 + 12345) % 100000;
        benchmark::DoNotOptimize(session.seek(target));
    }
    state.counters["record_s"] = g_recordSeconds;
    state.counters["memory_MiB"] = double(session.memoryUsed()) / (1 << 20);
}
BENCHMARK(BM_NocSeek32x32In100kCycles)->Unit(benchmark::kMillisecond)->Iterations(10);

// One frame of a session's state, drawn as the window's canvas does.
class FrameDrawer {
public:
    explicit FrameDrawer(sim::Session& session)
        : m_image(m_renderer.logicalSize().toSize(), QImage::Format_ARGB32_Premultiplied) {
        m_render.session = &session;
    }
    void draw() {
        QPainter painter(&m_image);
        m_renderer.paint(painter, m_render);
        benchmark::DoNotOptimize(m_image.bits());
    }

private:
    views::NocRenderer m_renderer;
    QImage m_image;
    views::RenderState m_render;
};

// What a drag across that run shows per move: the nearest saved state before
// the pointer (the window's scrubber, SimulationController::scrub), and the
// frame drawn from it.
void BM_NocDrag32x32In100kCycles(benchmark::State& state) {
    sim::Session& session = mesh32Session();
    FrameDrawer frame(session);
    std::size_t target = 1;
    for (auto _ : state) {
        target = (target * 7919 + 12345) % 100000;
        session.seek(session.quickStateAtOrBefore(target));
        frame.draw();
    }
    state.counters["memory_MiB"] = double(session.memoryUsed()) / (1 << 20);
}
BENCHMARK(BM_NocDrag32x32In100kCycles)->Unit(benchmark::kMillisecond)->Iterations(20);

// Stepping back one cycle at a time in that run (the Left key), each frame
// drawn: the first step back replays from the keyframe before it and lays the
// trail (first_ms, untimed in the rows); the steps after it start from the trail.
void BM_NocStepBack32x32In100kCycles(benchmark::State& state) {
    sim::Session& session = mesh32Session();
    FrameDrawer frame(session);
    session.seek(77777);
    const auto start = std::chrono::steady_clock::now();
    session.stepBack();
    const std::chrono::duration<double, std::milli> first = std::chrono::steady_clock::now() - start;
    for (auto _ : state) {
        session.stepBack();
        frame.draw();
    }
    state.counters["first_ms"] = first.count();
    state.counters["memory_MiB"] = double(session.memoryUsed()) / (1 << 20);
}
BENCHMARK(BM_NocStepBack32x32In100kCycles)->Unit(benchmark::kMillisecond)->Iterations(50);

// The heatmap's statistics over the last 1,000 cycles of an 8x8 mesh at 0.3
// (worked back from the timeline's events), computed afresh (the renderer
// caches them while the cursor stays put), then one frame drawn with it.
void BM_NocHeatmapWindow1000(benchmark::State& state) {
    const auto session = mesh88(3000);
    for (auto _ : state) benchmark::DoNotOptimize(views::NocHeatmap::compute(session.get(), 1000));
}
BENCHMARK(BM_NocHeatmapWindow1000)->Unit(benchmark::kMillisecond);

void BM_NocDraw8x8FrameWithHeatmap(benchmark::State& state) {
    drawMesh88Frames(state, 3000, {}, {QString::fromLatin1(views::NocHeatmap::kStalls)});
}
BENCHMARK(BM_NocDraw8x8FrameWithHeatmap)->Unit(benchmark::kMillisecond);

// The latency histogram of a 20,000-cycle run up to the cursor: replayed from cycle 0.
void BM_NocLatencyHistogram20k(benchmark::State& state) {
    noc::NocConfig config = noc::configFromKeys(kMesh88).value();
    for (auto _ : state) benchmark::DoNotOptimize(noc::packetLatencies(noc::NocEngine(config), 20000, false).count);
}
BENCHMARK(BM_NocLatencyHistogram20k)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
