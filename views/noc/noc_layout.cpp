#include "noc/noc_layout.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "noc/dragonfly.h"

namespace commviz::views {

NocLayout::NocLayout(const noc::NocConfig& config, bool withPanel)
    : m_panel(withPanel),
      m_square(config.n == 2 && config.topology != noc::Topology::Fly),
      m_k(config.k),
      m_n(config.n),
      m_ports(config.ports()),
      m_fly(config.topology == noc::Topology::Fly),
      m_cmesh(config.topology == noc::Topology::CMesh),
      m_dragonfly(config.topology == noc::Topology::DragonFlyNew),
      m_local(m_cmesh ? config.c : 0) {
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

QPointF NocLayout::cell(int node) const {
    if (m_fly) return {node / m_perStage + 0.5, node % m_perStage + 0.5};
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
    if (m_fly) {
        const QPointF centre(m_origin.x() + c.x() * m_xPitch, m_origin.y() + c.y() * m_pitch);
        return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
    }
    const int z = m_n == 3 ? node / (m_k * m_k) : 0;
    const QPointF centre(m_origin.x() + c.x() * m_pitch + z * m_layerGap, m_origin.y() + c.y() * m_pitch);
    return {centre.x() - m_size / 2, centre.y() - m_size / 2, m_size, m_size};
}

QPointF NocLayout::direction(int port) const {
    if (m_fly) return {1, 0};  // every output leads on to the next stage
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
    if (isLocal(port) || m_fly || m_dragonfly) return false;
    port = meshPort(port);
    return port == 2 || port == 3;
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

double NocLayout::terminalStub() const { return std::min(kSmallestFont * 2, (m_xPitch - m_size) / 2); }

QPointF NocLayout::injectionPoint(int node) const {
    const int first = node / m_k;  // stage 0
    return {router(first).left() - terminalStub(), bandY(first, node % m_k)};
}

QPointF NocLayout::ejectionPoint(int node) const {
    const int last = (m_n - 1) * m_perStage + node / m_k;  // the last stage
    return {router(last).right() + terminalStub(), bandY(last, node % m_k)};
}

QRectF NocLayout::inputStrip(int node, int port) const {
    const QRectF r = router(node);
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
    if (m_dragonfly) {
        const int next = noc::dragonflyNeighbor(m_k, node, port);
        return next < 0 ? centre(node) : dragonflyEnd(node, next, false);
    }
    if (m_fly) return {router(node).right(), bandY(node, port)};
    const QPointF d = direction(port);
    const QPointF normal(-d.y(), d.x());
    const double half = m_size / 2;
    return centre(node) + d * half + normal * (m_size * 0.14);
}

QPointF NocLayout::linkEnd(int node, int port, int neighbour) const {
    if (m_dragonfly) return neighbour < 0 ? linkStart(node, port) : dragonflyEnd(node, neighbour, true);
    if (m_fly) {
        if (neighbour < 0) return linkStart(node, port) + QPointF(kSmallestFont, 0);
        return {router(neighbour).left(), bandY(neighbour, flyInputPort(node, port))};
    }
    const QPointF d = direction(port);
    const QPointF normal(-d.y(), d.x());
    const double half = m_size / 2;
    const bool adjacent =
        neighbour >= 0 && QLineF(centre(node), centre(neighbour)).length() < m_pitch * 1.01 + m_layerGap;
    if (!adjacent) return linkStart(node, port) + d * ((m_pitch - m_size) * 0.45);  // wrap-around stub
    return centre(neighbour) - d * half + normal * (m_size * 0.14);
}

}  // namespace commviz::views
