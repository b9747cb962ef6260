#pragma once

#include "shell/retranslating_dock.h"

class QChart;
class QLabel;
class QTabWidget;

namespace commviz::views {

/// Bootstrap time and message count against nranks (2 … 131,072, log axes) for
/// the classic and the 2.30 bootstrap, from nccl::TimingModel: a stated model,
/// labelled so, not a measurement (objectName "NcclChartDock").
class NcclChartDock : public RetranslatingDock {
    Q_OBJECT

public:
    explicit NcclChartDock(QWidget* parent = nullptr);
    QChart* timeChart() const { return m_time; }
    QChart* messageChart() const { return m_messages; }

private:
    void retranslate() override;

    QTabWidget* m_tabs = nullptr;
    QChart* m_time = nullptr;
    QChart* m_messages = nullptr;
    QLabel* m_note = nullptr;
};

QDockWidget* createNcclChartDock(QWidget* parent);

}  // namespace commviz::views
