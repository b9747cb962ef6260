#include "nccl/topology_scene/topology_layout.h"

#include <algorithm>

namespace commviz::views {

using nccl_topology::LinkType;
using nccl_topology::NodeType;
using nccl_topology::TopoSystem;

namespace {

// The tree the layout draws: CPUs at the top, then down the PCI and NET links.
struct Tree {
    std::vector<int> depth;
    std::vector<std::vector<int>> children;
    std::vector<int> roots;
};

Tree treeOf(const TopoSystem& system) {
    const std::size_t count = system.nodes.size();
    Tree tree{std::vector<int>(count, -1), std::vector<std::vector<int>>(count), {}};
    std::vector<int> queue;
    for (int cpu : system.ofType(NodeType::CPU)) {
        tree.depth[std::size_t(cpu)] = 0;
        tree.roots.push_back(cpu);
        queue.push_back(cpu);
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int node = queue[head];
        for (const auto& link : system.nodes[std::size_t(node)].links) {
            const bool down = link.type == LinkType::PCI || link.type == LinkType::NET;
            if (!down || tree.depth[std::size_t(link.remote)] >= 0) continue;
            tree.depth[std::size_t(link.remote)] = tree.depth[std::size_t(node)] + 1;
            tree.children[std::size_t(node)].push_back(link.remote);
            queue.push_back(link.remote);
        }
    }
    // Nodes no CPU reaches (a GPU pair with no PCI tree): roots of their own.
    for (std::size_t node = 0; node < count; ++node)
        if (tree.depth[node] < 0 && system.nodes[node].type != NodeType::NVS) {
            tree.depth[node] = 0;
            tree.roots.push_back(int(node));
        }
    return tree;
}

void placeLeaves(const Tree& tree, int node, std::vector<double>& slot, int& next) {
    const auto& children = tree.children[std::size_t(node)];
    if (children.empty()) {
        slot[std::size_t(node)] = next++;
        return;
    }
    double sum = 0;
    for (int child : children) {
        placeLeaves(tree, child, slot, next);
        sum += slot[std::size_t(child)];
    }
    slot[std::size_t(node)] = sum / double(children.size());
}

}  // namespace

ServerLayout ServerLayout::of(const TopoSystem& system, const QRectF& area) {
    ServerLayout layout;
    layout.frame = area;
    layout.boxes.assign(system.nodes.size(), QRectF());
    const Tree tree = treeOf(system);
    std::vector<double> slot(system.nodes.size(), 0);
    int leaves = 0;
    for (int root : tree.roots) placeLeaves(tree, root, slot, leaves);
    const std::vector<int> switches = system.ofType(NodeType::NVS);
    const int maxDepth = *std::max_element(tree.depth.begin(), tree.depth.end());
    const int rows = std::max(1, maxDepth + 1 + (switches.empty() ? 0 : 1));
    const QRectF inner = area.adjusted(8, 8, -8, -8);
    const double slotWidth = inner.width() / std::max(1, leaves);
    const double rowHeight = inner.height() / rows;
    const double width = std::min(slotWidth * 0.88, 120.0);
    const double height = std::min(rowHeight * 0.55, 34.0);
    auto boxAt = [&](double x, int row) {
        const double y = inner.top() + (row + 0.5) * rowHeight;
        return QRectF(x - width / 2, y - height / 2, width, height);
    };
    for (std::size_t node = 0; node < system.nodes.size(); ++node)
        if (tree.depth[node] >= 0)
            layout.boxes[node] = boxAt(inner.left() + (slot[node] + 0.5) * slotWidth, tree.depth[node]);
    // NVSwitches share the bottom row, spread across the server.
    for (std::size_t index = 0; index < switches.size(); ++index) {
        const double x = inner.left() + inner.width() * (index + 1.0) / (switches.size() + 1.0);
        QRectF box = boxAt(x, rows - 1);
        if (switches.size() == 1) {  // one wide bar that every GPU's NVLinks reach
            const QPointF centre = box.center();
            box.setWidth(std::min(inner.width() * 0.5, 4 * width));
            box.moveCenter(centre);
        }
        layout.boxes[std::size_t(switches[index])] = box;
    }
    return layout;
}

}  // namespace commviz::views
