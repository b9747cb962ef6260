// How the NCCL bootstrap scene behaves in the window at 131,072 ranks:
// the first picture (session built, step 0 drawn; the bar is 1 s), a frame in the
// middle of the allgather, and a seek anywhere in the run on the session's timeline
// within the default memory budget (the bar is 50 ms), with and without its frame.
// Run: QT_QPA_PLATFORM=offscreen build/bench/commviz_bench_nccl_view

#include <benchmark/benchmark.h>

#include <QGuiApplication>
#include <QImage>
#include <QPainter>

#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_scene_model.h"
#include "sim/session.h"

using namespace commviz;

namespace {

std::unique_ptr<sim::Session> session(int nranks, const char* version) {
    auto built = nccl::sceneModel().build({{"nranks", nranks}, {"version", version}}, std::nullopt);
    return std::move(built).value();
}

void paint(views::NcclRenderer& renderer, QImage& image, const sim::Session* at) {
    views::RenderState render;
    render.session = at;
    QPainter painter(&image);
    renderer.paint(painter, render);
}

QImage canvas(const views::NcclRenderer& renderer) {
    return QImage(renderer.logicalSize().toSize(), QImage::Format_ARGB32_Premultiplied);
}

void BM_NcclViewFirstPicture(benchmark::State& state, const char* version) {
    views::NcclRenderer renderer;
    QImage image = canvas(renderer);
    for (auto _ : state) {
        const auto s = session(int(state.range(0)), version);
        paint(renderer, image, s.get());
        benchmark::DoNotOptimize(image.bits());
    }
}
BENCHMARK_CAPTURE(BM_NcclViewFirstPicture, classic, "classic")->Arg(16384)->Arg(131072)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NcclViewFirstPicture, v230, "2.30")->Arg(131072)->Unit(benchmark::kMillisecond);

/// A frame in the middle of classic's first allgather (step 300 of 3,086).
void BM_NcclViewDrawAllGather(benchmark::State& state) {
    const auto s = session(int(state.range(0)), "classic");
    s->seek(300);
    views::NcclRenderer renderer;
    QImage image = canvas(renderer);
    for (auto _ : state) {
        paint(renderer, image, s.get());
        benchmark::DoNotOptimize(image.bits());
    }
}
BENCHMARK(BM_NcclViewDrawAllGather)->Arg(131072)->Unit(benchmark::kMillisecond);

/// Seeks anywhere in a recorded run (scrubbing the slider), then, with range(1), the frame.
void BM_NcclViewSeek(benchmark::State& state) {
    static const auto s = [] {
        auto made = session(131072, "classic");
        made->runToEnd(nccl::sceneModel().stepCap);
        return made;
    }();
    const bool draw = state.range(1) != 0;
    views::NcclRenderer renderer;
    QImage image = canvas(renderer);
    std::size_t target = 1;
    for (auto _ : state) {
        target = (target * 7919 + 12345) % s->recordedSteps();
        benchmark::DoNotOptimize(s->seek(target));
        if (draw) paint(renderer, image, s.get());
    }
    state.counters["steps"] = double(s->recordedSteps());
    state.counters["memory_MiB"] = double(s->memoryUsed()) / (1 << 20);
}
BENCHMARK(BM_NcclViewSeek)->Args({131072, 0})->Args({131072, 1})->Unit(benchmark::kMillisecond)->Iterations(40);

}  // namespace

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
