// The HTML stepper page (export/html_stepper_writer.h) written from a real RDMA
// session: one frame element per frame added, a figure written once for equal
// consecutive frames, captions escaped, no address outside the file, the file
// present only after finish and never after a cancel; then the page itself in
// Debian's chromium (headless): its #selftest run of Next, Previous, the
// scrubber, the keys and Play must report PASS, and a screenshot must show it.

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "all_scenes.h"
#include "export/html_stepper_writer.h"
#include "export/lesson_sequence.h"
#include "scene_walk.h"
#include "shell/step_narration.h"

using namespace commviz;

namespace {

const QString kChromium = QStringLiteral("/usr/bin/chromium");
const QString kScenario = QStringLiteral(":/scenarios/rdma/send_recv.json");
// Scene steps of the four frames: the third repeats the second.
const std::vector<std::size_t> kSteps = {5, 8, 8, 10};
const QString kHostileCaption = QStringLiteral("<script>alert(1)</script> & \"quoted\" </div>");

int occurrences(const QByteArray& text, const QByteArray& what) { return int(text.count(what)); }

QString readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

struct Chromium {
    QByteArray out;
    bool finished = false;
};

// chromium headless with its own profile folder; waits at most a minute.
Chromium runChromium(const QStringList& arguments, const QString& profile) {
    QProcess process;
    process.start(kChromium, QStringList{QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
                                         QStringLiteral("--disable-gpu"), QStringLiteral("--no-first-run"),
                                         QStringLiteral("--user-data-dir=") + profile} +
                                 arguments);
    Chromium result;
    result.finished = process.waitForFinished(60000);
    if (!result.finished) process.kill();
    result.out = process.readAllStandardOutput();
    return result;
}

// The page's DOM after its self-test, or empty when chromium did not finish.
QString selfTestedDom(const QString& path) {
    QTemporaryDir profile;
    const Chromium dom =
        runChromium({QStringLiteral("--dump-dom"), QUrl::fromLocalFile(path).toString() + QStringLiteral("#selftest")},
                    profile.path());
    return dom.finished ? QString::fromUtf8(dom.out) : QString();
}

// What <pre id="selftest"> says: "PASS", "FAIL: reasons", or why there is nothing.
QString selfTestResult(const QString& dom) {
    const QRegularExpression result(QStringLiteral("<pre id=\"selftest\">([^<]*)</pre>"));
    const auto match = result.match(dom);
    return match.hasMatch() ? match.captured(1) : QStringLiteral("no result in: ") + dom.right(2000);
}

}  // namespace

class HtmlStepperTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();
    const views::SceneDescriptor* m_scene = nullptr;
    QTemporaryDir m_dir;

    // Writes kSteps through a writer into `path`; frame 4 carries kHostileCaption
    // and a summary, the others their step's narration. Stops before finish
    // when `finish` is false (the writer is returned still open).
    sim::Status writeFrames(views::HtmlStepperWriter& writer, const views::FigureOptions& options, bool finish = true) {
        auto session = tests::sceneSession(*m_scene, kScenario);
        if (!session) return sim::fail("no session");
        const auto renderer = m_scene->createRenderer();
        if (auto status = writer.beginPass(0); !status) return status;
        for (std::size_t i = 0; i < kSteps.size(); ++i) {
            session->seek(kSteps[i]);
            views::RenderState state;
            state.session = session.get();
            state.theme = options.theme;
            state.caption = views::stepNarration(*m_scene, *session, kSteps[i]);
            if (i == 3) {
                state.caption = kHostileCaption;
                state.captionSummary = QStringLiteral("Two sends & one receive");
            }
            views::ExportFrame frame;
            frame.index = i;
            frame.count = kSteps.size();
            frame.step = kSteps[i];
            frame.durationMs = 400 + 100 * int(i);
            if (auto status = writer.add(*renderer, state, options, frame); !status) return status;
        }
        return finish ? writer.finish() : sim::Status(sim::Ok{});
    }

    QString writePage(const QString& name, const views::FigureOptions& options) {
        const QString path = m_dir.filePath(name);
        views::HtmlStepperWriter writer(path, {QStringLiteral("Send & receive <RDMA>"), QStringLiteral("en")});
        const auto status = writeFrames(writer, options);
        if (!status) qWarning("%s", status.error().message.c_str());
        return status ? path : QString();
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // COMMVIZ_KEEP_PAGES=1 keeps the pages and the screenshot to look at.
        if (qEnvironmentVariableIsSet("COMMVIZ_KEEP_PAGES")) {
            m_dir.setAutoRemove(false);
            qInfo("pages are kept in %s", qPrintable(m_dir.path()));
        }
        m_scene = m_registry.find(QStringLiteral("rdma"));
        QVERIFY(m_scene);
    }

    void writesOneFrameElementPerFrameAndEqualFiguresOnce() {
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        const QString path = writePage(QStringLiteral("frames.html"), options);
        QVERIFY(!path.isEmpty());
        const QByteArray page = readAll(path).toUtf8();
        QCOMPARE(occurrences(page, "<div class=\"cv-frame\""), 4);
        QCOMPARE(occurrences(page, "<div class=\"cv-fig\""), 3);  // steps 5, 8, 10
        QCOMPARE(occurrences(page, "<svg width="), 3);
        // Frames 2 and 3 (both step 8) show figure 1; durations as given.
        QVERIFY(page.contains("data-fig=\"0\" data-step=\"5\" data-ms=\"400\""));
        QVERIFY(page.contains("data-fig=\"1\" data-step=\"8\" data-ms=\"500\""));
        QVERIFY(page.contains("data-fig=\"1\" data-step=\"8\" data-ms=\"600\""));
        QVERIFY(page.contains("data-fig=\"2\" data-step=\"10\" data-ms=\"700\""));
        // The step label written for readers without the script.
        for (const char* label : {"Step 5</p>", "Step 8</p>", "Step 10</p>"}) QVERIFY2(page.contains(label), label);
        QVERIFY(page.contains("<title>Send &amp; receive &lt;RDMA&gt;</title>"));
        // Every figure's ids are its own: figure 2 refers to no id of figure 1.
        const QString text = QString::fromUtf8(page);
        const QRegularExpression foreign(QStringLiteral("cv2-[^\"]*\"[^<]*url\\(#cv1-"));
        QVERIFY(!text.contains(foreign));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("id=\"cv0-"))) ||
                !text.contains(QStringLiteral("url(#")));
    }

    // The NoC's link heatmap paints its legend with a gradient, which SVG
    // refers to by id: each figure must refer to its own.
    void everyFigureRefersToItsOwnIds() {
        const views::SceneDescriptor* noc = m_registry.find(QStringLiteral("noc"));
        QVERIFY(noc);
        auto session = tests::sceneSession(*noc, QStringLiteral(":/scenarios/noc/mesh44.json"));
        QVERIFY(session);
        const auto renderer = noc->createRenderer();
        const QString path = m_dir.filePath(QStringLiteral("ids.html"));
        views::HtmlStepperWriter writer(path);
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        QVERIFY(writer.beginPass(0));
        for (const std::size_t step : {60, 120}) {
            session->seek(step);
            views::RenderState state;
            state.session = session.get();
            state.options = QStringList{QStringLiteral("noc.heatmap.links")};
            QVERIFY(writer.add(*renderer, state, options, {0, 2, step, 500}));
        }
        QVERIFY(writer.finish());
        const QString page = readAll(path);
        const QStringList figures = page.split(QStringLiteral("<div class=\"cv-fig\" data-fig=\""));
        QCOMPARE(figures.size(), 3);  // before the first, then one per figure
        const QRegularExpression id(QStringLiteral("\\bid=\"([^\"]+)\""));
        const QRegularExpression reference(QStringLiteral("url\\(#([^)]+)\\)"));
        QSet<QString> everyId;
        for (int k = 1; k < figures.size(); ++k) {
            const QString figure = figures[k].left(figures[k].indexOf(QStringLiteral("<div class=\"cv-frame\"")));
            QSet<QString> ids;
            for (const auto& match : id.globalMatch(figure)) {
                QVERIFY2(match.captured(1).startsWith(QStringLiteral("cv%1-").arg(k - 1)),
                         qPrintable(match.captured(1)));
                QVERIFY2(!everyId.contains(match.captured(1)), qPrintable(match.captured(1)));
                ids.insert(match.captured(1));
                everyId.insert(match.captured(1));
            }
            int references = 0;
            for (const auto& match : reference.globalMatch(figure)) {
                QVERIFY2(ids.contains(match.captured(1)), qPrintable(match.captured(1)));
                ++references;
            }
            QVERIFY2(references > 0, "the heatmap legend's gradient is not referred to");
        }
    }

    void escapesCaptionsAndTitle() {
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        const QByteArray page = readAll(writePage(QStringLiteral("escape.html"), options)).toUtf8();
        QVERIFY(!page.isEmpty());
        QVERIFY(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &lt;/div&gt;"));
        QVERIFY(!page.contains("<script>alert"));
        QVERIFY(page.contains("<p>Two sends &amp; one receive</p><details><summary>All events of this step"));
        // The page's own scripts: the class switch in the head, the strings, the controls.
        QCOMPARE(occurrences(page, "<script"), 3);
        QCOMPARE(occurrences(page, "</script>"), 3);
    }

    void referencesNothingOutsideTheFile() {
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        const QByteArray page = readAll(writePage(QStringLiteral("offline.html"), options)).toUtf8();
        QVERIFY(page.size() > 10000);
        for (const char* address : {"http://", "https://", "src=\"//", "href=\"//", "<link", "@import", "@font-face"})
            QVERIFY2(!page.contains(address), address);
        QVERIFY(!page.contains("<?xml"));
        QVERIFY(!page.contains("<!DOCTYPE svg"));
    }

    void pngFramesAreDataUrisAtTheScale() {
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Png;
        options.scale = 2;
        const QString path = writePage(QStringLiteral("png.html"), options);
        const QString page = readAll(path);
        QCOMPARE(page.count(QStringLiteral("src=\"data:image/png;base64,")), 3);
        QCOMPARE(page.count(QStringLiteral("<svg width=")), 0);
        const QRegularExpression first(
            QStringLiteral("<img alt=\"\" width=\"(\\d+)\" height=\"(\\d+)\" src=\"data:image/png;base64,([^\"]+)\""));
        const auto match = first.match(page);
        QVERIFY(match.hasMatch());
        const QImage image = QImage::fromData(QByteArray::fromBase64(match.captured(3).toLatin1()), "PNG");
        QCOMPARE(image.width(), 2 * match.captured(1).toInt());
        QCOMPARE(image.height(), 2 * match.captured(2).toInt());
        // The figure export's logical width: the RDMA scene's.
        QCOMPARE(match.captured(1).toInt(), qRound(m_scene->createRenderer()->logicalSize().width()));
    }

    void takesThePageColoursFromTheTheme() {
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        options.theme = views::Theme::dark();
        const QString page = readAll(writePage(QStringLiteral("dark.html"), options));
        QVERIFY(page.contains(QStringLiteral("<body class=\"cv-dark\" style=\"--bg:") +
                              views::Theme::dark().background.name()));
        options.theme = views::Theme::light();
        QVERIFY(
            readAll(writePage(QStringLiteral("light.html"), options)).contains(QStringLiteral("class=\"cv-light\"")));
    }

    void appearsOnlyAtFinishAndNeverAfterACancel() {
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cancelled.html"));
        {
            views::HtmlStepperWriter writer(path);
            QVERIFY(writeFrames(writer, options, false));
            QCOMPARE(writer.frameCount(), std::size_t(4));
            QVERIFY(!QFile::exists(path));  // written beside, not yet in place
            writer.cancel();
            QVERIFY(!QFile::exists(path));
            QVERIFY(!writer.finish());  // nothing left to finish
        }
        {
            views::HtmlStepperWriter writer(path);  // dropped unfinished: the same as a cancel
            QVERIFY(writeFrames(writer, options, false));
        }
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 0);

        views::HtmlStepperWriter nowhere(dir.filePath(QStringLiteral("missing/folder/page.html")));
        const auto status = nowhere.beginPass(0);
        QVERIFY(!status);
        QVERIFY2(QString::fromStdString(status.error().message).startsWith(QStringLiteral("cannot write '")),
                 status.error().message.c_str());
    }

    void selfTestPassesInChromium() {
        if (!QFile::exists(kChromium))
            QSKIP("chromium is not installed (scripts/test.sh installs it: COMMVIZ_TEST_PACKAGES)");
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        const QString dom = selfTestedDom(writePage(QStringLiteral("selftest.html"), options));
        QVERIFY2(!dom.isEmpty(), "chromium did not finish within a minute");
        QCOMPARE(selfTestResult(dom), QStringLiteral("PASS"));
        QVERIFY(dom.contains(QStringLiteral("data-selftest=\"pass\"")));
        // Left on frame 1: the label counts to the last frame's step.
        QVERIFY(dom.contains(QStringLiteral("<span id=\"cv-label\" class=\"cv-label\">Step 5 / 10</span>")));
        QVERIFY(dom.contains(QStringLiteral("<span id=\"cv-count\" class=\"cv-count\">frame 1 of 4</span>")));
    }

    // A whole lesson, in Chinese and as PNG frames, through the lesson sequence.
    void aLessonPagePassesItsSelfTest() {
        if (!QFile::exists(kChromium))
            QSKIP("chromium is not installed (scripts/test.sh installs it: COMMVIZ_TEST_PACKAGES)");
        auto ref = views::findLesson(m_registry, QStringLiteral("noc_credits"));
        QVERIFY(ref);
        auto lesson = views::loadLesson(ref->path);
        QVERIFY(lesson);
        const QString path = m_dir.filePath(QStringLiteral("lesson.html"));
        views::HtmlStepperWriter writer(
            path, {views::localized(lesson->title, QStringLiteral("zh_CN")), QStringLiteral("zh_CN")});
        views::LessonExportOptions options;
        options.language = QStringLiteral("zh_CN");
        options.figure.format = views::FigureOptions::Format::Png;
        QVERIFY(views::writeLessonSequence(lesson.value(), *ref->scene, options, writer));
        QCOMPARE(writer.frameCount(), lesson->steps.size());
        const QString page = readAll(path);
        QVERIFY(page.startsWith(QStringLiteral("<!DOCTYPE html>\n<html lang=\"zh-CN\">")));
        QVERIFY(page.contains(lesson->steps[0].narration.value(QStringLiteral("zh_CN")).toHtmlEscaped()));
        QVERIFY(page.contains(QStringLiteral("data-step=\"59\" data-ms=\"%1\"")
                                  .arg(views::lessonStepDurationMs(lesson->steps[0].narration.value("zh_CN")))));
        const QString dom = selfTestedDom(path);
        QCOMPARE(selfTestResult(dom), QStringLiteral("PASS"));
    }

    void showsOneFigureAndTheControlsInChromium() {
        if (!QFile::exists(kChromium))
            QSKIP("chromium is not installed (scripts/test.sh installs it: COMMVIZ_TEST_PACKAGES)");
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Svg;
        const QString path = writePage(QStringLiteral("screenshot.html"), options);
        const QString shot = m_dir.filePath(QStringLiteral("screenshot.png"));
        QTemporaryDir profile;
        const Chromium run =
            runChromium({QStringLiteral("--screenshot=") + shot, QStringLiteral("--window-size=1280,900"),
                         QStringLiteral("--hide-scrollbars"), QUrl::fromLocalFile(path).toString()},
                        profile.path());
        QVERIFY(run.finished);
        const QImage image(shot);
        QCOMPARE(image.size(), QSize(1280, 900));
        // Not a blank page: the figure's panels and text bring many colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4) colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    }
};

QTEST_MAIN(HtmlStepperTest)
#include "tst_views_html_stepper.moc"
