// A lesson written as a frame sequence (export/lesson_sequence.h), through a
// writer that only records: one frame per lesson step, the session at the
// step's scene step, its highlights, its narration in the language asked for
// as the caption, the reading time worked out by hand, every pass of a
// two-pass writer, and a cancel or a bad step leaving the writer cancelled.

#include <QtTest>

#include "all_scenes.h"
#include "export/lesson_sequence.h"

using namespace commviz;

namespace {

struct Recorded {
    views::ExportFrame frame;
    std::size_t cursor = 0;
    QString caption;
    QStringList highlights;
    bool captionOn = false;
};

class RecordingWriter final : public views::FrameWriter {
public:
    explicit RecordingWriter(int passes = 1) : m_passes(passes) {}
    int passes() const override { return m_passes; }
    sim::Status beginPass(int pass) override {
        passesBegun.push_back(pass);
        return sim::Ok{};
    }
    sim::Status add(views::SceneRenderer&, const views::RenderState& state, const views::FigureOptions& options,
                    const views::ExportFrame& frame) override {
        frames.push_back({frame, state.session->cursor(), state.caption, state.highlights, options.caption});
        return sim::Ok{};
    }
    sim::Status finish() override {
        ++finished;
        return sim::Ok{};
    }
    void cancel() override { ++cancelled; }

    std::vector<int> passesBegun;
    std::vector<Recorded> frames;
    int finished = 0;
    int cancelled = 0;

private:
    int m_passes;
};

// 100 Latin characters: 2,500 + 45 × 100 = 7,000 ms.
const QString kHundred = QStringLiteral(
    "RDMA send and receive: A posts a send, B has a receive waiting, and the "
    "message lands in B's buffer.");
// 40 Chinese characters, three units each: 2,500 + 45 × 120 = 7,900 ms.
const QString kForty = QString(40, QChar(0x4e2d));

QByteArray tinyLesson(const QString& secondStepScenario) {
    return QStringLiteral(R"({"scene": "rdma", "format": 1, "title": {"en": "Tiny", "zh_CN": "小"},
      "steps": [
        {"scenario": ":/scenarios/rdma/send_recv.json", "step": 5, "highlight": ["A/qp16", "A/qp16/sq"],
         "narration": {"en": "Hello world", "zh_CN": "%1"}},
        {"scenario": "%2", "step": 8, "highlight": ["B/qp16"],
         "narration": {"en": "%3", "zh_CN": "你好"}}]})")
        .arg(kForty, secondStepScenario, kHundred)
        .toUtf8();
}

}  // namespace

class LessonSequenceTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();

    const views::SceneDescriptor& rdma() const { return *m_registry.find(QStringLiteral("rdma")); }

private slots:
    void initTestCase() {
        QCOMPARE(kHundred.size(), 100);
        QVERIFY(m_registry.find(QStringLiteral("rdma")));
    }

    void readingTimeFollowsTheRule() {
        QCOMPARE(views::lessonStepDurationMs(QStringLiteral("Hello world")), 3000);  // 2,995 held at 3 s
        QCOMPARE(views::lessonStepDurationMs(kHundred), 7000);
        QCOMPARE(views::lessonStepDurationMs(kForty), 7900);
        // 20 Latin + 20 Chinese: 2,500 + 45 × (20 + 60) = 6,100.
        QCOMPARE(views::lessonStepDurationMs(QString(20, QLatin1Char('a')) + QString(20, QChar(0x4e2d))), 6100);
        QCOMPARE(views::lessonStepDurationMs(QString(400, QLatin1Char('a'))), 15000);  // 20,500 held at 15 s
        QCOMPARE(views::lessonStepDurationMs(QString()), 3000);
    }

    void oneFramePerStepWithItsNarrationHighlightsAndTime() {
        auto lesson = views::parseLesson(tinyLesson(QString()), QStringLiteral("tiny"));
        QVERIFY2(lesson, lesson ? "" : lesson.error().message.c_str());
        RecordingWriter writer;
        views::LessonExportOptions options;
        QVERIFY(views::writeLessonSequence(lesson.value(), rdma(), options, writer));
        QCOMPARE(writer.frames.size(), std::size_t(2));
        QCOMPARE(writer.finished, 1);
        QCOMPARE(writer.cancelled, 0);
        const Recorded& first = writer.frames[0];
        QCOMPARE(first.caption, QStringLiteral("Hello world"));
        QCOMPARE(first.frame.durationMs, 3000);
        QCOMPARE(first.highlights, (QStringList{QStringLiteral("A/qp16"), QStringLiteral("A/qp16/sq")}));
        QCOMPARE(first.cursor, std::size_t(5));
        QCOMPARE(first.frame.step, std::size_t(5));
        QCOMPARE(first.frame.index, std::size_t(0));
        QCOMPARE(first.frame.count, std::size_t(2));
        QVERIFY(first.captionOn);  // the narration is drawn whatever the options said
        const Recorded& second = writer.frames[1];
        QCOMPARE(second.caption, kHundred);
        QCOMPARE(second.frame.durationMs, 7000);
        QCOMPARE(second.highlights, QStringList{QStringLiteral("B/qp16")});
        QCOMPARE(second.cursor, std::size_t(8));  // no scenario named: the first step's session, sought on
        QCOMPARE(second.frame.index, std::size_t(1));

        RecordingWriter chinese;
        options.language = QStringLiteral("zh_CN");
        QVERIFY(views::writeLessonSequence(lesson.value(), rdma(), options, chinese));
        QCOMPARE(chinese.frames.size(), std::size_t(2));
        QCOMPARE(chinese.frames[0].caption, kForty);
        QCOMPARE(chinese.frames[0].frame.durationMs, 7900);
        QCOMPARE(chinese.frames[1].caption, QStringLiteral("你好"));
        QCOMPARE(chinese.frames[1].frame.durationMs, 3000);
    }

    void aBundledLessonInBothLanguages() {
        auto ref = views::findLesson(m_registry, QStringLiteral("noc_credits"));
        QVERIFY2(ref, ref ? "" : ref.error().message.c_str());
        QCOMPARE(QString::fromStdString(ref->scene->model.id), QStringLiteral("noc"));
        auto lesson = views::loadLesson(ref->path);
        QVERIFY(lesson);
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            RecordingWriter writer;
            views::LessonExportOptions options;
            options.language = language;
            QVERIFY(views::writeLessonSequence(lesson.value(), *ref->scene, options, writer));
            QCOMPARE(writer.frames.size(), lesson->steps.size());
            for (std::size_t i = 0; i < writer.frames.size(); ++i) {
                const views::LessonStep& step = lesson->steps[i];
                QCOMPARE(writer.frames[i].caption, step.narration.value(language));
                QCOMPARE(writer.frames[i].highlights, step.highlights);
                QCOMPARE(writer.frames[i].cursor, step.step);
                QCOMPARE(writer.frames[i].frame.durationMs,
                         views::lessonStepDurationMs(step.narration.value(language)));
            }
        }
    }

    void everyPassSeesEveryStep() {
        auto lesson = views::parseLesson(tinyLesson(QStringLiteral(":/scenarios/rdma/send_recv.json")), "tiny");
        QVERIFY(lesson);
        RecordingWriter writer(2);
        std::vector<std::pair<std::size_t, std::size_t>> told;
        QVERIFY(views::writeLessonSequence(lesson.value(), rdma(), {}, writer, [&](std::size_t done, std::size_t all) {
            told.emplace_back(done, all);
            return true;
        }));
        QCOMPARE(writer.passesBegun, (std::vector<int>{0, 1}));
        QCOMPARE(writer.frames.size(), std::size_t(4));
        QCOMPARE(writer.frames[2].cursor, std::size_t(5));  // the second pass starts its session again
        QCOMPARE(told.size(), std::size_t(4));
        QCOMPARE(told.back(), (std::pair<std::size_t, std::size_t>(4, 4)));
    }

    void aCancelCancelsTheWriter() {
        auto lesson = views::parseLesson(tinyLesson(QString()), QStringLiteral("tiny"));
        QVERIFY(lesson);
        RecordingWriter writer;
        const auto status = views::writeLessonSequence(lesson.value(), rdma(), {}, writer,
                                                       [](std::size_t, std::size_t) { return false; });
        QVERIFY(!status);
        QCOMPARE(QString::fromStdString(status.error().message), QStringLiteral("export cancelled"));
        QCOMPARE(writer.frames.size(), std::size_t(1));
        QCOMPARE(writer.cancelled, 1);
        QCOMPARE(writer.finished, 0);
    }

    void aStepPastTheEndIsRefused() {
        QByteArray json = tinyLesson(QString());
        json.replace("\"step\": 8", "\"step\": 100000");
        auto lesson = views::parseLesson(json, QStringLiteral("tiny"));
        QVERIFY(lesson);
        RecordingWriter writer;
        const auto status = views::writeLessonSequence(lesson.value(), rdma(), {}, writer);
        QVERIFY(!status);
        const QString message = QString::fromStdString(status.error().message);
        QVERIFY2(message.startsWith(QStringLiteral("lesson step 2: step 100000 is past the end")), qPrintable(message));
        QCOMPARE(writer.cancelled, 1);
        QCOMPARE(writer.finished, 0);
    }

    void unknownLessonIdsListTheKnownOnes() {
        QCOMPARE(views::findLesson(m_registry, QStringLiteral("rdma_rnr"))->path,
                 QStringLiteral(":/lessons/rdma_rnr.json"));
        const auto missing = views::findLesson(m_registry, QStringLiteral("nope"));
        QVERIFY(!missing);
        const QString message = QString::fromStdString(missing.error().message);
        QVERIFY2(message.startsWith(QStringLiteral("unknown --lesson 'nope': allowed lesson ids are ")),
                 qPrintable(message));
        const QStringList ids = message.section(QStringLiteral(" are "), 1).split(QStringLiteral(", "));
        QVERIFY(ids.contains(QStringLiteral("noc_credits")));
        QVERIFY(ids.contains(QStringLiteral("rdma")));
        // Every bundled lesson is found under its id.
        const auto refs = views::lessonRefs(m_registry);
        QVERIFY(refs.size() >= 20);
        for (const views::LessonRef& ref : refs) QVERIFY(views::loadLesson(ref.path));
    }
};

QTEST_MAIN(LessonSequenceTest)
#include "tst_views_lesson_sequence.moc"
