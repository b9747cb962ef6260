// How fast animations export: 40 steps of the 8-rank NCCL 2.30 bootstrap
// (resources/scenarios/nccl/v230_8.json) at 1,200 px wide, 500 ms a step at
// the format's default frame rate (12 fps for GIF and WebP, 30 for MP4), with
// captions, written through the same driver and writers as `commviz export`.
// Peak memory is measured on the command line instead (docs/performance.md):
// a process's peak is one number for every benchmark it runs.
// Run: QT_QPA_PLATFORM=offscreen build/bench/commviz_bench_export

#include <benchmark/benchmark.h>

#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QTemporaryDir>

#include "all_scenes.h"
#include "export/step_sequence.h"
#include "export/video_writer.h"

using namespace commviz;

namespace {

constexpr std::size_t kSteps = 40;
constexpr int kHoldMs = 500;

std::unique_ptr<sim::Session> nccl8(const views::SceneDescriptor& scene) {
    QFile file(QStringLiteral(COMMVIZ_SOURCE_DIR "/resources/scenarios/nccl/v230_8.json"));
    if (!file.open(QIODevice::ReadOnly)) return nullptr;
    auto built = scene.model.build({}, sim::Json::parse(file.readAll().toStdString()));
    return built ? std::move(built).value() : nullptr;
}

// Drawing text needs a QGuiApplication; made once, on first use (benchmark_main owns main()).
void ensureGuiApplication() {
    static int argc = 1;
    static char name[] = "commviz_bench_export";
    static char* argv[] = {name, nullptr};
    static QGuiApplication app(argc, argv);
}

void exportNccl8(benchmark::State& state, views::VideoFormat format, int fps) {
    ensureGuiApplication();
    const views::SceneRegistry registry = app::allScenes();
    const views::SceneDescriptor* scene = registry.find(QStringLiteral("nccl-bootstrap"));
    auto session = scene ? nccl8(*scene) : nullptr;
    if (!session) {
        state.SkipWithError("the nccl-bootstrap scene or its 8-rank scenario is missing");
        return;
    }
    auto renderer = scene->createRenderer();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nccl8.") + views::videoFormatSuffix(format));
    views::SequenceRequest request;
    request.scene = scene;
    request.session = session.get();
    request.renderer = renderer.get();
    request.from = 1;
    request.to = kSteps;
    request.timing = {fps, kHoldMs, false};
    request.options.caption = true;
    request.options.captionLines = 3;
    request.options.scale = 1200.0 / renderer->logicalSize().width();
    for (auto _ : state) {
        views::VideoWriter writer(path, format, fps);
        if (!views::exportSequence(request, writer)) state.SkipWithError("the export failed");
    }
    state.counters["frames"] = double(kSteps * views::framesPerStep(request.timing));
    state.counters["file_KiB"] = double(QFileInfo(path).size()) / 1024;
}

void BM_ExportNccl8Gif(benchmark::State& state) { exportNccl8(state, views::VideoFormat::Gif, 12); }
void BM_ExportNccl8Webp(benchmark::State& state) { exportNccl8(state, views::VideoFormat::Webp, 12); }
void BM_ExportNccl8Mp4(benchmark::State& state) { exportNccl8(state, views::VideoFormat::Mp4, 30); }
BENCHMARK(BM_ExportNccl8Gif)->Unit(benchmark::kSecond)->Iterations(2);
BENCHMARK(BM_ExportNccl8Webp)->Unit(benchmark::kSecond)->Iterations(2);
BENCHMARK(BM_ExportNccl8Mp4)->Unit(benchmark::kSecond)->Iterations(2);

}  // namespace
