#include "noc/noc_router_panel.h"

#include <QRegularExpression>
#include <algorithm>

#include "noc/noc_engine.h"
#include "noc/noc_router_compact.h"
#include "noc/noc_router_rows.h"
#include "noc/noc_text.h"
#include "noc/qtree.h"
#include "noc/tree4.h"
#include "shell/scene_paint.h"

namespace commviz::views {

using router_panel::Allocations;
using router_panel::Columns;

namespace {

/// Where each port's block of rows starts in the full table; the same rows on
/// both sides, so a crossbar line runs from input block p to output block o.
struct PanelRows {
    double top = 0;
    double row = 0;   ///< height of one row (a port header or one VC)
    double font = 0;  ///< text size that fits a row
    int vcs = 0;
    double portTop(int port) const { return top + port * (vcs + 1.4) * row; }
    double laneTop(int port, int vc) const { return portTop(port) + (vc + 1) * row; }
    double laneMid(int port, int vc) const {
        return (vc >= 0 && vc < vcs ? laneTop(port, vc) : portTop(port)) + row / 2;
    }
};

// The text size the panel's headings and footer use: 8 pt at the scene's fit.
constexpr double kPanelFont = 14;

/// Output VC `vc` of output `port`: the credits left at the downstream input, one cell each.
void paintCredits(ScenePaint& p, const noc::NocEngine& engine, const Columns& cols, int router, int port, int vc,
                  double y, double row, double font) {
    const noc::NocConfig& c = engine.config();
    const noc::OutputVc& ov = engine.outputVc(router, port, vc);
    p.text(QRectF(cols.outLabel.left() + 8, y, cols.outLabel.width() - 8, row), NocRouterPanel::tr("vc %1").arg(vc),
           font, p.theme.mutedText);
    const double oc = std::min(cols.outCells.width() / c.vc_buf_size, row * 1.4);
    for (int slot = 0; slot < c.vc_buf_size; ++slot) {
        const QRectF cr(cols.outCells.left() + slot * oc, y + 3, oc - 1, row - 6);
        const bool credit = slot < c.vc_buf_size - ov.occupancy;
        p.box(cr, credit ? ScenePaint::tint(p.theme.accent2, 150) : Qt::transparent,
              ScenePaint::tint(p.theme.panelBorder, 160), 0, 0.6);
    }
}

/// Every VC of every port, one row each, when those rows are readable.
void paintFullTable(ScenePaint& p, const noc::NocEngine& engine, const Columns& cols, const PanelRows& rows, int router,
                    const Allocations& alloc) {
    const int ports = engine.config().ports();
    for (int port = 0; port < ports; ++port) {
        const QString name = NocText::portName(port, engine.config());
        const double y = rows.portTop(port);
        p.text(QRectF(cols.inLabel.left(), y, cols.inCells.right() - cols.inLabel.left(), rows.row),
               NocRouterPanel::tr("in %1").arg(name), rows.font, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
        p.text(QRectF(cols.outLabel.left(), y, cols.outCells.right() - cols.outLabel.left(), rows.row),
               NocRouterPanel::tr("out %1").arg(name), rows.font, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
        for (int vc = 0; vc < rows.vcs; ++vc) {
            const double ly = rows.laneTop(port, vc);
            p.object(QRectF(cols.inLabel.left(), ly, cols.inRoute.right() - cols.inLabel.left(), rows.row),
                     QStringLiteral("router/%1/in/%2/vc/%3").arg(router).arg(port).arg(vc));
            router_panel::paintVcRow(p, engine, cols, router, port, vc, ly, rows.row, rows.font);
            paintCredits(p, engine, cols, router, port, vc, ly, rows.row, rows.font);
        }
    }
    // The crossbar: one line per switch grant, input block to output block.
    p.p.save();
    p.p.setRenderHint(QPainter::Antialiasing, true);
    for (const router_panel::Grant& g : alloc.grants) {
        if (g.in < 0 || g.out < 0 || g.in >= ports || g.out >= ports) continue;
        p.arrow(QPointF(cols.xbar.left() + 2, rows.laneMid(g.in, g.vc)),
                QPointF(cols.outLabel.left() - 4, rows.laneMid(g.out, g.outVc)), g.held ? p.theme.accent : p.theme.good,
                2.2);
    }
    p.p.restore();
    // The tags go over the crossbar lines that start under them.
    for (int port = 0; port < ports; ++port)
        for (int vc = 0; vc < rows.vcs; ++vc)
            router_panel::paintTags(p, alloc, cols, port, vc, rows.laneMid(port, vc), rows.font);
}

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
    if (c.topology == noc::Topology::Tree4) {
        coords << tr("height %1, position %2").arg(noc::Tree4::heightOf(router)).arg(noc::Tree4::posOf(router));
    } else if (c.topology == noc::Topology::QTree) {
        coords << tr("height %1, position %2").arg(noc::QTree::heightOf(c, router)).arg(noc::QTree::posOf(c, router));
    } else if (c.topology == noc::Topology::FatTree) {
        const int perLevel = engine.network().routers() / c.n;  // BookSim's router_level<l>_<pos>
        coords << tr("level %1, position %2").arg(router / perLevel).arg(router % perLevel);
    } else if (c.topology == noc::Topology::Fly) {
        const int perStage = engine.network().routers() / c.n;  // BookSim's router_<stage>_<addr>
        coords << tr("stage %1, row %2").arg(router / perStage).arg(router % perStage);
    } else if (c.topology == noc::Topology::AnyNet && c.anynet) {  // the nodes its network file puts on it
        QStringList nodes;
        for (const int node : c.anynet->routerNodes[std::size_t(router)]) nodes << QString::number(node);
        coords << (nodes.isEmpty() ? tr("no nodes") : tr("nodes %1", "an anynet router's nodes").arg(nodes.join(", ")));
    } else if (c.topology == noc::Topology::DragonFlyNew) {
        coords << tr("group %1, router %2 of it").arg(router / (2 * c.k)).arg(router % (2 * c.k));
    } else {
        for (int d = 0, rest = router; d < c.n; ++d, rest /= c.k) coords << QString::number(rest % c.k);
    }
    p.text(QRectF(inner.left(), inner.top(), inner.width(), 26),
           tr("Router %1 (%2)").arg(router).arg(coords.join(QStringLiteral(", "))), 18, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(QRectF(inner.left(), inner.top() + 26, inner.width(), 20),
           tr("routing_delay = %1 · vc_alloc_delay = %2 · sw_alloc_delay = %3")
               .arg(c.routing_delay)
               .arg(c.vc_alloc_delay)
               .arg(c.sw_alloc_delay),
           kPanelFont, p.theme.mutedText);

    const Columns cols = Columns::of(inner);
    const double headY = inner.top() + 52;
    p.text(QRectF(cols.inLabel.left(), headY, cols.outLabel.left() - cols.inLabel.left() - 8, 20),
           tr("inputs: VC state, buffer, output VC held"), kPanelFont, p.theme.mutedText,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(QRectF(cols.outLabel.left(), headY, inner.right() - cols.outLabel.left(), 20), tr("outputs: credits"),
           kPanelFont, p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, true);

    const QRectF footer(inner.left(), inner.bottom() - 40, inner.width(), 40);
    PanelRows rows;
    rows.vcs = c.num_vcs;
    rows.top = headY + 28;
    rows.row = std::min(24.0, (footer.top() - 4 - rows.top) / (ports * (c.num_vcs + 1.4)));
    rows.font = std::clamp(rows.row * 0.62, 6.0, 14.0);
    const Allocations alloc = Allocations::of(cycle, router);
    // Every VC when its row can be read (zoomed in, or few VCs); else one row per port.
    const bool full = p.readable(rows.font);
    if (full)
        paintFullTable(p, engine, cols, rows, router, alloc);
    else
        NocRouterCompact::paint(p, engine, QRectF(inner.left(), rows.top, inner.width(), footer.top() - 4 - rows.top),
                                router, alloc);
    const QString key = !full ? NocRouterCompact::key()
                        : engine.switchHold(router)
                            ? tr("VA, SA: allocated · hold: held connection · arrow: crossing · cell: credit")
                            : tr("VA, SA: allocated this cycle · arrow: switch grant · filled cell: credit");
    p.wrapped(footer, key, kPanelFont, p.theme.mutedText, false, kPanelFont);
}

}  // namespace commviz::views
