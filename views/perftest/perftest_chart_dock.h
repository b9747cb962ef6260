#pragma once

#include <QDockWidget>

namespace commviz::views {

class PerftestChartWidget;

/// The perftest chart as a dock (objectName "PerftestChartDock").
class PerftestChartDock : public QDockWidget {
    Q_OBJECT

public:
    explicit PerftestChartDock(QWidget* parent = nullptr);
    PerftestChartWidget* chartWidget() const { return m_widget; }

protected:
    void changeEvent(QEvent* event) override;

private:
    PerftestChartWidget* m_widget = nullptr;
};

/// For scene descriptors' createDocks: a new PerftestChartDock owned by `parent`.
QDockWidget* createPerftestChartDock(QWidget* parent);

}  // namespace commviz::views
