#pragma once

#include <QList>

class QDockWidget;
class QMainWindow;
class QSettings;

namespace commviz::views {

/// The docks the first-start layout sizes: the left column (Scenes, tabbed
/// with scene docks), the right column (Narration above Inspector/Parameters)
/// and the bottom row (Events, tabbed with chart and table docks).
struct DefaultDocks {
    QDockWidget* left = nullptr;
    QDockWidget* right = nullptr;
    QDockWidget* bottom = nullptr;
};

/// Where the window keeps its layout, and what it looks like before anyone
/// changed it. The canvas gets most of the window: the side columns are narrow,
/// the bottom row short, and the columns run the full height so the Scenes
/// list has room for every scene.
namespace window_layout {

/// Bumped whenever the default layout changes, so a state saved by an older
/// version (e.g. the Events dock taking a third of the window) is not restored.
inline constexpr int kVersion = 2;
/// The share of the screen the window takes on first start (1536 × 960 of 1600 × 1000).
inline constexpr double kScreenShare = 0.96;
inline constexpr int kLeftWidth = 195;
inline constexpr int kRightWidth = 225;
inline constexpr int kBottomHeight = 120;

/// Side columns take the corners, so the bottom row sits under the canvas only.
void useColumnCorners(QMainWindow& window);
/// Restores geometry and dock state saved by this layout version; false
/// (nothing restored) on the first start or after a layout change.
bool restore(QMainWindow& window, QSettings& settings);
/// Saves geometry, dock state and the layout version.
void save(const QMainWindow& window, QSettings& settings);
/// Lets a scene dock be smaller than its body's minimum size (a chart's or a
/// heatmap's), by scrolling the body: the bottom row stays short and the side
/// columns narrow until the user enlarges them, and the body then fills the dock.
void letShrink(QDockWidget& dock);
/// The first-start sizes of the three dock groups.
void applyDefaultSizes(QMainWindow& window, const DefaultDocks& docks);

}  // namespace window_layout

}  // namespace commviz::views
