#include "noc/noc_histogram_dock.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent>
#include <algorithm>
#include <cmath>

#include "noc/noc_engine.h"
#include "noc/noc_window_stats.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

NocHistogramDock::NocHistogramDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(tr("Latency histogram"), parent), m_controller(controller) {
    setObjectName(QStringLiteral("nocHistogramDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_chart = new QChart;
    m_chart->legend()->hide();
    m_outline = new QLineSeries(m_chart);
    auto* area = new QAreaSeries(m_outline);
    area->setColor(QColor(0x00, 0x72, 0xb2, 150));
    area->setBorderColor(QColor(0x00, 0x72, 0xb2));
    m_chart->addSeries(area);
    m_axisX = new QValueAxis(m_chart);
    m_axisX->setTitleText(tr("packet latency (cycles, 1-cycle bins)"));
    m_axisX->setLabelFormat(QStringLiteral("%d"));
    m_axisY = new QValueAxis(m_chart);
    m_axisY->setTitleText(tr("packets"));
    m_axisY->setLabelFormat(QStringLiteral("%d"));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    area->attachAxis(m_axisX);
    area->attachAxis(m_axisY);
    auto* view = new QChartView(m_chart, body);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(200);
    layout->addWidget(view, 1);
    auto* row = new QHBoxLayout;
    m_sourceBox = new QComboBox(body);
    m_sourceBox->addItem(tr("Every packet delivered up to the cursor"));
    m_sourceBox->addItem(tr("Measured packets of a whole batch run (as BookSim reports)"));
    auto* refresh = new QPushButton(tr("Update"), body);
    row->addWidget(m_sourceBox, 1);
    row->addWidget(refresh);
    layout->addLayout(row);
    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    setWidget(body);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);  // a scrub or a play moves the cursor many times a second
    connect(&m_debounce, &QTimer::timeout, this, &NocHistogramDock::recompute);
    connect(&m_controller, &SimulationController::cursorChanged, this, [this] {
        if (m_source == Source::UpToCursor && isVisible()) m_debounce.start();
    });
    connect(&m_controller, &SimulationController::sessionChanged, this, [this] {
        if (isVisible()) m_debounce.start();
    });
    connect(m_sourceBox, &QComboBox::currentIndexChanged, this, [this](int i) { setSource(Source(i)); });
    connect(refresh, &QPushButton::clicked, this, &NocHistogramDock::recompute);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) m_debounce.start();
    });
    connect(&m_watcher, &QFutureWatcher<noc::LatencyHistogram>::finished, this, &NocHistogramDock::finished);
}

NocHistogramDock::~NocHistogramDock() { stop(); }

void NocHistogramDock::stop() {
    if (m_cancel) *m_cancel = true;
    m_watcher.waitForFinished();
}

void NocHistogramDock::setSource(Source source) {
    m_source = source;
    if (m_sourceBox->currentIndex() != int(source)) m_sourceBox->setCurrentIndex(int(source));
    recompute();
}

void NocHistogramDock::recompute() {
    const auto access = sim::SessionAccess<noc::NocEngine>::of(m_controller.session());
    if (!access) return;
    stop();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const bool batch = m_source == Source::Batch;
    const std::size_t steps = batch ? std::size_t(-1) : access->cursor();
    // The same configuration and seed from cycle 0: the run the timeline holds.
    noc::NocEngine fresh(access->engine().config());
    m_status->setText(batch ? tr("Running the whole configuration…") : tr("Replaying %1 cycles…").arg(steps));
    m_watcher.setFuture(QtConcurrent::run([fresh, steps, batch, cancel = m_cancel]() {
        return noc::packetLatencies(fresh, steps, batch, [cancel](std::size_t) { return !*cancel; });
    }));
}

void NocHistogramDock::finished() {
    if (m_watcher.isCanceled() || (m_cancel && *m_cancel)) return;
    m_histogram = m_watcher.result();
    QList<QPointF> stairs;
    std::int64_t tallest = 0;
    const int last = m_histogram.lastUsedBin();
    int first = last;
    for (int i = 0; i <= last; ++i)
        if (m_histogram.bins[std::size_t(i)]) first = std::min(first, i);
    for (int i = std::max(0, first - 1); i <= last + 1 && last >= 0; ++i) {
        const auto count = i < noc::LatencyHistogram::kBins ? m_histogram.bins[std::size_t(i)] : 0;
        stairs << QPointF(i, double(count)) << QPointF(i + 1, double(count));
        tallest = std::max(tallest, count);
    }
    m_outline->replace(stairs);
    m_axisX->setRange(std::max(0, first - 1), std::max(10, last + 2));
    m_axisY->setRange(0, std::max<double>(1, std::ceil(double(tallest) * 1.1)));
    m_axisY->applyNiceNumbers();  // ticks at round counts
    if (m_histogram.count == 0) {
        m_status->setText(tr("No packet has been delivered yet."));
        return;
    }
    QString text = tr("%1 packets, average %2 cycles, from %3 to %4 cycles.")
                       .arg(m_histogram.count)
                       .arg(m_histogram.average(), 0, 'f', 2)
                       .arg(first)
                       .arg(last);
    if (m_histogram.bins.back() > 0)
        text += QLatin1Char(' ') + tr("The last bin holds every latency of %1 cycles or more, as BookSim's.")
                                       .arg(noc::LatencyHistogram::kBins - 1);
    m_status->setText(text);
}

}  // namespace commviz::views
