#include "perftest/perftest_chart_widget.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTextDocument>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

namespace commviz::views {

using perftest::Opcode;

namespace {

constexpr Opcode kOps[3] = {Opcode::Write, Opcode::Send, Opcode::Read};
const QColor kColors[3] = {QColor("#2f6fde"), QColor("#2e9f5c"), QColor("#d9822b")};

int index(Opcode op) { return op == Opcode::Write ? 0 : op == Opcode::Send ? 1 : 2; }

/// Steps through the IB path MTUs (256 … 4096) by doubling and halving.
class MtuSpinBox : public QSpinBox {
public:
    using QSpinBox::QSpinBox;
    void stepBy(int steps) override {
        int v = value();
        for (; steps > 0; --steps) v = std::min(4096, v * 2);
        for (; steps < 0; ++steps) v = std::max(256, v / 2);
        setValue(v);
    }
};

int snapMtu(int mtu) {
    int best = 256;
    for (int m : {256, 512, 1024, 2048, 4096})
        if (std::abs(m - mtu) < std::abs(best - mtu)) best = m;
    return best;
}

// The core's description of the model, in the current language.
QString modelDetails() { return QCoreApplication::translate("commviz::perftest", perftest::modelDescription().data()); }

}  // namespace

PerftestChartWidget::PerftestChartWidget(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    auto* controls = new QHBoxLayout;
    for (int m = 0; m < 2; ++m) {
        m_metricButtons[m] = new QToolButton(this);
        m_metricButtons[m]->setCheckable(true);
        m_metricButtons[m]->setAutoExclusive(true);
        controls->addWidget(m_metricButtons[m]);
        connect(m_metricButtons[m], &QToolButton::clicked, this,
                [this, m] { setMetric(m == 0 ? Metric::Bandwidth : Metric::Latency); });
    }
    m_metricButtons[0]->setChecked(true);
    controls->addStretch(1);
    m_linkLabel = new QLabel(this);
    m_linkRate = new QDoubleSpinBox(this);
    m_linkRate->setRange(1, 1600);
    m_linkRate->setDecimals(0);
    m_linkRate->setSingleStep(25);
    m_linkRate->setValue(m_model.link_gbps);
    m_pcieLabel = new QLabel(this);
    m_pcieRate = new QDoubleSpinBox(this);
    m_pcieRate->setRange(1, 1600);
    m_pcieRate->setDecimals(0);
    m_pcieRate->setSingleStep(25);
    m_pcieRate->setValue(m_model.pcie_gbps);
    m_mtuLabel = new QLabel(this);
    m_mtu = new MtuSpinBox(this);
    m_mtu->setRange(256, 4096);
    m_mtu->setValue(m_model.mtu);
    m_mtu->setKeyboardTracking(false);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_linkLabel, m_linkRate, m_pcieLabel, m_pcieRate, m_mtuLabel, m_mtu})
        controls->addWidget(w);
    m_linkLabel->setBuddy(m_linkRate);
    m_pcieLabel->setBuddy(m_pcieRate);
    m_mtuLabel->setBuddy(m_mtu);
    layout->addLayout(controls);

    buildCharts();
    m_stack = new QStackedWidget(this);
    for (auto* view : m_views) m_stack->addWidget(view);
    layout->addWidget(m_stack, 1);

    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::RichText);
    QFont small = m_note->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_note->setFont(small);
    layout->addWidget(m_note);

    connect(m_linkRate, &QDoubleSpinBox::valueChanged, this, &PerftestChartWidget::setLinkRate);
    connect(m_pcieRate, &QDoubleSpinBox::valueChanged, this, &PerftestChartWidget::setPcieRate);
    connect(m_mtu, &QSpinBox::valueChanged, this, &PerftestChartWidget::setMtu);
    retranslate();
    recompute();
}

void PerftestChartWidget::buildCharts() {
    for (int m = 0; m < 2; ++m) {
        auto* chart = new QChart;
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->setMargins(QMargins(4, 4, 4, 4));
        auto* x = new QLogValueAxis;
        x->setBase(16);
        x->setLabelFormat(QStringLiteral("%.0f"));
        x->setRange(std::ldexp(1.0, perftest::kSweepMinExponent), std::ldexp(1.0, perftest::kSweepMaxExponent));
        x->setMinorTickCount(3);
        chart->addAxis(x, Qt::AlignBottom);
        QAbstractAxis* y = nullptr;
        if (m == 0) {
            auto* value = new QValueAxis;
            value->setLabelFormat(QStringLiteral("%.0f"));
            y = value;
        } else {
            auto* log = new QLogValueAxis;
            log->setBase(10);
            log->setLabelFormat(QStringLiteral("%g"));
            log->setMinorTickCount(8);
            y = log;
        }
        chart->addAxis(y, Qt::AlignLeft);
        for (int o = 0; o < 3; ++o) {
            auto* series = new QLineSeries(chart);
            series->setPointsVisible(true);
            // SEND is dashed: its curve lies almost on WRITE's, which must stay visible.
            series->setPen(QPen(kColors[o], 2.2, o == 1 ? Qt::DashLine : Qt::SolidLine));
            series->setColor(kColors[o]);
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(y);
            const Opcode op = kOps[o];
            connect(series, &QLineSeries::hovered, this,
                    [this, op](const QPointF& point, bool state) { showRow(op, point, state); });
            m_series[m][o] = series;
        }
        m_charts[m] = chart;
        m_views[m] = new QChartView(chart, this);
        m_views[m]->setRenderHint(QPainter::Antialiasing);
        m_views[m]->setMinimumSize(320, 240);
    }
}

void PerftestChartWidget::recompute() {
    double maxBw = 0, minLat = 1e300, maxLat = 0;
    for (int o = 0; o < 3; ++o) {
        auto rows = perftest::sweep(m_model, kOps[o]);
        m_rows[o] = rows ? std::move(rows).value() : std::vector<perftest::Row>{};
        QList<QPointF> bw, lat;
        for (const auto& row : m_rows[o]) {
            bw << QPointF(double(row.bytes), row.bandwidth.bw_avg_gbps);
            lat << QPointF(double(row.bytes), row.latency.usec());
            maxBw = std::max(maxBw, row.bandwidth.bw_avg_gbps);
            minLat = std::min(minLat, row.latency.usec());
            maxLat = std::max(maxLat, row.latency.usec());
        }
        m_series[0][o]->replace(bw);
        m_series[1][o]->replace(lat);
    }
    // Bandwidth from 0 to a round number above the line rate; latency by decades.
    const double top = std::max(maxBw, m_model.link_gbps) * 1.08;
    const double step = top > 400 ? 100 : top > 100 ? 25 : top > 20 ? 10 : 1;
    auto* bwAxis = static_cast<QValueAxis*>(m_charts[0]->axes(Qt::Vertical).first());
    bwAxis->setRange(0, std::ceil(top / step) * step);
    bwAxis->setTickType(QValueAxis::TicksDynamic);
    bwAxis->setTickAnchor(0);
    bwAxis->setTickInterval(step * (top / step > 8 ? 2 : 1));
    auto* latAxis = static_cast<QLogValueAxis*>(m_charts[1]->axes(Qt::Vertical).first());
    if (maxLat > 0)
        latAxis->setRange(std::pow(10.0, std::floor(std::log10(minLat))),
                          std::pow(10.0, std::ceil(std::log10(maxLat))));
    emit modelChanged();
}

void PerftestChartWidget::setLinkRate(double gbps) {
    if (gbps <= 0 || gbps == m_model.link_gbps) return;
    m_model.link_gbps = gbps;
    if (m_linkRate->value() != gbps) m_linkRate->setValue(gbps);
    recompute();
}

void PerftestChartWidget::setPcieRate(double gbps) {
    if (gbps <= 0 || gbps == m_model.pcie_gbps) return;
    m_model.pcie_gbps = gbps;
    if (m_pcieRate->value() != gbps) m_pcieRate->setValue(gbps);
    recompute();
}

void PerftestChartWidget::setMtu(int mtu) {
    const int snapped = snapMtu(mtu);
    if (m_mtu->value() != snapped) m_mtu->setValue(snapped);  // re-enters with the snapped value
    if (snapped == m_model.mtu) return;
    m_model.mtu = snapped;
    recompute();
}

void PerftestChartWidget::setMetric(Metric metric) {
    m_metric = metric;
    const int m = metric == Metric::Bandwidth ? 0 : 1;
    m_stack->setCurrentIndex(m);
    m_metricButtons[m]->setChecked(true);
}

QChart* PerftestChartWidget::chart(Metric metric) const { return m_charts[metric == Metric::Bandwidth ? 0 : 1]; }

const std::vector<perftest::Row>& PerftestChartWidget::rows(Opcode op) const { return m_rows[index(op)]; }

QString PerftestChartWidget::rowText(Opcode op, const perftest::Row& row) {
    const auto& bw = row.bandwidth;
    const auto& lat = row.latency;
    return tr("%1 (%2), %3 B — model\n"
              "BW average %4 Gb/s, peak %5 Gb/s, %6 Mpps (bound: %7)\n"
              "latency t_typical %8 µs%9")
        .arg(QString::fromLatin1(perftest::opcodeName(op).data()), QString::fromLatin1(perftest::toolName(op).data()))
        .arg(row.bytes)
        .arg(bw.bw_avg_gbps, 0, 'f', 2)
        .arg(bw.bw_peak_gbps, 0, 'f', 2)
        .arg(bw.msg_rate_mpps, 0, 'f', 3)
        .arg(QString::fromLatin1(perftest::boundName(bw.bound).data()))
        .arg(lat.usec(), 0, 'f', 2)
        .arg(lat.inlined ? tr(" (inline)") : QString());
}

void PerftestChartWidget::showRow(Opcode op, const QPointF& point, bool state) {
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const auto& rows = m_rows[index(op)];
    if (rows.empty() || point.x() <= 0) return;
    // Nearest size on the log axis.
    const double e = std::round(std::log2(point.x()));
    const auto n =
        std::clamp<std::ptrdiff_t>(std::ptrdiff_t(e) - perftest::kSweepMinExponent, 0, std::ptrdiff_t(rows.size()) - 1);
    QToolTip::showText(QCursor::pos(), rowText(op, rows[std::size_t(n)]), this);
}

void PerftestChartWidget::renderChart(QPainter& painter, const QRectF& target, Metric metric) const {
    QChart* c = chart(metric);
    const QString note = m_note->text();
    // Room for the model note under the chart, as plain wrapped text.
    QTextDocument doc;
    doc.setDefaultFont(font());
    doc.setHtml(note);
    doc.setTextWidth(target.width());
    const double noteHeight = std::min(doc.size().height(), target.height() * 0.4);
    const QRectF chartRect(target.left(), target.top(), target.width(), target.height() - noteHeight);
    // Lay the chart out at the target's size, draw it, then give it back to its view.
    const QSizeF oldSize = c->size();
    c->resize(chartRect.size());
    if (c->layout()) c->layout()->activate();
    c->scene()->render(&painter, chartRect, QRectF(c->pos(), chartRect.size()));
    c->resize(oldSize);
    if (c->layout()) c->layout()->activate();
    painter.save();
    painter.translate(target.left(), chartRect.bottom());
    doc.drawContents(&painter, QRectF(0, 0, target.width(), noteHeight));
    painter.restore();
}

void PerftestChartWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void PerftestChartWidget::retranslate() {
    m_metricButtons[0]->setText(tr("Bandwidth"));
    m_metricButtons[1]->setText(tr("Latency"));
    m_linkLabel->setText(tr("&Link Gb/s"));
    m_pcieLabel->setText(tr("&PCIe Gb/s"));
    m_mtuLabel->setText(tr("&MTU"));
    m_linkRate->setToolTip(tr("Ethernet line rate of the modelled RoCEv2 link"));
    m_pcieRate->setToolTip(tr("Effective DMA rate between NIC and host memory; PCIe Gen3 x16 ≈ 100, Gen4 x16 ≈ 200"));
    m_mtu->setToolTip(tr("IB path MTU: 256, 512, 1024, 2048 or 4096 bytes of payload per packet"));
    m_charts[0]->setTitle(tr("ib_write_bw / ib_send_bw / ib_read_bw -a: BW average (model)"));
    m_charts[1]->setTitle(tr("ib_write_lat / ib_send_lat / ib_read_lat -a: t_typical (model)"));
    for (int m = 0; m < 2; ++m) {
        m_charts[m]->axes(Qt::Horizontal).first()->setTitleText(tr("message size, bytes (log scale)"));
        for (int o = 0; o < 3; ++o) m_series[m][o]->setName(QString::fromLatin1(perftest::opcodeName(kOps[o]).data()));
    }
    m_charts[0]->axes(Qt::Vertical).first()->setTitleText(tr("bandwidth, Gb/s"));
    m_charts[1]->axes(Qt::Vertical).first()->setTitleText(tr("one-way latency, µs (READ: round trip)"));
    m_note->setText(tr("<b>Model, not a measurement:</b> %1").arg(modelDetails().toHtmlEscaped()));
}

}  // namespace commviz::views
