// Proves the collectives chart dock draws NCCL's tuner for the scene's server (library=nccl, the bundled
// DGX H100): time and busbw of every enabled algorithm/protocol from 1 B to 16 GiB, NCCL's pick as bands
// in the order worked by hand in tst_collectives_nccl_auto (Ring/LL, then Ring/LL128 from 3.43 MiB, then
// Ring/Simple), the crossovers where the pick changes; the vertical axis reads µs / ms / s (or GB/s) and
// its title, however long and in whatever language, is drawn whole inside the chart.

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>
#include <memory>

#include "collectives_scene/collectives_chart_dock.h"
#include "collectives_scene/collectives_chart_plot.h"
#include "collectives_scene/collectives_scene_model.h"
#include "shell/scene_descriptor.h"
#include "shell/simulation_controller.h"

using namespace commviz;
using views::CollectivesChartPlot;
using views::CollectivesChartYAxis;

namespace {

constexpr int kSweepWaitMs = 60000;

// Shows the chart in a view of `size` (the plot keeps its chart when the view goes: see release).
std::unique_ptr<QChartView> showChart(QChart* chart, QSize size) {
    auto view = std::make_unique<QChartView>(chart);
    view->resize(size);
    view->show();
    // QChart lays itself out from the event loop: wait until the plot has its size.
    if (!QTest::qWaitFor([chart] { return chart->plotArea().height() > 10; }, 5000))
        qWarning("the chart was not laid out within 5 s");
    QTest::qWait(50);  // and the texts placed on plotAreaChanged
    return view;
}

QImage grab(QChartView& view) {
    QImage image(view.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    view.render(&painter);
    return image;
}

void release(QChartView& view) { view.setChart(new QChart); }

int lineCount(const QGraphicsTextItem* text) {
    int lines = 0;
    for (QTextBlock block = text->document()->begin(); block.isValid(); block = block.next())
        lines += block.layout()->lineCount();
    return lines;
}

}  // namespace

class CollectivesTunerChartTest : public QObject {
    Q_OBJECT

private slots:
    void tickTextsCarryTheirUnit() {
        using Unit = CollectivesChartYAxis::Unit;
        QCOMPARE(CollectivesChartYAxis::tickText(0.1, Unit::Time), QStringLiteral("0.1 µs"));
        QCOMPARE(CollectivesChartYAxis::tickText(100, Unit::Time), QStringLiteral("100 µs"));
        QCOMPARE(CollectivesChartYAxis::tickText(1e3, Unit::Time), QStringLiteral("1 ms"));
        QCOMPARE(CollectivesChartYAxis::tickText(1e5, Unit::Time), QStringLiteral("100 ms"));
        QCOMPARE(CollectivesChartYAxis::tickText(1e7, Unit::Time), QStringLiteral("10 s"));
        QCOMPARE(CollectivesChartYAxis::tickText(0.01, Unit::BusBandwidth), QStringLiteral("0.01 GB/s"));
    }

    void dockDrawsTheTunerForTheServer() {
        views::SceneDescriptor scene;
        scene.model = collectives::sceneModel();
        views::SimulationController controller;
        views::CollectivesChartDock dock(controller, nullptr);
        dock.resize(900, 520);
        dock.show();
        QVERIFY(controller.load({&scene, {{"library", "nccl"}}, std::nullopt, {}}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(dock.sizesPlot().curves().size() == 6 && !dock.busy(), kSweepWaitMs);
        const CollectivesChartPlot& sizes = dock.sizesPlot();
        // Tree and Ring × LL, LL128, Simple, each with the 35 sizes 1 B … 16 GiB.
        QCOMPARE(sizes.curves()[0]->name(), QStringLiteral("Tree/LL"));
        QCOMPARE(sizes.curves()[5]->name(), QStringLiteral("Ring/Simple"));
        for (const QLineSeries* curve : sizes.curves()) {
            QCOMPARE(curve->points().size(), 35);
            QCOMPARE(curve->points().back().x(), 17179869184.0);
        }
        QStringList bands;
        for (const QAreaSeries* band : sizes.bands()) bands << band->name();
        QCOMPARE(bands, (QStringList{"auto: Ring/LL", "auto: Ring/LL128", "auto: Ring/Simple"}));
        // The first crossover is Ring/LL → Ring/LL128 at 3,591,7xx B (worked by hand), drawn there.
        QCOMPARE(sizes.crossovers()->count(), 2);
        QVERIFY(qAbs(sizes.crossovers()->at(0).x() - 3591700) < 1000);
        QCOMPARE(sizes.sweep().crossovers[0].faster, std::string("Ring/LL128"));
        QVERIFY(dock.status()->text().contains(QStringLiteral("dgx_h100_nvswitch_8nic.xml")));
        // busbw: the same pairs in GB/s, its tab shown.
        QCOMPARE(dock.busbwPlot().curves().size(), 6);
        QVERIFY(dock.findChild<QTabWidget*>()->isTabVisible(2));
        QStringList ticks;
        for (const QGraphicsSimpleTextItem* tick : sizes.yAxis().ticks()) ticks << tick->text();
        QVERIFY2(ticks.contains(QStringLiteral("10 µs")) && ticks.contains(QStringLiteral("1 ms")) &&
                     !ticks.join(' ').contains(QLatin1Char('e')),
                 qPrintable(ticks.join(QStringLiteral(", "))));
        auto view = showChart(sizes.chart(), {900, 460});
        if (qEnvironmentVariableIsSet("COMMVIZ_TEST_PNG")) grab(*view).save(qEnvironmentVariable("COMMVIZ_TEST_PNG"));
        release(*view);
    }

    void aLongYTitleIsDrawnWholeInsideTheChart() {
        views::SceneDescriptor scene;
        scene.model = collectives::sceneModel();
        collectives::Config config;
        config.ranks = 8;
        CollectivesChartPlot plot(collectives::SweepAxis::Bytes);
        plot.show(collectives::sweepOverSizes(config), 1024);
        const QString title =
            QString::fromUtf8("关键路径上的时间（每条消息按链路的 α-β 计价，再加上协议的开销）(µs, ms, s)");
        plot.setYTitle(title);
        auto view = showChart(plot.chart(), {700, 300});
        if (qEnvironmentVariableIsSet("COMMVIZ_TEST_PNG"))
            grab(*view).save(qEnvironmentVariable("COMMVIZ_TEST_PNG").replace(".png", "_title.png"));
        const QGraphicsTextItem* drawn = plot.yAxis().title();
        QCOMPARE(drawn->toPlainText(), title);  // wrapped, never elided: every character and the unit
        QVERIFY2(lineCount(drawn) >= 2, "a title longer than the plot is high wraps");
        const QRectF box = drawn->mapRectToParent(drawn->boundingRect());
        QVERIFY2(plot.chart()->rect().contains(box),
                 qPrintable(QStringLiteral("(%1,%2 %3x%4) outside the chart (%5x%6)")
                                .arg(box.x())
                                .arg(box.y())
                                .arg(box.width())
                                .arg(box.height())
                                .arg(plot.chart()->rect().width())
                                .arg(plot.chart()->rect().height())));
        const QRectF plotArea = plot.chart()->plotArea();
        QVERIFY(box.right() <= plotArea.left());
        QVERIFY(box.height() <= plotArea.height() + 1);
        for (const QGraphicsSimpleTextItem* tick : plot.yAxis().ticks())
            QVERIFY2(!box.intersects(tick->mapRectToParent(tick->boundingRect())), qPrintable(tick->text()));
        QVERIFY(drawn->font().pointSizeF() >= 8);
        release(*view);
    }
};

QTEST_MAIN(CollectivesTunerChartTest)
#include "tst_views_collectives_tuner_chart.moc"
