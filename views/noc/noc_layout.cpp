#include "noc/noc_layout.h"

#include <QLineF>
#include <algorithm>

#include "noc/qtree.h"
#include "noc/tree4.h"

namespace commviz::views {

NocLayout::NocLayout(const noc::NocConfig& config, bool withPanel)
    : m_panel(withPanel),
      m_square(config.n == 2 && config.topology != noc::Topology::Fly && config.topology != noc::Topology::FatTree),
      m_k(config.k),
      m_n(config.n),
      m_ports(config.ports()),
      m_fly(config.topology == noc::Topology::Fly),
      m_cmesh(config.topology == noc::Topology::CMesh),
      m_tree(config.topology == noc::Topology::FatTree || config.topology == noc::Topology::QTree ||
             config.topology == noc::Topology::Tree4),
      m_qtree(config.topology == noc::Topology::QTree),
      m_tree4(config.topology == noc::Topology::Tree4),
      m_local(m_cmesh ? config.c : 0) {
    const QRectF area = grid();
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
    const int x = node % m_k;
    const int y = m_n >= 2 ? (node / m_k) % m_k : 0;
    const int z = m_n == 3 ? node / (m_k * m_k) : 0;
    return {x + z * m_k + 0.5, y + 0.5};
}

QRectF NocLayout::router(int node) const {
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
    if (isLocal(port) || m_fly) return false;
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
    const QRectF r = router(node);
    if (m_tree) {  // down inputs along the bottom edge, up inputs along the top
        const int down = downPorts(node);
        const double band = r.width() / (port < down ? down : upPorts(node));
        const double depth = r.height() * 0.34;
        const int index = port < down ? port : port - down;
        return {r.left() + index * band, port < down ? r.bottom() - depth : r.top(), band, depth};
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

QPointF NocLayout::linkStart(int node, int port) const {
    if (m_tree) {
        const QRectF r = router(node);
        const bool down = port < downPorts(node);
        return {treeBandX(node, port, down ? -0.18 : 0.18), down ? r.bottom() : r.top()};
    }
    if (m_fly) return {router(node).right(), bandY(node, port)};
    const QPointF d = direction(port);
    const QPointF normal(-d.y(), d.x());
    const double half = m_size / 2;
    return centre(node) + d * half + normal * (m_size * 0.14);
}

QPointF NocLayout::linkEnd(int node, int port, int neighbour) const {
    if (m_tree) {
        if (neighbour < 0) return linkStart(node, port) + direction(port) * kSmallestFont;
        const QRectF r = router(neighbour);
        const bool down = port < downPorts(node);
        return {treeBandX(neighbour, treeInputPort(node, port), down ? -0.18 : 0.18), down ? r.top() : r.bottom()};
    }
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
