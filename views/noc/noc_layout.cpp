#include "noc/noc_layout.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "noc/dragonfly.h"
#include "noc/qtree.h"
#include "noc/tree4.h"

namespace commviz::views {

NocLayout::NocLayout(const noc::NocConfig& config, bool withPanel)
    : m_panel(withPanel),
      m_square(config.topology == noc::Topology::AnyNet || config.topology == noc::Topology::FlatFly ||
               (config.n == 2 && config.topology != noc::Topology::Fly && config.topology != noc::Topology::FatTree)),
      m_k(config.k),
      m_n(config.n),
      m_ports(config.ports()),
      m_fly(config.topology == noc::Topology::Fly),
      m_cmesh(config.topology == noc::Topology::CMesh),
      m_flatfly(config.topology == noc::Topology::FlatFly),
      m_tree(config.topology == noc::Topology::FatTree || config.topology == noc::Topology::QTree ||
             config.topology == noc::Topology::Tree4),
      m_qtree(config.topology == noc::Topology::QTree),
      m_tree4(config.topology == noc::Topology::Tree4),
      m_dragonfly(config.topology == noc::Topology::DragonFlyNew),
      m_local(m_cmesh || m_flatfly ? config.c : 0) {
    const QRectF area = grid();
    if (m_dragonfly) {
        m_groupRouters = 2 * m_k;
        m_groups = m_groupRouters * m_k + 1;
        m_circleCentre = area.center();
        const double pi = std::numbers::pi;
        const double routerShare = std::sin(pi / m_groupRouters);
        // A group's dashed ring reaches out 0.9 sin(pi/g) (1 + 1.05 s) / (1 + 0.7 s) of the circle's
        // radius (s = routerShare, from the sizes below), at most 1.15 sin(pi/g); its number sits
        // beyond that, so keep two lines of text free at the edge.
        m_circleRadius =
            (std::min(area.width(), area.height()) / 2 - kSmallestFont * 2.2) / (1 + 1.15 * std::sin(pi / m_groups));
        const double groupSpacing = 2 * m_circleRadius * std::sin(pi / m_groups);
        m_groupRadius = 0.45 * groupSpacing / (1 + 0.7 * routerShare);
        m_pitch = 2 * m_groupRadius * routerShare;
        m_size = m_pitch * 0.7;
        return;
    }
    if (m_tree) {
        for (int i = 1; i < m_n; ++i) m_perStage *= m_k;
        // n rows of routers and, under the bottom row, room for the nodes' stubs and numbers.
        const double rowPitch = area.height() / (m_n + 0.5);
        m_pitch = area.width() / m_perStage;
        m_size = std::min(m_pitch * 0.78, rowPitch * 0.5);
        m_xPitch = rowPitch;
        m_origin = QPointF(area.left(), area.top());
        return;
    }
    if (config.topology == noc::Topology::AnyNet && config.anynet) {
        m_anynet = true;
        const noc::AnynetFile& file = *config.anynet;
        m_routers = file.routers;
        m_neighbours.resize(std::size_t(m_routers));
        for (int r = 0; r < m_routers; ++r) {
            auto& out = m_neighbours[std::size_t(r)];
            out.assign(file.routerNodes[std::size_t(r)].size(), -1);
            for (const noc::AnynetFile::Link& link : file.links[std::size_t(r)]) out.push_back(link.to);
        }
        // Routers on a circle: as large as the neighbours' spacing allows, at most a third of the radius.
        const double pi = std::acos(-1.0);
        const double room = std::min(area.width(), area.height()) / 2;
        const double chord = m_routers > 1 ? 2 * std::sin(pi / m_routers) : 2.0;
        m_size = std::min(room * 0.6, room * chord / (1 + chord) * 0.62);
        m_radius = m_routers > 1 ? room - m_size * 0.75 : 0;
        m_pitch = m_routers > 1 ? m_radius * chord : m_size * 1.6;
        m_origin = area.center();
        return;
    }
    if (m_flatfly) {
        m_columns = config.x;
        m_xr = config.xr;
        const int rows = std::max(1, config.y);
        m_pitch = std::min(area.width() / m_columns, area.height() / rows);
        m_size = m_pitch * 0.45;  // room between routers for the curves around them
        m_origin = QPointF(area.left() + (area.width() - m_pitch * m_columns) / 2,
                           area.top() + (area.height() - m_pitch * rows) / 2);
        placeFlatFlyStrips(config);
        return;
    }
    if (m_fly) {
        for (int i = 1; i < m_n; ++i) m_perStage *= m_k;
        // Room on the left and right of the stages for the terminals' stubs and numbers.
        const double stubs = 2 * kSmallestFont * 3;
        m_pitch = std::min(area.height() / m_perStage, (area.width() - stubs) / m_n);
        m_xPitch = std::min((area.width() - stubs) / m_n, m_pitch * 3.5);
        m_size = m_pitch * 0.7;
        m_origin = QPointF(area.left() + (area.width() - m_xPitch * m_n) / 2,
                           area.top() + (area.height() - m_pitch * m_perStage) / 2);
        return;
    }
    // n = 3 draws the k z-layers side by side, each a k x k grid.
    const int columns = m_n == 1 ? m_k : m_n == 2 ? m_k : m_k * m_k;
    const int rows = m_n == 1 ? 1 : m_k;
    const double gaps = m_n == 3 ? m_k - 1 : 0;
    m_pitch = std::min(area.width() / (columns + gaps * 0.5), area.height() / rows);
    m_layerGap = m_n == 3 ? m_pitch * 0.5 : 0;
    m_size = m_pitch * 0.62;
    const double usedW = m_pitch * columns + m_layerGap * gaps;
    const double usedH = m_pitch * rows;
    m_origin = QPointF(area.left() + (area.width() - usedW) / 2, area.top() + (area.height() - usedH) / 2);
}

namespace {
constexpr double kMargin = 24;
constexpr double kTop = 56;
constexpr double kGap = 16;
constexpr double kBottom = NocLayout::kHeight - kMargin;
}  // namespace

QRectF NocLayout::grid() const {
    const double panel = m_panel ? kPanelWidth + kGap : 0;
    const double width = kWidth - 2 * kMargin - panel;
    if (!m_square) return {kMargin, kTop, width, kHeight - kTop - 150};
    const double side = m_panel ? width : kBottom - kTop;
    return {kMargin, kTop, side, side};
}

QRectF NocLayout::panel() const {
    const double height = m_square ? kBottom - kTop : kHeight - kTop - 150;
    return {kWidth - kMargin - kPanelWidth, kTop, kPanelWidth, height};
}

QRectF NocLayout::legend() const {
    const QRectF g = grid();
    if (!m_square) return {kMargin, kHeight - 146, kWidth - 2 * kMargin, 30};
    if (m_panel) return {kMargin, g.bottom() + 8, g.width(), 58};
    return {g.right() + kGap, kTop, kWidth - kMargin - g.right() - kGap, 130};
}

QRectF NocLayout::caption() const {
    if (!m_square) return {kMargin, kHeight - 110, kWidth - 2 * kMargin, 96};
    const QRectF l = legend();
    return {l.left(), l.bottom() + 8, l.width(), kBottom - l.bottom() - 8};
}

QLineF NocLayout::anynetLink(int from, int to) const {
    const QPointF a = centre(from);
    if (from == to) {  // a router's channel to itself: a stub pointing away from the circle's centre
        QPointF out = a - m_origin;
        const double length = std::hypot(out.x(), out.y());
        out = length > 0 ? out / length : QPointF(0, -1);
        const QPointF start = a + out * (m_size / 2);
        return {start, start + out * (m_size * 0.35)};
    }
    const QPointF b = centre(to);
    const double length = QLineF(a, b).length();
    const QPointF d = (b - a) / length;
    const QPointF normal(-d.y(), d.x());
    // Leave and enter on the square's edge along the line, offset to the right of travel.
    const double reach = m_size / 2 / std::max(std::abs(d.x()), std::abs(d.y()));
    const QPointF shift = normal * (m_size * 0.12);
    return {a + d * reach + shift, b - d * reach + shift};
}

QPointF NocLayout::cell(int node) const {
    if (m_tree4) {  // tree4.cpp: 4, 8 and 16 routers, spread over the bottom row's width
        const int height = noc::Tree4::heightOf(node);
        return {(noc::Tree4::posOf(node) + 0.5) * 16 / (4 << height) * 1.0, height + 0.5};
    }
    if (m_qtree) {  // row h holds k^h routers, spread over the bottom row's width
        noc::NocConfig shape;
        shape.k = m_k;
        const int height = noc::QTree::heightOf(shape, node);
        int width = 1;
        for (int h = 0; h < height; ++h) width *= m_k;
        return {(noc::QTree::posOf(shape, node) + 0.5) * m_perStage / width, height + 0.5};
    }
    if (m_tree) return {node % m_perStage + 0.5, node / m_perStage + 0.5};
    if (m_fly) return {node / m_perStage + 0.5, node % m_perStage + 0.5};
    if (m_flatfly) return {node % m_columns + 0.5, node / m_columns + 0.5};
    const int x = node % m_k;
    const int y = m_n >= 2 ? (node / m_k) % m_k : 0;
    const int z = m_n == 3 ? node / (m_k * m_k) : 0;
    return {x + z * m_k + 0.5, y + 0.5};
}

QPointF NocLayout::groupCentre(int group) const {
    const double angle = 2 * std::numbers::pi * group / m_groups - std::numbers::pi / 2;
    return m_circleCentre + QPointF(std::cos(angle), std::sin(angle)) * m_circleRadius;
}

QRectF NocLayout::router(int node) const {
    if (m_anynet) {
        const double angle = 2 * std::acos(-1.0) * node / std::max(1, m_routers);
        const QPointF centre = m_origin + QPointF(std::sin(angle), -std::cos(angle)) * m_radius;
        return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
    }
    if (m_dragonfly) {
        const int group = node / m_groupRouters;
        const QPointF g = groupCentre(group);
        // index 0 faces the circle's centre, the others follow clockwise
        const double inward = std::atan2(m_circleCentre.y() - g.y(), m_circleCentre.x() - g.x());
        const double angle = inward + 2 * std::numbers::pi * (node % m_groupRouters) / m_groupRouters;
        const QPointF centre = g + QPointF(std::cos(angle), std::sin(angle)) * m_groupRadius;
        return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
    }
    const QPointF c = cell(node);
    if (m_tree) {
        const QPointF centre(m_origin.x() + c.x() * m_pitch, m_origin.y() + c.y() * m_xPitch);
        return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
    }
    if (m_fly) {
        const QPointF centre(m_origin.x() + c.x() * m_xPitch, m_origin.y() + c.y() * m_pitch);
        return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
    }
    const int z = m_n == 3 ? node / (m_k * m_k) : 0;
    const QPointF centre(m_origin.x() + c.x() * m_pitch + z * m_layerGap, m_origin.y() + c.y() * m_pitch);
    return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
}

QPointF NocLayout::direction(int port) const {
    if (m_fly) return {1, 0};                                        // every output leads on to the next stage
    if (m_tree) return port < m_k ? QPointF(0, 1) : QPointF(0, -1);  // (only a tree's ejection stubs use it)
    port = meshPort(port);
    switch (port) {
        case 0:
            return {1, 0};
        case 1:
            return {-1, 0};
        case 2:
            return {0, 1};
        case 3:
            return {0, -1};
        case 4:  // z: drawn diagonally, towards the next layer's copy
            return {0.7071, 0.7071};
        case 5:
            return {-0.7071, -0.7071};
    }
    return {0, 0};
}

bool NocLayout::verticalLanes(int port) const {
    if (m_tree) return true;
    if (m_flatfly) {
        const std::size_t at = std::size_t(port);
        return at < m_vertical.size() && m_vertical[at];
    }
    if (isLocal(port) || m_fly || m_anynet || m_dragonfly) return false;
    port = meshPort(port);
    return port == 2 || port == 3;
}

int NocLayout::downPorts(int node) const {
    if (m_tree4) return noc::Tree4::heightOf(node) == 0 ? 8 : 4;
    return m_k;
}

int NocLayout::upPorts(int node) const {
    if (m_tree4) return noc::Tree4::heightOf(node) == 0 ? 0 : noc::Tree4::heightOf(node) == 1 ? 4 : 2;
    return m_qtree ? 1 : m_k;
}

double NocLayout::treeBandX(int node, int port, double lane) const {
    const QRectF r = router(node);
    const int down = downPorts(node);
    const int bands = port < down ? down : upPorts(node);
    const int band = port < down ? port : port - down;
    return r.left() + (band + 0.5 + lane) * r.width() / bands;
}

int NocLayout::treeInputPort(int node, int port) const {
    // fattree.cpp's input channel numbers read backwards: between levels l and
    // l + 1 the routers sharing an ancestor form neighborhoods of k^(n-1-l),
    // split in k branches of k^(n-2-l); the input is the sender's branch there.
    if (m_tree4) {  // tree4.cpp's wiring (see noc::Tree4)
        const int height = noc::Tree4::heightOf(node);
        const int pos = noc::Tree4::posOf(node);
        if (height == 0) return 4 + pos;                       // to middle router `port`
        if (height == 1) return port < 4 ? 4 + pos % 2 : pos;  // to a leaf, or to top router port - 4
        return pos % 4;                                        // a leaf up to its middle router
    }
    if (m_qtree) {  // qtree.cpp: a child's port k pairs with its parent's port pos % k
        noc::NocConfig shape;
        shape.k = m_k;
        return port < m_k ? m_k : noc::QTree::posOf(shape, node) % m_k;
    }
    const int level = node / m_perStage;
    const int pos = node % m_perStage;
    const int upper = port < m_k ? level : level - 1;
    int branch = 1;
    for (int i = 0; i < m_n - 2 - upper; ++i) branch *= m_k;
    const int neighborhood = branch * m_k;
    if (port >= m_k) return (pos % neighborhood) / branch;  // up: a down input of the router above
    return m_k + (pos % neighborhood) / branch;             // down: an up input of the router below
}

double NocLayout::bandY(int node, int port) const {
    const QRectF r = router(node);
    return r.top() + (port + 0.5) * r.height() / m_k;
}

int NocLayout::flyInputPort(int node, int port) const {
    (void)port;  // the input is numbered by the sender's own digit, whichever output it uses
    const int stage = node / m_perStage;
    int shift = 1;
    for (int i = 0; i < m_n - stage - 2; ++i) shift *= m_k;
    return (node % m_perStage / shift) % m_k;
}

double NocLayout::terminalStub() const {
    if (m_tree) return std::min(kSmallestFont * 2, (m_xPitch - m_size) / 3);
    return std::min(kSmallestFont * 2, (m_xPitch - m_size) / 2);
}

QPointF NocLayout::injectionPoint(int node) const {
    if (m_tree) {
        noc::NocConfig shape;
        shape.k = m_k;
        const int bottom = m_tree4   ? 12 + node / 4
                           : m_qtree ? noc::QTree::indexOf(shape, m_n - 1, node / m_k)
                                     : (m_n - 1) * m_perStage + node / m_k;
        return {treeBandX(bottom, node % m_k), router(bottom).bottom() + terminalStub()};
    }
    const int first = node / m_k;  // stage 0
    return {router(first).left() - terminalStub(), bandY(first, node % m_k)};
}

QPointF NocLayout::ejectionPoint(int node) const {
    if (m_tree) return injectionPoint(node);
    const int last = (m_n - 1) * m_perStage + node / m_k;  // the last stage
    return {router(last).right() + terminalStub(), bandY(last, node % m_k)};
}

QRectF NocLayout::inputStrip(int node, int port) const {
    if (m_flatfly) return m_strips[std::size_t(node) * std::size_t(m_ports) + std::size_t(port)];
    const QRectF r = router(node);
    if (m_anynet) {  // every input a band, stacked top to bottom in port order
        const double band = r.height() / m_ports;
        return {r.left() + r.width() * 0.1, r.top() + port * band, r.width() * 0.8, band};
    }
    if (m_tree) {  // down inputs along the bottom edge, up inputs along the top
        const int down = downPorts(node);
        const double band = r.width() / (port < down ? down : upPorts(node));
        const double depth = r.height() * 0.34;
        const int index = port < down ? port : port - down;
        return {r.left() + index * band, port < down ? r.bottom() - depth : r.top(), band, depth};
    }
    if (m_dragonfly) {  // every port a band across the router, the nodes' first
        const double band = r.height() / m_ports;
        return {r.left(), r.top() + port * band, r.width(), band};
    }
    if (m_fly) {  // k input bands stacked down the left half
        const double band = r.height() / m_k;
        return {r.left(), r.top() + port * band, r.width() * 0.5, band};
    }
    const double depth = m_size * 0.26;
    if (m_cmesh && port < m_local) {  // the nodes' inputs: a 2 x 2 block in the middle
        const QRectF middle = r.adjusted(depth * 1.15, depth * 1.15, -depth * 1.15, -depth * 1.15);
        const double w = middle.width() / 2, h = middle.height() / 2;
        return {middle.left() + (port % 2) * w, middle.top() + (port / 2 % 2) * h, w, h};
    }
    port = meshPort(port);
    // The local (injection) input sits in the middle; on a ring (n = 1) it is port 2.
    if (!m_cmesh && port == m_ports - 1) return r.adjusted(depth * 1.15, depth * 1.15, -depth * 1.15, -depth * 1.15);
    // Input p is fed by the neighbour on the side of output p (a flit leaving
    // through p arrives on input p ^ 1), so its buffer sits on that side.
    switch (port) {
        case 0:
            return {r.right() - depth, r.top() + depth, depth, r.height() - 2 * depth};
        case 1:
            return {r.left(), r.top() + depth, depth, r.height() - 2 * depth};
        case 2:
            return {r.left() + depth, r.bottom() - depth, r.width() - 2 * depth, depth};
        case 3:
            return {r.left() + depth, r.top(), r.width() - 2 * depth, depth};
        default:
            break;
    }
    // z inputs (n = 3): small strips in the corners
    return port == 4 ? QRectF(r.right() - depth, r.bottom() - depth, depth, depth)
                     : QRectF(r.left(), r.top(), depth, depth);
}

QPointF NocLayout::dragonflyEnd(int node, int neighbour, bool atNeighbour) const {
    const QPointF a = centre(node);
    const QPointF b = centre(neighbour);
    const QLineF line(a, b);
    const double length = std::max(line.length(), 1.0);
    const QPointF d = (b - a) / length;
    const QPointF normal(-d.y(), d.x());
    const QPointF side = normal * (m_size * 0.12);
    // leave and arrive on the router's square outline, not its centre
    const double reach = m_size / 2 / std::max(std::abs(d.x()), std::abs(d.y()));
    return atNeighbour ? b - d * reach + side : a + d * reach + side;
}

QPointF NocLayout::linkStart(int node, int port) const {
    if (m_anynet) {
        const auto& out = m_neighbours[std::size_t(node)];
        const int to = port < int(out.size()) ? out[std::size_t(port)] : -1;
        return to >= 0 ? anynetLink(node, to).p1() : centre(node);
    }
    if (m_tree) {
        const QRectF r = router(node);
        const bool down = port < downPorts(node);
        return {treeBandX(node, port, down ? -0.18 : 0.18), down ? r.bottom() : r.top()};
    }
    if (m_dragonfly) {
        const int next = noc::dragonflyNeighbor(m_k, node, port);
        return next < 0 ? centre(node) : dragonflyEnd(node, next, false);
    }
    if (m_fly) return {router(node).right(), bandY(node, port)};
    if (m_flatfly) {
        // Leave from the side facing the receiver (flatfly_onchip.cpp: the port's dimension
        // and the other router's digit), a little off the centre line so both directions show.
        const int receiver = flatflyNeighbour(node, port);
        QLineF line(centre(node), centre(receiver));
        const QPointF d = (line.p2() - line.p1()) / std::max(1.0, line.length());
        const QPointF normal(-d.y(), d.x());
        const double half = m_size / 2;
        const bool horizontal = std::abs(d.x()) >= std::abs(d.y());
        const QPointF side = horizontal ? QPointF(d.x() > 0 ? half : -half, 0) : QPointF(0, d.y() > 0 ? half : -half);
        // A curve leaves near the corner it bows towards.
        const bool adjacent = line.length() < m_pitch * 1.01;
        return centre(node) + side + normal * (m_size * (adjacent ? 0.14 : 0.36));
    }
    const QPointF d = direction(port);
    const QPointF normal(-d.y(), d.x());
    const double half = m_size / 2;
    return centre(node) + d * half + normal * (m_size * 0.14);
}

QPointF NocLayout::linkEnd(int node, int port, int neighbour) const {
    if (m_anynet) return neighbour >= 0 ? anynetLink(node, neighbour).p2() : linkStart(node, port);
    if (m_tree) {
        if (neighbour < 0) return linkStart(node, port) + direction(port) * kSmallestFont;
        const QRectF r = router(neighbour);
        const bool down = port < downPorts(node);
        return {treeBandX(neighbour, treeInputPort(node, port), down ? -0.18 : 0.18), down ? r.top() : r.bottom()};
    }
    if (m_dragonfly) return neighbour < 0 ? linkStart(node, port) : dragonflyEnd(node, neighbour, true);
    if (m_fly) {
        if (neighbour < 0) return linkStart(node, port) + QPointF(kSmallestFont, 0);
        return {router(neighbour).left(), bandY(neighbour, flyInputPort(node, port))};
    }
    if (m_flatfly) {  // the outer edge of the input strip that holds this link's flits
        const QRectF strip = inputStrip(neighbour, flatflyInputPort(node, neighbour));
        const QPointF inward = centre(neighbour) - strip.center();
        if (verticalLanes(flatflyInputPort(node, neighbour)))
            return {strip.center().x(), inward.y() > 0 ? strip.top() : strip.bottom()};
        return {inward.x() > 0 ? strip.left() : strip.right(), strip.center().y()};
    }
    const QPointF d = direction(port);
    const QPointF normal(-d.y(), d.x());
    const double half = m_size / 2;
    const bool adjacent =
        neighbour >= 0 && QLineF(centre(node), centre(neighbour)).length() < m_pitch * 1.01 + m_layerGap;
    if (!adjacent) return linkStart(node, port) + d * ((m_pitch - m_size) * 0.45);  // wrap-around stub
    return centre(neighbour) - d * half + normal * (m_size * 0.14);
}

int NocLayout::flatflyNeighbour(int node, int port) const {
    // Output c + (k-1) * dim + digit (minus 1 above the router's own digit).
    const int link = port - m_local;
    const int dim = link / (m_k - 1);
    int place = 1;
    for (int d = 0; d < dim; ++d) place *= m_k;
    const int own = (node / place) % m_k;
    int digit = link % (m_k - 1);
    if (digit >= own) ++digit;
    return node + (digit - own) * place;
}

int NocLayout::flatflyInputPort(int sender, int receiver) const {
    // Inputs after the nodes come in the senders' order (BookSim adds them router by router).
    int below = 0;
    for (int dim = 0, place = 1; dim < m_n; ++dim, place *= m_k) {
        const int own = (receiver / place) % m_k;
        for (int digit = 0; digit < m_k; ++digit) {
            if (digit == own) continue;
            if (receiver + (digit - own) * place < sender) ++below;
        }
    }
    return m_local + below;
}

void NocLayout::placeFlatFlyStrips(const noc::NocConfig& config) {
    const int routers = m_columns * std::max(1, config.y);
    m_strips.assign(std::size_t(routers) * std::size_t(m_ports), QRectF());
    m_vertical.assign(std::size_t(m_ports), false);
    const double depth = m_size * 0.24;
    for (int node = 0; node < routers; ++node) {
        const QRectF r = router(node);
        // The nodes' inputs: an xr x yr block in the middle.
        const QRectF middle = r.adjusted(depth * 1.1, depth * 1.1, -depth * 1.1, -depth * 1.1);
        const int yr = std::max(1, m_local / m_xr);
        const double w = middle.width() / m_xr, h = middle.height() / yr;
        for (int port = 0; port < m_local; ++port)
            m_strips[std::size_t(node) * std::size_t(m_ports) + std::size_t(port)] =
                QRectF(middle.left() + (port % m_xr) * w, middle.top() + (port / m_xr) * h, w, h);
        // Link inputs: on the side of their sender, banded in port order along it. The
        // inputs after the nodes are numbered by the senders' ids.
        std::vector<int> senders;
        for (int port = m_local; port < m_ports; ++port) senders.push_back(flatflyNeighbour(node, port));
        std::sort(senders.begin(), senders.end());
        std::vector<int> sides[4];  // right, left, bottom, top
        for (int port = m_local; port < m_ports; ++port) {
            const QPointF d = centre(senders[std::size_t(port - m_local)]) - centre(node);
            const int side = std::abs(d.x()) >= std::abs(d.y()) ? (d.x() > 0 ? 0 : 1) : (d.y() > 0 ? 2 : 3);
            sides[side].push_back(port);
        }
        for (int side = 0; side < 4; ++side) {
            const int count = int(sides[side].size());
            for (int i = 0; i < count; ++i) {
                const int port = sides[side][std::size_t(i)];
                QRectF strip;
                if (side < 2) {
                    const double band = (r.height() - 2 * depth) / count;
                    strip = QRectF(side == 0 ? r.right() - depth : r.left(), r.top() + depth + i * band, depth, band);
                } else {
                    const double band = (r.width() - 2 * depth) / count;
                    strip = QRectF(r.left() + depth + i * band, side == 2 ? r.bottom() - depth : r.top(), band, depth);
                    m_vertical[std::size_t(port)] = true;
                }
                m_strips[std::size_t(node) * std::size_t(m_ports) + std::size_t(port)] = strip;
            }
        }
    }
}

QPointF NocLayout::linkControl(int node, int port, int neighbour) const {
    const QPointF a = linkStart(node, port);
    const QPointF b = linkEnd(node, port, neighbour);
    const QPointF middle = (a + b) / 2;
    if (!m_flatfly || neighbour < 0) return middle;
    const QLineF span(centre(node), centre(neighbour));
    const double cells = span.length() / m_pitch;
    if (cells < 1.01) return middle;  // adjacent: straight
    // Bow clear of the routers in between: the curve's apex passes half a router plus a
    // margin that grows with the distance, so links of different lengths stay apart.
    const QPointF d = (span.p2() - span.p1()) / span.length();
    const QPointF normal(-d.y(), d.x());
    const double apex = m_size / 2 + m_pitch * (0.06 + 0.06 * (cells - 2));
    return middle + normal * (2 * apex - m_size * 0.36);
}

QPointF NocLayout::linkPoint(int node, int port, int neighbour, double t) const {
    const QPointF a = linkStart(node, port);
    const QPointF b = linkEnd(node, port, neighbour);
    const QPointF c = linkControl(node, port, neighbour);
    const double u = 1 - t;
    return a * (u * u) + c * (2 * u * t) + b * (t * t);
}

}  // namespace commviz::views
