#pragma once

#include <memory>

#include "collectives_scene/collectives_channel_focus.h"
#include "shell/retranslating_dock.h"

class QComboBox;
class QLabel;
class QScrollArea;

namespace commviz::views {

class CollectivesTimelinePlot;
class SimulationController;

/// NCCL's ring pipeline as it ran up to the cursor: a lane per rank and channel, each slice a bar coloured
/// by transport, the critical path framed (CollectivesTimelinePlot), a channel picker above. Runs without
/// pipeline timings (Open MPI, no server, trees, per-round events) leave one line saying why
/// (objectName "CollectivesTimelineDock").
class CollectivesTimelineDock final : public RetranslatingDock {
    Q_OBJECT

public:
    /// More lanes than this open on channel 0 alone.
    static constexpr int kMaxLanesAtOnce = 64;
    /// The height the dock takes the first time it shows, when the window gave it less.
    static constexpr int kOpenHeight = 300;

    /// Picking a channel also sets `focus`, the channel the canvas draws in full (-1 for all channels).
    CollectivesTimelineDock(SimulationController& controller, std::shared_ptr<CollectivesChannelFocus> focus,
                            QWidget* parent);

    const CollectivesTimelinePlot& plot() const { return *m_plot; }
    QComboBox* channelBox() const { return m_channels; }
    /// The line above the plot: what is shown, or why nothing is.
    QLabel* status() const { return m_status; }
    /// True when the plot is shown (the run has pipeline timings).
    bool timed() const;

private:
    void sessionChanged();
    void refresh();
    void retranslate() override;
    void fillChannels();
    QString untimedReason() const;

    void focusCanvas(int index);
    void growOnce();

    SimulationController& m_controller;
    std::shared_ptr<CollectivesChannelFocus> m_focus;
    CollectivesTimelinePlot* m_plot = nullptr;
    QScrollArea* m_scroll = nullptr;
    QComboBox* m_channels = nullptr;
    QLabel* m_channelLabel = nullptr;
    QLabel* m_status = nullptr;
    bool m_grown = false;    ///< growOnce ran
    int m_ranks = 0;         ///< of the session the picker was filled for
    int m_channelCount = 0;  ///< likewise
};

}  // namespace commviz::views
