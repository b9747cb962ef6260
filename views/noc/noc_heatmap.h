#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

#include "noc/noc_window_stats.h"

namespace commviz::sim {
class Session;
}
namespace commviz::noc {
class NocEngine;
}

namespace commviz::views {

struct ScenePaint;
class NocLayout;

/// What the NoC heatmap shows. Each is a scene view option (View menu, a
/// shortcut, `commviz export --option ID[=N]`, N being the window in cycles).
enum class NocHeatmapMode { Off, Links, Buffers, Stalls };

/// The heatmap's window length and the numbers of its last drawing, shared by
/// the renderer (which draws them) and the heatmap dock (which sets the window
/// and lists the selected router's numbers). One per scene descriptor.
class NocHeatmapSettings final : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultWindow = 1000;
    int window() const { return m_window; }
    void setWindow(int cycles);
    /// Called by the renderer after drawing a heatmap (or none: mode Off).
    void publish(NocHeatmapMode mode, const commviz::noc::NocWindowStats& stats, int selectedRouter);
    NocHeatmapMode mode() const { return m_mode; }
    const commviz::noc::NocWindowStats& stats() const { return m_stats; }
    int selectedRouter() const { return m_selected; }

signals:
    void windowChanged(int cycles);
    void published();

private:
    int m_window = kDefaultWindow;
    NocHeatmapMode m_mode = NocHeatmapMode::Off;
    commviz::noc::NocWindowStats m_stats;
    int m_selected = -1;
};

/// Names, colours and drawing of the heatmaps.
class NocHeatmap {
    Q_DECLARE_TR_FUNCTIONS(NocHeatmap)

public:
    static constexpr const char* kLinks = "noc.heatmap.links";
    static constexpr const char* kBuffers = "noc.heatmap.buffers";
    static constexpr const char* kStalls = "noc.heatmap.stalls";

    /// The mode the options ask for (the one switched on last wins) and the
    /// window an `ID=N` option gives, if any.
    static NocHeatmapMode modeOf(const QStringList& options, std::optional<int>* window = nullptr);
    static QString modeName(NocHeatmapMode mode);
    /// The unit of a mode's values, e.g. "flits/cycle".
    static QString unit(NocHeatmapMode mode);
    /// Sequential colour scale (pale yellow → orange → dark red) at t in [0, 1].
    static QColor colour(double t);
    /// The top of the scale: the largest value rounded up to 1, 2 or 5 × 10^k.
    static double scaleMax(double largest);
    /// The value a mode shows for output/input `port` of `router` (port -1: the router).
    static double value(NocHeatmapMode mode, const noc::NocWindowStats& stats, int router, int port);

    /// Works out the window [cursor - window + 1, cursor] from the session's events; empty at step 0.
    static std::optional<noc::NocWindowStats> compute(const sim::Session* session, int window);
    /// Draws the heatmap over the grid and returns the scale's top.
    static double paint(ScenePaint& p, NocHeatmapMode mode, const noc::NocWindowStats& stats, const NocLayout& layout,
                        const noc::NocEngine& engine);
    /// The colour bar with its scale, units and window, in the legend row.
    static void paintLegend(ScenePaint& p, const QRectF& area, NocHeatmapMode mode, const noc::NocWindowStats& stats,
                            double top);
};

}  // namespace commviz::views
