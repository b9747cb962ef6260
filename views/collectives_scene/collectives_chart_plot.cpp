#include "collectives_scene/collectives_chart_plot.h"

#include <QAreaSeries>
#include <QChart>
#include <QFont>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace commviz::views {

namespace {

using collectives::SweepAxis;

constexpr double kLabelPoints = 9;  // every text on the charts: above the 8 pt floor

QFont chartFont(double points, bool bold = false) {
    QFont font;
    font.setPointSizeF(points);
    font.setBold(bold);
    return font;
}

void hideFromLegend(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* marker : chart->legend()->markers(series)) marker->setVisible(false);
}

QLogValueAxis* logAxis(double base, const QString& format) {
    auto* axis = new QLogValueAxis;
    axis->setBase(base);
    axis->setLabelFormat(format);
    axis->setLabelsFont(chartFont(kLabelPoints));
    axis->setTitleFont(chartFont(kLabelPoints));
    return axis;
}

}  // namespace

CollectivesChartPlot::CollectivesChartPlot(SweepAxis axis, Unit unit)
    : m_axis(axis), m_unit(unit), m_chart(new QChart) {
    // Sizes: a tick every 32x, labelled by placeTexts in B/KiB/MiB/GiB; the
    // axis's own labels keep their room but are not drawn.
    m_x = axis == SweepAxis::Bytes ? logAxis(32, QStringLiteral("%.0f")) : logAxis(2, QStringLiteral("%g"));
    if (axis == SweepAxis::Bytes) m_x->setLabelsColor(Qt::transparent);
    m_y = logAxis(10, QStringLiteral("%g"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_yAxis = std::make_unique<CollectivesChartYAxis>(m_chart, m_y, unit);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->legend()->setFont(chartFont(kLabelPoints));
    m_chart->setTitleFont(chartFont(kLabelPoints + 1, true));
    QObject::connect(m_chart, &QChart::plotAreaChanged, m_chart, [this] { placeTexts(); });
    retranslate();
}

CollectivesChartPlot::~CollectivesChartPlot() {
    if (!m_chart) return;
    QObject::disconnect(m_chart, &QChart::plotAreaChanged, m_chart, nullptr);
    if (!m_chart->scene()) delete m_chart;  // never shown in a view
}

QColor CollectivesChartPlot::colour(int index) {
    static const QColor colours[] = {{0x00, 0x72, 0xb2}, {0xd5, 0x5e, 0x00}, {0x00, 0x9e, 0x73}, {0xcc, 0x79, 0xa7},
                                     {0xe6, 0x9f, 0x00}, {0x56, 0xb4, 0xe9}, {0x00, 0x00, 0x00}, {0x88, 0x88, 0x88}};
    return colours[std::min(index, 7)];
}

QString CollectivesChartPlot::sizeText(double bytes) {
    static const char* const units[] = {"B", "KiB", "MiB", "GiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < 3) bytes /= 1024, ++unit;
    return QStringLiteral("%1 %2").arg(QString::number(bytes, 'g', 3), QString::fromLatin1(units[unit]));
}

QString CollectivesChartPlot::bandText(const collectives::AutoBand& band) {
    if (band.algorithm.empty()) return tr("auto: ID %1 (not modelled)").arg(band.algorithmId);
    return tr("auto: %1").arg(QString::fromStdString(band.algorithm));
}

void CollectivesChartPlot::retranslate() {
    m_x->setTitleText(m_axis == SweepAxis::Bytes ? tr("message size S") : tr("ranks p"));
    setYTitle(m_unit == Unit::Time ? tr("time on the critical path (µs, ms, s)")
                                   : tr("bus bandwidth, nccl-tests' busbw (GB/s)"));
    if (!m_sweep.x.empty()) show(m_sweep, m_current);
}

void CollectivesChartPlot::setYTitle(const QString& title) {
    m_yAxis->setTitle(title);
    placeTexts();
}

void CollectivesChartPlot::clear() {
    for (QGraphicsSimpleTextItem* text : m_texts) delete text;
    m_texts.clear();
    m_chart->removeAllSeries();  // deletes them, and the area series' own lines with them
    m_curves.clear();
    m_bands.clear();
    m_crossovers = nullptr;
    m_marker = nullptr;
}

void CollectivesChartPlot::show(const collectives::Sweep& sweep, double current) {
    clear();
    m_sweep = sweep;
    m_current = current;
    fitRanges();
    addBands();  // first, so the lines are drawn over them
    addCurves();
    addCrossovers();
    m_marker = new QLineSeries;
    m_marker->setName(m_axis == SweepAxis::Bytes ? tr("this run: %1").arg(sizeText(current))
                                                 : tr("this run: p = %1").arg(current));
    m_marker->setPen(QPen(Qt::darkGray, 1.5, Qt::DashLine));
    m_chart->addSeries(m_marker);
    m_marker->attachAxis(m_x);
    m_marker->attachAxis(m_y);
    setCurrent(current);
    if (m_axis == SweepAxis::Bytes) addSizeTicks();
    placeTexts();
}

void CollectivesChartPlot::setCurrent(double current) {
    m_current = current;
    if (m_marker) m_marker->replace({{current, m_y->min()}, {current, m_y->max()}});
}

void CollectivesChartPlot::fitRanges() {
    double low = INFINITY, high = 0;
    for (const auto& curve : m_sweep.curves)
        for (const double time : curve.timeUs)
            if (std::isfinite(time) && time > 0) low = std::min(low, time), high = std::max(high, time);
    if (high == 0) low = 1, high = 10;
    m_y->setRange(std::pow(10, std::floor(std::log10(low))), std::pow(10, std::ceil(std::log10(high) + 1e-9)));
    if (!m_sweep.x.empty()) m_x->setRange(m_sweep.x.front(), m_sweep.x.back());
    m_yAxis->rebuildTicks();
}

void CollectivesChartPlot::addCurves() {
    for (int index = 0; index < int(m_sweep.curves.size()); ++index) {
        const auto& curve = m_sweep.curves[std::size_t(index)];
        auto* line = new QLineSeries;
        const QString name = QString::fromStdString(curve.algorithm);
        line->setName(curve.algorithmId > 0 ? QStringLiteral("%1 (%2)").arg(name).arg(curve.algorithmId) : name);
        line->setPen(curvePen(index));
        for (std::size_t point = 0; point < curve.timeUs.size(); ++point)
            if (std::isfinite(curve.timeUs[point])) line->append(m_sweep.x[point], curve.timeUs[point]);
        m_chart->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_curves << line;
    }
}

QPen CollectivesChartPlot::curvePen(int index) const {
    const std::string& name = m_sweep.curves[std::size_t(index)].algorithm;
    const auto slash = name.find('/');
    // Every second line from the third on is dashed, so a line hidden under
    // its twin (segmented ring without segments is the ring) still shows.
    if (slash == std::string::npos)
        return QPen(colour(index), 2, index > 0 && index % 2 == 0 ? Qt::DashLine : Qt::SolidLine);
    std::vector<std::string> algorithms;  // in the order they are first drawn
    for (int other = 0; other <= index; ++other) {
        const std::string& drawn = m_sweep.curves[std::size_t(other)].algorithm;
        const std::string prefix = drawn.substr(0, drawn.find('/'));
        if (std::find(algorithms.begin(), algorithms.end(), prefix) == algorithms.end()) algorithms.push_back(prefix);
    }
    const auto algorithm =
        int(std::find(algorithms.begin(), algorithms.end(), name.substr(0, slash)) - algorithms.begin());
    const std::string protocol = name.substr(slash + 1);
    const Qt::PenStyle style = protocol == "LL" ? Qt::DotLine : protocol == "LL128" ? Qt::DashLine : Qt::SolidLine;
    return QPen(colour(algorithm), 2, style);
}

int CollectivesChartPlot::curveNamed(const std::string& name) const {
    for (int curve = 0; curve < int(m_sweep.curves.size()); ++curve)
        if (m_sweep.curves[std::size_t(curve)].algorithm == name) return curve;
    return -1;
}

double CollectivesChartPlot::bandEdge(int point) const {
    // A rule's threshold is where the next band starts: the next point's x.
    return m_sweep.x[std::size_t(std::min(point, int(m_sweep.x.size()) - 1))];
}

void CollectivesChartPlot::addBands() {
    for (const auto& band : m_sweep.bands) {
        const int curve = curveNamed(band.algorithm);
        QColor fill = curve < 0 ? colour(7) : curvePen(curve).color();
        fill.setAlpha(40);
        const double from = bandEdge(band.first), to = bandEdge(band.last + 1);
        auto* upper = new QLineSeries;
        upper->append({{from, m_y->max()}, {to, m_y->max()}});
        auto* lower = new QLineSeries;
        lower->append({{from, m_y->min()}, {to, m_y->min()}});
        auto* area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setName(bandText(band));
        area->setBrush(fill);
        area->setPen(QPen(fill.darker(150), 1));
        m_chart->addSeries(area);
        area->attachAxis(m_x);
        area->attachAxis(m_y);
        hideFromLegend(m_chart, area);
        m_bands << area;
        auto* label = new QGraphicsSimpleTextItem(bandText(band), m_chart);
        label->setFont(chartFont(kLabelPoints));
        QColor ink = fill.darker(250);
        ink.setAlpha(255);
        label->setBrush(ink);
        label->setToolTip(QString::fromStdString(band.rule));
        m_texts << label;
    }
}

void CollectivesChartPlot::addCrossovers() {
    m_crossovers = new QScatterSeries;
    m_crossovers->setName(tr("fastest changes"));
    m_crossovers->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_crossovers->setMarkerSize(9);
    m_crossovers->setColor(Qt::black);
    for (const auto& crossover : m_sweep.crossovers) m_crossovers->append(crossover.at, crossover.timeUs);
    m_chart->addSeries(m_crossovers);
    m_crossovers->attachAxis(m_x);
    m_crossovers->attachAxis(m_y);
}

void CollectivesChartPlot::addSizeTicks() {
    for (double tick = 1; tick <= m_x->max() * 1.0001; tick *= 32) {
        auto* label = new QGraphicsSimpleTextItem(sizeText(tick), m_chart);
        label->setFont(chartFont(kLabelPoints));
        label->setData(0, tick);
        m_texts << label;
    }
}

void CollectivesChartPlot::placeTexts() {
    if (!m_marker) return;
    const QRectF plot = m_chart->plotArea();
    m_yAxis->place(plot, m_marker);
    const auto xAt = [this](double x) { return m_chart->mapToPosition({x, m_y->max()}, m_marker).x(); };
    for (int index = 0; index < int(m_texts.size()); ++index) {
        QGraphicsSimpleTextItem* text = m_texts[index];
        const QRectF box = text->boundingRect();
        if (index >= int(m_sweep.bands.size())) {  // a size tick under the axis
            text->setPos(xAt(text->data(0).toDouble()) - box.width() / 2, plot.bottom() + 4);
            continue;
        }
        const auto& band = m_sweep.bands[std::size_t(index)];
        const double left = xAt(bandEdge(band.first)), right = xAt(bandEdge(band.last + 1));
        const bool fits = right - left >= box.width() + 4;
        text->setRotation(fits ? 0 : -90);  // a narrow band reads its label upwards
        const double middle = (left + right) / 2;
        text->setPos(fits ? QPointF(middle - box.width() / 2, plot.top() + 2)
                          : QPointF(middle - box.height() / 2, plot.top() + box.width() + 2));
    }
}

}  // namespace commviz::views
