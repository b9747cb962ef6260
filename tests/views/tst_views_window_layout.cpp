// The real main window at the default size a 1600 × 1000 screen gives it
// (window_layout::kScreenShare of the screen: 1536 × 960), as a new user meets it: the canvas gets
// most of the window and at least the canvas the "readable at fit" tests draw
// on (kDefaultCanvas); the bottom row (Events, charts, tables) starts short;
// the Scenes list shows every scene without scrolling; the GPU paths table
// cuts no cell and, once raised, shows every column; a layout the user changed comes back, and one saved by an
// older layout version does not.

#include <QDockWidget>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

#include "all_scenes.h"
#include "fit_check.h"
#include "gui/main_window.h"
#include "shell/language.h"
#include "shell/scene_canvas.h"
#include "shell/scene_picker.h"
#include "shell/window_layout.h"

using namespace commviz;

namespace {

const QSize kDefaultWindow = QSize(1600, 1000) * views::window_layout::kScreenShare;

std::unique_ptr<app::MainWindow> openWindow(const views::SceneRegistry& registry, views::Language& language,
                                            const QString& scene) {
    auto window = std::make_unique<app::MainWindow>(registry, language);
    window->resize(kDefaultWindow);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    app::GuiOptions options;
    options.scene = scene;
    window->start(options);
    QTest::qWait(50);  // the deferred first-start sizes
    return window;
}

QDockWidget* dock(const QMainWindow& window, const char* name) {
    return window.findChild<QDockWidget*>(QLatin1String(name));
}

}  // namespace

class WindowLayoutTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();
    views::Language m_language;

private slots:
    void init() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("commviz-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_views_window_layout"));
        QSettings().clear();
    }

    void canvasGetsMostOfTheWindow() {
        for (const auto& scene : m_registry.scenes()) {
            const QString id = QString::fromStdString(scene.model.id);
            auto window = openWindow(m_registry, m_language, id);
            QVERIFY(window);
            const QSize canvas = window->findChild<views::SceneCanvas*>()->size();
            const QString where = QStringLiteral("%1: canvas %2×%3").arg(id).arg(canvas.width()).arg(canvas.height());
            qInfo("%s", qPrintable(where));
            QVERIFY2(canvas.width() >= tests::kDefaultCanvas.width(), qPrintable(where));
            QVERIFY2(canvas.height() >= tests::kDefaultCanvas.height(), qPrintable(where));
            QVERIFY2(canvas.width() * canvas.height() >= 0.5 * kDefaultWindow.width() * kDefaultWindow.height(),
                     qPrintable(where));
            const int events = dock(*window, "EventsDock")->height();
            QVERIFY2(events <= 160, qPrintable(QStringLiteral("%1: Events dock %2 px").arg(id).arg(events)));
        }
    }

    // Every scene as the real canvas draws it, at step 0 and at a busy step: no text under 8 pt.
    void everySceneIsReadableOnTheRealCanvas() {
        for (const auto& scene : m_registry.scenes()) {
            const QString id = QString::fromStdString(scene.model.id);
            auto window = openWindow(m_registry, m_language, id);
            QVERIFY(window);
            const auto* canvas = window->findChild<views::SceneCanvas*>();
            for (std::size_t step : {std::size_t(0), std::size_t(12)}) {
                window->controller().seek(step);
                std::vector<views::DrawnText> drawn;
                views::RenderState state = canvas->renderState();
                state.drawnTexts = &drawn;
                QPixmap frame(canvas->size());
                QPainter painter(&frame);
                painter.setTransform(canvas->logicalToWidget());
                canvas->renderer()->paint(painter, state);
                tests::checkReadable(drawn, QStringLiteral("%1 step %2").arg(id).arg(step));
            }
        }
    }

    // The default collectives run (8 ranks, rabenseifner: rows) is drawn as two rows of four boxes
    // spanning about 400 of the 585 units its ranks area has (713 less caption and legend), not one strip.
    void collectivesRanksUseTheHeight() {
        auto window = openWindow(m_registry, m_language, QStringLiteral("collectives"));
        QVERIFY(window);
        auto* canvas = window->findChild<views::SceneCanvas*>();
        (void)canvas->grab();  // one paint, so the hit regions are the drawn boxes
        QRectF ranks;
        for (const auto& region : canvas->renderer()->hitRegions())
            if (region.objectId.startsWith(QLatin1String("rank:"))) ranks |= region.rect;
        const double height = canvas->renderer()->logicalSize().height();
        QVERIFY2(ranks.height() >= 0.4 * height,
                 qPrintable(QStringLiteral("%1 of %2").arg(ranks.height()).arg(height)));
    }

    void scenesListShowsEverySceneAndTheCurrentOne() {
        for (const char* id : {"rdma", "nccl-topology", "noc"}) {
            auto window = openWindow(m_registry, m_language, QLatin1String(id));
            QVERIFY(window);
            QListWidget* list = window->findChild<views::ScenePicker*>()->list();
            QCOMPARE(list->count(), int(m_registry.scenes().size()));
            for (int row = 0; row < list->count(); ++row) {
                const QRect shown = list->visualItemRect(list->item(row));
                QVERIFY2(list->viewport()->rect().contains(shown),
                         qPrintable(QStringLiteral("%1: row %2 at %3..%4 of %5 px")
                                        .arg(QLatin1String(id))
                                        .arg(row)
                                        .arg(shown.top())
                                        .arg(shown.bottom())
                                        .arg(list->viewport()->height())));
            }
            QCOMPARE(list->verticalScrollBar()->maximum(), 0);
            QCOMPARE(list->currentItem()->data(Qt::UserRole).toString(), QLatin1String(id));
        }
    }

    void gpuPathsCellsAreNotCut() {
        auto window = openWindow(m_registry, m_language, QStringLiteral("nccl-topology"));
        QVERIFY(window);
        window->controller().seek(6);
        QDockWidget* paths = dock(*window, "TopologyMatrixDock");
        QVERIFY(paths);
        paths->raise();
        QTest::qWait(20);
        auto* table = paths->findChild<QTableWidget*>();
        QVERIFY(table->rowCount() >= 8);
        const QFontMetrics metrics(table->font());
        for (int row = 0; row < table->rowCount(); ++row)
            for (int column = 0; column < table->columnCount(); ++column) {
                const QString text = table->item(row, column)->text();
                QVERIFY2(text.contains(QLatin1Char('\n')), qPrintable(text));  // type over bandwidth
                for (const QString& line : text.split(QLatin1Char('\n')))
                    QVERIFY2(
                        metrics.horizontalAdvance(line) <= table->columnWidth(column),
                        qPrintable(QStringLiteral("'%1' in a %2 px column").arg(line).arg(table->columnWidth(column))));
            }
        QVERIFY2(!table->item(0, 1)->toolTip().isEmpty(), "the full path in the tooltip");
        // Shown, the dock is wide enough for every column: the last one is on screen.
        const int lastRight =
            table->columnViewportPosition(table->columnCount() - 1) + table->columnWidth(table->columnCount() - 1);
        QVERIFY2(lastRight <= table->viewport()->width() && table->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("%1 of %2 px").arg(lastRight).arg(table->viewport()->width())));
        // The headers hold the GPU index, whole.
        QCOMPARE(table->horizontalHeaderItem(3)->text(), QStringLiteral("3"));
        QVERIFY(table->horizontalHeaderItem(3)->toolTip().contains(QLatin1String("3")));
    }

    void changedLayoutIsRemembered() {
        int narrationWidth = 0;
        {
            auto window = openWindow(m_registry, m_language, QStringLiteral("rdma"));
            QVERIFY(window);
            QDockWidget* narration = dock(*window, "NarrationDock");
            window->resizeDocks({narration}, {400}, Qt::Horizontal);
            QTest::qWait(20);
            narrationWidth = narration->width();
            QVERIFY(narrationWidth > views::window_layout::kRightWidth + 50);
            window->close();
        }
        auto window = openWindow(m_registry, m_language, QStringLiteral("rdma"));
        QVERIFY(window);
        QCOMPARE(dock(*window, "NarrationDock")->width(), narrationWidth);
    }

    void olderLayoutVersionIsNotRestored() {
        {
            auto window = openWindow(m_registry, m_language, QStringLiteral("rdma"));
            QVERIFY(window);
            window->resizeDocks({dock(*window, "EventsDock")}, {500}, Qt::Vertical);
            QTest::qWait(20);
            window->close();
        }
        QSettings().setValue(QStringLiteral("window/layoutVersion"), views::window_layout::kVersion - 1);
        auto window = openWindow(m_registry, m_language, QStringLiteral("rdma"));
        QVERIFY(window);
        QVERIFY2(dock(*window, "EventsDock")->height() <= 160,
                 qPrintable(QString::number(dock(*window, "EventsDock")->height())));
    }
};

QTEST_MAIN(WindowLayoutTest)
#include "tst_views_window_layout.moc"
