#include "collectives_scene/collectives_chart_y_axis.h"

#include <QChart>
#include <QFont>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLogValueAxis>
#include <QTextDocument>
#include <QTextOption>
#include <algorithm>
#include <cmath>

namespace commviz::views {

namespace {

constexpr double kPoints = 9;  // as every other text of the charts: above the 8 pt floor
constexpr double kGap = 4;     // px between a label and what it labels
constexpr double kTitleX = 4;  // px from the chart's left edge to the upright title

QFont axisFont() {
    QFont font;
    font.setPointSizeF(kPoints);
    return font;
}

}  // namespace

CollectivesChartYAxis::CollectivesChartYAxis(QChart* chart, QLogValueAxis* axis, Unit unit)
    : m_chart(chart), m_axis(axis), m_unit(unit), m_title(new QGraphicsTextItem(chart)) {
    // The hidden labels reserve the width of the widest of ours ("100 ms" fits in "1e+06 µs").
    m_axis->setLabelFormat(unit == Unit::Time ? QStringLiteral("%g µs") : QStringLiteral("%g GB/s"));
    m_axis->setLabelsColor(Qt::transparent);
    m_axis->setTitleVisible(false);
    m_title->setFont(axisFont());
    m_title->setRotation(-90);
    QTextOption centred = m_title->document()->defaultTextOption();
    centred.setAlignment(Qt::AlignHCenter);
    m_title->document()->setDefaultTextOption(centred);
}

QString CollectivesChartYAxis::tickText(double value, Unit unit) {
    if (unit == Unit::BusBandwidth) return QStringLiteral("%1 GB/s").arg(QString::number(value, 'g', 3));
    if (value < 1e3) return QStringLiteral("%1 µs").arg(QString::number(value, 'g', 3));
    if (value < 1e6) return QStringLiteral("%1 ms").arg(QString::number(value / 1e3, 'g', 3));
    return QStringLiteral("%1 s").arg(QString::number(value / 1e6, 'g', 3));
}

void CollectivesChartYAxis::setTitle(const QString& title) { m_title->setPlainText(title); }

void CollectivesChartYAxis::rebuildTicks() {
    for (QGraphicsSimpleTextItem* tick : m_ticks) delete tick;
    m_ticks.clear();
    const int first = int(std::ceil(std::log10(m_axis->min()) - 1e-9));
    const int last = int(std::floor(std::log10(m_axis->max()) + 1e-9));
    for (int power = first; power <= last; ++power) {
        const double value = std::pow(10.0, power);
        auto* tick = new QGraphicsSimpleTextItem(tickText(value, m_unit), m_chart);
        tick->setFont(axisFont());
        tick->setData(0, value);
        m_ticks << tick;
    }
}

void CollectivesChartYAxis::place(const QRectF& plot, QAbstractSeries* series) {
    for (QGraphicsSimpleTextItem* tick : m_ticks) {
        const QRectF box = tick->boundingRect();
        const double y = m_chart->mapToPosition({1.0, tick->data(0).toDouble()}, series).y();
        tick->setPos(plot.left() - kGap - box.width(), y - box.height() / 2);
    }
    // Upright, the title's text width runs along the plot's height: a long title wraps, never cut. Half
    // the chart's height at least, so a plot squeezed by the margin we set cannot squeeze the title more.
    const double chartHeight = m_chart->rect().height();
    if (chartHeight < 1 || plot.isEmpty()) return;  // not laid out yet: plotAreaChanged comes back
    const double length = std::min(std::max(plot.height(), chartHeight / 2), chartHeight);
    m_title->setTextWidth(length);
    const double thickness = m_title->boundingRect().height();
    const QMarginsF margins = m_chart->margins();
    // A quarter of the chart's width at most, so the plot keeps its room whatever the title's length.
    const double wanted = std::min(kTitleX + thickness + kGap, m_chart->rect().width() / 4);
    if (std::abs(margins.left() - wanted) > 0.5)  // plotAreaChanged calls place again
        m_chart->setMargins(
            QMargins(int(std::ceil(wanted)), int(margins.top()), int(margins.right()), int(margins.bottom())));
    const double bottom = std::clamp(plot.center().y() + length / 2, length, chartHeight);
    m_title->setPos(kTitleX, bottom);
}

}  // namespace commviz::views
