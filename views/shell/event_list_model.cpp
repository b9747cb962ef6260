#include "shell/event_list_model.h"

#include <algorithm>
#include <climits>
#include <memory>

#include "shell/json_text.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {
// Rows a person can see at once, many times over: enough for smooth scrolling.
constexpr int kDescribedRows = 512;
}  // namespace

EventListModel::EventListModel(SimulationController& controller, QObject* parent)
    : QAbstractTableModel(parent), m_controller(controller), m_described(kDescribedRows) {
    connect(&controller, &SimulationController::sessionChanged, this, &EventListModel::rebuild);
    connect(&controller, &SimulationController::cursorChanged, this, &EventListModel::append);
}

void EventListModel::rebuild() {
    beginResetModel();
    m_rows = 0;
    m_described.clear();
    endResetModel();
    append();
}

// The recording only grows within a session, so new steps are new rows at the end.
void EventListModel::append() {
    const sim::Session* session = m_controller.session();
    if (!session) return;
    const int total = int(std::min<std::uint64_t>(session->totalEvents(), std::uint64_t(INT_MAX)));
    if (total <= m_rows) return;
    beginInsertRows({}, m_rows, total - 1);
    m_rows = total;
    endInsertRows();
}

const EventListModel::Row* EventListModel::row(int index) const {
    if (const Row* cached = m_described.object(index)) return cached;
    const sim::Session* session = m_controller.session();
    if (!session || std::uint64_t(index) >= session->totalEvents()) return nullptr;
    auto described = std::make_unique<Row>();
    described->step = session->stepOfEvent(std::uint64_t(index));
    described->record = session->eventRecord(
        described->step, std::size_t(std::uint64_t(index) - session->eventsBefore(described->step)));
    const Row* kept = described.get();
    m_described.insert(index, described.release());
    return kept;
}

int EventListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_rows; }
int EventListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows) return {};
    if (role != StepRole && role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const Row* described = row(index.row());
    if (!described) return {};
    const Row& row = *described;
    if (role == StepRole) return qulonglong(row.step);
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
    const sim::Session* session = m_controller.session();
    if (!session || step == 0 || step > session->recordedSteps() || session->eventCount(step) == 0) return -1;
    const std::uint64_t first = session->eventsBefore(step);
    return first < std::uint64_t(m_rows) ? int(first) : -1;
}

}  // namespace commviz::views
