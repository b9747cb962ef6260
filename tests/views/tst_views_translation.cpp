// Proves both languages work: the built-in zh_CN translation and Qt's own load,
// a known string differs between English and Chinese, switching is live, and the
// .ts file has no untranslated entry left.

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "rdma/rdma_scene.h"
#include "scene_walk.h"
#include "shell/event_list_model.h"
#include "shell/events_dock.h"
#include "shell/language.h"
#include "shell/narration_dock.h"
#include "shell/simulation_controller.h"

using namespace commviz::views;

class TranslationTest : public QObject {
    Q_OBJECT

private slots:
    void chineseDiffersFromEnglish() {
        Language language;
        QCOMPARE(language.apply(QStringLiteral("en")), QStringLiteral("en"));
        const QString english = QCoreApplication::translate("commviz::views::NarrationDock", "Narration");
        QCOMPARE(english, QStringLiteral("Narration"));
        QCOMPARE(language.apply(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const QString chinese = QCoreApplication::translate("commviz::views::NarrationDock", "Narration");
        QVERIFY2(chinese != english, qPrintable(chinese));
        QVERIFY2(chinese.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), qPrintable(chinese));
        // Qt's own strings (standard buttons) come along.
        QVERIFY(QCoreApplication::translate("QPlatformTheme", "Cancel") != QStringLiteral("Cancel"));
        language.apply(QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("commviz::views::NarrationDock", "Narration"), english);
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
    }

    void unknownLanguagesFallBackToEnglish() {
        Language language;
        QCOMPARE(language.apply(QStringLiteral("klingon")), QStringLiteral("en"));
        QCOMPARE(Language::initial(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(Language::initial(QStringLiteral("en")), QStringLiteral("en"));
    }

    void switchingIsLive() {
        SimulationController controller;
        NarrationDock dock(controller);
        Language language;
        language.apply(QStringLiteral("en"));
        QCoreApplication::processEvents();
        QCOMPARE(dock.windowTitle(), QStringLiteral("Narration"));
        language.apply(QStringLiteral("zh_CN"));
        QCoreApplication::processEvents();
        QVERIFY(dock.windowTitle() != QStringLiteral("Narration"));
        language.apply(QStringLiteral("en"));
        QCoreApplication::processEvents();
        QCOMPARE(dock.windowTitle(), QStringLiteral("Narration"));
    }

    void eventsDockShowsCoreTextTranslated() {
        // ibv_create_cq's detail is a core text (context commviz::rdma): the
        // Events dock shows it in the chosen language, never its JSON.
        const SceneDescriptor scene = rdmaScene();
        SimulationController controller;
        auto scenario = loadScenario(QStringLiteral(":/scenarios/rdma/send_recv.json"), scene);
        QVERIFY(scenario.ok());
        QVERIFY(controller.load(commviz::tests::sceneSetup(scene, {}, scenario.value())).ok());
        EventsDock dock(controller);
        controller.seek(3);
        const QModelIndex details = dock.model()->index(dock.model()->rowOfStep(3) + 1, EventListModel::Details);
        Language language;
        language.apply(QStringLiteral("zh_CN"));
        QCoreApplication::processEvents();
        const QString chinese = details.data().toString();
        QVERIFY2(chinese.contains(QStringLiteral("detail=cq->cqe = 31（请求 16；mlx5 向上取整到 2^n - 1）")),
                 qPrintable(chinese));
        QVERIFY2(!chinese.contains(QStringLiteral("detail_text")), qPrintable(chinese));
        language.apply(QStringLiteral("en"));
        QCoreApplication::processEvents();
        QVERIFY(details.data().toString().contains(QStringLiteral("(asked 16; mlx5 rounds up")));
    }

    void everyStringIsTranslated() {
        QFile ts(QStringLiteral(COMMVIZ_TS_FILE));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(ts.readAll());
        const int messages = int(text.count(QStringLiteral("<message")));
        QVERIFY2(messages > 50, "the .ts should hold the app's strings (run scripts/update_translations.sh)");
        QCOMPARE(int(text.count(QStringLiteral("type=\"unfinished\""))), 0);
    }
};

QTEST_MAIN(TranslationTest)
#include "tst_views_translation.moc"
