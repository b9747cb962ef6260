// File > Export Animation…: the range ends at the step on screen, the estimate
// counts frames and seconds as the timing rule says, an export writes the file
// through the same writers as the command line, and the choices are remembered.

#include <QComboBox>
#include <QFile>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "all_scenes.h"
#include "export/animation_dialog.h"
#include "scene_walk.h"

using namespace commviz;

class AnimationDialogTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();
    QTemporaryDir m_dir;

    views::SceneSetup rdmaSetup() const { return tests::sceneSetup(*m_registry.find(QStringLiteral("rdma"))); }
    static void choose(QComboBox* box, const QString& data) { box->setCurrentIndex(box->findData(data)); }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("commviz-tests"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void rangeEndsAtTheStepOnScreen() {
        views::AnimationDialog dialog(rdmaSetup(), views::RenderState{}, 5);
        const views::AnimationChoice choice = dialog.choice();
        QCOMPARE(choice.format, QStringLiteral("gif"));
        QCOMPARE(choice.from, std::size_t(1));
        QCOMPARE(choice.to, std::size_t(5));
        QCOMPARE(choice.language, QStringLiteral("en"));  // the window's language
        // Five steps, each held 1000 ms at 12 frames a second: 12 frames a step.
        QCOMPARE(views::animationFrames(choice), std::size_t(60));
        QVERIFY2(dialog.estimateText().startsWith(QStringLiteral("5 steps, 60 frames · 5.0 s · about ")),
                 qPrintable(dialog.estimateText()));
    }

    void languageFollowsTheWindowUntilChosen() {
        QSettings().remove(QStringLiteral("exportAnimation/language"));
        views::AnimationDialog dialog(rdmaSetup(), views::RenderState{}, 2, {QStringLiteral("zh_CN"), {}});
        QCOMPARE(dialog.choice().language, QStringLiteral("zh_CN"));
    }

    void timingRuleCountsFrames() {
        views::AnimationChoice choice;
        choice.format = QStringLiteral("mp4");
        choice.from = 1, choice.to = 10, choice.fps = 30, choice.holdMs = 500;
        QCOMPARE(views::animationFrames(choice), std::size_t(150));  // 10 steps × round(500 × 30 / 1000)
        QCOMPARE(views::animationDurationMs(choice), std::size_t(5000));
        choice.every = 4;  // steps 1, 5, 9 and the last, 10
        QCOMPARE(views::animationFrames(choice), std::size_t(60));
        choice.format = QStringLiteral("png");  // one file per step, no playing time
        QCOMPARE(views::animationFrames(choice), std::size_t(4));
        QCOMPARE(views::animationDurationMs(choice), std::size_t(0));
    }

    void exportsAnHtmlStepperAndRemembersTheFormat() {
        const QString path = m_dir.filePath(QStringLiteral("rdma.html"));
        {
            views::AnimationDialog dialog(rdmaSetup(), views::RenderState{}, 3);
            choose(dialog.findChildren<QComboBox*>().at(0), QStringLiteral("html"));
            dialog.setPath(path);
            QVERIFY(dialog.exportNow());
        }
        QFile page(path);
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QByteArray html = page.readAll();
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QCOMPARE(html.count("class=\"cv-frame\""), 3);  // steps 1, 2 and 3
        views::AnimationDialog again(rdmaSetup(), views::RenderState{}, 3);
        QCOMPARE(again.choice().format, QStringLiteral("html"));
    }

    void aRangePastTheEndIsRefusedAndWritesNothing() {
        views::AnimationDialog dialog(rdmaSetup(), views::RenderState{}, 3);
        choose(dialog.findChildren<QComboBox*>().at(0), QStringLiteral("gif"));
        const QString path = m_dir.filePath(QStringLiteral("late.gif"));
        dialog.setPath(path);
        auto spins = dialog.findChildren<QSpinBox*>();
        spins.at(1)->setValue(spins.at(1)->maximum());  // "to": the step cap, past the end of the script
        QTimer::singleShot(0, [] {
            if (QWidget* box = QApplication::activeModalWidget()) box->close();
        });
        QVERIFY(!dialog.exportNow());
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_MAIN(AnimationDialogTest)
#include "tst_views_animation_dialog.moc"
