#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "sim/event_record.h"

namespace commviz::views {

class SimulationController;

/// Every event recorded so far, one row each. Rows are copied from the session
/// as steps are recorded so the table never reads the engine during a run.
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
        std::size_t step;
        sim::EventRecord record;
    };
    void append();
    void rebuild();

    SimulationController& m_controller;
    std::vector<Row> m_rows;
    std::size_t m_upTo = 0;
};

}  // namespace commviz::views
