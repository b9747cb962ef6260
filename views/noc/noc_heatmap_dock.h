#pragma once

#include <memory>

#include "shell/retranslating_dock.h"

class QLabel;
class QSpinBox;
class QTableWidget;

namespace commviz::views {

class NocHeatmapSettings;

/// The heatmap's window chooser (the last N cycles up to the cursor) and the
/// selected router's numbers in that window: per port, the flits per cycle it
/// sent, the mean flits buffered at its input and the mean stalled VCs there.
/// The heatmap itself is picked in the View menu (Ctrl+1, Ctrl+2, Ctrl+3).
class NocHeatmapDock final : public RetranslatingDock {
    Q_OBJECT

public:
    NocHeatmapDock(std::shared_ptr<NocHeatmapSettings> settings, QWidget* parent);
    QSpinBox* windowBox() const { return m_window; }
    QTableWidget* table() const { return m_table; }
    QLabel* heading() const { return m_heading; }

private:
    void refresh();
    void retranslate() override;

    std::shared_ptr<NocHeatmapSettings> m_settings;
    QLabel* m_windowLabel = nullptr;
    QSpinBox* m_window = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_heading = nullptr;
    QTableWidget* m_table = nullptr;
};

}  // namespace commviz::views
