#include "shell/event_list_model.h"

#include <algorithm>

#include "shell/json_text.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

EventListModel::EventListModel(SimulationController& controller, QObject* parent)
    : QAbstractTableModel(parent), m_controller(controller) {
    connect(&controller, &SimulationController::sessionChanged, this, &EventListModel::rebuild);
    connect(&controller, &SimulationController::cursorChanged, this, &EventListModel::append);
}

void EventListModel::rebuild() {
    beginResetModel();
    m_rows.clear();
    m_upTo = 0;
    endResetModel();
    append();
}

void EventListModel::append() {
    const sim::Session* session = m_controller.session();
    if (!session || session->recordedSteps() <= m_upTo) return;
    std::vector<Row> added;
    for (std::size_t n = m_upTo + 1; n <= session->recordedSteps(); ++n)
        for (const auto& record : session->eventRecords(n)) added.push_back({n, record});
    m_upTo = session->recordedSteps();
    if (added.empty()) return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size()) - 1);
    m_rows.insert(m_rows.end(), std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
    endInsertRows();
}

int EventListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int EventListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_rows.size())) return {};
    const Row& row = m_rows[std::size_t(index.row())];
    if (role == StepRole) return qulonglong(row.step);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
        case Step:
            return qulonglong(row.step);
        case Kind:
            return QString::fromStdString(row.record.kind);
        case Anchor:
            return QString::fromStdString(row.record.anchor);
        case Objects: {
            QStringList ids;
            for (const auto& id : row.record.objects) ids << QString::fromStdString(id);
            return ids.join(QStringLiteral(", "));
        }
        case Details: {
            QStringList parts;
            for (const auto& [key, value] : row.record.fields.items())
                parts << QStringLiteral("%1=%2").arg(QString::fromStdString(key), jsonText(value));
            return parts.join(QStringLiteral("  "));
        }
        default:
            return {};
    }
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Step:
            return tr("Step");
        case Kind:
            return tr("Event");
        case Anchor:
            return tr("Source");
        case Objects:
            return tr("Objects");
        case Details:
            return tr("Details");
        default:
            return {};
    }
}

int EventListModel::rowOfStep(std::size_t step) const {
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), step,
                                     [](const Row& row, std::size_t s) { return row.step < s; });
    return it == m_rows.end() || it->step != step ? -1 : int(it - m_rows.begin());
}

}  // namespace commviz::views
