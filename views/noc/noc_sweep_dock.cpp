#include "noc/noc_sweep_dock.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent>
#include <algorithm>
#include <cmath>

#include "noc/noc_engine.h"
#include "shell/narration_table.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

NocSweepDock::NocSweepDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(tr("Latency vs offered load"), parent), m_controller(controller) {
    setObjectName(QStringLiteral("nocSweepDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_chart = new QChart;
    m_chart->legend()->hide();
    m_curve = new QLineSeries(m_chart);
    m_points = new QScatterSeries(m_chart);
    m_points->setMarkerSize(7);
    m_chart->addSeries(m_curve);
    m_chart->addSeries(m_points);
    m_axisX = new QValueAxis(m_chart);
    m_axisX->setTitleText(tr("offered load (flits/node/cycle)"));
    m_axisX->setRange(0, 1);
    m_axisY = new QValueAxis(m_chart);
    m_axisY->setTitleText(tr("average packet latency (cycles)"));
    m_axisY->setRange(0, 100);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QXYSeries* s : {static_cast<QXYSeries*>(m_curve), static_cast<QXYSeries*>(m_points)}) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    auto* view = new QChartView(m_chart, body);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(220);
    layout->addWidget(view);
    auto* row = new QHBoxLayout;
    m_run = new QPushButton(tr("Run sweep"), body);
    m_cancel = new QPushButton(tr("Cancel"), body);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(body);
    m_status = new QLabel(body);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    row->addWidget(m_progress, 1);
    layout->addLayout(row);
    layout->addWidget(m_status);
    setWidget(body);
    connect(m_run, &QPushButton::clicked, this, &NocSweepDock::start);
    connect(m_cancel, &QPushButton::clicked, this, &NocSweepDock::cancel);
    connect(&m_watcher, &QFutureWatcher<QPointF>::resultReadyAt, this, &NocSweepDock::pointReady);
    connect(&m_watcher, &QFutureWatcher<QPointF>::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(&m_watcher, &QFutureWatcher<QPointF>::finished, this, &NocSweepDock::finished);
}

NocSweepDock::~NocSweepDock() {
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

QList<double> NocSweepDock::loads() {
    QList<double> out;
    for (int i = 1; i <= 19; ++i) out << 0.025 * i;  // 0.025 .. 0.475, the 8x8 mesh saturates near 0.40
    return out;
}

void NocSweepDock::start() {
    const auto* engine = sim::engineOf<noc::NocEngine>(m_controller.session());
    if (!engine || running()) return;
    const noc::NocConfig base = engine->config();
    m_curve->clear();
    m_points->clear();
    m_unstable.clear();
    m_axisY->setRange(0, 100);
    m_status->setText(tr("Running %1 loads on %2 threads…").arg(loads().size()).arg(QThread::idealThreadCount()));
    // One independent engine per load (a value type, no shared state) on every core.
    const std::function<QPointF(double)> job = [base](double load) {
        noc::NocConfig config = base;
        config.injection_rate_uses_flits = true;
        config.injection_rate = load;
        const noc::NocReport report = noc::runNocBatch(config);
        const bool stable = report.outcome == noc::NocOutcome::Completed;
        return QPointF(load, stable ? report.overall.plat.average() : std::nan(""));
    };
    const QFuture<QPointF> future = QtConcurrent::mapped(loads(), job);
    m_progress->setRange(0, int(loads().size()));
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_running = true;
    m_watcher.setFuture(future);
}

void NocSweepDock::cancel() { m_watcher.cancel(); }

void NocSweepDock::pointReady(int index) {
    const QPointF point = m_watcher.resultAt(index);
    if (std::isnan(point.y())) {
        m_unstable << point.x();
        return;
    }
    m_points->append(point);
    QList<QPointF> sorted = m_points->points();
    std::sort(sorted.begin(), sorted.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    m_curve->replace(sorted);
    if (point.y() > m_axisY->max()) m_axisY->setRange(0, std::ceil(point.y() / 50) * 50);
}

void NocSweepDock::finished() {
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    std::sort(m_unstable.begin(), m_unstable.end());
    QStringList text{m_watcher.isCanceled() ? tr("Cancelled: %1 points.").arg(m_points->count())
                                            : tr("Done: %1 points.").arg(m_points->count())};
    if (!m_unstable.isEmpty())
        text << tr("Unstable (BookSim: \"Simulation unstable\") from %1 flits/node/cycle.").arg(m_unstable.front());
    m_status->setText(joinSentences(text));
    m_running = false;
}

}  // namespace commviz::views
