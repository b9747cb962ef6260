#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <atomic>
#include <memory>
#include <optional>

#include "collectives_scene/collectives_chart_plot.h"
#include "collectives_scene/collectives_config.h"
#include "collectives_scene/collectives_sweep.h"
#include "shell/retranslating_dock.h"

class QLabel;
class QTabWidget;

namespace commviz::views {

class SimulationController;

/// Why the fixed rules change algorithm where they do: every algorithm's
/// time against message size (1 B to 1 GiB, log-log) at the scene's p, the
/// auto choice shaded as bands and the crossovers marked, and time against p
/// at the scene's size. For NCCL on a server the size charts are NCCL's tuner:
/// time and busbw of every enabled algorithm/protocol from 1 B to 16 GiB, its
/// pick shaded. It follows the controller's configuration; the cost-
/// only sweeps run on worker threads, the newest configuration winning
/// (objectName "CollectivesChartDock").
class CollectivesChartDock final : public RetranslatingDock {
    Q_OBJECT

public:
    CollectivesChartDock(SimulationController& controller, QWidget* parent);
    ~CollectivesChartDock() override;

    /// Sweeps for `config` unless the drawn sweeps are already for it (a
    /// change of bytes only moves the size chart's marker, of ranks the p chart's).
    void setConfig(const collectives::Config& config);
    /// True while a sweep runs.
    bool busy() const { return m_sizesJob.running || m_ranksJob.running; }
    const CollectivesChartPlot& sizesPlot() const { return m_sizes; }
    const CollectivesChartPlot& ranksPlot() const { return m_ranks; }
    /// NCCL's tuner only: busbw against size (its tab is hidden otherwise).
    const CollectivesChartPlot& busbwPlot() const { return m_busbw; }
    QLabel* status() const { return m_status; }
    /// Milliseconds the last size sweep took on its worker.
    qint64 lastSizesSweepMs() const { return m_sizesMs; }

private:
    struct Job {
        QFutureWatcher<collectives::Sweep>* watcher = nullptr;
        std::shared_ptr<std::atomic<bool>> cancel;
        QElapsedTimer clock;
        bool running = false;  ///< until its result is drawn
    };

    void follow();
    void start(Job& job, collectives::SweepAxis axis, const collectives::Config& config);
    void sizesDone();
    void ranksDone();
    void retranslate() override;
    void updateStatus();
    QString fastestText() const;
    bool tuner() const;

    SimulationController& m_controller;
    CollectivesChartPlot m_sizes{collectives::SweepAxis::Bytes};
    CollectivesChartPlot m_ranks{collectives::SweepAxis::Ranks};
    CollectivesChartPlot m_busbw{collectives::SweepAxis::Bytes, CollectivesChartPlot::Unit::BusBandwidth};
    QFutureWatcher<collectives::Sweep> m_sizesWatcher;
    QFutureWatcher<collectives::Sweep> m_ranksWatcher;
    Job m_sizesJob;
    Job m_ranksJob;
    std::optional<collectives::Config> m_config;  ///< what the charts show or are being swept for
    qint64 m_sizesMs = 0;
    QTimer m_debounce;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_status = nullptr;
};

/// For the scene descriptor's createDocks: a new CollectivesChartDock owned by `parent`.
QDockWidget* createCollectivesChartDock(SimulationController& controller, QWidget* parent);

}  // namespace commviz::views
