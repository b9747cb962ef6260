#include "noc/noc_sweep_charts.h"

#include <QChart>
#include <QCoreApplication>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace commviz::views {

namespace {

/// Points sorted by offered load, so a curve reads left to right whatever order they finished in.
void appendSorted(QXYSeries* series, const QPointF& point) {
    QList<QPointF> points = series->points();
    points << point;
    std::sort(points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    series->replace(points);
}

}  // namespace

NocSweepCharts::NocSweepCharts() : m_latency(new QChart), m_throughput(new QChart) {
    const auto axes = [](QChart* chart, QValueAxis*& x, QValueAxis*& y, const QString& xTitle, const QString& yTitle) {
        x = new QValueAxis(chart);
        x->setTitleText(xTitle);
        x->setRange(0, 0.5);
        x->setTickCount(6);  // 0, 0.1, … 0.5: loads read as BookSim users write them
        x->setLabelFormat(QStringLiteral("%.1f"));
        y = new QValueAxis(chart);
        y->setTitleText(yTitle);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        chart->legend()->setAlignment(Qt::AlignTop);
    };
    axes(m_latency, m_latX, m_latY, tr("offered load (flits/node/cycle)"), tr("average packet latency (cycles)"));
    axes(m_throughput, m_thrX, m_thrY, tr("offered load (flits/node/cycle)"), tr("accepted (flits/node/cycle)"));
    m_latY->setRange(0, 100);
    m_thrY->setRange(0, 0.5);
    m_thrY->setTickCount(6);
    m_thrY->setLabelFormat(QStringLiteral("%.1f"));
    m_latY->setLabelFormat(QStringLiteral("%d"));
    m_latency->setTitle(tr("Latency vs offered load"));
    m_throughput->setTitle(tr("Accepted vs offered throughput"));
    // Below saturation the network delivers what is offered: the diagonal.
    m_ideal = new QLineSeries(m_throughput);
    m_ideal->setName(tr("accepted = offered"));
    m_ideal->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    m_ideal->append({{0, 0}, {1, 1}});
    attach(m_throughput, m_thrX, m_thrY, m_ideal, true);
}

QColor NocSweepCharts::colour(int i) {
    // Okabe–Ito: distinct for colour-blind readers and in print.
    static const QColor colours[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
                                     QColor(0xcc, 0x79, 0xa7), QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
                                     QColor(0x00, 0x00, 0x00)};
    return colours[i % 7];
}

void NocSweepCharts::attach(QChart* chart, QValueAxis* x, QValueAxis* y, QLineSeries* series, bool legend) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    if (!legend)
        for (QLegendMarker* marker : chart->legend()->markers(series)) marker->setVisible(false);
}

void NocSweepCharts::addCurve(const QString& label) {
    Curve c;
    const QColor colour = NocSweepCharts::colour(int(m_curves.size()));
    const auto make = [&](QChart* chart, QValueAxis* x, QValueAxis* y, QLineSeries*& line, QScatterSeries*& points) {
        line = new QLineSeries(chart);
        line->setName(label);
        line->setPen(QPen(colour, 2));
        points = new QScatterSeries(chart);
        points->setName(label);
        points->setColor(colour);
        points->setBorderColor(colour);
        points->setMarkerSize(7);
        attach(chart, x, y, line, true);
        chart->addSeries(points);
        points->attachAxis(x);
        points->attachAxis(y);
        for (QLegendMarker* marker : chart->legend()->markers(points)) marker->setVisible(false);
    };
    make(m_latency, m_latX, m_latY, c.latency, c.latencyPoints);
    make(m_throughput, m_thrX, m_thrY, c.accepted, c.acceptedPoints);
    m_curves.push_back(c);
}

void NocSweepCharts::addPoint(const NocSweepPoint& point) {
    if (m_curves.empty()) return;
    Curve& c = m_curves.back();
    m_latX->setMax(std::max(m_latX->max(), std::ceil(point.offered * 10 + 0.001) / 10));
    m_thrX->setMax(m_latX->max());
    m_thrY->setMax(std::max(m_thrY->max(), std::ceil(std::max(point.offered, point.accepted) * 10 + 0.001) / 10));
    appendSorted(c.accepted, {point.offered, point.accepted});
    c.acceptedPoints->append(point.offered, point.accepted);
    if (!point.stable) {
        c.unstable << point.offered;
        return;
    }
    appendSorted(c.latency, {point.offered, point.latency});
    c.latencyPoints->append(point.offered, point.latency);
    if (point.latency > m_latY->max()) m_latY->setMax(std::ceil(point.latency / 50) * 50);
}

double NocSweepCharts::markSaturation() {
    if (m_curves.empty() || m_curves.back().unstable.isEmpty()) return std::nan("");
    Curve& c = m_curves.back();
    const double at = *std::min_element(c.unstable.begin(), c.unstable.end());
    // A dashed vertical in the curve's colour on both charts.
    const auto mark = [&](QChart* chart, QValueAxis* x, QValueAxis* y, bool keep) {
        auto* line = new QLineSeries(chart);
        line->setName(tr("saturation %1").arg(at));
        line->setPen(QPen(c.latency->pen().color(), 1.5, Qt::DashLine));
        line->append({{at, 0}, {at, y->max()}});
        attach(chart, x, y, line, keep);
        return line;
    };
    c.saturation = mark(m_throughput, m_thrX, m_thrY, true);
    mark(m_latency, m_latX, m_latY, false);
    return at;
}

int NocSweepCharts::stablePoints() const { return m_curves.empty() ? 0 : int(m_curves.back().latency->count()); }

void NocSweepCharts::clear() {
    for (QChart* chart : {m_latency, m_throughput})
        for (QAbstractSeries* series : chart->series())
            if (series != m_ideal) chart->removeSeries(series), delete series;
    m_curves.clear();
    m_latY->setRange(0, 100);
    m_thrY->setRange(0, 0.5);
    m_latX->setRange(0, 0.5);
    m_thrX->setRange(0, 0.5);
}

}  // namespace commviz::views
