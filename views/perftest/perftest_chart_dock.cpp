#include "perftest/perftest_chart_dock.h"

#include <QEvent>

#include "perftest/perftest_chart_widget.h"

namespace commviz::views {

PerftestChartDock::PerftestChartDock(QWidget* parent) : QDockWidget(parent), m_widget(new PerftestChartWidget(this)) {
    setObjectName(QStringLiteral("PerftestChartDock"));
    setWindowTitle(tr("perftest model: bandwidth and latency"));
    setWidget(m_widget);
}

void PerftestChartDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) setWindowTitle(tr("perftest model: bandwidth and latency"));
    QDockWidget::changeEvent(event);
}

QDockWidget* createPerftestChartDock(QWidget* parent) { return new PerftestChartDock(parent); }

}  // namespace commviz::views
