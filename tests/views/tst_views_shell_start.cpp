// Proves what a new user meets first: the Scenes list draws each name in bold
// above its description in the secondary colour, the tutorial is offered once
// (remembered in QSettings), the lesson's Next and Back have keys named in
// their tooltips, and the "+" after the step total says why it is there.

#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "counter_scene.h"
#include "scene_walk.h"
#include "shell/scene_list_delegate.h"
#include "shell/scene_picker.h"
#include "shell/simulation_controller.h"
#include "shell/transport_bar.h"
#include "tutorial/tutorial_dock.h"

using namespace commviz;
using views::SceneListDelegate;
using views::SimulationController;

namespace {

/// Pixels in `rect` darker than mid-grey: how much ink a text left there.
int inkIn(const QImage& image, const QRect& rect) {
    int ink = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            if (image.rect().contains(x, y) && qGray(image.pixel(x, y)) < 128) ++ink;
    return ink;
}

/// The darkest pixel in `rect`.
int darkestIn(const QImage& image, const QRect& rect) {
    int darkest = 255;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            if (image.rect().contains(x, y)) darkest = std::min(darkest, qGray(image.pixel(x, y)));
    return darkest;
}

}  // namespace

class ShellStartTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_counter = testing::counterScene();

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("commviz-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_views_shell_start"));
        QSettings().clear();
    }

    void sceneListDrawsTheNameBoldAboveAGreyDescription() {
        views::SceneRegistry registry;
        registry.add(m_counter);
        views::ScenePicker picker(registry);
        picker.resize(220, 300);
        picker.refill({});
        picker.show();
        QVERIFY(QTest::qWaitForWindowExposed(&picker));
        QListWidget* list = picker.list();
        const QModelIndex item = list->model()->index(0, 0);
        QStyleOptionViewItem option;
        option.initFrom(list->viewport());
        option.rect = list->visualRect(item);
        option.decorationSize = list->iconSize();
        option.font = list->font();
        const auto parts = SceneListDelegate::layout(option, QStringLiteral("Counter"),
                                                     QStringLiteral("A seeded random walk for tests"));
        QVERIFY(parts.nameFont.bold());
        QVERIFY(!parts.descriptionFont.bold());
        QVERIFY(parts.description.top() - parts.name.bottom() >= 3);  // a gap between the two
        QVERIFY(option.rect.height() >= parts.height);                // the entry has the room it draws in

        const QImage drawn = list->viewport()->grab().toImage();
        // The same name drawn in the regular font leaves clearly less ink than the list's.
        QImage regular(drawn.size(), QImage::Format_RGB32);
        regular.fill(Qt::white);
        {
            QPainter painter(&regular);
            painter.setFont(option.font);
            painter.setPen(Qt::black);
            painter.drawText(parts.name, Qt::TextWordWrap, QStringLiteral("Counter"));
        }
        const int boldInk = inkIn(drawn, parts.name);
        const int regularInk = inkIn(regular, parts.name);
        QVERIFY2(boldInk > regularInk * 1.15, qPrintable(QStringLiteral("%1 vs %2").arg(boldInk).arg(regularInk)));
        // The description is drawn, in a lighter colour than the name.
        QVERIFY(darkestIn(drawn, parts.description) < 230);
        QVERIFY2(
            darkestIn(drawn, parts.description) > darkestIn(drawn, parts.name) + 40,
            qPrintable(
                QStringLiteral("%1 vs %2").arg(darkestIn(drawn, parts.description)).arg(darkestIn(drawn, parts.name))));
    }

    void tutorialIsOfferedOnce() {
        views::SceneRegistry registry;
        registry.add(m_counter);
        QSettings().remove(QLatin1String(views::ScenePicker::kTutorialHintKey));
        {
            views::ScenePicker picker(registry);
            QVERIFY(picker.tutorialButton()->isVisibleTo(&picker));  // always there
            QVERIFY(!picker.hint()->isVisibleTo(&picker));
            QVERIFY(picker.offerTutorialOnce());
            QVERIFY(picker.hint()->isVisibleTo(&picker));
            QSignalSpy asked(&picker, &views::ScenePicker::tutorialRequested);
            picker.tutorialButton()->click();
            QCOMPARE(asked.count(), 1);
            picker.dismissHint();  // what the window does once the tutorial is open
            QVERIFY(!picker.hint()->isVisibleTo(&picker));
        }
        views::ScenePicker again(registry);  // the next start
        QVERIFY(!again.offerTutorialOnce());
        QVERIFY(!again.hint()->isVisibleTo(&again));
    }

    void lessonStepsHaveKeys() {
        QTemporaryDir dir;
        const QString lessonPath = dir.filePath(QStringLiteral("lesson.json"));
        QFile file(lessonPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"scene": "counter", "format": 1, "title": {"en": "Walk", "zh_CN": "随机游走"},
          "steps": [{"step": 2, "narration": {"en": "Two.", "zh_CN": "二。"}},
                    {"step": 5, "narration": {"en": "Five.", "zh_CN": "五。"}}]})");
        file.close();
        m_counter.lessonPath = lessonPath;
        SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_counter, {{"limit", 100}})).ok());
        views::TutorialDock dock(controller);
        QVERIFY(dock.loadForScene().ok());
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dock));
        // Through the window, where shortcuts apply; a button's shortcut clicks it after a short animation.
        QTest::keyClick(dock.windowHandle(), Qt::Key_PageDown);
        QTRY_COMPARE(dock.index(), 1);
        QCOMPARE(controller.cursor(), std::size_t(5));
        QTest::keyClick(dock.windowHandle(), Qt::Key_PageUp);
        QTRY_COMPARE(dock.index(), 0);
        QCOMPARE(controller.cursor(), std::size_t(2));
        const auto buttons = dock.findChildren<QPushButton*>();
        QStringList tips;
        for (const QPushButton* button : buttons) tips << button->toolTip();
        QVERIFY2(tips.filter(views::TutorialDock::nextKey().toString(QKeySequence::NativeText)).size() == 1,
                 qPrintable(tips.join('|')));
        QVERIFY2(tips.filter(views::TutorialDock::backKey().toString(QKeySequence::NativeText)).size() == 1,
                 qPrintable(tips.join('|')));
        m_counter.lessonPath.clear();
    }

    void openEndedTotalSaysWhy() {
        SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_counter, {{"limit", 10'000'000}})).ok());
        QVERIFY(!controller.endKnown());
        views::TransportBar bar(controller);
        QLabel* total = nullptr;
        for (QLabel* label : bar.findChildren<QLabel*>())
            if (label->text().startsWith(QStringLiteral("step 0 / "))) total = label;
        QVERIFY(total);
        QVERIFY(total->text().endsWith(QLatin1Char('+')));
        QVERIFY2(total->toolTip().contains(QStringLiteral("not known until it ends")), qPrintable(total->toolTip()));
        QVERIFY(total->toolTip().contains(QStringLiteral("drained")));
        // A run whose end is known has no "+" and says so.
        QVERIFY(controller.load(tests::sceneSetup(m_counter, {{"limit", 20}})).ok());
        QVERIFY(controller.endKnown());
        QCOMPARE(total->text(), QStringLiteral("step 0 / 20"));
        QVERIFY(!total->toolTip().contains(QStringLiteral("not known")));
    }
};

QTEST_MAIN(ShellStartTest)
#include "tst_views_shell_start.moc"
