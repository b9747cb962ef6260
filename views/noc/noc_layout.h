#pragma once

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <vector>

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
/// An anynet is drawn as its network file lists it: router 0 at the top and
/// the others clockwise on a circle in id order, each channel a straight line
/// between the two routers (the two directions side by side), each router's
/// inputs stacked in port order, its nodes' first.
/// A flatfly (on-chip flattened butterfly) is drawn on BookSim's floor plan:
/// router r at column r % x, row r / x, its c nodes' inputs an xr x yr block
/// in the middle, each link input on the side its sender lies (banded by the
/// sender's distance), and every express link that skips routers a curve
/// around them: rightward and downward links bow one way, their returns the
/// other, longer links further.
/// A fat tree is drawn in its levels: level 0 (the top routers) in the top
/// row, router_level<l>_<p> in row l, column p; each router's down inputs
/// (ports 0 to k-1, from below) along its bottom edge, its up inputs (k to
/// 2k-1, from above) along its top edge, links wired as fattree.cpp numbers
/// them, and the nodes under the bottom row. A quad tree (qtree) likewise,
/// with k^h routers in row h and the one parent port (k) along the top, and
/// tree4 with its 4, 8 and 16 routers.
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
    bool isLocal(int port) const {
        return m_cmesh || m_flatfly ? port < m_local : !m_fly && !m_anynet && !m_dragonfly && port == m_ports - 1;
    }
    bool isFly() const { return m_fly; }
    bool isAnyNet() const { return m_anynet; }
    /// Credits drawn back along the flits' own link (a fly has no link back; an
    /// anynet's input and output ports to one neighbour differ in number; a fat
    /// tree's opposite link is not drawn).
    bool creditsRideBack() const { return m_fly || m_anynet || m_tree; }
    bool isFlatFly() const { return m_flatfly; }
    /// The control point of the link from output `port` of `node` to `neighbour` (a quadratic
    /// curve); the straight line's midpoint when the link joins adjacent routers or is not a flatfly's.
    QPointF linkControl(int node, int port, int neighbour) const;
    /// The point a fraction `t` along that link.
    QPointF linkPoint(int node, int port, int neighbour, double t) const;
    /// flatfly: the router output `port` of `node` reaches, and the input `receiver` numbers `sender`'s link.
    int flatflyNeighbour(int node, int port) const;
    int flatflyInputPort(int sender, int receiver) const;
    bool isTree() const { return m_tree; }
    /// fat tree: the input of the router that output `port` of `node` reaches (fattree.cpp's channel numbers).
    int treeInputPort(int node, int port) const;
    bool isDragonfly() const { return m_dragonfly; }
    /// dragonfly: the number of groups, and the centre and radius of group `group`'s ring.
    int groups() const { return m_groups; }
    QPointF groupCentre(int group) const;
    double groupRadius() const { return m_groupRadius; }
    /// A fly's terminals: where node `node` injects (left of stage 0) and ejects (right of the last
    /// stage); a fat tree's: both under the bottom router's port.
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
    bool m_anynet = false;
    int m_routers = 0;                           ///< anynet: routers on the circle
    std::vector<std::vector<int>> m_neighbours;  ///< anynet: the router each output port leads to (-1: a node)
    double m_radius = 0;                         ///< anynet: the circle's radius
    /// anynet: where `from`'s channel to `to` leaves and arrives (the two directions side by side).
    QLineF anynetLink(int from, int to) const;
    bool m_flatfly = false;
    int m_columns = 0;  ///< flatfly: routers per row of the floor plan (x)
    int m_xr = 1;       ///< flatfly: nodes per router along x
    /// flatfly: each router's input strips (routers x ports) and whether their lanes run vertically.
    std::vector<QRectF> m_strips;
    std::vector<bool> m_vertical;
    void placeFlatFlyStrips(const noc::NocConfig& config);
    bool m_tree = false;   ///< a fat tree or a quad tree
    bool m_qtree = false;  ///< quad tree: k^h routers in row h, one parent port (k)
    bool m_tree4 = false;  ///< tree4: 4, 8 and 16 routers; 8 down ports at the top, 2 up at the leaves
    bool m_dragonfly = false;
    int m_groups = 0;           ///< dragonfly: g
    int m_groupRouters = 1;     ///< dragonfly: a = 2k
    double m_circleRadius = 0;  ///< dragonfly: the circle the groups' centres sit on
    double m_groupRadius = 0;   ///< dragonfly: the ring a group's routers sit on
    QPointF m_circleCentre;
    int m_local = 0;      ///< cmesh: the node ports (c) before the four mesh ports
    int m_perStage = 1;   ///< fly: routers per stage, k^(n-1); fat tree: routers per level
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
    /// fat tree: the x of port `port`'s band (ports p and k + p share a column), `lane` bands off its centre.
    double treeBandX(int node, int port, double lane = 0) const;
    /// A tree router's ports that lead down (numbered first) and up (the rest); a link and its way
    /// back join the same two bands, the down link left of the band's centre.
    int downPorts(int node) const;
    int upPorts(int node) const;
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
