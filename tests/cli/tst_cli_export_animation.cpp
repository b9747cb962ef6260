// `commviz export --from A --to B` writes animations (GIF, WebP, MP4, WebM) and
// numbered step series. Each animation is read back (libavformat; WebP, which
// FFmpeg 5.1 cannot demux when animated, from its RIFF chunks) and its frame
// count, duration and size checked against the options, worked out by hand:
// a step spans round(hold-ms × fps / 1000) frames.

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>
#include <algorithm>

#include "cli_runner.h"

extern "C" {
#include <libavformat/avformat.h>
}

using namespace commviz::testing;

namespace {

// Four ranks, classic bootstrap: 35+ steps, quick to run.
const QString kScenario = QStringLiteral(COMMVIZ_SOURCE_DIR "/resources/scenarios/nccl/classic_4.json");

struct ReadBack {
    bool ok = false;
    int frames = 0;
    double seconds = 0;  // sum of the frames' durations
    int width = 0;
    int height = 0;
    QString codec;
};

// Every packet of the first video stream: one per frame for these formats.
ReadBack readBack(const QString& path) {
    ReadBack back;
    AVFormatContext* format = nullptr;
    if (avformat_open_input(&format, path.toUtf8().constData(), nullptr, nullptr) < 0) return back;
    if (avformat_find_stream_info(format, nullptr) >= 0) {
        const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
        if (index >= 0) {
            const AVStream* stream = format->streams[index];
            back.width = stream->codecpar->width;
            back.height = stream->codecpar->height;
            back.codec = QString::fromLatin1(avcodec_get_name(stream->codecpar->codec_id));
            AVPacket* packet = av_packet_alloc();
            std::int64_t ticks = 0;
            while (av_read_frame(format, packet) >= 0) {
                if (packet->stream_index == index) {
                    ++back.frames;
                    ticks += packet->duration;
                }
                av_packet_unref(packet);
            }
            av_packet_free(&packet);
            back.seconds = double(ticks) * av_q2d(stream->time_base);
            back.ok = true;
        }
    }
    avformat_close_input(&format);
    return back;
}

struct WebpBack {
    bool ok = false;
    int frames = 0;
    int milliseconds = 0;
    int width = 0;
    int height = 0;
    int loop = -1;
};

// RIFF "WEBP": VP8X holds the canvas (24-bit width-1, height-1), ANIM the loop
// count (16 bits after the background colour), each ANMF a frame whose
// duration is the 24-bit field at offset 12 of its payload.
WebpBack readWebp(const QByteArray& data) {
    WebpBack back;
    if (data.size() < 12 || !data.startsWith("RIFF") || data.mid(8, 4) != "WEBP") return back;
    const auto u24 = [&data](qsizetype at) {
        const auto* p = reinterpret_cast<const uchar*>(data.constData() + at);
        return int(p[0] | p[1] << 8 | p[2] << 16);
    };
    for (qsizetype at = 12; at + 8 <= data.size();) {
        const QByteArray id = data.mid(at, 4);
        const auto size = qsizetype(qFromLittleEndian<quint32>(data.constData() + at + 4));
        const qsizetype payload = at + 8;
        if (payload + size > data.size()) return back;
        if (id == "VP8X" && size >= 10) {
            back.width = u24(payload + 4) + 1;
            back.height = u24(payload + 7) + 1;
        } else if (id == "ANIM" && size >= 6) {
            back.loop = qFromLittleEndian<quint16>(data.constData() + payload + 4);
        } else if (id == "ANMF" && size >= 16) {
            ++back.frames;
            back.milliseconds += u24(payload + 12);
        }
        at = payload + size + (size & 1);
    }
    back.ok = true;
    return back;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

class TestCliExportAnimation : public QObject {
    Q_OBJECT

private slots:
    void mp4FramesDurationAndWidth();
    void webmEveryKeepsTheLastStep();
    void gifFramesDelaysAndLoop();
    void webpDurationCanvasAndLoop();
    void formatFromTheSuffix();
    void pngSeriesWritesExactlyTheNames();
    void svgSeriesEveryOtherStep();
    void badRangesAndFormatsExitTwo_data();
    void badRangesAndFormatsExitTwo();
    void toBeyondTheEndNamesTheLastStep();
    void htmlStepperPageFromTheCommandLine();
    void lessonVideoHoldsEachStepForReading();
    void lessonRefusesWhatItDrawsItself();

private:
    struct Expected {
        QString codec;
        int frames;
        double seconds;
        int width;
    };
    void expectAnimation(const QString& name, const Expected& expected);
    CliResult exportRange(const QString& name, const QStringList& extra);
    QTemporaryDir m_dir;
};

CliResult TestCliExportAnimation::exportRange(const QString& name, const QStringList& extra) {
    const CliResult result =
        runCommviz(QStringList{"export", "--scenario", kScenario, "-o", m_dir.filePath(name)} + extra, 300000);
    if (!result.finished || result.exitCode != 0)
        qWarning("commviz export failed (%d): %s", result.exitCode, result.err.constData());
    return result;
}

// What libavformat reads back from the file `name` in the test's directory.
void TestCliExportAnimation::expectAnimation(const QString& name, const Expected& expected) {
    const ReadBack back = readBack(m_dir.filePath(name));
    QVERIFY2(back.ok, qPrintable(name + " cannot be read back"));
    QCOMPARE(back.codec, expected.codec);
    QCOMPARE(back.frames, expected.frames);
    QCOMPARE(back.seconds, expected.seconds);
    QCOMPARE(back.width, expected.width);
}

void TestCliExportAnimation::mp4FramesDurationAndWidth() {
    // Steps 1..10, 500 ms each at 10 fps: 5 frames a step, 50 frames, 5.0 s; 1200 px wide by default.
    const CliResult r =
        exportRange("ten.mp4", {"--from", "1", "--to", "10", "--hold-ms", "500", "--fps", "10", "--caption"});
    QVERIFY(r.err.isEmpty());
    expectAnimation("ten.mp4", {"h264", 50, 5.0, 1200});
    QCOMPARE(readBack(m_dir.filePath("ten.mp4")).height % 2, 0);
    // Nothing but the file is left beside it.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"ten.mp4"});
}

void TestCliExportAnimation::webmEveryKeepsTheLastStep() {
    // Steps 1, 3 and 4 (the last always comes), 300 ms each at 10 fps: 3 frames a step, 9 frames, 0.9 s.
    // --scale 0.5 instead of the default width: half the still figure, rounded up to even.
    exportRange("every.webm",
                {"--from", "1", "--to", "4", "--every", "2", "--hold-ms", "300", "--fps", "10", "--scale", "0.5"});
    QCOMPARE(exportRange("still.png", {"--step", "4", "--scale", "0.5"}).exitCode, 0);
    const QImage still(m_dir.filePath("still.png"));
    expectAnimation("every.webm", {"vp9", 9, 0.9, (still.width() + 1) & ~1});
    const ReadBack back = readBack(m_dir.filePath("every.webm"));
    QCOMPARE(back.height, (still.height() + 1) & ~1);
}

void TestCliExportAnimation::gifFramesDelaysAndLoop() {
    // Steps 2..5, 200 ms each at 10 fps: 2 frames a step, 8 frames of 10 cs, 0.8 s. --loop 3: shown
    // three times, which GIF's NETSCAPE block stores as 2 repeats.
    exportRange("four.gif", {"--from", "2", "--to", "5", "--hold-ms", "200", "--fps", "10", "--loop", "3"});
    expectAnimation("four.gif", {"gif", 8, 0.8, 1200});
    const QByteArray gif = readAll(m_dir.filePath("four.gif"));
    const qsizetype netscape = gif.indexOf("NETSCAPE2.0");
    QVERIFY(netscape > 0);
    QCOMPARE(gif.mid(netscape + 11, 4), QByteArray("\x03\x01\x02\x00", 4));
    // Forever (the default): a repeat count of 0.
    QCOMPARE(exportRange("forever.gif", {"--from", "2", "--to", "3", "--hold-ms", "100", "--scale", "0.25"}).exitCode,
             0);
    const QByteArray endless = readAll(m_dir.filePath("forever.gif"));
    QCOMPARE(endless.mid(endless.indexOf("NETSCAPE2.0") + 11, 4), QByteArray("\x03\x01\x00\x00", 4));
}

void TestCliExportAnimation::webpDurationCanvasAndLoop() {
    // Steps 1..3, 500 ms each at 10 fps: 5 frames a step, 1.5 s in all. libwebp folds identical
    // frames into one longer frame, so at most 15 frames and at least one per step.
    const CliResult r =
        exportRange("three.webp", {"--from", "1", "--to", "3", "--hold-ms", "500", "--fps", "10", "--loop", "2"});
    QCOMPARE(r.exitCode, 0);
    const WebpBack back = readWebp(readAll(m_dir.filePath("three.webp")));
    QVERIFY(back.ok);
    QCOMPARE(back.milliseconds, 1500);
    QVERIFY2(back.frames >= 3 && back.frames <= 15, qPrintable(QString::number(back.frames)));
    QCOMPARE(back.width, 1200);
    QCOMPARE(back.loop, 2);
}

void TestCliExportAnimation::formatFromTheSuffix() {
    // One step of 250 ms at GIF's default 12 fps: 3 frames.
    const CliResult r = exportRange("suffix.GIF", {"--from", "1", "--to", "1", "--hold-ms", "250", "--scale", "0.25"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(readAll(m_dir.filePath("suffix.GIF")).startsWith("GIF89a"));
    QCOMPARE(readBack(m_dir.filePath("suffix.GIF")).frames, 3);
    // And MP4's default 30 fps: 250 ms is 8 frames (7.5 rounded half away from zero).
    QCOMPARE(exportRange("suffix.mp4", {"--from", "1", "--to", "1", "--hold-ms", "250", "--scale", "0.25"}).exitCode,
             0);
    QCOMPARE(readBack(m_dir.filePath("suffix.mp4")).frames, 8);
}

void TestCliExportAnimation::pngSeriesWritesExactlyTheNames() {
    QTemporaryDir dir;
    const CliResult r =
        runCommviz({"export", "--scenario", kScenario, "--from", "3", "--to", "7", "-o", dir.filePath("step.png")});
    QCOMPARE(r.exitCode, 0);
    const QStringList expected{"step-0001.png", "step-0002.png", "step-0003.png", "step-0004.png", "step-0005.png"};
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name), expected);
    // Each is the still figure of its step: step-0002 is step 4.
    QCOMPARE(runCommviz({"export", "--scenario", kScenario, "--step", "4", "-o", dir.filePath("four.png")}).exitCode,
             0);
    QCOMPARE(QImage(dir.filePath("step-0002.png")), QImage(dir.filePath("four.png")));
}

void TestCliExportAnimation::svgSeriesEveryOtherStep() {
    QTemporaryDir dir;
    // Steps 0, 2, 4: three files.
    const CliResult r = runCommviz({"export", "--scenario", kScenario, "--from", "0", "--to", "4", "--every", "2",
                                    "--format", "svg", "-o", dir.filePath("s")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name),
             (QStringList{"s-0001.svg", "s-0002.svg", "s-0003.svg"}));
    QVERIFY(readAll(dir.filePath("s-0003.svg")).contains("<svg"));
}

void TestCliExportAnimation::badRangesAndFormatsExitTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("needles");
    const QStringList gif{"-o", "x.gif"};
    QTest::newRow("from>to") << (QStringList{"--from", "5", "--to", "3"} + gif)
                             << QStringList{"--from '5'", "--to '3'", "at most"};
    QTest::newRow("from alone") << (QStringList{"--from", "5"} + gif) << QStringList{"--from", "needs --to"};
    QTest::newRow("to alone") << (QStringList{"--to", "5"} + gif) << QStringList{"--to", "needs --from"};
    QTest::newRow("every 0") << (QStringList{"--from", "1", "--to", "3", "--every", "0"} + gif)
                             << QStringList{"--every '0'", "1 or more"};
    QTest::newRow("fps 0") << (QStringList{"--from", "1", "--to", "3", "--fps", "0"} + gif)
                           << QStringList{"--fps '0'", "from 1 to 60"};
    QTest::newRow("fps 61") << (QStringList{"--from", "1", "--to", "3", "--fps", "61"} + gif)
                            << QStringList{"--fps '61'", "from 1 to 60"};
    QTest::newRow("hold 10") << (QStringList{"--from", "1", "--to", "3", "--hold-ms", "10"} + gif)
                             << QStringList{"--hold-ms '10'", "from 20 to 60000"};
    QTest::newRow("loop mp4") << QStringList{"--from", "1", "--to", "3", "--loop", "2", "-o", "x.mp4"}
                              << QStringList{"--loop", "gif or webp", "mp4"};
    QTest::newRow("step and from") << (QStringList{"--step", "2", "--from", "1", "--to", "3"} + gif)
                                   << QStringList{"--step", "--from/--to"};
    QTest::newRow("gif without range") << gif << QStringList{"--format gif", "--from A --to B"};
    QTest::newRow("pdf range") << QStringList{"--from", "1", "--to", "3", "-o", "x.pdf"}
                               << QStringList{"--format 'pdf'", "gif, webp, mp4, webm"};
    QTest::newRow("unknown format") << QStringList{"--from", "1", "--to", "3", "--format", "avi", "-o", "x"}
                                    << QStringList{"--format 'avi'", "gif, webp, mp4, webm, html"};
    QTest::newRow("hold on a series") << QStringList{"--from", "1", "--to", "3", "--hold-ms", "500", "-o", "x.png"}
                                      << QStringList{"--hold-ms", "gif, webp, mp4, webm, html"};
    QTest::newRow("fps on a still") << QStringList{"--fps", "10", "-o", "x.png"}
                                    << QStringList{"--fps", "--from A --to B"};
}

void TestCliExportAnimation::badRangesAndFormatsExitTwo() {
    QFETCH(QStringList, args);
    QFETCH(QStringList, needles);
    QTemporaryDir dir;
    for (QString& arg : args)
        if (arg.startsWith("x.") || arg == "x") arg = dir.filePath(arg);
    expectRefused(QStringList{"export", "--scenario", kScenario} + args, needles);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestCliExportAnimation::toBeyondTheEndNamesTheLastStep() {
    QTemporaryDir dir;
    // Find where the run ends, then ask for one step more.
    const CliResult run = runCommviz({"run", "--scenario", kScenario, "--json", "--no-events"});
    QCOMPARE(run.exitCode, 0);
    const auto steps = QJsonDocument::fromJson(run.out).object().value("steps").toInteger(-1);
    QVERIFY(steps > 10);
    const QString last = QString::number(steps);
    expectRefused({"export", "--scenario", kScenario, "--from", "1", "--to", QString::number(steps + 1), "-o",
                   dir.filePath("x.mp4")},
                  {"--to '" + QString::number(steps + 1) + "'", "allowed 0 to " + last, "ends after " + last});
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestCliExportAnimation::htmlStepperPageFromTheCommandLine() {
    // Steps 1..4, one settled frame each, held the default 1000 ms by Play; inline SVG figures.
    QCOMPARE(exportRange("four.html", {"--from", "1", "--to", "4", "--caption"}).exitCode, 0);
    const QByteArray page = readAll(m_dir.filePath("four.html"));
    QVERIFY(page.startsWith("<!DOCTYPE html>"));
    QCOMPARE(page.count("class=\"cv-frame\""), 4);
    QCOMPARE(page.count("data-ms=\"1000\""), 4);
    QVERIFY(page.contains("<svg"));
    QVERIFY(!page.contains("http://") && !page.contains("https://"));
    // --scale gives PNG frames at that scale instead. Each frame's narration is text under the figure
    // with or without --caption (docs/usage.md, "Captions as text"): no frame's text is empty.
    QCOMPARE(exportRange("png.html", {"--from", "1", "--to", "2", "--scale", "0.5"}).exitCode, 0);
    const QByteArray pngPage = readAll(m_dir.filePath("png.html"));
    QVERIFY(pngPage.contains("data:image/png;base64,"));
    QCOMPARE(pngPage.count("class=\"cv-text\"><p>"), 2);
    QCOMPARE(pngPage.count("class=\"cv-text\"></div>"), 0);
}

void TestCliExportAnimation::lessonVideoHoldsEachStepForReading() {
    // Each lesson step is held 2.5 s + 45 ms a character of its narration, 3 s to 15 s
    // (docs/usage.md); at 10 fps the video has one frame per 100 ms of that.
    QFile file(QStringLiteral(COMMVIZ_SOURCE_DIR "/resources/lessons/noc_credits.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray steps = QJsonDocument::fromJson(file.readAll()).object().value("steps").toArray();
    QVERIFY(steps.size() > 2);
    qint64 totalMs = 0;
    for (const QJsonValue& step : steps) {
        const QString text = step.toObject().value("narration").toObject().value("en").toString();
        totalMs += std::clamp<qint64>(2500 + 45 * qint64(text.toUcs4().size()), 3000, 15000);
    }
    const CliResult r =
        runCommviz({"export", "--lesson", "noc_credits", "--fps", "10", "-o", m_dir.filePath("credits.mp4")}, 300000);
    QCOMPARE(r.exitCode, 0);
    const int frames = int((totalMs + 50) / 100);
    expectAnimation("credits.mp4", {"h264", frames, frames / 10.0, 1200});
}

void TestCliExportAnimation::lessonRefusesWhatItDrawsItself() {
    QTemporaryDir dir;
    const QString out = dir.filePath("x.mp4");
    expectRefused({"export", "--lesson", "no_such_lesson", "-o", out},
                  {"--lesson 'no_such_lesson'", "rdma_rnr", "noc_credits"});
    expectRefused({"export", "--lesson", "rdma_rnr", "--scene", "rdma", "-o", out}, {"--scene", "--lesson"});
    expectRefused({"export", "--lesson", "rdma_rnr", "--from", "1", "--to", "3", "-o", out},
                  {"--from/--to", "--lesson"});
    expectRefused({"export", "--lesson", "rdma_rnr", "-o", dir.filePath("x.pdf")}, {"--format 'pdf'", "--lesson"});
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

QTEST_GUILESS_MAIN(TestCliExportAnimation)
#include "tst_cli_export_animation.moc"
