#include "shell/event_list_model.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <algorithm>
#include <climits>
#include <memory>

#include "shell/event_details.h"
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
    m_shownUpTo = 0;
    m_lastCursor = 0;
    m_described.clear();
    endResetModel();
    append();
}

// The rows shown only grow within a session (steps the cursor has reached), so
// new steps are new rows at the end. Rows between the old and the new cursor
// change between "after the cursor" and "reached".
void EventListModel::append() {
    const sim::Session* session = m_controller.session();
    if (!session) return;
    const std::size_t cursor = m_controller.cursor();
    const int moved = rowsThrough(std::min(m_lastCursor, cursor));
    const int movedEnd = std::min(rowsThrough(std::max(m_lastCursor, cursor)), m_rows);
    m_lastCursor = cursor;
    if (moved < movedEnd)
        emit dataChanged(index(moved, 0), index(movedEnd - 1, ColumnCount - 1),
                         {Qt::ForegroundRole, Qt::FontRole, Qt::ToolTipRole});
    m_shownUpTo = std::max(m_shownUpTo, cursor);
    const int total = rowsThrough(m_shownUpTo);
    if (total <= m_rows) return;
    beginInsertRows({}, m_rows, total - 1);
    m_rows = total;
    endInsertRows();
}

int EventListModel::rowsThrough(std::size_t step) const {
    const sim::Session* session = m_controller.session();
    if (!session) return m_rows;
    const std::uint64_t through =
        step >= session->recordedSteps() ? session->totalEvents() : session->eventsBefore(step + 1);
    return int(std::min<std::uint64_t>(through, std::uint64_t(INT_MAX)));
}

void EventListModel::retranslate() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (m_rows > 0) emit dataChanged(index(0, 0), index(m_rows - 1, ColumnCount - 1));
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
    if (role != StepRole && role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::ForegroundRole &&
        role != Qt::FontRole)
        return {};
    const Row* described = row(index.row());
    if (!described) return {};
    const Row& row = *described;
    if (role == StepRole) return qulonglong(row.step);
    // A row after the cursor (the person stepped back): greyed and in italics.
    const bool ahead = row.step > m_controller.cursor();
    if (role == Qt::ForegroundRole)
        return ahead ? QVariant(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text)) : QVariant();
    if (role == Qt::FontRole) {
        if (!ahead) return {};
        QFont font;
        font.setItalic(true);
        return font;
    }
    if (role == Qt::ToolTipRole) {
        const QString shown = text(row, index.column()).toString();
        return ahead ? QStringLiteral("%1\n%2").arg(futureNote(row), shown) : shown;
    }
    return text(row, index.column());
}

QVariant EventListModel::text(const Row& row, int column) const {
    switch (column) {
        case Step:
            return qulonglong(row.step);
        case Kind:
            return QString::fromStdString(row.record.kind);
        case Summary:
            return m_controller.scene() ? m_controller.scene()->narrate(row.record) : QString();
        case Anchor:
            return QString::fromStdString(row.record.anchor);
        case Objects: {
            QStringList ids;
            for (const auto& id : row.record.objects) ids << QString::fromStdString(id);
            return ids.join(QStringLiteral(", "));
        }
        case Details:
            return eventDetails(row.record.fields);
        default:
            return {};
    }
}

QString EventListModel::futureNote(const Row& row) const {
    return tr("Step %1 is after the cursor (step %2): it has not happened yet on screen.")
        .arg(row.step)
        .arg(m_controller.cursor());
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Step:
            return tr("Step");
        case Kind:
            return tr("Event");
        case Summary:
            return tr("What happened");
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
