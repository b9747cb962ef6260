#pragma once

#include "shell/retranslating_dock.h"

class QAbstractItemModel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace commviz::views {

class EventListModel;
class SimulationController;

/// The filterable table of the events up to the furthest step shown (each with
/// its sentence in the current language); clicking a row seeks there.
/// proxy() filters only while the filter has text.
class EventsDock : public RetranslatingDock {
    Q_OBJECT

public:
    EventsDock(SimulationController& controller, QWidget* parent = nullptr);
    EventListModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QLineEdit* filter() const { return m_filter; }

signals:
    /// A row was clicked: event `index` (from 0) of `step`, after seeking there.
    void eventSelected(std::size_t step, int index);

private:
    void retranslate() override;
    void applyFilter(const QString& text);
    void setTableModel(QAbstractItemModel* model);
    void followCursor();

    SimulationController& m_controller;
    EventListModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTableView* m_table;
};

}  // namespace commviz::views
