#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include "noc/noc_config.h"

namespace commviz::views {

/// Where the NoC scene puts things, in logical units: routers on a grid
/// (n = 1: one row, n = 3: the z layers side by side), each router's input
/// buffers on the side its flits arrive from, links between neighbours.
/// Node id = x + k·y (+ k²·z), y drawn downwards, as BookSim numbers them.
/// A square grid (n = 2) fills the figure's height and keeps the legend and
/// caption beside it, so it uses the width of a landscape canvas too; a
/// wide grid (n = 1, 3) keeps them below.
///
/// A fly (k-ary n-fly) is drawn as BookSim numbers it: stage s in column s,
/// router_<s>_<a> in row a, inputs on the left (port 0 at the top), outputs
/// on the right, each stage's outputs wired to the next stage's inputs; the
/// nodes inject on the far left and eject on the far right.
///
/// A cmesh is drawn as a 2-D mesh: its c = 4 nodes' inputs fill the router's
/// middle as a 2 x 2 block (ports 0-3), the +x, -x, +y, -y ports (4-7) sit on
/// the sides, and an edge router's express link is a stub off the grid.
///
/// A dragonfly (dragonflynew) puts its groups on a circle, group 0 at the top
/// and the rest clockwise, each group's 2k routers on a small ring of their
/// own (in-group index 0 nearest the circle's centre, then clockwise); links
/// are straight lines, so the global links are the chords between groups.
/// A router's ports are bands stacked top to bottom, its nodes' first.
class NocLayout {
public:
    static constexpr double kWidth = 1200;
    static constexpr double kHeight = 860;
    /// The smallest text the scene draws (numbers, legend, panel cells): 8 pt at fit in the default window.
    static constexpr double kSmallestFont = 14;

    /// Width of the router panel shown beside the grid when a router is selected.
    static constexpr double kPanelWidth = 540;

    /// `withPanel`: leave room on the right for the selected router's panel.
    explicit NocLayout(const noc::NocConfig& config, bool withPanel = false);

    QRectF title() const { return {24, 12, kWidth - 48, 36}; }
    QRectF grid() const;
    QRectF panel() const;
    QRectF legend() const;
    QRectF caption() const;

    QRectF router(int node) const;
    QPointF centre(int node) const { return router(node).center(); }
    /// The strip that holds input port `port`'s VCs (lanes run towards the centre).
    QRectF inputStrip(int node, int port) const;
    /// True when the lanes of input `port` are vertical (flits enter from above or below).
    bool verticalLanes(int port) const;
    /// The local (injection) input of a k-ary n-cube router, drawn in its middle; a fly has none.
    bool isLocal(int port) const { return m_cmesh ? port < m_local : !m_fly && !m_dragonfly && port == m_ports - 1; }
    bool isFly() const { return m_fly; }
    bool isDragonfly() const { return m_dragonfly; }
    /// dragonfly: the number of groups, and the centre and radius of group `group`'s ring.
    int groups() const { return m_groups; }
    QPointF groupCentre(int group) const;
    double groupRadius() const { return m_groupRadius; }
    /// A fly's terminals: where node `node` injects (left of stage 0) and ejects (right of the last stage).
    QPointF injectionPoint(int node) const;
    QPointF ejectionPoint(int node) const;
    /// Where a flit leaves `node` through output `port` and where it arrives on
    /// the neighbour; for a torus wrap link (or a mesh edge) a stub outside the grid.
    QPointF linkStart(int node, int port) const;
    QPointF linkEnd(int node, int port, int neighbour) const;
    double routerSize() const { return m_size; }
    /// Distance between neighbouring routers' centres.
    double pitch() const { return m_pitch; }
    int ports() const { return m_ports; }

private:
    bool m_panel;
    bool m_square;  ///< n = 2: legend and caption beside (or under, with the panel) a square grid
    int m_k;
    int m_n;
    int m_ports;
    bool m_fly = false;
    bool m_cmesh = false;
    bool m_dragonfly = false;
    int m_groups = 0;           ///< dragonfly: g
    int m_groupRouters = 1;     ///< dragonfly: a = 2k
    double m_circleRadius = 0;  ///< dragonfly: the circle the groups' centres sit on
    double m_groupRadius = 0;   ///< dragonfly: the ring a group's routers sit on
    QPointF m_circleCentre;
    int m_local = 0;      ///< cmesh: the node ports (c) before the four mesh ports
    int m_perStage = 1;   ///< fly: routers per stage, k^(n-1)
    double m_xPitch = 0;  ///< fly: distance between stages
    double m_size = 0;
    double m_pitch = 0;
    QPointF m_origin;
    double m_layerGap = 0;
    /// Position of a node on the drawing grid: column and row.
    QPointF cell(int node) const;
    /// Unit direction of output port `port` on the page.
    QPointF direction(int port) const;
    /// The mesh direction a port's channel takes (a cmesh's ports 4-7 are a mesh's 0-3).
    int meshPort(int port) const { return m_cmesh ? port - m_local : port; }
    /// fly: the band of a router's side that holds port `port` (inputs left, outputs right).
    double bandY(int node, int port) const;
    /// fly: the input of the next stage that output `port` of `node` reaches (fly.cpp's wiring).
    int flyInputPort(int node, int port) const;
    /// dragonfly: where a link from `node` to `neighbour` leaves and arrives, off the
    /// straight line by a little so the two directions of a pair stay apart.
    QPointF dragonflyEnd(int node, int neighbour, bool atNeighbour) const;
    /// fly: length of a terminal's injection or ejection stub.
    double terminalStub() const;
};

}  // namespace commviz::views
