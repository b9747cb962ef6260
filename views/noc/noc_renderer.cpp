#include "noc/noc_renderer.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "noc/noc_engine.h"
#include "noc/noc_flits.h"
#include "noc/noc_layout.h"
#include "noc/noc_legend_flow.h"
#include "noc/noc_router_panel.h"
#include "noc/noc_text.h"
#include "shell/scene_paint.h"
#include "shell/step_caption.h"
#include "sim/session_access.h"

namespace commviz::views {

using noc::NocEngine;

namespace {
constexpr double kCaptionFont = 16;
constexpr double kSmallestFont = NocLayout::kSmallestFont;
}  // namespace

QColor NocRenderer::stateColor(const Theme& theme, noc::VcState state) {
    switch (state) {
        case noc::VcState::Idle:
            return Qt::transparent;
        case noc::VcState::Routing:
            return ScenePaint::tint(theme.warn, 90);
        case noc::VcState::VcAlloc:
            return ScenePaint::tint(theme.accent, 70);
        case noc::VcState::Active:
            return ScenePaint::tint(theme.good, 70);
    }
    return Qt::transparent;
}

QSizeF NocRenderer::logicalSize() const { return {NocLayout::kWidth, NocLayout::kHeight}; }

QColor NocRenderer::packetColor(int pid) {
    // Golden-ratio steps, so neighbouring packets differ, over the hues from
    // lime green round to magenta only: red, orange and yellow already mean a
    // deadlock, a credit, a routing VC and the tutorial's highlight.
    constexpr double kFirstHue = 90.0 / 360, kHueSpan = 230.0 / 360;
    const double step = std::fmod(0.618033988749895 * double(pid), 1.0);
    return QColor::fromHsvF(float(kFirstHue + kHueSpan * step), 0.62f, 0.9f);
}

QString NocRenderer::noSessionText() const { return tr("No NoC session loaded"); }

bool NocRenderer::paintScene(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    const auto access = sim::SessionAccess<NocEngine>::of(state.session);
    if (!access) return false;
    ScenePaint p(painter, state, m_hits);
    const NocEngine& engine = access->engine();
    const noc::NocConfig& config = engine.config();
    // A selected router (or one of its VCs) opens its panel beside the grid.
    const int zoomed = NocRouterPanel::routerOf(state.selected, engine.network().routers());
    const NocLayout layout(config, zoomed >= 0);
    const std::vector<sim::EventRecord> cycle =
        access->cursor() > 0 ? state.session->eventRecords(access->cursor()) : std::vector<sim::EventRecord>{};
    const bool mesh = config.topology == noc::Topology::Mesh;
    const QString network =
        config.topology == noc::Topology::Tree4   ? tr("tree4 (4, 8 and 16 routers, 64 nodes)")
        : config.topology == noc::Topology::QTree ? tr("quad tree (k = %1, %2 levels, %3 routers)")
                                                        .arg(config.k)
                                                        .arg(config.n)
                                                        .arg(engine.network().routers())
        : config.topology == noc::Topology::FatTree ? tr("fat tree (k = %1, %2 levels × %3 routers)")
                                                          .arg(config.k)
                                                          .arg(config.n)
                                                          .arg(engine.network().routers() / config.n)
        : config.topology == noc::Topology::Fly ? tr("%1-ary %2-fly butterfly (routers: %3 stages × %4)")
                                                      .arg(config.k)
                                                      .arg(config.n)
                                                      .arg(config.n)
                                                      .arg(engine.network().routers() / config.n)
        : config.topology == noc::Topology::CMesh ? tr("%1×%1 cmesh, %2 nodes per router").arg(config.k).arg(config.c)
        : config.topology == noc::Topology::AnyNet
            ? tr("anynet from %1: %2 routers, %3 nodes")
                  .arg(QFileInfo(QString::fromStdString(config.network_file)).fileName())
                  .arg(engine.network().routers())
                  .arg(engine.network().nodes())
        : config.topology == noc::Topology::FlatFly
            ? tr("%1-ary %2-flat flatfly, c = %3").arg(config.k).arg(config.n).arg(config.c)
        : config.topology == noc::Topology::DragonFlyNew
            ? tr("dragonfly k = %1: %2 groups × %3 routers").arg(config.k).arg(layout.groups()).arg(2 * config.k)
        : config.n == 1 ? (mesh ? tr("%1-router line (1-D mesh)") : tr("%1-router ring (1-D torus)")).arg(config.k)
        : config.n == 2 ? (mesh ? tr("%1×%1 mesh") : tr("%1×%1 torus")).arg(config.k)
                        : (mesh ? tr("%1×%1×%1 mesh") : tr("%1×%1×%1 torus")).arg(config.k);
    // A deadlock or an unstable run ends the run in whatever phase it was in.
    const noc::NocOutcome outcome = engine.report().outcome;
    const QString status = outcome == noc::NocOutcome::Deadlocked ? tr("deadlocked")
                           : outcome == noc::NocOutcome::Unstable ? tr("unstable")
                                                                  : NocText::phaseName(int(engine.phase()));
    p.text(layout.title(),
           tr("%1, num_vcs = %2, vc_buf_size = %3 — cycle %4, %5")
               .arg(network)
               .arg(config.num_vcs)
               .arg(config.vc_buf_size)
               .arg(engine.time())
               .arg(status),
           20, state.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);

    // A heatmap over the last `window` cycles up to the cursor: View menu or `export --option ID[=N]`.
    std::optional<int> optionWindow;
    m_heatMode = NocHeatmap::modeOf(state.options, &optionWindow);
    const int window = optionWindow.value_or(m_heatmap ? m_heatmap->window() : NocHeatmapSettings::kDefaultWindow);
    const noc::NocWindowStats* heat = m_heatMode != NocHeatmapMode::Off ? heatmapStats(state, engine, window) : nullptr;
    if (!heat) m_heatMode = NocHeatmapMode::Off;

    painter.setRenderHint(QPainter::Antialiasing, true);
    paintLinks(p, engine, layout);
    if (heat) {
        m_heatTop = NocHeatmap::paint(p, m_heatMode, *heat, layout, engine);
        if (m_heatMode != NocHeatmapMode::Links) m_heat = heat;  // the input strips take their colour
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (int node = 0; node < engine.network().routers(); ++node) paintRouter(p, engine, layout, node);
    m_heat = nullptr;
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintChannels(p, engine, layout);
    paintDeadlock(p, engine, layout);
    if (heat)
        NocHeatmap::paintLegend(p, layout.legend(), m_heatMode, *heat, m_heatTop);
    else
        paintLegend(p, layout);
    if (m_heatmap) m_heatmap->publish(m_heatMode, heat ? *heat : noc::NocWindowStats{}, zoomed);
    if (zoomed >= 0) NocRouterPanel::paint(p, engine, layout.panel(), zoomed, cycle);

    paintCaption(p, layout.caption(), state.caption, state.captionSummary, access->cursor(), cycle);
    p.drawHalos();
    return true;
}

void NocRenderer::paintCaption(ScenePaint& p, const QRectF& area, QString caption, const QString& summaryText,
                               std::size_t cursor, const std::vector<sim::EventRecord>& cycle) {
    const QRectF room = area.adjusted(16, 6, -16, -6);
    const auto height = [&](const QString& text, double px) {
        return QFontMetricsF(ScenePaint::font(px)).boundingRect(room, Qt::TextWordWrap, text).height();
    };
    // A step's narration longer than the box holds at the smallest size gives way to the cycle's summary
    // (the caption's own summary when it has one: it leads with the selected router).
    if (cursor > 0) {
        const QString summary = summaryText.isEmpty() ? NocText::cycleSummary(cursor, cycle) : summaryText;
        caption = fitCaption(caption.isEmpty() ? summary : caption, summary, ScenePaint::font(kCaptionFont - 2), room);
    }
    if (caption.isEmpty())
        caption =
            tr("Step forward: each step is one cycle. Sources create packets, flits enter the local input of "
               "their router, and each router runs route computation, VC allocation, switch allocation and "
               "switch traversal.");
    // The box is as tall as its text, at the foot of its area (the column beside a square grid is tall).
    QRectF box = area;
    box.setTop(area.bottom() -
               std::clamp(height(caption, kCaptionFont) + 12, std::min(96.0, area.height()), area.height()));
    p.box(box, p.theme.panel, p.theme.panelBorder, 8);
    p.wrapped(box.adjusted(16, 6, -16, -6), caption, kCaptionFont, p.theme.text, false, kCaptionFont - 2);
}

const noc::NocWindowStats* NocRenderer::heatmapStats(const RenderState& state, const NocEngine& engine, int window) {
    const auto access = sim::SessionAccess<NocEngine>::of(state.session);
    const std::size_t cursor = access ? access->cursor() : 0;
    if (!m_cache || m_cacheKey.cursor != cursor || m_cacheKey.window != window ||
        !(m_cacheKey.config == engine.config())) {
        m_cache = NocHeatmap::compute(state.session, window);
        m_cacheKey = {engine.config(), cursor, window};
    }
    return m_cache ? &*m_cache : nullptr;
}

void NocRenderer::paintLinks(ScenePaint& p, const NocEngine& engine, const NocLayout& layout) {
    QPen pen(ScenePaint::tint(p.theme.panelBorder, 200), std::max(1.0, layout.routerSize() * 0.03));
    pen.setCapStyle(Qt::FlatCap);
    p.p.setPen(pen);
    const noc::NocNetwork& net = engine.network();
    if (layout.isDragonfly()) paintGroups(p, layout);
    // A dragonfly's global links (ports 3k - 1 and up) are many and long: thinner, so the groups stay readable.
    QPen global(ScenePaint::tint(p.theme.accent2, 110), std::max(0.6, pen.widthF() * 0.5));
    global.setCapStyle(Qt::FlatCap);
    const int firstGlobal = layout.isDragonfly() ? 3 * engine.config().k - 1 : net.ports();
    for (int node = 0; node < net.routers(); ++node) {
        for (int port = 0; port < net.outputs(node); ++port) {
            const int next = net.neighbor(node, port);  // -1: ejection, or a mesh edge
            if (next < 0) continue;
            p.p.setPen(port >= firstGlobal ? global : pen);
            if (layout.isFlatFly()) {  // express links bow around the routers they skip
                QPainterPath path(layout.linkStart(node, port));
                path.quadTo(layout.linkControl(node, port, next), layout.linkEnd(node, port, next));
                p.p.strokePath(path, pen);
                continue;
            }
            p.p.drawLine(layout.linkStart(node, port), layout.linkEnd(node, port, next));
        }
    }
    if (layout.isTree()) return paintTreeNodes(p, engine, layout, pen);
    if (!layout.isFly()) return;  // a cube's terminals sit inside their routers
    // A fly's terminals: stubs into stage 0 and out of the last stage, numbered when they fit.
    const bool numbered = layout.routerSize() / engine.config().k >= kSmallestFont;
    pen.setWidthF(std::min(pen.widthF(), 3.0));
    p.p.setPen(pen);
    for (int node = 0; node < net.nodes(); ++node) {
        const QPointF in = layout.injectionPoint(node);
        const QPointF out = layout.ejectionPoint(node);
        p.p.drawLine(in, QPointF(layout.router(net.injectRouter(node)).left(), in.y()));
        p.p.drawLine(QPointF(layout.router(net.ejectRouter(node)).right(), out.y()), out);
        if (!numbered) continue;
        const QString number = QString::number(node);
        const double w = kSmallestFont * 2.2;
        p.detail(QRectF(in.x() - w - 2, in.y() - kSmallestFont * 0.7, w, kSmallestFont * 1.4), number, kSmallestFont,
                 p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        p.detail(QRectF(out.x() + 2, out.y() - kSmallestFont * 0.7, w, kSmallestFont * 1.4), number, kSmallestFont,
                 p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter);
    }
}

void NocRenderer::paintTreeNodes(ScenePaint& p, const NocEngine& engine, const NocLayout& layout, QPen pen) {
    // A fat tree's nodes hang under the bottom routers' down ports, numbered when they fit.
    const noc::NocNetwork& net = engine.network();
    const double band = layout.routerSize() / engine.config().k;
    const bool numbered = band >= kSmallestFont * 1.2;
    pen.setWidthF(std::min(pen.widthF(), 3.0));
    p.p.setPen(pen);
    const int k = engine.config().k;
    // Too narrow for each number: a bottom router names its range of nodes, every `every`-th
    // router when the ranges are wider than the routers' pitch.
    const double rangeWidth = QFontMetricsF(ScenePaint::font(kSmallestFont))
                                  .horizontalAdvance(QStringLiteral("%1–%2").arg(net.nodes() - k).arg(net.nodes() - 1));
    const int every = std::max(1, int(std::ceil((rangeWidth + 8) / layout.pitch())));
    for (int node = 0; node < net.nodes(); ++node) {
        if (!numbered && node % (k * every) == 0) {
            const QRectF r = layout.router(net.injectRouter(node));
            const QPointF at = layout.injectionPoint(node);
            const double w = std::max(rangeWidth + 4, r.width());
            p.detail(QRectF(r.center().x() - w / 2, at.y() + 1, w, kSmallestFont * 1.4),
                     QStringLiteral("%1–%2").arg(node).arg(node + k - 1), kSmallestFont, p.theme.mutedText,
                     Qt::AlignHCenter | Qt::AlignTop);
        }
        const QPointF at = layout.injectionPoint(node);
        p.p.drawLine(QPointF(at.x(), layout.router(net.injectRouter(node)).bottom()), at);
        if (!numbered) continue;
        const double w = std::max(band, kSmallestFont * 2.2);
        p.detail(QRectF(at.x() - w / 2, at.y() + 1, w, kSmallestFont * 1.4), QString::number(node), kSmallestFont,
                 p.theme.mutedText, Qt::AlignHCenter | Qt::AlignTop);
    }
}

void NocRenderer::paintGroups(ScenePaint& p, const NocLayout& layout) {
    // Each group's ring, and its number outside the circle when it fits.
    p.p.setPen(QPen(ScenePaint::tint(p.theme.panelBorder, 120), 1, Qt::DashLine));
    p.p.setBrush(Qt::NoBrush);
    const double ring = layout.groupRadius() + layout.routerSize() * 0.75;
    const QPointF middle = layout.grid().center();
    const bool numbered = layout.groupRadius() * 2 >= kSmallestFont * 2;
    for (int g = 0; g < layout.groups(); ++g) {
        const QPointF c = layout.groupCentre(g);
        p.p.drawEllipse(c, ring, ring);
        if (!numbered) continue;
        const QLineF outward(middle, c);
        const QPointF at = c + (c - middle) / std::max(outward.length(), 1.0) * (ring + kSmallestFont);
        p.detail(
            QRectF(at.x() - kSmallestFont * 2.5, at.y() - kSmallestFont * 0.7, kSmallestFont * 5, kSmallestFont * 1.4),
            tr("g%1", "a dragonfly group's number").arg(g), kSmallestFont, p.theme.mutedText, Qt::AlignCenter);
    }
}

void NocRenderer::paintRouter(ScenePaint& p, const NocEngine& engine, const NocLayout& layout, int node) {
    const QRectF r = layout.router(node);
    const QString id = QStringLiteral("router/%1").arg(node);
    p.box(r, p.theme.panel, p.theme.panelBorder, 0, 1);
    p.object(r, id);
    // A fat tree's top routers have no up ports: only the inputs a router has are drawn.
    for (int port = 0; port < std::min(layout.ports(), engine.network().inputs(node)); ++port)
        paintInputPort(p, engine, layout, node, port);
    // The number sits on the background above the router's top-left corner,
    // clear of the strips and of the links, when it fits there readably.
    const double gap = layout.pitch() - layout.routerSize();
    const QRectF label(r.left() - gap / 2 + 2, r.top() - kSmallestFont - 3, gap / 2 + r.width() * 0.36 - 4,
                       kSmallestFont + 2);
    const QString number = QString::number(node);
    if (gap >= kSmallestFont + 4 &&
        QFontMetricsF(ScenePaint::font(kSmallestFont)).horizontalAdvance(number) <= label.width() - 2)
        p.detail(label, number, kSmallestFont, p.theme.mutedText, Qt::AlignRight | Qt::AlignBottom);
}

QRectF NocRenderer::flitCell(const NocLayout& layout, const noc::NocConfig& config, int node, int port, int vc,
                             int slot) {
    const QRectF strip = layout.inputStrip(node, port);
    const bool vertical = layout.verticalLanes(port) || layout.isLocal(port);
    const double laneW = (vertical ? strip.width() : strip.height()) / config.num_vcs;
    const double cellL = (vertical ? strip.height() : strip.width()) / config.vc_buf_size;
    const QPointF centre = layout.router(node).center();
    const bool frontAtMax = vertical ? strip.center().y() < centre.y() : strip.center().x() < centre.x();
    const double off = (frontAtMax ? config.vc_buf_size - 1 - slot : slot) * cellL;
    return vertical ? QRectF(strip.left() + vc * laneW, strip.top() + off, laneW, cellL)
                    : QRectF(strip.left() + off, strip.top() + vc * laneW, cellL, laneW);
}

double NocRenderer::linkFraction(int due, int latency) {
    // `due` runs from latency (just written) down to 0 (read next cycle).
    return std::clamp((latency - due + 0.5) / double(latency + 1), 0.05, 0.95);
}

QPointF NocRenderer::onLink(const QPointF& from, const QPointF& to, int due, int latency) {
    return from + (to - from) * linkFraction(due, latency);
}

void NocRenderer::paintInputPort(ScenePaint& p, const NocEngine& engine, const NocLayout& layout, int node, int port) {
    const noc::NocConfig& c = engine.config();
    const QRectF strip = layout.inputStrip(node, port);
    // Under a buffer or stall heatmap the port's colour replaces the VC state tints.
    if (const double v = m_heat ? NocHeatmap::value(m_heatMode, *m_heat, node, port) : 0; v > 0)
        p.p.fillRect(strip, NocHeatmap::colour(v / m_heatTop));
    // Cells of one VC slot too small to see (16 VCs in a 64-router grid): the port's flits as one queue.
    const double minCell = noc_flits::kMinFlitPixels / p.targetScale();
    const QRectF firstCell = flitCell(layout, c, node, port, 0, 0);
    const bool queued = std::min(firstCell.width(), firstCell.height()) - 1 < minCell;
    for (int vc = 0; vc < c.num_vcs; ++vc) {
        const noc::InputVc& iv = engine.inputVc(node, port, vc);
        const QRectF lane =
            flitCell(layout, c, node, port, vc, 0).united(flitCell(layout, c, node, port, vc, c.vc_buf_size - 1));
        if (iv.state != noc::VcState::Idle && !m_heat) p.p.fillRect(lane, stateColor(p.theme, iv.state));
        // Lanes wide enough to hit are objects of their own (the Inspector shows the VC).
        if (std::min(lane.width(), lane.height()) >= 6)
            p.object(lane, QStringLiteral("router/%1/in/%2/vc/%3").arg(node).arg(port).arg(vc));
        for (int i = 0; i < iv.count && !queued; ++i) {
            const noc::Flit& f = engine.bufferedFlit(node, port, vc, i);
            noc_flits::paintFlit(p.p, flitCell(layout, c, node, port, vc, i).adjusted(0.5, 0.5, -0.5, -0.5), f,
                                 engine.packet(f.packet).pid, p.theme.text);
        }
    }
    if (queued) noc_flits::paintPortQueue(p, engine, layout, node, port, minCell);
    p.p.setPen(QPen(ScenePaint::tint(p.theme.panelBorder, 160), 0.6));
    p.p.setBrush(Qt::NoBrush);
    p.p.drawRect(strip);
}

void NocRenderer::paintChannels(ScenePaint& p, const NocEngine& engine, const NocLayout& layout) {
    const noc::NocNetwork& net = engine.network();
    const double size = std::max({3.0, layout.routerSize() * 0.12, noc_flits::kMinFlitPixels / p.targetScale()});
    p.p.setPen(Qt::NoPen);
    for (const noc::ChannelFlit& cf : engine.channelFlits()) {
        if (cf.port < 0) continue;  // ejection channels are inside the router
        // It left the upstream router through the output wired to this input.
        const noc::ChannelEnd& from = net.input(cf.router, cf.port);
        if (from.router < 0) continue;  // injection channels are inside the router too
        const QPointF a = layout.linkStart(from.router, from.port);
        const QPointF b = layout.linkEnd(from.router, from.port, cf.router);
        QPointF at = onLink(a, b, cf.due, from.latency);
        if (layout.isFlatFly())
            at = layout.linkPoint(from.router, from.port, cf.router, linkFraction(cf.due, from.latency));
        p.p.setBrush(packetColor(engine.packet(cf.flit.packet).pid));
        p.p.drawEllipse(at, size / 2, size / 2);
        if (cf.flit.head) {
            p.p.setBrush(p.theme.text);
            p.p.drawEllipse(at, size / 5, size / 5);
        }
    }
    // Credits go the other way, along the link the flit came in on. On a dragonfly whose routers are
    // too small to read (k >= 3 at fit), the credits on its 100-cycle links would bury the flits: left out.
    if (layout.isDragonfly() && layout.routerSize() < 2 * kSmallestFont) return;
    const double cs = size * 0.7;
    p.p.setBrush(p.theme.accent2);
    for (const noc::ChannelCredit& cc : engine.channelCredits()) {
        if (cc.port < 0) continue;
        const noc::ChannelEnd& to = net.output(cc.router, cc.port);  // the credit comes back from this output's far end
        if (to.router < 0) continue;
        // A cube draws it on the opposite link (its output to.port leads back here); a fly has
        // no link back, so the credit runs back along the flits' own link.
        const QPointF a = layout.creditsRideBack() ? layout.linkEnd(cc.router, cc.port, to.router)
                                                   : layout.linkStart(to.router, to.port);
        const QPointF b = layout.creditsRideBack() ? layout.linkStart(cc.router, cc.port)
                                                   : layout.linkEnd(to.router, to.port, cc.router);
        QPointF at = onLink(a, b, cc.due, to.latency);
        // A flatfly's credit runs back along the flits' own (curved) link.
        if (layout.isFlatFly())
            at = layout.linkPoint(cc.router, cc.port, to.router, 1 - linkFraction(cc.due, to.latency));
        const QPolygonF diamond(
            {at + QPointF(0, -cs / 2), at + QPointF(cs / 2, 0), at + QPointF(0, cs / 2), at + QPointF(-cs / 2, 0)});
        p.p.drawPolygon(diamond);
    }
}

void NocRenderer::paintDeadlock(ScenePaint& p, const NocEngine& engine, const NocLayout& layout) {
    // The cycle of VCs each waiting on the next, as the detector reported it.
    p.p.setPen(QPen(p.theme.bad, std::max(2.0, layout.routerSize() * 0.03)));
    p.p.setBrush(Qt::NoBrush);
    for (const std::string& id : engine.report().deadlockCycle) {
        int r = -1, port = -1, vc = -1;
        if (std::sscanf(id.c_str(), "router/%d/in/%d/vc/%d", &r, &port, &vc) != 3) continue;
        const noc::NocConfig& c = engine.config();
        p.p.drawRect(flitCell(layout, c, r, port, vc, 0).united(flitCell(layout, c, r, port, vc, c.vc_buf_size - 1)));
    }
}

void NocRenderer::paintLegend(ScenePaint& p, const NocLayout& layout) {
    NocLegendFlow flow(layout.legend(), 24);
    const QFontMetricsF metrics(ScenePaint::font(kSmallestFont));
    const auto swatch = [&](const QColor& fill, const QString& label) {
        // A label wider than the legend wraps onto the lines under it.
        const double width = std::min(22 + metrics.horizontalAdvance(label) + 2, flow.area.width());
        const QRectF room(0, 0, width - 22, 1000);
        const int lines = std::max(
            1, int(std::lround(metrics.boundingRect(room, Qt::TextWordWrap, label).height() / metrics.lineSpacing())));
        const QPointF at = flow.place(width, 18);
        p.box(QRectF(at.x(), at.y() + 4, 16, 16), fill, p.theme.panelBorder, 2);
        if (lines == 1) {
            p.text(QRectF(at.x() + 22, at.y(), width - 22, 24), label, kSmallestFont, p.theme.mutedText);
            return;
        }
        p.wrapped(QRectF(at.x() + 22, at.y() + 2, width - 22, metrics.lineSpacing() * lines + 2), label, kSmallestFont,
                  p.theme.mutedText, false, kSmallestFont);
        flow.newLine(metrics.lineSpacing() * lines + 4);
    };
    swatch(stateColor(p.theme, noc::VcState::Routing), tr("VC routing (RC)"));
    swatch(stateColor(p.theme, noc::VcState::VcAlloc), tr("VC waiting for VA"));
    swatch(stateColor(p.theme, noc::VcState::Active), tr("VC active (SA/ST)"));
    swatch(packetColor(3), tr("flit (colour = packet, dot = head, bar = tail)"));
    swatch(p.theme.accent2, tr("credit returning"));
}

}  // namespace commviz::views
