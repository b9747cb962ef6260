#pragma once

#include <QDockWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace commviz::views {

class SimulationController;

/// The selected object's fields at the cursor, layer by layer (e.g. WR → WQE →
/// packet → CQE → WC), as the engine describes it.
class InspectorDock : public QDockWidget {
    Q_OBJECT

public:
    InspectorDock(SimulationController& controller, QWidget* parent = nullptr);
    void setObject(const QString& id);
    QString object() const { return m_object; }
    QTreeWidget* tree() const { return m_tree; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    SimulationController& m_controller;
    QString m_object;
    QLabel* m_title;
    QTreeWidget* m_tree;
};

}  // namespace commviz::views
