#include "collectives_scene/collectives_chart_dock.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/nccl_tuner_sweep.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

namespace {

using collectives::Config;
using collectives::SweepAxis;

/// The config with what a sweep along `axis` does not depend on left out:
/// the axis's own variable, the algorithm (every one is swept) and the events' detail.
Config sweepKey(Config config, SweepAxis axis) {
    if (axis == SweepAxis::Bytes) {
        config.bytes = 0;
    } else {
        config.ranks = 0;
        config.topology = nullptr;  // the p sweep prices the animation's α-β only
    }
    config.algorithm.clear();
    config.detail = collectives::Detail::Auto;
    return config;
}

QString libraryText(collectives::Library library) {
    return library == collectives::Library::Ompi ? QStringLiteral("Open MPI") : QStringLiteral("NCCL");
}

}  // namespace

CollectivesChartDock::CollectivesChartDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent), m_controller(controller), m_tabs(new QTabWidget), m_status(new QLabel) {
    setObjectName(QStringLiteral("CollectivesChartDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    for (QChart* chart : {m_sizes.chart(), m_ranks.chart(), m_busbw.chart()}) {
        auto* view = new QChartView(chart);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(260);
        m_tabs->addTab(view, QString());
    }
    m_status->setWordWrap(true);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_status);
    setWidget(body);
    m_sizesJob.watcher = &m_sizesWatcher;
    m_ranksJob.watcher = &m_ranksWatcher;
    connect(&m_sizesWatcher, &QFutureWatcher<collectives::Sweep>::finished, this, &CollectivesChartDock::sizesDone);
    connect(&m_ranksWatcher, &QFutureWatcher<collectives::Sweep>::finished, this, &CollectivesChartDock::ranksDone);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);  // typing a value changes the session at every key
    connect(&m_debounce, &QTimer::timeout, this, &CollectivesChartDock::follow);
    connect(&m_controller, &SimulationController::sessionChanged, this, [this] { m_debounce.start(); });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) m_debounce.start();
    });
    retranslate();
}

CollectivesChartDock::~CollectivesChartDock() {
    // The workers hold copies of what they need; they stop at their next point.
    for (Job* job : {&m_sizesJob, &m_ranksJob})
        if (job->cancel) job->cancel->store(true);
}

void CollectivesChartDock::follow() {
    if (!isVisible()) return;  // swept when shown
    const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(m_controller.session());
    if (access) setConfig(access->engine().config());
}

void CollectivesChartDock::setConfig(const Config& config) {
    const std::optional<Config> before = m_config;
    m_config = config;
    if (!before || sweepKey(*before, SweepAxis::Bytes) != sweepKey(config, SweepAxis::Bytes)) {
        start(m_sizesJob, SweepAxis::Bytes, config);
    } else {
        m_sizes.setCurrent(double(config.bytes));
        m_busbw.setCurrent(double(config.bytes));
    }
    if (!before || sweepKey(*before, SweepAxis::Ranks) != sweepKey(config, SweepAxis::Ranks))
        start(m_ranksJob, SweepAxis::Ranks, config);
    else
        m_ranks.setCurrent(config.ranks);
    updateStatus();
}

void CollectivesChartDock::start(Job& job, SweepAxis axis, const Config& config) {
    if (job.cancel) job.cancel->store(true);  // the older sweep's result is no longer wanted
    job.cancel = std::make_shared<std::atomic<bool>>(false);
    job.clock.start();
    job.running = true;
    const auto cancel = job.cancel;
    job.watcher->setFuture(QtConcurrent::run([config, axis, cancel] {
        return axis == SweepAxis::Bytes ? collectives::sweepOverSizes(config, cancel.get())
                                        : collectives::sweepOverRanks(config, cancel.get());
    }));
}

void CollectivesChartDock::sizesDone() {
    const collectives::Sweep sweep = m_sizesWatcher.result();
    if (sweep.cancelled || !m_config) return;
    m_sizesJob.running = false;
    m_sizesMs = m_sizesJob.clock.elapsed();
    m_sizes.show(sweep, double(m_config->bytes));
    // The busbw sweep is the same 35 × pairs cells of the tuner, read as bandwidths: cheap enough here.
    if (tuner()) m_busbw.show(collectives::ncclTunerSweep(*m_config, true), double(m_config->bytes));
    m_tabs->setTabVisible(2, tuner());
    if (tuner()) m_sizes.setYTitle(tr("time NCCL's tuner predicts (µs, ms, s)"));
    updateStatus();
}

void CollectivesChartDock::ranksDone() {
    const collectives::Sweep sweep = m_ranksWatcher.result();
    if (sweep.cancelled || !m_config) return;
    m_ranksJob.running = false;
    m_ranks.show(sweep, m_config->ranks);
    updateStatus();
}

bool CollectivesChartDock::tuner() const { return m_config && collectives::usesNcclTuner(*m_config); }

QString CollectivesChartDock::fastestText() const {
    QStringList changes;
    for (const auto& crossover : m_sizes.sweep().crossovers)
        changes << tr("%1 → %2 at %3")
                       .arg(QString::fromStdString(crossover.slower), QString::fromStdString(crossover.faster),
                            CollectivesChartPlot::sizeText(crossover.at));
    return changes.isEmpty() ? tr("The fastest algorithm is the same at every size.")
                             : tr("The fastest changes: %1.").arg(changes.join(tr("; ")));
}

void CollectivesChartDock::updateStatus() {
    if (!m_config) return;
    const QString what = QStringLiteral("%1 %2").arg(
        libraryText(m_config->library), QString::fromLatin1(collectives::name(m_config->collective).data()));
    m_sizes.chart()->setTitle(tr("%1: time against message size, p = %2").arg(what).arg(m_config->ranks));
    m_busbw.chart()->setTitle(tr("%1: busbw against message size, p = %2").arg(what).arg(m_config->ranks));
    m_ranks.chart()->setTitle(
        tr("%1: time against p, S = %2").arg(what, CollectivesChartPlot::sizeText(double(m_config->bytes))));
    if (busy()) {
        m_status->setText(tr("Sweeping every algorithm (cost only, no data moved)…"));
        return;
    }
    const QString fastest = fastestText();
    if (tuner()) {
        m_status->setText(tr("%1 Shaded: what NCCL picks on %2 × %3 (ncclTopoGetAlgoTime, every enabled "
                             "algorithm/protocol; the rules of NCCL 2.%4.%5).")
                              .arg(fastest, QString::fromStdString(m_config->topology->topoFile))
                              .arg(m_config->topology->nNodes)
                              .arg(m_config->topology->inputs.version.minor)
                              .arg(m_config->topology->inputs.version.patch));
        return;
    }
    m_status->setText(tr("%1 Shaded: what Open MPI's fixed rules (algorithm=auto) pick. Hockney α-β-γ cost of "
                         "each schedule's critical path; swept in %2 ms.")
                          .arg(fastest)
                          .arg(m_sizesMs));
}

void CollectivesChartDock::retranslate() {
    setWindowTitle(tr("Collectives: time against size and p"));
    m_tabs->setTabText(0, tr("time vs size"));
    m_tabs->setTabText(1, tr("time vs p"));
    m_tabs->setTabText(2, tr("busbw vs size"));
    m_tabs->setTabVisible(2, tuner());
    m_sizes.retranslate();
    m_ranks.retranslate();
    m_busbw.retranslate();
    if (tuner()) m_sizes.setYTitle(tr("time NCCL's tuner predicts (µs, ms, s)"));
    updateStatus();
}

QDockWidget* createCollectivesChartDock(SimulationController& controller, QWidget* parent) {
    return new CollectivesChartDock(controller, parent);
}

}  // namespace commviz::views
