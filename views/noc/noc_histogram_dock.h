#pragma once

#include <QDockWidget>
#include <QFutureWatcher>
#include <QTimer>
#include <atomic>
#include <memory>

#include "noc/noc_stats.h"

class QChart;
class QComboBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QValueAxis;

namespace commviz::views {

class SimulationController;

/// The packet latency distribution (tail arrival - creation, source queueing
/// included, in BookSim's 1-cycle bins): of every packet delivered in the run
/// up to the cursor (refreshed as the cursor moves), or of the measured
/// packets of a whole batch run, the population BookSim's statistics average.
/// Worked out on a worker from a fresh engine of the same configuration.
class NocHistogramDock final : public QDockWidget {
    Q_OBJECT

public:
    enum class Source { UpToCursor, Batch };
    NocHistogramDock(SimulationController& controller, QWidget* parent);
    ~NocHistogramDock() override;

    void setSource(Source source);
    /// Starts working out the histogram (cancelling one under way).
    void recompute();
    bool running() const { return m_watcher.isRunning(); }
    const noc::LatencyHistogram& histogram() const { return m_histogram; }
    /// The drawn outline: a step per bin, (bin, count) to (bin + 1, count).
    QLineSeries* outline() const { return m_outline; }
    QLabel* status() const { return m_status; }

private:
    void finished();
    void stop();

    SimulationController& m_controller;
    Source m_source = Source::UpToCursor;
    QFutureWatcher<noc::LatencyHistogram> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QTimer m_debounce;
    noc::LatencyHistogram m_histogram;
    QChart* m_chart = nullptr;
    QLineSeries* m_outline = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    QComboBox* m_sourceBox = nullptr;
    QLabel* m_status = nullptr;
};

}  // namespace commviz::views
