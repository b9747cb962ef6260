#pragma once

#include <QWidget>
#include <vector>

#include "perftest/perftest_model.h"

class QChart;
class QChartView;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QSpinBox;
class QStackedWidget;
class QToolButton;

namespace commviz::views {

/// perftest-style charts of the documented model (perftest::sweep, sizes 2 B …
/// 8 MiB like `-a`): bandwidth in Gb/s and latency in µs against message size
/// on a log axis, one series each for RDMA WRITE, SEND and RDMA READ. Link
/// rate, PCIe rate and MTU are editable and recompute the curves; hovering a
/// point shows its row. A label always says this is a model.
class PerftestChartWidget : public QWidget {
    Q_OBJECT

public:
    enum class Metric { Bandwidth, Latency };

    explicit PerftestChartWidget(QWidget* parent = nullptr);

    const perftest::LinkModel& model() const { return m_model; }
    void setLinkRate(double gbps);
    void setPcieRate(double gbps);
    /// One of the IB path MTUs 256 … 4096; other values snap to the nearest.
    void setMtu(int mtu);
    void setMetric(Metric metric);
    Metric metric() const { return m_metric; }

    QChart* chart(Metric metric) const;
    /// The sweep rows behind the series: [WRITE, SEND, READ].
    const std::vector<perftest::Row>& rows(perftest::Opcode op) const;
    QDoubleSpinBox* linkRateSpinBox() const { return m_linkRate; }
    QDoubleSpinBox* pcieRateSpinBox() const { return m_pcieRate; }
    QSpinBox* mtuSpinBox() const { return m_mtu; }
    QLabel* modelLabel() const { return m_note; }

    /// Draws the chart of `metric` and the model note into `target` of any
    /// painter (QImage, QSvgGenerator, QPdfWriter): vector where the device is.
    void renderChart(QPainter& painter, const QRectF& target, Metric metric) const;
    void renderChart(QPainter& painter, const QRectF& target) const { renderChart(painter, target, m_metric); }
    /// The text of the hover tooltip for one row.
    static QString rowText(perftest::Opcode op, const perftest::Row& row);

signals:
    void modelChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildCharts();
    void recompute();
    void retranslate();
    void showRow(perftest::Opcode op, const QPointF& point, bool state);

    perftest::LinkModel m_model;
    Metric m_metric = Metric::Bandwidth;
    std::vector<perftest::Row> m_rows[3];
    QLineSeries* m_series[2][3] = {};  ///< [metric][WRITE, SEND, READ]
    QChart* m_charts[2] = {};
    QChartView* m_views[2] = {};
    QStackedWidget* m_stack = nullptr;
    QToolButton* m_metricButtons[2] = {};
    QLabel* m_linkLabel = nullptr;
    QLabel* m_pcieLabel = nullptr;
    QLabel* m_mtuLabel = nullptr;
    QDoubleSpinBox* m_linkRate = nullptr;
    QDoubleSpinBox* m_pcieRate = nullptr;
    QSpinBox* m_mtu = nullptr;
    QLabel* m_note = nullptr;
};

}  // namespace commviz::views
