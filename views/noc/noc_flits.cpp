#include "noc/noc_flits.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <vector>

#include "noc/noc_engine.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "shell/scene_paint.h"

namespace commviz::views::noc_flits {

void paintFlit(QPainter& painter, const QRectF& cell, const noc::Flit& flit, int pid, const QColor& ink) {
    painter.fillRect(cell, NocRenderer::packetColor(pid));
    if (cell.width() < 2.5 && cell.height() < 2.5) return;
    painter.setPen(Qt::NoPen);
    painter.setBrush(ink);
    if (flit.head) {
        const QPointF centre = cell.center();
        const double radius = std::min(cell.width(), cell.height()) * 0.32;
        painter.drawEllipse(centre, radius, radius);
    }
    if (flit.tail) {
        const double bar = std::max(1.0, std::min(cell.width(), cell.height()) * 0.22);
        painter.drawRect(QRectF(cell.left(), cell.bottom() - bar, cell.width(), bar));
    }
}

namespace {

// Cell `index` of the queue: `length` along the strip from its front end, `across` wide, centred.
QRectF queueCell(const QRectF& strip, bool vertical, bool frontAtMax, int index, double length, double across) {
    if (vertical) {
        const double top = frontAtMax ? strip.bottom() - (index + 1) * length : strip.top() + index * length;
        return {strip.center().x() - across / 2, top, across, length};
    }
    const double left = frontAtMax ? strip.right() - (index + 1) * length : strip.left() + index * length;
    return {left, strip.center().y() - across / 2, length, across};
}

}  // namespace

void paintPortQueue(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node, int port,
                    double minCell) {
    const noc::NocConfig& config = engine.config();
    std::vector<const noc::Flit*> flits;
    for (int vc = 0; vc < config.num_vcs; ++vc)
        for (int slot = 0; slot < engine.inputVc(node, port, vc).count; ++slot)
            flits.push_back(&engine.bufferedFlit(node, port, vc, slot));
    if (flits.empty()) return;
    // Lanes run the way NocRenderer::flitCell draws them, the front nearest the router's centre.
    const QRectF strip = layout.inputStrip(node, port);
    const bool vertical = layout.verticalLanes(port) || layout.isLocal(port);
    const QPointF centre = layout.router(node).center();
    const bool frontAtMax = vertical ? strip.center().y() < centre.y() : strip.center().x() < centre.x();
    const double along = vertical ? strip.height() : strip.width();
    const double width = vertical ? strip.width() : strip.height();
    const double length = std::max(minCell, along / double(config.num_vcs * config.vc_buf_size));
    const double across = std::min(width, std::max(minCell, width * 0.6));
    const int shown = std::min(int(flits.size()), std::max(1, int(std::floor(along / length))));
    for (int index = 0; index < shown; ++index) {
        const noc::Flit& flit = *flits[std::size_t(index)];
        const QRectF cell = queueCell(strip, vertical, frontAtMax, index, length, across);
        paintFlit(p.p, cell.adjusted(0.2, 0.2, -0.2, -0.2), flit, engine.packet(flit.packet).pid, p.theme.text);
    }
}

}  // namespace commviz::views::noc_flits
