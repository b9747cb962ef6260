#pragma once

#include <QFutureWatcher>
#include <atomic>
#include <memory>
#include <vector>

#include "collectives_scene/collectives_round_model.h"
#include "shell/retranslating_dock.h"

class QLabel;
class QTableView;

namespace commviz::views {

class SimulationController;

/// The round-by-round table of the collectives scene: messages, bytes, whether
/// receivers reduce and the time at the end of each round, computed in the
/// background for the whole run; the cursor's round is selected, and clicking
/// a row seeks to that round.
class CollectivesRoundDock final : public RetranslatingDock {
    Q_OBJECT

public:
    /// Messages a table computes at most (a 4,096-rank ring has 33 million).
    static constexpr std::int64_t kMessageBudget = 4'000'000;

    CollectivesRoundDock(SimulationController& controller, QWidget* parent);
    ~CollectivesRoundDock() override;

    const CollectivesRoundModel& model() const { return m_model; }
    QTableView* table() const { return m_table; }
    /// Until finished() has run for the current session.
    bool computing() const { return m_computing; }

private:
    void recompute();
    void finished();
    void followCursor();
    void rowClicked(const QModelIndex& index);
    void retranslate() override;
    void stop();

    SimulationController& m_controller;
    CollectivesRoundModel m_model;
    QTableView* m_table = nullptr;
    QLabel* m_status = nullptr;
    QFutureWatcher<std::vector<CollectivesRoundRow>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_totalRounds = 0;
    bool m_computing = false;
    bool m_following = false;  ///< selecting the cursor's row, not a click
};

}  // namespace commviz::views
