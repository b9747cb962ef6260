#pragma once

#include <QAbstractTableModel>
#include <QCache>
#include <cstdint>

#include "sim/event_record.h"

namespace commviz::views {

class SimulationController;

/// Every event up to the furthest step shown so far, one row each, as a
/// virtual table over the session: a row is described only when a view asks
/// for it (the visible rows), so millions of events cost nothing until
/// scrolled to. A few hundred described rows are cached, which also keeps the
/// visible rows drawn while a worker owns the session. Steps the controller
/// recorded ahead of the cursor are not listed until the cursor reaches them;
/// rows after the cursor (after stepping back) are greyed and say so.
class EventListModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Step, Kind, Summary, Anchor, Objects, Details, ColumnCount };
    static constexpr int StepRole = Qt::UserRole + 1;

    explicit EventListModel(SimulationController& controller, QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    /// First row of step n, or -1.
    int rowOfStep(std::size_t step) const;
    /// The language changed: headers and described text read again.
    void retranslate();

private:
    struct Row {
        std::size_t step = 0;
        sim::EventRecord record;
    };
    void append();
    void rebuild();
    const Row* row(int index) const;
    QVariant text(const Row& row, int column) const;
    QString futureNote(const Row& row) const;
    /// Rows of steps 1 .. step.
    int rowsThrough(std::size_t step) const;

    SimulationController& m_controller;
    int m_rows = 0;
    std::size_t m_shownUpTo = 0;   // the furthest step the cursor has been at in this session
    std::size_t m_lastCursor = 0;  // the cursor the rows' greying last followed
    mutable QCache<int, Row> m_described;
};

}  // namespace commviz::views
