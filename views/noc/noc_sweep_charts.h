#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QtGlobal>
#include <vector>

class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace commviz::views {

/// One finished load of a sweep: BookSim's average packet latency (NaN when
/// the run was unstable) and its accepted flit rate (the last sample period's
/// when unstable, as BookSim printed it before giving up).
struct NocSweepPoint {
    double offered = 0;
    double latency = 0;
    double accepted = 0;
    bool stable = true;
};

/// The sweep's two charts, latency vs offered load and accepted vs offered
/// throughput, holding one curve per configuration swept so they overlay.
class NocSweepCharts {
    Q_DECLARE_TR_FUNCTIONS(NocSweepCharts)

public:
    NocSweepCharts();
    QChart* latencyChart() const { return m_latency; }
    QChart* throughputChart() const { return m_throughput; }

    /// Starts a new curve named `label` on both charts.
    void addCurve(const QString& label);
    void addPoint(const NocSweepPoint& point);
    /// Marks the saturation point of the newest curve: the lowest unstable load
    /// (BookSim's "Simulation unstable"); returns it, or NaN when every load was stable.
    double markSaturation();
    void clear();

    int curveCount() const { return int(m_curves.size()); }
    /// The newest curve's latency line (null before the first sweep).
    QLineSeries* latestLatency() const { return m_curves.empty() ? nullptr : m_curves.back().latency; }
    QLineSeries* latencyOf(int curve) const { return m_curves[std::size_t(curve)].latency; }
    QLineSeries* throughputOf(int curve) const { return m_curves[std::size_t(curve)].accepted; }
    QLineSeries* saturationOf(int curve) const { return m_curves[std::size_t(curve)].saturation; }
    int stablePoints() const;
    /// Drawing colour of curve `i`.
    static QColor colour(int i);

private:
    struct Curve {
        QLineSeries* latency = nullptr;
        QScatterSeries* latencyPoints = nullptr;
        QLineSeries* accepted = nullptr;
        QScatterSeries* acceptedPoints = nullptr;
        QLineSeries* saturation = nullptr;
        QList<double> unstable;
    };
    void attach(QChart* chart, QValueAxis* x, QValueAxis* y, QLineSeries* series, bool legend);

    QChart* m_latency = nullptr;
    QChart* m_throughput = nullptr;
    QValueAxis* m_latX = nullptr;
    QValueAxis* m_latY = nullptr;
    QValueAxis* m_thrX = nullptr;
    QValueAxis* m_thrY = nullptr;
    QLineSeries* m_ideal = nullptr;  ///< accepted = offered
    std::vector<Curve> m_curves;
};

}  // namespace commviz::views
