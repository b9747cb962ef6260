// The step-sequence driver: which steps and frames it draws, how progress and
// durations run, and that a cancelled or failed export leaves no file behind
// (animations and numbered series alike).

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "counter_scene.h"
#include "export/image_series_writer.h"
#include "export/step_sequence.h"
#include "export/video_writer.h"

using namespace commviz;
using namespace commviz::views;

namespace {

/// Records every call; fails frame `failAt` (global add count) when set.
class RecordingWriter : public FrameWriter {
public:
    int passCount = 1;
    int failAt = -1;
    std::vector<ExportFrame> frames;
    std::vector<double> progress;
    std::vector<int> passesBegun;
    QStringList captions;
    int finished = 0;
    int cancelled = 0;

    int passes() const override { return passCount; }
    sim::Status beginPass(int pass) override {
        passesBegun.push_back(pass);
        return sim::Ok{};
    }
    sim::Status add(SceneRenderer&, const RenderState& state, const FigureOptions&, const ExportFrame& frame) override {
        if (int(frames.size()) == failAt) return sim::fail("disk full");
        if (state.session->cursor() != frame.step) return sim::fail("drawn at the wrong step");
        frames.push_back(frame);
        progress.push_back(state.progress);
        captions << state.caption;
        return sim::Ok{};
    }
    sim::Status finish() override {
        ++finished;
        return sim::Ok{};
    }
    void cancel() override { ++cancelled; }
};

struct Fixture {
    SceneDescriptor scene = testing::counterScene();
    std::unique_ptr<sim::Session> session = scene.model.build({{"limit", 50}}, std::nullopt).value();
    std::unique_ptr<SceneRenderer> renderer = scene.createRenderer();

    SequenceRequest request(std::size_t from, std::size_t to, std::size_t every, int fps, int holdMs) {
        SequenceRequest r;
        r.scene = &scene;
        r.session = session.get();
        r.renderer = renderer.get();
        r.from = from;
        r.to = to;
        r.every = every;
        r.timing.fps = fps;
        r.timing.holdMs = holdMs;
        r.options.scale = 0.25;
        return r;
    }
};

QStringList filesIn(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

}  // namespace

class TestExportSequence : public QObject {
    Q_OBJECT

private slots:
    void stepsEndOnTheLastStep() {
        QCOMPARE(sequenceSteps(1, 10, 1).size(), std::size_t(10));
        QCOMPARE(sequenceSteps(1, 4, 2), (std::vector<std::size_t>{1, 3, 4}));
        QCOMPARE(sequenceSteps(0, 6, 3), (std::vector<std::size_t>{0, 3, 6}));
        QCOMPARE(sequenceSteps(5, 5, 7), (std::vector<std::size_t>{5}));
        QVERIFY(sequenceSteps(6, 5, 1).empty());
        QVERIFY(sequenceSteps(1, 5, 0).empty());
    }

    void framesPerStepRoundsHoldTimesFps() {
        QCOMPARE(framesPerStep({10, 500, false}), std::size_t(5));
        QCOMPARE(framesPerStep({12, 1000, false}), std::size_t(12));
        QCOMPARE(framesPerStep({12, 200, false}), std::size_t(2));  // 2.4
        QCOMPARE(framesPerStep({1, 20, false}), std::size_t(1));    // 0.02, at least one
        QCOMPARE(framesPerStep({30, 1000, true}), std::size_t(1));
    }

    void progressAnimatesThenHolds() {
        // 1000 ms at 10 fps: 10 frames; the animation takes 600 ms = 6 frames, eased 0 → 1.
        const SequenceTiming timing{10, 1000, false};
        QCOMPARE(stepProgress(0, 10, timing), 0.0);
        QCOMPARE(stepProgress(3, 10, timing), 0.5);  // InOutCubic at its midpoint
        QVERIFY(stepProgress(2, 10, timing) < stepProgress(4, 10, timing));
        for (std::size_t f = 6; f < 10; ++f) QCOMPARE(stepProgress(f, 10, timing), 1.0);
        QCOMPARE(stepProgress(0, 1, timing), 1.0);  // a lone frame is settled
    }

    void driverVisitsEveryFrameOfEveryPass() {
        Fixture fx;
        RecordingWriter writer;
        writer.passCount = 2;
        // Steps 2, 4, 6 at 300 ms and 10 fps: 3 frames each, 9 a pass, 18 in all.
        auto request = fx.request(2, 6, 2, 10, 300);
        request.options.caption = true;
        std::vector<std::pair<std::size_t, std::size_t>> reported;
        request.progress = [&](std::size_t done, std::size_t total) {
            reported.emplace_back(done, total);
            return true;
        };
        QVERIFY(exportSequence(request, writer));
        QCOMPARE(writer.passesBegun, (std::vector<int>{0, 1}));
        QCOMPARE(writer.frames.size(), std::size_t(18));
        QCOMPARE(writer.finished, 1);
        QCOMPARE(writer.cancelled, 0);
        QCOMPARE(reported.back(), (std::pair<std::size_t, std::size_t>{18, 18}));
        int totalMs = 0;
        for (std::size_t i = 0; i < 9; ++i) {
            QCOMPARE(writer.frames[i].index, i);
            QCOMPARE(writer.frames[i].count, std::size_t(9));
            QCOMPARE(writer.frames[i].step, std::size_t(2 + 2 * (i / 3)));
            totalMs += writer.frames[i].durationMs;
        }
        QCOMPARE(totalMs, 900);
        QVERIFY(writer.captions.first().startsWith(QStringLiteral("moved")));
    }

    void durationsAddUpAtTwelveFps() {
        Fixture fx;
        RecordingWriter writer;
        // 3 steps × round(1000 × 12 / 1000) = 36 frames of 83 or 84 ms: exactly 3 s.
        QVERIFY(exportSequence(fx.request(1, 3, 1, 12, 1000), writer));
        int totalMs = 0;
        for (const auto& frame : writer.frames) {
            QVERIFY(frame.durationMs == 83 || frame.durationMs == 84);
            totalMs += frame.durationMs;
        }
        QCOMPARE(writer.frames.size(), std::size_t(36));
        QCOMPARE(totalMs, 3000);
    }

    void writerFailureCancels() {
        Fixture fx;
        RecordingWriter writer;
        writer.failAt = 4;
        const auto status = exportSequence(fx.request(1, 5, 1, 10, 500), writer);
        QVERIFY(!status);
        QCOMPARE(QString::fromStdString(status.error().message), QStringLiteral("disk full"));
        QCOMPARE(writer.cancelled, 1);
        QCOMPARE(writer.finished, 0);
    }

    void pastTheEndNamesTheLastStep() {
        Fixture fx;
        RecordingWriter writer;
        const auto status = exportSequence(fx.request(48, 52, 1, 10, 100), writer);
        QVERIFY(!status);
        QVERIFY(QString::fromStdString(status.error().message).contains(QStringLiteral("ends after 50 steps")));
        QCOMPARE(writer.cancelled, 1);
    }

    void cancelledAnimationLeavesNoFile_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("stopAfter");
        QTest::newRow("mp4 early") << int(VideoFormat::Mp4) << 3;
        QTest::newRow("webm") << int(VideoFormat::Webm) << 5;
        QTest::newRow("webp") << int(VideoFormat::Webp) << 5;
        QTest::newRow("gif in the palette pass") << int(VideoFormat::Gif) << 4;
        QTest::newRow("gif in the drawing pass") << int(VideoFormat::Gif) << 14;  // of 2 × 10
    }

    void cancelledAnimationLeavesNoFile() {
        QFETCH(int, format);
        QFETCH(int, stopAfter);
        QTemporaryDir dir;
        Fixture fx;
        const QString path = dir.filePath(QStringLiteral("out.") + videoFormatSuffix(VideoFormat(format)));
        VideoWriter writer(path, VideoFormat(format), 10);
        auto request = fx.request(1, 5, 1, 10, 200);  // 10 frames a pass
        std::size_t seen = 0;
        request.progress = [&](std::size_t done, std::size_t) {
            seen = done;
            // While the export runs its temporary file exists beside the target.
            if (done == 1) [&] { QCOMPARE(filesIn(dir).size(), 1); }();
            return done < std::size_t(stopAfter);
        };
        const auto status = exportSequence(request, writer);
        QVERIFY(!status);
        QCOMPARE(QString::fromStdString(status.error().message), QString::fromLatin1(kExportCancelled));
        QCOMPARE(seen, std::size_t(stopAfter));
        QCOMPARE(filesIn(dir), QStringList());
    }

    void finishedAnimationIsRenamedIntoPlace() {
        QTemporaryDir dir;
        Fixture fx;
        const QString path = dir.filePath(QStringLiteral("done.gif"));
        VideoWriter writer(path, VideoFormat::Gif, 10);
        QVERIFY(exportSequence(fx.request(1, 3, 1, 10, 200), writer));
        QCOMPARE(filesIn(dir), QStringList{QStringLiteral("done.gif")});
    }

    void unwritableTargetFailsNamingIt() {
        QTemporaryDir dir;
        Fixture fx;
        const QString path = dir.filePath(QStringLiteral("missing/out.mp4"));
        VideoWriter writer(path, VideoFormat::Mp4, 10);
        const auto status = exportSequence(fx.request(1, 2, 1, 10, 100), writer);
        QVERIFY(!status);
        QVERIFY(QString::fromStdString(status.error().message).startsWith("cannot write '" + path + "'"));
        QCOMPARE(filesIn(dir), QStringList());
    }

    void cancelledSeriesRemovesWhatItWrote() {
        QTemporaryDir dir;
        Fixture fx;
        ImageSeriesWriter writer(dir.filePath(QStringLiteral("s.png")));
        auto request = fx.request(1, 6, 1, 10, 100);
        request.timing.oneFramePerStep = true;
        request.progress = [&](std::size_t done, std::size_t) {
            if (done == 3) [&] { QCOMPARE(filesIn(dir).size(), 3); }();
            return done < 4;
        };
        QVERIFY(!exportSequence(request, writer));
        QCOMPARE(filesIn(dir), QStringList());
    }

    void fixedCaptionBandKeepsEveryFrameOneSize() {
        testing::CounterRenderer renderer;
        RenderState state;
        FigureOptions options;
        options.caption = true;
        options.captionLines = 3;
        const QString sentence = QStringLiteral("Rank 2 sends its address to the root. ");
        QStringList heights;
        for (const QString& caption : {QString(), sentence, sentence.repeated(40), QStringLiteral("环上的下一个")}) {
            state.caption = caption;
            heights << QString::number(figureLogicalSize(renderer, state, options).height());
        }
        QCOMPARE(heights.removeDuplicates(), 3);  // one height for all four
        const double fixed = heights.first().toDouble();
        QVERIFY(fixed > 400 + 3 * 15);  // the scene, then three lines of 15-unit text at least
        options.captionLines = 0;       // a still export's band follows its text: one line here
        state.caption = sentence;
        QVERIFY(figureLogicalSize(renderer, state, options).height() < fixed);
        options.caption = false;
        QCOMPARE(figureLogicalSize(renderer, state, options).height(), 400.0);
    }

    void seriesNamesAreNumberedToTheCount() {
        QCOMPARE(seriesFileName("a/s.png", 0, 5, "png"), QStringLiteral("a/s-0001.png"));
        QCOMPARE(seriesFileName("s.svg", 41, 12000, "svg"), QStringLiteral("s-00042.svg"));
        QCOMPARE(seriesFileName("frames", 9, 10, "svg"), QStringLiteral("frames-0010.svg"));
    }
};

QTEST_MAIN(TestExportSequence)
#include "tst_views_export_sequence.moc"
