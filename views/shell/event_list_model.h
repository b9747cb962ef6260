#pragma once

#include <QAbstractTableModel>
#include <QCache>
#include <cstdint>

#include "sim/event_record.h"

namespace commviz::views {

class SimulationController;

/// Every event recorded so far, one row each, as a virtual table over the
/// session: a row is described only when a view asks for it (the visible
/// rows), so millions of events cost nothing until scrolled to. A few hundred
/// described rows are cached, which also keeps the visible rows drawn while a
/// worker owns the session.
class EventListModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Step, Kind, Anchor, Objects, Details, ColumnCount };
    static constexpr int StepRole = Qt::UserRole + 1;

    explicit EventListModel(SimulationController& controller, QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    /// First row of step n, or -1.
    int rowOfStep(std::size_t step) const;

private:
    struct Row {
        std::size_t step = 0;
        sim::EventRecord record;
    };
    void append();
    void rebuild();
    const Row* row(int index) const;

    SimulationController& m_controller;
    int m_rows = 0;
    mutable QCache<int, Row> m_described;
};

}  // namespace commviz::views
