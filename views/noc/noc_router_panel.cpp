#include "noc/noc_router_panel.h"

#include <QRegularExpression>
#include <algorithm>

#include "noc/noc_engine.h"
#include "noc/noc_event_kinds.h"
#include "noc/noc_renderer.h"
#include "noc/noc_text.h"
#include "shell/event_fields.h"
#include "shell/scene_paint.h"

namespace commviz::views {

namespace {

// A missing field reads -1, which no router, port, VC or packet is.
int field(const sim::EventRecord& r, const char* key) { return int(EventFields(r).integer(key).value_or(-1)); }

QString stateWord(noc::VcState state) {
    switch (state) {
        case noc::VcState::Idle:
            return NocRouterPanel::tr("idle");
        case noc::VcState::Routing:
            return NocRouterPanel::tr("routing");
        case noc::VcState::VcAlloc:
            return NocRouterPanel::tr("VC alloc");
        case noc::VcState::Active:
            return NocRouterPanel::tr("active");
    }
    return {};
}

/// Where each port's block of rows starts; the same rows on both sides, so a
/// crossbar line runs from input block p to output block o.
struct PanelRows {
    double top = 0;
    double row = 0;   ///< height of one row (a port header or one VC)
    double font = 0;  ///< text size that fits a row
    int vcs = 0;
    double portTop(int port) const { return top + port * (vcs + 1.4) * row; }
    double laneTop(int port, int vc) const { return portTop(port) + (vc + 1) * row; }
};

}  // namespace

int NocRouterPanel::routerOf(const QString& objectId, int routers) {
    static const QRegularExpression re(QStringLiteral("^router/(\\d+)(/|$)"));
    const auto match = re.match(objectId);
    if (!match.hasMatch()) return -1;
    const int r = match.captured(1).toInt();
    return r < routers ? r : -1;
}

void NocRouterPanel::paint(ScenePaint& p, const noc::NocEngine& engine, const QRectF& area, int router,
                           const std::vector<sim::EventRecord>& cycle) {
    const noc::NocConfig& c = engine.config();
    const int ports = c.ports();
    p.box(area, p.theme.panel, p.theme.panelBorder, 8);
    const QRectF inner = area.adjusted(14, 8, -14, -8);
    QStringList coords;
    for (int d = 0, rest = router; d < c.n; ++d, rest /= c.k) coords << QString::number(rest % c.k);
    p.text(QRectF(inner.left(), inner.top(), inner.width(), 26),
           tr("Router %1 (%2)").arg(router).arg(coords.join(QStringLiteral(", "))), 18, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(QRectF(inner.left(), inner.top() + 26, inner.width(), 20),
           tr("routing_delay = %1 · vc_alloc_delay = %2 · sw_alloc_delay = %3")
               .arg(c.routing_delay)
               .arg(c.vc_alloc_delay)
               .arg(c.sw_alloc_delay),
           13, p.theme.mutedText);

    // Columns: inputs | crossbar | outputs.
    const double x0 = inner.left();
    const QRectF inLabel(x0, 0, 60, 0), inState(x0 + 60, 0, 70, 0), inCells(x0 + 132, 0, 100, 0);
    const QRectF inRoute(x0 + 236, 0, 52, 0), xbar(x0 + 292, 0, 48, 0);
    const QRectF outLabel(x0 + 348, 0, 48, 0), outCells(x0 + 398, 0, inner.right() - x0 - 398, 0);
    const double headY = inner.top() + 52;
    p.text(QRectF(inLabel.left(), headY, outLabel.left() - inLabel.left() - 8, 18),
           tr("inputs: VC state, buffer, output VC held"), 13, p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter,
           true);
    p.text(QRectF(outLabel.left(), headY, inner.right() - outLabel.left(), 18), tr("outputs: credits"), 13,
           p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, true);

    PanelRows rows;
    rows.vcs = c.num_vcs;
    rows.top = headY + 26;
    const double body = inner.bottom() - 24 - rows.top;
    rows.row = std::min(24.0, body / (ports * (c.num_vcs + 1.4)));
    rows.font = std::clamp(rows.row * 0.62, 6.0, 14.0);

    // This cycle's allocations at this router.
    struct Grant {
        int in, vc, out, outVc;
        bool held;  // hold_switch_for_packet: crossed the connection its packet keeps, no allocation
    };
    std::vector<Grant> grants;  // switch grants: input VC → output (VC)
    std::vector<std::pair<int, int>> vaLanes, saLanes, heldLanes;
    for (const auto& r : cycle) {
        if (field(r, "router") != router) continue;
        if (r.kind == noc::kinds::kVcAllocated) vaLanes.emplace_back(field(r, "port"), field(r, "vc"));
        if (r.kind == noc::kinds::kSwitchAllocated) {
            const bool held = field(r, "value") == 1;
            (held ? heldLanes : saLanes).emplace_back(field(r, "port"), field(r, "vc"));
            grants.push_back({field(r, "port"), field(r, "vc"), field(r, "out_port"), field(r, "out_vc"), held});
        }
    }
    const auto has = [](const std::vector<std::pair<int, int>>& v, int a, int b) {
        return std::find(v.begin(), v.end(), std::pair{a, b}) != v.end();
    };

    const double cell = std::min(inCells.width() / c.vc_buf_size, rows.row * 1.4);
    for (int port = 0; port < ports; ++port) {
        const QString name = NocText::portName(port, ports);
        const double y = rows.portTop(port);
        p.text(QRectF(inLabel.left(), y, inCells.right() - inLabel.left(), rows.row), tr("in %1").arg(name), rows.font,
               p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
        p.text(QRectF(outLabel.left(), y, inner.right() - outLabel.left(), rows.row), tr("out %1").arg(name), rows.font,
               p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
        for (int vc = 0; vc < c.num_vcs; ++vc) {
            const double ly = rows.laneTop(port, vc);
            const noc::InputVc& iv = engine.inputVc(router, port, vc);
            const QRectF lane(inLabel.left(), ly, inRoute.right() - inLabel.left(), rows.row);
            p.object(lane, QStringLiteral("router/%1/in/%2/vc/%3").arg(router).arg(port).arg(vc));
            p.text(QRectF(inLabel.left() + 10, ly, inLabel.width() - 10, rows.row), tr("vc %1").arg(vc), rows.font,
                   p.theme.mutedText);
            if (iv.state != noc::VcState::Idle)
                p.p.fillRect(QRectF(inState.left() - 4, ly + 1, inState.width(), rows.row - 2),
                             NocRenderer::stateColor(p.theme, iv.state));
            p.text(QRectF(inState.left(), ly, inState.width(), rows.row), stateWord(iv.state), rows.font,
                   iv.state == noc::VcState::Idle ? p.theme.mutedText : p.theme.text, Qt::AlignLeft | Qt::AlignVCenter,
                   iv.state != noc::VcState::Idle);
            for (int slot = 0; slot < c.vc_buf_size; ++slot) {
                const QRectF cr(inCells.left() + slot * cell, ly + 2, cell - 1, rows.row - 4);
                if (slot < iv.count) {
                    const noc::Flit& f = engine.bufferedFlit(router, port, vc, slot);
                    p.p.fillRect(cr, NocRenderer::packetColor(engine.packet(f.packet).pid));
                    if (f.head || f.tail)
                        p.text(cr, f.head ? QStringLiteral("H") : QStringLiteral("T"), rows.font * 0.85, p.theme.text,
                               Qt::AlignCenter, true);
                } else {
                    p.box(cr, Qt::transparent, ScenePaint::tint(p.theme.panelBorder, 160), 0, 0.6);
                }
            }
            QString route;
            if (iv.outPort >= 0 && iv.outVc >= 0)
                route = QStringLiteral("→ %1.%2").arg(NocText::portName(iv.outPort, ports)).arg(iv.outVc);
            else if (iv.outPort >= 0)
                route = QStringLiteral("→ %1").arg(NocText::portName(iv.outPort, ports));
            p.text(QRectF(inRoute.left(), ly, inRoute.width(), rows.row), route, rows.font * 0.9, p.theme.text);
            if (has(vaLanes, port, vc))
                p.tag(QPointF(xbar.left() - 2, ly + rows.row / 2), tr("VA"), p.theme.accent, p.theme.background,
                      rows.font * 0.8);
            if (has(saLanes, port, vc))
                p.tag(QPointF(xbar.left() + 16, ly + rows.row / 2), tr("SA"), p.theme.good, p.theme.background,
                      rows.font * 0.8);
            if (has(heldLanes, port, vc))
                p.tag(QPointF(xbar.left() + 16, ly + rows.row / 2), tr("hold"), p.theme.accent, p.theme.background,
                      rows.font * 0.8);

            // Output VC `vc` of output `port`: credits left at the downstream input.
            const noc::OutputVc& ov = engine.outputVc(router, port, vc);
            p.text(QRectF(outLabel.left() + 8, ly, outLabel.width() - 8, rows.row), tr("vc %1").arg(vc), rows.font,
                   p.theme.mutedText);
            const double oc = std::min(outCells.width() / c.vc_buf_size, rows.row * 1.4);
            for (int slot = 0; slot < c.vc_buf_size; ++slot) {
                const QRectF cr(outCells.left() + slot * oc, ly + 3, oc - 1, rows.row - 6);
                const bool credit = slot < c.vc_buf_size - ov.occupancy;
                p.box(cr, credit ? ScenePaint::tint(p.theme.accent2, 150) : Qt::transparent,
                      ScenePaint::tint(p.theme.panelBorder, 160), 0, 0.6);
            }
        }
    }
    // The crossbar: one line per switch grant, input block to output block.
    p.p.save();
    p.p.setRenderHint(QPainter::Antialiasing, true);
    const auto laneMid = [&](int port, int vc) {
        return (vc >= 0 && vc < c.num_vcs ? rows.laneTop(port, vc) : rows.portTop(port)) + rows.row / 2;
    };
    for (const Grant& g : grants) {
        if (g.in < 0 || g.out < 0 || g.in >= ports || g.out >= ports) continue;
        p.arrow(QPointF(xbar.left() + 32, laneMid(g.in, g.vc)), QPointF(outLabel.left() - 4, laneMid(g.out, g.outVc)),
                g.held ? p.theme.accent : p.theme.good, 2.2);
    }
    p.p.restore();
    p.text(QRectF(inner.left(), inner.bottom() - 20, inner.width(), 20),
           engine.switchHold(router) ? tr("VA, SA: allocated · hold: held connection · arrow: crossing · cell: credit")
                                     : tr("VA, SA: allocated this cycle · arrow: switch grant · filled cell: credit"),
           12, p.theme.mutedText);
}

}  // namespace commviz::views
