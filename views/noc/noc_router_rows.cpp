#include "noc/noc_router_rows.h"

#include <QFontMetricsF>
#include <algorithm>

#include "noc/noc_engine.h"
#include "noc/noc_event_kinds.h"
#include "noc/noc_renderer.h"
#include "noc/noc_router_panel.h"
#include "noc/noc_text.h"
#include "shell/event_fields.h"
#include "shell/scene_paint.h"

namespace commviz::views::router_panel {

namespace {
// A missing field reads -1, which no router, port, VC or packet is.
int field(const sim::EventRecord& r, const char* key) { return int(EventFields(r).integer(key).value_or(-1)); }
}  // namespace

Columns Columns::of(const QRectF& inner) {
    const double x0 = inner.left();
    const auto span = [x0](double from, double to) { return QRectF(x0 + from, 0, to - from, 0); };
    return {span(0, 66),    span(68, 136),  span(140, 232),          span(236, 316),
            span(320, 368), span(372, 452), span(456, inner.width())};
}

Allocations Allocations::of(const std::vector<sim::EventRecord>& cycle, int router) {
    Allocations a;
    for (const auto& r : cycle) {
        if (field(r, "router") != router) continue;
        if (r.kind == noc::kinds::kVcAllocated) a.va.emplace_back(field(r, "port"), field(r, "vc"));
        if (r.kind == noc::kinds::kSwitchAllocated) {
            const bool held = field(r, "value") == 1;
            (held ? a.held : a.sa).emplace_back(field(r, "port"), field(r, "vc"));
            a.grants.push_back({field(r, "port"), field(r, "vc"), field(r, "out_port"), field(r, "out_vc"), held});
        }
    }
    return a;
}

QStringList Allocations::tags(int port, int vc) const {
    const auto has = [&](const std::vector<std::pair<int, int>>& v) {
        return std::find(v.begin(), v.end(), std::pair{port, vc}) != v.end();
    };
    QStringList out;
    if (has(va)) out << NocRouterPanel::tr("VA");
    if (has(sa)) out << NocRouterPanel::tr("SA");
    if (has(held)) out << NocRouterPanel::tr("hold");
    return out;
}

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

QString routeText(const noc::InputVc& vc, const noc::NocConfig& ports) {
    // BookSim2 src/vc.hpp: a VC is idle, routing, vc_alloc or active, and owns
    // an output VC only while active; the stored one may be a finished packet's.
    if (vc.state == noc::VcState::Active && vc.outPort >= 0 && vc.outVc >= 0)
        return QStringLiteral("→ %1.%2").arg(NocText::portName(vc.outPort, ports)).arg(vc.outVc);
    if (vc.state == noc::VcState::VcAlloc && vc.outPort >= 0)
        return QStringLiteral("→ %1").arg(NocText::portName(vc.outPort, ports));
    return {};
}

void paintVcRow(ScenePaint& p, const noc::NocEngine& engine, const Columns& cols, int router, int port, int vc,
                double y, double row, double font) {
    const noc::NocConfig& c = engine.config();
    const noc::InputVc& iv = engine.inputVc(router, port, vc);
    const bool idle = iv.state == noc::VcState::Idle;
    p.text(QRectF(cols.inLabel.left() + 10, y, cols.inLabel.width() - 10, row), NocRouterPanel::tr("vc %1").arg(vc),
           font, p.theme.mutedText);
    if (!idle)
        p.p.fillRect(QRectF(cols.inState.left() - 4, y + 1, cols.inState.width(), row - 2),
                     NocRenderer::stateColor(p.theme, iv.state));
    p.text(QRectF(cols.inState.left(), y, cols.inState.width(), row), stateWord(iv.state), font,
           idle ? p.theme.mutedText : p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, !idle);
    const double cell = std::min(cols.inCells.width() / c.vc_buf_size, row * 1.4);
    for (int slot = 0; slot < c.vc_buf_size; ++slot) {
        const QRectF cr(cols.inCells.left() + slot * cell, y + 2, cell - 1, row - 4);
        if (slot >= iv.count) {
            p.box(cr, Qt::transparent, ScenePaint::tint(p.theme.panelBorder, 160), 0, 0.6);
            continue;
        }
        const noc::Flit& f = engine.bufferedFlit(router, port, vc, slot);
        p.p.fillRect(cr, NocRenderer::packetColor(engine.packet(f.packet).pid));
        if (f.head || f.tail)
            p.detail(cr, f.head ? QStringLiteral("H") : QStringLiteral("T"), font, p.theme.text, Qt::AlignCenter, true);
    }
    p.text(QRectF(cols.inRoute.left(), y, cols.inRoute.width(), row), routeText(iv, c), font, p.theme.text);
}

void paintTags(ScenePaint& p, const Allocations& alloc, const Columns& cols, int port, int vc, double midY,
               double font) {
    double x = cols.xbar.left();
    for (const QString& tag : alloc.tags(port, vc)) {
        const double width = QFontMetricsF(ScenePaint::font(font, true)).horizontalAdvance(tag) + 14;
        const bool va = tag == NocRouterPanel::tr("VA") || tag == NocRouterPanel::tr("hold");
        p.tag(QPointF(x + width / 2, midY), tag, va ? p.theme.accent : p.theme.good, p.theme.background, font);
        x += width + 2;
    }
}

}  // namespace commviz::views::router_panel
