#pragma once

#include <QDockWidget>
#include <QFutureWatcher>
#include <memory>

#include "noc/noc_sweep_charts.h"
#include "sim/param_spec.h"

class QLineSeries;
class QProgressBar;
class QPushButton;
class QLabel;

namespace commviz::views {

class SimulationController;

/// The classic curves of the scene's configuration: latency vs offered load
/// and accepted vs offered throughput, one batch run per load (BookSim's full
/// warm-up / measure / drain protocol) on every core in the background, points
/// appearing as they finish, with a progress bar and Cancel. Each sweep adds
/// its configuration's curves over the earlier ones, named by the keys that
/// differ from the first; Clear removes them. The saturation point (the lowest
/// load BookSim calls unstable) is marked on both charts.
class NocSweepDock final : public QDockWidget {
    Q_OBJECT

public:
    NocSweepDock(SimulationController& controller, QWidget* parent);
    ~NocSweepDock() override;

    /// The offered loads (flits/node/cycle) a sweep runs.
    static QList<double> loads();
    /// Until finished() has run: every point the watcher reported is plotted by then.
    bool running() const { return m_running; }
    /// The newest curve's latency line.
    QLineSeries* curve() const { return m_charts.latestLatency(); }
    const NocSweepCharts& charts() const { return m_charts; }
    /// Sweeps the current configuration, adding its curves to the charts.
    void start();
    void cancel();
    void clear();
    /// "num_vcs = 2, traffic = transpose": the keys of `keys` that differ from `base`.
    static QString difference(const sim::ParamValues& base, const sim::ParamValues& keys);

private:
    void pointReady(int index);
    void finished();
    QString labelFor(const sim::ParamValues& keys) const;

    SimulationController& m_controller;
    QFutureWatcher<NocSweepPoint> m_watcher;
    bool m_running = false;
    NocSweepCharts m_charts;
    std::vector<sim::ParamValues> m_swept;  ///< the keys of each curve, in order
    QProgressBar* m_progress = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_clear = nullptr;
    QLabel* m_status = nullptr;
};

}  // namespace commviz::views
