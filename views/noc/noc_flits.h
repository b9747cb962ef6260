#pragma once

#include <QRectF>

class QColor;
class QPainter;

namespace commviz::noc {
class NocEngine;
struct Flit;
}  // namespace commviz::noc

namespace commviz::views {

class NocLayout;
class ScenePaint;

/// How flits are drawn in the grid: one cell per VC and buffer slot when those
/// cells are large enough to see, else one queue per input port.
namespace noc_flits {

/// The smallest side a flit is drawn with, in target pixels: below it a flit
/// is a hairline and a cycle looks like nothing happens.
inline constexpr double kMinFlitPixels = 4;

/// A flit's cell: packet colour, a dark dot on a head, a dark bar on a tail.
void paintFlit(QPainter& painter, const QRectF& cell, const noc::Flit& flit, int pid, const QColor& ink);

/// Input `port`'s buffered flits, every VC's in VC order, as one queue of
/// cells at least `minCell` logical units on each side, from the end of the
/// strip nearest the router's centre (where the front of a buffer is drawn);
/// as many as the strip holds.
void paintPortQueue(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node, int port,
                    double minCell);

}  // namespace noc_flits

}  // namespace commviz::views
