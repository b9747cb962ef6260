// Captions that fit a figure: a step's narration where it fits, its summary
// (counts by kind, the selected object first) where it does not, and never a
// sentence cut in half, in every scene of the registry and in both languages.

#include <QFontMetricsF>
#include <QRegularExpression>
#include <QtTest>
#include <algorithm>

#include "all_scenes.h"
#include "export/figure_exporter.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/language.h"
#include "shell/scene_paint.h"
#include "shell/step_caption.h"
#include "shell/step_narration.h"

using namespace commviz;

namespace {

constexpr std::size_t kStepsSearched = 400;

bool endsASentence(const QString& text) {
    static const QRegularExpression end(QStringLiteral("[.!?。！？)）]$"));
    return text.contains(end);
}

// The step of the first kStepsSearched with the longest narration.
std::size_t busiestStep(const views::SceneDescriptor& scene, sim::Session& session) {
    session.runToEnd(std::min(kStepsSearched, scene.model.stepCap));
    std::size_t best = 1;
    qsizetype longest = -1;
    for (std::size_t step = 1; step <= session.recordedSteps(); ++step) {
        const qsizetype length = views::stepNarration(scene, session, step).size();
        if (length > longest) best = step, longest = length;
    }
    session.seek(best);
    return best;
}

// The caption the renderer drew: the recorded text that opens with the first
// sentence of the narration or of its summary (a scene may add a sentence).
const views::DrawnText* drawnCaption(const std::vector<views::DrawnText>& texts, const views::StepCaption& caption) {
    const QString full = views::splitSentences(caption.full).value(0);
    const QString summary = views::splitSentences(caption.summary).value(0);
    for (const auto& drawn : texts)
        if (!drawn.text.isEmpty() && (drawn.text.startsWith(full) || drawn.text.startsWith(summary))) return &drawn;
    return nullptr;
}

}  // namespace

class StepCaptionTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();
    views::Language m_language;

private slots:
    void cleanupTestCase() { m_language.apply(QStringLiteral("en")); }

    void splitsLatinAndChineseSentences() {
        QCOMPARE(views::splitSentences(QStringLiteral("Rank 0 sends. Rank 1 waits!  Done? 好的。再见。")),
                 (QStringList{"Rank 0 sends.", "Rank 1 waits!", "Done?", "好的。", "再见。"}));
        QCOMPARE(views::splitSentences(QStringLiteral("Version 2.22.3 runs.")), QStringList{"Version 2.22.3 runs."});
    }

    void fitKeepsTheNarrationOrFallsBackByWholeSentences() {
        const QFont font = views::ScenePaint::font(16);
        const double line = QFontMetricsF(font).lineSpacing();
        const QString full = QStringLiteral("One. Two. Three. Four. Five. Six. Seven. Eight. Nine. Ten.").repeated(8);
        const QString summary = QStringLiteral("Step 9: 80 sentences said. The ring is closed.");
        // Room for the whole narration: it is kept.
        QCOMPARE(views::fitCaption(full, summary, font, QRectF(0, 0, 2000, 40 * line)), full);
        // Two lines of 600 units: the summary.
        QCOMPARE(views::fitCaption(full, summary, font, QRectF(0, 0, 600, 2 * line)), summary);
        // One short line: the summary's first whole sentence, never half of one.
        const double firstWidth =
            QFontMetricsF(font).horizontalAdvance(QStringLiteral("Step 9: 80 sentences said.")) + 4;
        QCOMPARE(views::fitCaption(full, summary, font, QRectF(0, 0, firstWidth, line)),
                 QStringLiteral("Step 9: 80 sentences said."));
        // No summary: the narration's leading sentences.
        const double twoWidth = QFontMetricsF(font).horizontalAdvance(QStringLiteral("One. Two.")) + 2;
        QCOMPARE(views::fitCaption(full, QString(), font, QRectF(0, 0, twoWidth, line)), QStringLiteral("One. Two."));
    }

    void genericSummaryCountsTheStepByKind() {
        // The collectives scene has no summarizeStep: its summary counts sends and rounds.
        const views::SceneDescriptor* scene = m_registry.find(QStringLiteral("collectives"));
        QVERIFY(scene && !scene->summarizeStep);
        auto session = tests::modelSession(*scene);
        QVERIFY(session->stepForward());
        // The default is a ring allgather on 8 ranks: in step 1 every rank sends its block to the next.
        const auto records = session->eventRecords(1);
        QCOMPARE(records.size(), std::size_t(8));
        QVERIFY(std::all_of(records.begin(), records.end(), [](const auto& r) { return r.kind == "send"; }));
        QCOMPARE(views::stepCaption(*scene, *session, 1).summary, QStringLiteral("Step 1: 8 messages sent."));
    }

    void summaryLeadsWithTheSelectedObject() {
        const views::SceneDescriptor* scene = m_registry.find(QStringLiteral("noc"));
        QVERIFY(scene);
        auto session = tests::modelSession(*scene);
        const std::size_t step = busiestStep(*scene, *session);
        const auto records = session->eventRecords(step);
        QVERIFY(records.size() > 4);
        // An object of the step's last event: its sentence comes first, before the counts.
        const sim::EventRecord& last = records.back();
        QVERIFY(!last.objects.empty());
        const QString selected = QString::fromStdString(last.objects.front());
        const views::StepCaption plain = views::stepCaption(*scene, *session, step);
        const views::StepCaption focused = views::stepCaption(*scene, *session, step, selected);
        QVERIFY(plain.summary.startsWith(QStringLiteral("Cycle %1:").arg(step)));
        const auto first = std::find_if(records.begin(), records.end(), [&](const sim::EventRecord& r) {
            return std::find(r.objects.begin(), r.objects.end(), last.objects.front()) != r.objects.end();
        });
        QVERIFY(focused.summary.startsWith(scene->narrate(*first)));
        QVERIFY(focused.summary.endsWith(plain.summary));
    }

    void everySceneCaptionFitsAndEndsASentence_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void everySceneCaptionFitsAndEndsASentence() {
        QFETCH(QString, language);
        m_language.apply(language);
        for (const auto& scene : m_registry.scenes()) {
            const QString id = QString::fromStdString(scene.model.id);
            auto session = tests::modelSession(scene);
            const std::size_t step = busiestStep(scene, *session);
            views::RenderState state;
            state.session = session.get();
            const views::StepCaption caption = views::stepCaption(scene, *session, step);
            QVERIFY2(!caption.full.isEmpty() && endsASentence(caption.summary),
                     qPrintable(id + ": " + caption.summary));
            state.caption = caption.full;
            state.captionSummary = caption.summary;
            const auto renderer = scene.createRenderer();
            views::FigureOptions options;
            options.caption = true;
            QString shown;
            if (renderer->drawsCaption()) {
                std::vector<views::DrawnText> texts;
                state.drawnTexts = &texts;
                tests::paintImage(*renderer, state);
                const views::DrawnText* drawn = drawnCaption(texts, caption);
                QVERIFY2(drawn, qPrintable(id + ": no caption drawn at step " + QString::number(step)));
                QVERIFY2(!drawn->elided, qPrintable(id));
                // The whole caption is inside its box at the size it was drawn.
                const double needed = QFontMetricsF(views::ScenePaint::font(drawn->px))
                                          .boundingRect(drawn->rect, Qt::TextWordWrap, drawn->text)
                                          .height();
                QVERIFY2(needed <= drawn->rect.height() + 0.5, qPrintable(id + ": " + drawn->text));
                shown = drawn->text;
            } else {
                shown = views::captionBandText(*renderer, state, options);
            }
            QVERIFY2(endsASentence(shown), qPrintable(id + " step " + QString::number(step) + ": " + shown.right(80)));
            if (caption.full.size() > 1500)
                QVERIFY2(shown.size() < caption.full.size(), qPrintable(id + ": a wall of text was kept"));
        }
    }
};

QTEST_MAIN(StepCaptionTest)
#include "tst_views_step_caption.moc"
