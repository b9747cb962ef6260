#pragma once

#include <QChart>
#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QPen>
#include <QPointer>
#include <QString>
#include <memory>

#include "collectives_scene/collectives_chart_y_axis.h"
#include "collectives_scene/collectives_sweep.h"

class QAreaSeries;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace commviz::views {

/// One log-log chart of a collectives sweep: a line per algorithm (or, for
/// NCCL's tuner, per algorithm/protocol), the auto choice shaded as bands (each
/// labelled with what it picks), the crossovers as points and a dashed line at
/// the current run's size (or p). Times read µs / ms / s, bandwidths GB/s.
class CollectivesChartPlot {
    Q_DECLARE_TR_FUNCTIONS(CollectivesChartPlot)

public:
    using Unit = CollectivesChartYAxis::Unit;
    explicit CollectivesChartPlot(collectives::SweepAxis axis, Unit unit = Unit::Time);
    ~CollectivesChartPlot();
    CollectivesChartPlot(const CollectivesChartPlot&) = delete;
    CollectivesChartPlot& operator=(const CollectivesChartPlot&) = delete;

    QChart* chart() const { return m_chart; }
    /// Draws `sweep` (replacing what was drawn), the marker at `current`.
    void show(const collectives::Sweep& sweep, double current);
    /// Moves the marker only (bytes or ranks changed along this chart's axis).
    void setCurrent(double current);
    /// Titles and band labels in the current language.
    void retranslate();
    /// Replaces the vertical axis's title (retranslate restores the default).
    void setYTitle(const QString& title);
    const CollectivesChartYAxis& yAxis() const { return *m_yAxis; }

    QLogValueAxis* axisX() const { return m_x; }
    QLogValueAxis* axisY() const { return m_y; }
    const QList<QLineSeries*>& curves() const { return m_curves; }
    const QList<QAreaSeries*>& bands() const { return m_bands; }
    /// The texts drawn over the plot: band labels, then (sizes) the x tick labels.
    const QList<QGraphicsSimpleTextItem*>& texts() const { return m_texts; }
    QScatterSeries* crossovers() const { return m_crossovers; }
    QLineSeries* marker() const { return m_marker; }
    const collectives::Sweep& sweep() const { return m_sweep; }

    /// Line colour of the i-th algorithm of a collective (Okabe–Ito, then grey).
    static QColor colour(int index);
    /// The pen of curve `index`: NCCL's "Algo/Proto" curves take the algorithm's colour and the
    /// protocol's dash (LL dotted, LL128 dashed, Simple solid).
    QPen curvePen(int index) const;
    /// "1 B", "32 KiB", "1 GiB".
    static QString sizeText(double bytes);
    /// "auto: ring", or "auto: ID 5 (not modelled)".
    static QString bandText(const collectives::AutoBand& band);

private:
    void clear();
    void addCurves();
    void addBands();
    void addCrossovers();
    void addSizeTicks();
    void fitRanges();
    void placeTexts();
    double bandEdge(int point) const;

    int curveNamed(const std::string& name) const;

    collectives::SweepAxis m_axis;
    Unit m_unit;
    QPointer<QChart> m_chart;  ///< a view that shows it owns it and may delete it first
    QLogValueAxis* m_x = nullptr;
    QLogValueAxis* m_y = nullptr;
    collectives::Sweep m_sweep;
    double m_current = 0;
    QList<QLineSeries*> m_curves;
    QList<QAreaSeries*> m_bands;
    QList<QGraphicsSimpleTextItem*> m_texts;
    QScatterSeries* m_crossovers = nullptr;
    QLineSeries* m_marker = nullptr;
    std::unique_ptr<CollectivesChartYAxis> m_yAxis;
};

}  // namespace commviz::views
