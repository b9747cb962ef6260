#pragma once

#include <QList>
#include <QRectF>
#include <QString>

class QAbstractSeries;
class QChart;
class QGraphicsSimpleTextItem;
class QGraphicsTextItem;
class QLogValueAxis;

namespace commviz::views {

/// The vertical axis of a collectives chart, drawn by us: a label per decade in µs / ms / s (or GB/s),
/// and the title turned upright left of them, wrapped onto more lines when it is longer than the plot is
/// high, so no language loses its end or its unit. The axis's own labels only keep their room.
class CollectivesChartYAxis {
public:
    enum class Unit { Time, BusBandwidth };

    CollectivesChartYAxis(QChart* chart, QLogValueAxis* axis, Unit unit);
    CollectivesChartYAxis(const CollectivesChartYAxis&) = delete;
    CollectivesChartYAxis& operator=(const CollectivesChartYAxis&) = delete;

    void setTitle(const QString& title);
    /// One label per power of ten in the axis's range (after the range changed).
    void rebuildTicks();
    /// Lays the labels and the title out beside `plot`; `series` is attached to the axis.
    void place(const QRectF& plot, QAbstractSeries* series);

    /// "10 µs", "1 ms", "100 s"; "0.1 GB/s", "100 GB/s".
    static QString tickText(double value, Unit unit);
    QGraphicsTextItem* title() const { return m_title; }
    const QList<QGraphicsSimpleTextItem*>& ticks() const { return m_ticks; }

private:
    QChart* m_chart;
    QLogValueAxis* m_axis;
    Unit m_unit;
    QGraphicsTextItem* m_title;
    QList<QGraphicsSimpleTextItem*> m_ticks;
};

}  // namespace commviz::views
