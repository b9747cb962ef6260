#include "noc/noc_router_compact.h"

#include <algorithm>
#include <map>

#include "noc/noc_engine.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "noc/noc_router_panel.h"
#include "noc/noc_router_rows.h"
#include "noc/noc_text.h"
#include "shell/scene_paint.h"

namespace commviz::views {

using router_panel::Columns;

namespace {

constexpr double kPortRow = 24;
constexpr double kVcRow = 22;
constexpr double kGap = 6;
constexpr double kTagFont = 13;

/// Input `port`'s VCs as cells: the state's tint, and a bar as high as the
/// buffer is full, in the colour of the packet at its front.
void paintInputCells(ScenePaint& p, const noc::NocEngine& engine, const QRectF& strip, int router, int port) {
    const noc::NocConfig& c = engine.config();
    const double w = strip.width() / c.num_vcs;
    for (int vc = 0; vc < c.num_vcs; ++vc) {
        const noc::InputVc& iv = engine.inputVc(router, port, vc);
        const QRectF cell(strip.left() + vc * w, strip.top(), w - 2, strip.height());
        p.p.fillRect(cell,
                     iv.state == noc::VcState::Idle ? p.theme.background : NocRenderer::stateColor(p.theme, iv.state));
        if (iv.count > 0) {
            const double h = cell.height() * std::min(1.0, double(iv.count) / c.vc_buf_size);
            const noc::Flit& front = engine.bufferedFlit(router, port, vc, 0);
            p.p.fillRect(QRectF(cell.left() + w * 0.2, cell.bottom() - h, cell.width() - w * 0.4, h),
                         NocRenderer::packetColor(engine.packet(front.packet).pid));
        }
        p.box(cell, Qt::transparent, ScenePaint::tint(p.theme.panelBorder, 200), 0, 0.6);
        p.object(cell, QStringLiteral("router/%1/in/%2/vc/%3").arg(router).arg(port).arg(vc));
    }
}

/// Output `port`'s VCs as bars, as high as the credits they have left.
void paintCreditBars(ScenePaint& p, const noc::NocEngine& engine, const QRectF& strip, int router, int port) {
    const noc::NocConfig& c = engine.config();
    const double w = strip.width() / c.num_vcs;
    for (int vc = 0; vc < c.num_vcs; ++vc) {
        const int credits = c.vc_buf_size - engine.outputVc(router, port, vc).occupancy;
        const QRectF bar(strip.left() + vc * w, strip.top(), std::max(1.0, w - 1), strip.height());
        p.p.fillRect(bar, ScenePaint::tint(p.theme.panelBorder, 50));
        const double h = bar.height() * std::clamp(double(credits) / c.vc_buf_size, 0.0, 1.0);
        p.p.fillRect(QRectF(bar.left(), bar.bottom() - h, bar.width(), h), ScenePaint::tint(p.theme.accent2, 170));
    }
}

void paintPortRow(ScenePaint& p, const noc::NocEngine& engine, const Columns& cols, int router, int port, double y) {
    const QString name = NocText::portName(port, engine.config());
    p.text(QRectF(cols.inLabel.left(), y, cols.inLabel.width(), kPortRow), NocRouterPanel::tr("in %1").arg(name),
           NocLayout::kSmallestFont, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    paintInputCells(p, engine, QRectF(cols.inState.left(), y + 2, cols.inRoute.right() - cols.inState.left(), 20),
                    router, port);
    p.text(QRectF(cols.outLabel.left(), y, cols.outLabel.width(), kPortRow), NocRouterPanel::tr("out %1").arg(name),
           NocLayout::kSmallestFont, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    paintCreditBars(p, engine, QRectF(cols.outCells.left(), y + 2, cols.outCells.width(), 20), router, port);
}

}  // namespace

QString NocRouterCompact::key() {
    return tr(
        "cell: one VC (tint = state, bar = its flits) · rows: VCs not idle · right-hand bars: credits · zoom in for "
        "every VC");
}

void NocRouterCompact::paint(ScenePaint& p, const noc::NocEngine& engine, const QRectF& area, int router,
                             const router_panel::Allocations& alloc) {
    const int ports = engine.config().ports();
    const Columns cols = Columns::of(area);
    std::vector<std::vector<int>> busy(ports);
    std::size_t total = 0;
    for (int port = 0; port < ports; ++port)
        for (int vc = 0; vc < engine.config().num_vcs; ++vc)
            if (engine.inputVc(router, port, vc).state != noc::VcState::Idle) busy[port].push_back(vc), ++total;
    // When every busy VC does not fit, each port lists as many and says how many more.
    const int capacity = std::max(0, int((area.height() - ports * (kPortRow + kGap)) / kVcRow));
    const std::size_t perPort = total <= std::size_t(capacity) ? total : std::size_t(std::max(0, capacity / ports - 1));
    std::vector<double> portMid(ports);
    std::map<std::pair<int, int>, double> laneMid;
    double y = area.top();
    for (int port = 0; port < ports; ++port) {
        paintPortRow(p, engine, cols, router, port, y);
        portMid[port] = y + kPortRow / 2;
        y += kPortRow;
        const std::size_t shown = std::min(perPort, busy[port].size());
        for (std::size_t i = 0; i < shown; ++i) {
            const int vc = busy[port][i];
            router_panel::paintVcRow(p, engine, cols, router, port, vc, y, kVcRow, NocLayout::kSmallestFont);
            laneMid[{port, vc}] = y + kVcRow / 2;
            y += kVcRow;
        }
        if (busy[port].size() > shown) {
            p.text(QRectF(cols.inLabel.left() + 10, y, cols.xbar.right() - cols.inLabel.left() - 10, kVcRow),
                   tr("+%1 more not idle: zoom in, or click a cell").arg(busy[port].size() - shown),
                   NocLayout::kSmallestFont, p.theme.mutedText);
            y += kVcRow;
        }
        y += kGap;
    }
    p.p.save();
    p.p.setRenderHint(QPainter::Antialiasing, true);
    for (const router_panel::Grant& g : alloc.grants) {
        if (g.in < 0 || g.out < 0 || g.in >= ports || g.out >= ports) continue;
        const auto lane = laneMid.find({g.in, g.vc});
        const double from = lane != laneMid.end() ? lane->second : portMid[g.in];
        p.arrow(QPointF(cols.xbar.left() + 2, from), QPointF(cols.outLabel.left() - 4, portMid[g.out]),
                g.held ? p.theme.accent : p.theme.good, 2.2);
    }
    p.p.restore();
    // The tags go over the crossbar lines that start under them.
    for (const auto& [lane, mid] : laneMid)
        router_panel::paintTags(p, alloc, cols, lane.first, lane.second, mid, kTagFont);
}

}  // namespace commviz::views
