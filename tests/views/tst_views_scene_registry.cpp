// Walks the scene registry the application uses (app/all_scenes.cpp) and
// proves, for every scene, what the scene kit promises: every event kind the
// engine can emit (derived from its event variant) has a sentence in English
// and in Chinese, the narration table has no row for a kind the engine cannot
// emit, every lesson step highlights objects the scene draws or inspects, and
// the scene exports a PNG and an SVG figure offscreen; and every scene command
// is one the launcher runs without Qt, the same function either way.

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

#include "all_scenes.h"
#include "catalog/scene_catalog.h"
#include "export/figure_exporter.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/language.h"

using namespace commviz;

namespace {

bool hasChinese(const QString& text) {
    static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    return text.contains(han);
}

bool drawsRegion(const views::SceneRenderer& renderer, const QString& id) {
    const auto regions = renderer.hitRegions();
    return std::any_of(regions.begin(), regions.end(), [&](const auto& r) { return r.objectId == id; });
}

void paintOnce(views::SceneRenderer& renderer, const sim::Session& session, const QStringList& highlights) {
    views::RenderState state;
    state.session = &session;
    state.highlights = highlights;
    tests::paintImage(renderer, state);
}

}  // namespace

class SceneRegistryTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();
    views::Language m_language;

private slots:
    void initTestCase() { QVERIFY(m_registry.scenes().size() >= 2); }
    void cleanupTestCase() { m_language.apply(QStringLiteral("en")); }

    void everyEventKindHasASentenceInBothLanguages() {
        for (const auto& scene : m_registry.scenes()) {
            const QString id = QString::fromStdString(scene.model.id);
            QVERIFY2(scene.eventKinds && scene.narration, qPrintable(id));
            const std::vector<std::string> kinds = scene.eventKinds();
            QVERIFY2(kinds.size() >= 2, qPrintable(id));
            for (const std::string& kind : kinds) {
                const QString where = id + QLatin1Char('/') + QString::fromStdString(kind);
                QVERIFY2(scene.narration->covers(kind), qPrintable(where + ": no row in the narration table"));
                // A record with no fields: the sentence itself must exist in both languages.
                const sim::EventRecord record{kind, "anchor", {}, sim::Json::object()};
                m_language.apply(QStringLiteral("en"));
                const QString english = scene.narrate(record);
                m_language.apply(QStringLiteral("zh_CN"));
                const QString chinese = scene.narrate(record);
                QVERIFY2(!english.isEmpty() && !chinese.isEmpty(), qPrintable(where));
                QVERIFY2(chinese != english, qPrintable(where + ": not translated: " + chinese));
                QVERIFY2(hasChinese(chinese), qPrintable(where + ": " + chinese));
            }
            for (const std::string& row : scene.narration->kinds())
                QVERIFY2(std::find(kinds.begin(), kinds.end(), row) != kinds.end(),
                         qPrintable(id + QStringLiteral(": the table narrates %1, which the engine never emits")
                                             .arg(QString::fromStdString(row))));
        }
        m_language.apply(QStringLiteral("en"));
    }

    // The window's scenes are the catalog's, in its order, each with a view.
    void everyCatalogSceneHasAView() {
        QCOMPARE(m_registry.scenes().size(), catalog::scenes().size());
        for (std::size_t i = 0; i < catalog::scenes().size(); ++i) {
            const views::SceneDescriptor& scene = m_registry.scenes()[i];
            QCOMPARE(scene.model.id, catalog::scenes()[i].model.id);
            QVERIFY2(scene.createRenderer && scene.about && scene.narration, scene.model.id.c_str());
            QVERIFY2(QFile::exists(scene.iconPath), qPrintable(scene.iconPath));
            QCOMPARE(scene.commands.size(), catalog::scenes()[i].commands.size());
        }
        std::size_t sceneCommands = 0;
        for (const auto& scene : catalog::scenes()) sceneCommands += scene.commands.size();
        QCOMPARE(sceneCommands, std::size_t(3));  // noc, nccl-topo, nccl-log
    }

    void lessonHighlightsNameObjectsTheSceneShows() {
        for (const auto& scene : m_registry.scenes()) {
            for (const QString& path : tests::lessonPaths(scene)) {
                auto lesson = views::loadLesson(path);
                QVERIFY2(lesson, qPrintable(path));
                QCOMPARE(lesson.value().scene, QString::fromStdString(scene.model.id));
                auto renderer = scene.createRenderer();
                std::unique_ptr<sim::Session> session;
                QString scenario = QStringLiteral("<none>");
                int highlighted = 0;
                for (const auto& step : lesson.value().steps) {
                    if (!session || (!step.scenario.isEmpty() && step.scenario != scenario)) {
                        scenario = step.scenario;
                        session = tests::sceneSession(scene, scenario);
                        QVERIFY2(session, qPrintable(path + QStringLiteral(": ") + scenario));
                    }
                    QCOMPARE(session->seek(step.step), step.step);
                    paintOnce(*renderer, *session, step.highlights);
                    // The check below must be able to fail: an id no scene has is neither drawn nor inspectable.
                    const QString missing = QStringLiteral("no-such-object:%1").arg(step.step);
                    QVERIFY2(!drawsRegion(*renderer, missing) && session->inspect(missing.toStdString()).is_null(),
                             qPrintable(path + QStringLiteral(": accepts any highlight")));
                    for (const QString& object : step.highlights) {
                        QVERIFY2(drawsRegion(*renderer, object) || !session->inspect(object.toStdString()).is_null(),
                                 qPrintable(QStringLiteral("%1 step %2: nothing drawn or inspectable is %3")
                                                .arg(path)
                                                .arg(step.step)
                                                .arg(object)));
                        ++highlighted;
                    }
                }
                QVERIFY2(highlighted > 0, qPrintable(path));
            }
        }
    }

    void everySceneExportsAFigure_data() {
        QTest::addColumn<int>("format");
        QTest::newRow("png") << int(views::FigureOptions::Format::Png);
        QTest::newRow("svg") << int(views::FigureOptions::Format::Svg);
    }
    void everySceneExportsAFigure() {
        QFETCH(int, format);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const auto& scene : m_registry.scenes()) {
            const QString id = QString::fromStdString(scene.model.id);
            auto session = tests::sceneSession(scene, std::nullopt);
            QVERIFY2(session, qPrintable(id));
            session->seek(8);
            auto renderer = scene.createRenderer();
            views::RenderState state;
            state.session = session.get();
            views::FigureOptions options;
            options.format = views::FigureOptions::Format(format);
            const QString path = dir.filePath(id + QLatin1Char('.') + views::figureFormatSuffix(options.format));
            const auto status = views::exportFigure(*renderer, state, options, path);
            QVERIFY2(status, qPrintable(id));
            QFile file(path);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
            const QByteArray bytes = file.readAll();
            if (options.format == views::FigureOptions::Format::Svg) {
                QVERIFY2(bytes.contains("<svg") && bytes.contains("</svg>"), qPrintable(id));
                QVERIFY2(bytes.count("<text") + bytes.count("<path") > 20, qPrintable(id));
            } else {
                QImage image;
                QVERIFY2(image.loadFromData(bytes, "PNG"), qPrintable(id));
                QCOMPARE(image.size(), views::figureLogicalSize(*renderer, state, options).toSize());
                // Not one flat colour: the scene was drawn.
                QSet<QRgb> colours;
                for (int y = 0; y < image.height(); y += 7)
                    for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
                QVERIFY2(colours.size() > 8, qPrintable(id));
            }
        }
    }
};

QTEST_MAIN(SceneRegistryTest)
#include "tst_views_scene_registry.moc"
