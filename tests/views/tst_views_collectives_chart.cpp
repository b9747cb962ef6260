// Proves the collectives chart dock draws the cost-only sweep as it is: one
// line per algorithm with the sweep's 31 points, log-log axes from 1 B to
// 1 GiB, bands where Open MPI's fixed rules pick each algorithm, the
// crossovers and this run's marker; texts at 8 pt or more; and that it
// follows the controller's configuration, sweeping again only when needed.

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QtTest>

#include "collectives_scene/collectives_chart_dock.h"
#include "collectives_scene/collectives_chart_plot.h"
#include "collectives_scene/collectives_scene_model.h"
#include "collectives_scene/collectives_sweep.h"
#include "ompi/tuned/ompi_fixed_rules.h"
#include "shell/scene_descriptor.h"
#include "shell/simulation_controller.h"

using namespace commviz;
using collectives::Collective;
using collectives::Config;
using collectives::SweepAxis;
using views::CollectivesChartPlot;

namespace {

// The p sweep reaches 1,024 ranks (about a second alone, more on a busy machine).
constexpr int kSweepWaitMs = 60000;

Config allreduce(int ranks, std::int64_t bytes) {
    Config config;
    config.ranks = ranks;
    config.bytes = bytes;
    return config;
}

void checkReadableFont(const QFont& font, const QString& what) {
    QVERIFY2(font.pointSizeF() >= 8, qPrintable(QStringLiteral("%1 at %2 pt").arg(what).arg(font.pointSizeF())));
}

}  // namespace

class CollectivesChartTest : public QObject {
    Q_OBJECT

private slots:
    void oneLinePerAlgorithmWithTheSweepsPoints() {
        const auto sweep = collectives::sweepOverSizes(allreduce(8, 1 << 20));
        CollectivesChartPlot plot(SweepAxis::Bytes);
        plot.show(sweep, 1 << 20);
        QCOMPARE(plot.curves().size(), 7);  // basic_linear .. allgather_reduce
        for (int index = 0; index < 7; ++index) {
            const auto& curve = sweep.curves[std::size_t(index)];
            const QList<QPointF> points = plot.curves()[index]->points();
            QCOMPARE(points.size(), 31);
            for (int point = 0; point < 31; ++point) {
                QCOMPARE(points[point].x(), double(std::int64_t(1) << point));
                QCOMPARE(points[point].y(), curve.timeUs[std::size_t(point)]);
            }
            QCOMPARE(plot.curves()[index]->name(),
                     QStringLiteral("%1 (%2)").arg(QString::fromStdString(curve.algorithm)).arg(curve.algorithmId));
        }
    }

    void axesAreLogLogFromOneByteToOneGiB() {
        CollectivesChartPlot plot(SweepAxis::Bytes);
        plot.show(collectives::sweepOverSizes(allreduce(8, 1024)), 1024);
        auto* x = qobject_cast<QLogValueAxis*>(plot.chart()->axes(Qt::Horizontal).value(0));
        auto* y = qobject_cast<QLogValueAxis*>(plot.chart()->axes(Qt::Vertical).value(0));
        QVERIFY(x && y);
        QCOMPARE(x->min(), 1.0);
        QCOMPARE(x->max(), 1073741824.0);
        QVERIFY(y->min() > 0);
        // The size ticks read as people write sizes: one every 32x.
        QStringList ticks;
        for (QGraphicsSimpleTextItem* text : plot.texts().mid(int(plot.bands().size()))) ticks << text->text();
        QCOMPARE(ticks, (QStringList{"1 B", "32 B", "1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"}));
    }

    void bandsAreTheFixedRulesChoice() {
        // p = 4: ring below 16 B, recursive doubling below 8 KiB, Rabenseifner above.
        const auto sweep = collectives::sweepOverSizes(allreduce(4, 4096));
        CollectivesChartPlot plot(SweepAxis::Bytes);
        plot.show(sweep, 4096);
        QCOMPARE(plot.bands().size(), 3);
        const QList<QPair<double, double>> edges{{1, 16}, {16, 8192}, {8192, 1073741824}};
        const QStringList labels{"auto: ring", "auto: recursive_doubling", "auto: rabenseifner"};
        for (int index = 0; index < 3; ++index) {
            const QList<QPointF> upper = plot.bands()[index]->upperSeries()->points();
            QCOMPARE(upper.first().x(), edges[index].first);
            QCOMPARE(upper.last().x(), edges[index].second);
            QCOMPARE(plot.texts()[index]->text(), labels[index]);
            // Every swept size inside the band is what fixedDecision picks there.
            for (std::int64_t bytes = std::int64_t(edges[index].first); bytes < std::int64_t(edges[index].second);
                 bytes *= 2)
                QCOMPARE(collectives::fixedDecision(Collective::Allreduce, 4, bytes, true)->algorithmId,
                         sweep.bands[std::size_t(index)].algorithmId);
        }
        // The bands are shading, not legend entries.
        for (QAreaSeries* band : plot.bands())
            for (QLegendMarker* marker : plot.chart()->legend()->markers(band)) QVERIFY(!marker->isVisible());
    }

    void bcastBandsNameTheirAlgorithm() {
        // bcast p = 4 (the p < 8 row): S < 64 -> 5 (binary_tree), S < 128 -> 6 (binomial).
        Config config = allreduce(4, 64);
        config.collective = Collective::Bcast;
        CollectivesChartPlot plot(SweepAxis::Bytes);
        plot.show(collectives::sweepOverSizes(config), 64);
        QCOMPARE(plot.texts()[0]->text(), QStringLiteral("auto: binary_tree"));
        QCOMPARE(plot.texts()[1]->text(), QStringLiteral("auto: binomial"));
    }

    void crossoversAndMarker() {
        const auto sweep = collectives::sweepOverSizes(allreduce(64, 65536));
        CollectivesChartPlot plot(SweepAxis::Bytes);
        plot.show(sweep, 65536);
        QVERIFY(!sweep.crossovers.empty());
        QCOMPARE(plot.crossovers()->count(), int(sweep.crossovers.size()));
        QCOMPARE(plot.crossovers()->at(0).x(), sweep.crossovers[0].at);
        QCOMPARE(plot.marker()->at(0).x(), 65536.0);
        QCOMPARE(plot.marker()->at(1).x(), 65536.0);
        plot.setCurrent(1024);
        QCOMPARE(plot.marker()->at(0).x(), 1024.0);
    }

    void ranksChartIsLogLogToo() {
        CollectivesChartPlot plot(SweepAxis::Ranks);
        plot.show(collectives::sweepOverRanks(allreduce(16, 1024)), 16);
        QCOMPARE(plot.curves().size(), 7);
        QCOMPARE(plot.curves()[0]->count(), 10);  // p = 2 .. 1,024
        auto* x = qobject_cast<QLogValueAxis*>(plot.chart()->axes(Qt::Horizontal).value(0));
        QVERIFY(x && qobject_cast<QLogValueAxis*>(plot.chart()->axes(Qt::Vertical).value(0)));
        QCOMPARE(x->min(), 2.0);
        QCOMPARE(x->max(), 1024.0);
        QCOMPARE(plot.bands().size(), 4);  // 3, 6, 3, 2 as p grows (tst_collectives_sweep)
    }

    void textsAreReadableAndOnTheChart() {
        CollectivesChartPlot plot(SweepAxis::Bytes);
        QChartView view(plot.chart());
        view.resize(900, 420);
        plot.show(collectives::sweepOverSizes(allreduce(8, 4096)), 4096);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QChart* chart = plot.chart();
        checkReadableFont(chart->titleFont(), "title");
        checkReadableFont(chart->legend()->font(), "legend");
        for (QAbstractAxis* axis : chart->axes()) {
            checkReadableFont(axis->labelsFont(), "axis labels");
            checkReadableFont(axis->titleFont(), "axis title");
        }
        const QRectF inside = chart->rect();
        for (QGraphicsSimpleTextItem* text : plot.texts()) {
            checkReadableFont(text->font(), text->text());
            QVERIFY2(inside.contains(text->mapRectToParent(text->boundingRect())), qPrintable(text->text()));
        }
    }

    void dockFollowsTheController() {
        views::SceneDescriptor scene;
        scene.model = collectives::sceneModel();
        views::SimulationController controller;
        views::CollectivesChartDock dock(controller, nullptr);
        dock.show();
        QVERIFY(controller.load({&scene, {{"ranks", 16}, {"bytes", 4096}}, std::nullopt, {}}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(dock.sizesPlot().curves().size() == 7 && !dock.busy(), kSweepWaitMs);
        QCOMPARE(dock.sizesPlot().sweep().curves[0].timeUs.size(), std::size_t(31));
        QCOMPARE(dock.sizesPlot().marker()->at(0).x(), 4096.0);
        QCOMPARE(dock.ranksPlot().marker()->at(0).x(), 16.0);
        QVERIFY(dock.status()->text().contains(QStringLiteral("fixed rules")));
        // A new size moves the size chart's marker without sweeping it again.
        const QLineSeries* firstLine = dock.sizesPlot().curves()[0];
        QVERIFY(controller.setValues({{"ranks", 16}, {"bytes", 65536}}).ok());
        QTRY_COMPARE(dock.sizesPlot().marker()->at(0).x(), 65536.0);
        QTRY_VERIFY_WITH_TIMEOUT(!dock.busy(), kSweepWaitMs);
        QCOMPARE(dock.sizesPlot().curves()[0], firstLine);
        // A new p sweeps the sizes again.
        QVERIFY(controller.setValues({{"ranks", 32}, {"bytes", 65536}}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(dock.sizesPlot().chart()->title().contains(QStringLiteral("p = 32")) && !dock.busy(),
                                 kSweepWaitMs);
        QTRY_COMPARE(dock.ranksPlot().marker()->at(0).x(), 32.0);
        QCOMPARE(dock.sizesPlot().sweep().bands.front().rule,
                 collectives::fixedDecision(Collective::Allreduce, 32, 1, true)->rule);
    }
};

QTEST_MAIN(CollectivesChartTest)
#include "tst_views_collectives_chart.moc"
