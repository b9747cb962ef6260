#pragma once

#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointF>

class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
class QProgressBar;
class QPushButton;
class QLabel;

namespace commviz::views {

class SimulationController;

/// The latency-versus-offered-load curve of the scene's current config: one
/// batch run per load (BookSim's full warm-up / measure / drain protocol) on
/// every core in the background, points appearing as they finish, with a
/// progress bar and Cancel. Unstable loads are listed, not plotted.
class NocSweepDock final : public QDockWidget {
    Q_OBJECT

public:
    NocSweepDock(SimulationController& controller, QWidget* parent);
    ~NocSweepDock() override;

    /// The offered loads (flits/node/cycle) a sweep runs.
    static QList<double> loads();
    /// True while a sweep runs.
    /// Until finished() has run: every point the watcher reported is plotted by then.
    bool running() const { return m_running; }
    QLineSeries* curve() const { return m_curve; }
    void start();
    void cancel();

private:
    void pointReady(int index);
    void finished();

    SimulationController& m_controller;
    QFutureWatcher<QPointF> m_watcher;
    bool m_running = false;
    QChart* m_chart = nullptr;
    QLineSeries* m_curve = nullptr;
    QScatterSeries* m_points = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QList<double> m_unstable;
};

}  // namespace commviz::views
