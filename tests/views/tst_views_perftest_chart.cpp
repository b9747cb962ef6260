// Proves the perftest chart shows exactly the model's sweep: three series per
// chart, 23 points each equal to perftest::sweep(), a log size axis from 2 B to
// 8 MiB, recomputation when the link rate changes, and a non-blank export.

#include <QBuffer>
#include <QChart>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QtTest>

#include "perftest/perftest_chart_dock.h"
#include "perftest/perftest_chart_widget.h"
#include "perftest/perftest_model.h"

using namespace commviz;
using perftest::Opcode;
using Metric = views::PerftestChartWidget::Metric;

namespace {

QLineSeries* seriesOf(QChart* chart, int i) { return qobject_cast<QLineSeries*>(chart->series().at(i)); }

double plateau(QChart* chart) {
    double top = 0;
    for (QAbstractSeries* s : chart->series())
        for (const QPointF& p : qobject_cast<QLineSeries*>(s)->points()) top = std::max(top, p.y());
    return top;
}

int inkPixels(const QImage& image) {
    int ink = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (image.pixel(x, y) != qRgb(255, 255, 255)) ++ink;
    return ink;
}

}  // namespace

class PerftestChartTest : public QObject {
    Q_OBJECT

private slots:
    void seriesEqualTheSweep() {
        views::PerftestChartWidget widget;
        const perftest::LinkModel model;  // the defaults the widget starts from
        const Opcode ops[3] = {Opcode::Write, Opcode::Send, Opcode::Read};
        for (Metric metric : {Metric::Bandwidth, Metric::Latency}) {
            QChart* chart = widget.chart(metric);
            QCOMPARE(chart->series().size(), 3);
            for (int i = 0; i < 3; ++i) {
                const auto rows = perftest::sweep(model, ops[i]);
                QVERIFY(rows.ok());
                const QList<QPointF> points = seriesOf(chart, i)->points();
                QCOMPARE(points.size(), 23);
                for (int n = 0; n < 23; ++n) {
                    const auto& row = rows.value()[std::size_t(n)];
                    QCOMPARE(points[n].x(), double(row.bytes));
                    QCOMPARE(points[n].y(),
                             metric == Metric::Bandwidth ? row.bandwidth.bw_avg_gbps : row.latency.usec());
                }
                QVERIFY(seriesOf(chart, i)->name().contains(QString::fromLatin1(perftest::opcodeName(ops[i]).data())));
            }
            const auto horizontal = chart->axes(Qt::Horizontal);
            QCOMPARE(horizontal.size(), 1);
            auto* x = qobject_cast<QLogValueAxis*>(horizontal.first());
            QVERIFY(x);
            QCOMPARE(x->min(), 2.0);
            QCOMPARE(x->max(), 8388608.0);
        }
        QVERIFY(widget.modelLabel()->text().contains(QStringLiteral("Model, not a measurement")));
    }

    void linkRateRecomputes() {
        views::PerftestChartWidget widget;
        QSignalSpy changed(&widget, &views::PerftestChartWidget::modelChanged);
        QChart* bw = widget.chart(Metric::Bandwidth);
        const double before = plateau(bw);
        QVERIFY(before > 90 && before < 100);     // 100 GbE minus headers
        widget.linkRateSpinBox()->setValue(200);  // as a person would
        QCOMPARE(widget.model().link_gbps, 200.0);
        QVERIFY(changed.count() >= 1);
        const double linkOnly = plateau(bw);
        QVERIFY(linkOnly > before);  // now PCIe (100) bounds it
        widget.pcieRateSpinBox()->setValue(200);
        const double both = plateau(bw);
        QVERIFY2(both > 1.8 * before, qPrintable(QString::number(both)));
        // The series still equal the sweep of the edited model.
        perftest::LinkModel model;
        model.link_gbps = 200;
        model.pcie_gbps = 200;
        const auto rows = perftest::sweep(model, Opcode::Write);
        QCOMPARE(seriesOf(bw, 0)->points().last().y(), rows.value().back().bandwidth.bw_avg_gbps);
        QCOMPARE(widget.rows(Opcode::Write).back().bandwidth.bw_avg_gbps, rows.value().back().bandwidth.bw_avg_gbps);
    }

    void mtuSnapsToPathMtus() {
        views::PerftestChartWidget widget;
        widget.mtuSpinBox()->stepBy(-1);
        QCOMPARE(widget.model().mtu, 2048);
        widget.setMtu(1000);
        QCOMPARE(widget.model().mtu, 1024);
        QCOMPARE(widget.mtuSpinBox()->value(), 1024);
        widget.mtuSpinBox()->stepBy(10);
        QCOMPARE(widget.model().mtu, 4096);
    }

    void rendersForExport() {
        views::PerftestChartWidget widget;
        for (Metric metric : {Metric::Bandwidth, Metric::Latency}) {
            QImage image(900, 600, QImage::Format_RGB32);
            image.fill(Qt::white);
            {
                QPainter painter(&image);
                widget.renderChart(painter, QRectF(0, 0, 900, 600), metric);
            }
            if (const QString dir = qEnvironmentVariable("COMMVIZ_TEST_ARTIFACTS"); !dir.isEmpty())
                image.save(dir + (metric == Metric::Bandwidth ? "/perftest_bw.png" : "/perftest_lat.png"));
            QVERIFY2(inkPixels(image) > 2000, qPrintable(QString::number(inkPixels(image))));
            // The WRITE series colour appears somewhere: curves, not just axes.
            bool blue = false;
            for (int y = 0; y < image.height() && !blue; ++y)
                for (int x = 0; x < image.width() && !blue; ++x) {
                    const QColor c = image.pixelColor(x, y);
                    blue = c.blue() > 180 && c.red() < 90 && c.green() < 150;
                }
            QVERIFY(blue);
        }
        // SVG stays vector: paths, not an embedded bitmap.
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(QSize(900, 600));
        svg.setViewBox(QRect(0, 0, 900, 600));
        {
            QPainter painter(&svg);
            widget.renderChart(painter, QRectF(0, 0, 900, 600));
        }
        const QByteArray text = buffer.data();
        QVERIFY(text.contains("<path") || text.contains("<polyline"));
        QVERIFY(!text.contains("<image"));
    }

    void tooltipTextHasTheRow() {
        views::PerftestChartWidget widget;
        const auto& row = widget.rows(Opcode::Send)[11];  // 4096 B
        QCOMPARE(row.bytes, std::int64_t(4096));
        const QString text = views::PerftestChartWidget::rowText(Opcode::Send, row);
        QVERIFY(text.contains(QStringLiteral("4096 B")));
        QVERIFY(text.contains(QString::number(row.bandwidth.bw_avg_gbps, 'f', 2)));
        QVERIFY(text.contains(QString::number(row.latency.usec(), 'f', 2)));
    }

    void dockWrapsTheWidget() {
        std::unique_ptr<QDockWidget> dock(views::createPerftestChartDock(nullptr));
        QCOMPARE(dock->objectName(), QStringLiteral("PerftestChartDock"));
        QVERIFY(qobject_cast<views::PerftestChartWidget*>(dock->widget()));
    }
};

QTEST_MAIN(PerftestChartTest)
#include "tst_views_perftest_chart.moc"
