#include "noc/noc_sweep_dock.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <cmath>

#include "noc/noc_engine.h"
#include "noc/noc_scene_model.h"
#include "shell/narration_table.h"
#include "shell/scene_descriptor.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

NocSweepDock::NocSweepDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(tr("Latency vs offered load"), parent), m_controller(controller) {
    setObjectName(QStringLiteral("nocSweepDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    auto* charts = new QHBoxLayout;
    for (QChart* chart : {m_charts.latencyChart(), m_charts.throughputChart()}) {
        auto* view = new QChartView(chart, body);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(240);
        charts->addWidget(view, 1);
    }
    layout->addLayout(charts, 1);
    auto* row = new QHBoxLayout;
    m_run = new QPushButton(tr("Add current configuration"), body);
    m_run->setToolTip(tr("Sweep the scene's configuration over %1 loads and draw its curves over the earlier ones")
                          .arg(loads().size()));
    m_cancel = new QPushButton(tr("Cancel"), body);
    m_cancel->setEnabled(false);
    m_clear = new QPushButton(tr("Clear"), body);
    m_progress = new QProgressBar(body);
    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    row->addWidget(m_clear);
    row->addWidget(m_progress, 1);
    layout->addLayout(row);
    layout->addWidget(m_status);
    setWidget(body);
    connect(m_run, &QPushButton::clicked, this, &NocSweepDock::start);
    connect(m_cancel, &QPushButton::clicked, this, &NocSweepDock::cancel);
    connect(m_clear, &QPushButton::clicked, this, &NocSweepDock::clear);
    connect(&m_watcher, &QFutureWatcher<NocSweepPoint>::resultReadyAt, this, &NocSweepDock::pointReady);
    connect(&m_watcher, &QFutureWatcher<NocSweepPoint>::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(&m_watcher, &QFutureWatcher<NocSweepPoint>::finished, this, &NocSweepDock::finished);
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

QString NocSweepDock::difference(const sim::ParamValues& base, const sim::ParamValues& keys) {
    QStringList parts;
    for (const auto& [key, value] : keys) {
        const auto it = base.find(key);
        if (it != base.end() && it->second == value) continue;
        parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(key), QString::fromStdString(value.dump()));
    }
    return parts.join(QStringLiteral(", ")).remove(QLatin1Char('"'));
}

QString NocSweepDock::labelFor(const sim::ParamValues& keys) const {
    const auto value = [&](const char* key) {
        const auto it = keys.find(key);
        return it == keys.end() ? QString() : QString::fromStdString(it->second.dump()).remove(QLatin1Char('"'));
    };
    if (m_swept.empty())  // the first curve: what it is
        return tr("%1 k = %2, %3, %4 VCs × %5")
            .arg(value("topology"), value("k"), value("traffic"), value("num_vcs"), value("vc_buf_size"));
    const QString diff = difference(m_swept.front(), keys);
    return diff.isEmpty() ? tr("same configuration") : diff;
}

void NocSweepDock::start() {
    const auto* engine = sim::engineOf<noc::NocEngine>(m_controller.session());
    if (!engine || running()) return;
    const noc::NocConfig base = engine->config();
    // The keys as this run has them: a person's settings over the scenario's over the defaults.
    sim::ParamValues keys;
    for (const sim::ParamSpec& spec : noc::nocParams()) keys[spec.key] = spec.defaultValue;
    if (m_controller.setup().scenario)
        if (auto fromScenario = noc::scenarioKeys(*m_controller.setup().scenario))
            for (const auto& [k, v] : fromScenario.value()) keys[k] = v;
    for (const auto& [k, v] : m_controller.setup().values) keys[k] = v;
    keys.erase("injection_rate");  // the sweep's own variable
    keys.erase("injection_rate_uses_flits");
    m_charts.addCurve(labelFor(keys));
    m_swept.push_back(keys);
    m_status->setText(tr("Running %1 loads on %2 threads…").arg(loads().size()).arg(QThread::idealThreadCount()));
    // One independent engine per load (a value type, no shared state) on every core.
    const std::function<NocSweepPoint(double)> job = [base](double load) {
        noc::NocConfig config = base;
        config.injection_rate_uses_flits = true;
        config.injection_rate = load;
        const noc::NocReport report = noc::runNocBatch(config);
        NocSweepPoint point{load, std::nan(""), 0, report.outcome == noc::NocOutcome::Completed};
        if (point.stable) {
            point.latency = report.overall.plat.average();
            point.accepted = report.overall.acceptedFlits.average;
        } else if (!report.periods.empty()) {
            point.accepted = report.periods.back().acceptedFlits.average;  // the last period BookSim printed
        }
        return point;
    };
    m_progress->setRange(0, int(loads().size()));
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_clear->setEnabled(false);
    m_cancel->setEnabled(true);
    m_running = true;
    m_watcher.setFuture(QtConcurrent::mapped(loads(), job));
}

void NocSweepDock::cancel() { m_watcher.cancel(); }

void NocSweepDock::clear() {
    if (running()) return;
    m_charts.clear();
    m_swept.clear();
    m_status->clear();
}

void NocSweepDock::pointReady(int index) { m_charts.addPoint(m_watcher.resultAt(index)); }

void NocSweepDock::finished() {
    m_run->setEnabled(true);
    m_clear->setEnabled(true);
    m_cancel->setEnabled(false);
    const int points = m_charts.stablePoints();
    QStringList text{m_watcher.isCanceled() ? tr("Cancelled: %1 points.").arg(points)
                                            : tr("Done: %1 points.").arg(points)};
    const double saturation = m_charts.markSaturation();
    if (!std::isnan(saturation))
        text << tr("Unstable (BookSim: \"Simulation unstable\") from %1 flits/node/cycle: the saturation point.")
                    .arg(saturation);
    m_status->setText(joinSentences(text));
    m_running = false;
}

}  // namespace commviz::views
