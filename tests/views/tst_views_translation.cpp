// Proves both languages work: the built-in zh_CN translation and Qt's own load,
// a known string differs between English and Chinese, switching is live, and the
// .ts file has no untranslated entry left.

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

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
