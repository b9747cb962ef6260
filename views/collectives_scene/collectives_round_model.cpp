#include "collectives_scene/collectives_round_model.h"

#include <QLocale>
#include <variant>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_text.h"

namespace commviz::views {

std::vector<CollectivesRoundRow> collectivesRounds(const collectives::Config& config, std::int64_t messageBudget,
                                                   const std::function<bool()>& cancelled) {
    collectives::Config rounds = config;
    rounds.detail = collectives::Detail::Rounds;  // one event per round carries the row
    auto engine = collectives::CollectivesEngine::create(rounds);
    std::vector<CollectivesRoundRow> rows;
    if (!engine) return rows;
    std::int64_t messages = 0;
    while (!engine->done() && messages < messageBudget && !cancelled()) {
        for (const auto& event : engine->step())
            if (const auto* round = std::get_if<collectives::RoundEvent>(&event)) {
                rows.push_back({round->messages, round->bytes, round->reduce, round->end_us});
                messages += round->messages;
            }
    }
    return rows;
}

void CollectivesRoundModel::setRows(std::vector<CollectivesRoundRow> rows, int totalRounds) {
    beginResetModel();
    m_rows = std::move(rows);
    m_totalRounds = totalRounds;
    endResetModel();
}

int CollectivesRoundModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CollectivesRoundModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CollectivesRoundModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_rows.size())) return {};
    const CollectivesRoundRow& row = m_rows[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(index.column() == Reduce ? Qt::AlignCenter : Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    const QLocale locale;
    switch (index.column()) {
        case Round:
            return index.row() + 1;
        case Messages:
            return locale.toString(qlonglong(row.messages));
        case Bytes:
            return CollectivesText::bytesText(row.bytes);
        case Reduce:
            return row.reduce ? tr("yes") : tr("no");
        case EndTime:
            return locale.toString(row.endUs, 'f', 2);
        default:
            return {};
    }
}

QVariant CollectivesRoundModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
        case Round:
            return tr("Round");
        case Messages:
            return tr("Messages");
        case Bytes:
            return tr("Bytes sent");
        case Reduce:
            return tr("Reduce");
        case EndTime:
            return tr("Ends at (µs)");
        default:
            return {};
    }
}

}  // namespace commviz::views
