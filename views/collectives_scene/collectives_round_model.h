#pragma once

#include <QAbstractTableModel>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "collectives_scene/collectives_config.h"

namespace commviz::views {

/// One round of a run: what the table shows.
struct CollectivesRoundRow {
    std::int64_t messages = 0;
    std::int64_t bytes = 0;  ///< sent by all ranks
    bool reduce = false;
    double endUs = 0;  ///< the critical-path clock after the round
};

/// The rounds of a run, computed on the batch path (the engine alone, one
/// event per round): at most `messageBudget` messages, so a 4,096-rank ring
/// fills the table in bounded time; `cancelled` is polled every round.
std::vector<CollectivesRoundRow> collectivesRounds(const collectives::Config& config, std::int64_t messageBudget,
                                                   const std::function<bool()>& cancelled);

/// Round, messages, bytes, reduce and time at the end of the round, one row per round.
class CollectivesRoundModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Round, Messages, Bytes, Reduce, EndTime, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;
    void setRows(std::vector<CollectivesRoundRow> rows, int totalRounds);
    int totalRounds() const { return m_totalRounds; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<CollectivesRoundRow> m_rows;
    int m_totalRounds = 0;
};

}  // namespace commviz::views
