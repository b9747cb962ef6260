#include "rdma_vs_socket/rdma_vs_socket_lane_painter.h"

#include "rdma_vs_socket/rdma_vs_socket_text.h"

namespace commviz::views {

using rdma_vs_socket::Domain;
using rdma_vs_socket::Host;
using rdma_vs_socket::Lane;
using rdma_vs_socket::Place;
using rdma_vs_socket::StageDef;

namespace {

int placeKey(const Place& place) { return int(place.host) * 4 + int(place.domain); }

bool covers(const Place& where, int host, Domain domain) {
    if (where.domain != domain) return false;
    return where.host == Host::Both || int(where.host) == host;
}

QString laneName(Lane lane) { return QString::fromLatin1(rdma_vs_socket::name(lane).data()); }

}  // namespace

QColor RdmaVsSocketLanePainter::laneColor(const Theme& theme, Lane lane) {
    return lane == Lane::Socket ? theme.accent2 : theme.accent;
}

RdmaVsSocketLanePainter::RdmaVsSocketLanePainter(RdmaVsSocketPaint& paint, const RdmaVsSocketSnapshot& snap,
                                                 const RdmaVsSocketLaneLayout& layout, Lane lane)
    : RdmaVsSocketLanePart(paint, snap, layout, lane),
      m_color(laneColor(paint.theme, lane)),
      m_moved(snap.moved(lane)) {}

void RdmaVsSocketLanePainter::paint() {
    m_p.box(m_l.frame, m_p.theme.background, m_p.theme.panelBorder, 10, 1.2);
    m_p.object(m_l.frame, QStringLiteral("lane:") + laneName(m_lane));
    // A coloured spine on the left tells the lanes apart in a grey-scale print too.
    m_p.box(QRectF(m_l.frame.left(), m_l.frame.top() + 10, 6, m_l.frame.height() - 20), m_color, QColor(), 3);
    paintHeader();
    if (m_lane == Lane::Verbs) paintSetupStrip();
    paintWire();
    for (int h = 0; h < 2; ++h) paintHost(h);
    paintPayload();
    paintMotion();
    paintStageStrip();
}

void RdmaVsSocketLanePainter::paintHeader() {
    const auto& engine = *m_snap.engine;
    const double used = m_p.text(m_l.header, RdmaVsSocketText::laneTitle(m_lane, engine.config().verbs_op), 17,
                                 m_color.darker(115), Qt::AlignLeft | Qt::AlignVCenter, true);
    const int messages = engine.config().messages;
    const QString right = tr("message %1/%2 · %3 · one way ≈ %4")
                              .arg(m_snap.messageShown(m_lane) + 1)
                              .arg(messages)
                              .arg(RdmaVsSocketText::bytes(double(engine.config().message_size)),
                                   RdmaVsSocketText::duration(engine.modelLatencyNs(m_lane)));
    QRectF rest = m_l.header;
    rest.setLeft(m_l.header.left() + used + 16);
    m_p.text(rest, right, 15, m_p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
}

void RdmaVsSocketLanePainter::paintHost(int h) {
    const Theme& theme = m_p.theme;
    const QRectF& host = m_l.hosts[h];
    const QRectF titleRow(host.left(), host.top(), host.width(), 22);
    m_p.text(titleRow, h == 0 ? tr("Host A — sender") : tr("Host B — receiver"), 15, theme.text,
             (h == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, true);

    const bool socket = m_lane == Lane::Socket;
    const QString names[3] = {tr("User space"), tr("Kernel"), socket ? tr("NIC") : tr("RDMA NIC")};
    const QString socketNotes[2][3] = {
        {tr("app: send(fd, buf, len)"), tr("socket layer, TCP/IP, driver"), tr("Ethernet NIC")},
        {tr("app: recv(fd, buf, len)"), tr("driver, TCP/IP, socket queue"), tr("Ethernet NIC")}};
    const QString verbsNotes[3] = {tr("app + libibverbs"), tr("bypassed on the data path"),
                                   tr("transport in hardware")};
    const QString socketSlots[2][3] = {{tr("buffer"), tr("skb"), tr("TX")}, {tr("buffer"), tr("RX ring"), tr("RX")}};
    const QString verbsSlots[3] = {tr("registered MR"), QString(), tr("QP")};
    const Domain domains[3] = {Domain::User, Domain::Kernel, Domain::Nic};

    for (int d = 0; d < 3; ++d) {
        const QRectF r = m_l.layers[h][d];
        const bool lit = m_moved && covers(m_moved->def.where, h, domains[d]);
        const bool bypassed = !socket && d == 1;
        QColor fill = lit ? m_p.tint(m_color, 55) : theme.panel;
        m_p.box(r, fill, lit ? m_color : theme.panelBorder, 6, lit ? 3 : 1);
        if (bypassed && !lit) {
            // Hatched: the kernel is there (setup used it) but the data path skips it.
            m_p.p.save();
            m_p.p.setPen(Qt::NoPen);
            m_p.p.setBrush(QBrush(m_p.tint(theme.panelBorder, 90), Qt::BDiagPattern));
            m_p.p.drawRoundedRect(r, 6, 6);
            m_p.p.restore();
        }
        // Labels sit on the side away from the wire; buffers face it.
        const QRectF slot = m_l.slot(h == 0 ? Host::A : Host::B, domains[d]);
        QRectF label = r.adjusted(14, 8, -14, -8);
        if (h == 0)
            label.setRight(slot.left() - 10);
        else
            label.setLeft(slot.right() + 10);
        const Qt::Alignment align = h == 0 ? Qt::AlignLeft : Qt::AlignRight;
        const QRectF nameRow(label.left(), label.top() - 2, label.width(), 24);
        m_p.text(nameRow, names[d], 17, theme.text, align | Qt::AlignVCenter, true);
        // The host's CPU at work, named in its title row on the wire's side, clear of every box.
        if (lit && m_moved->def.cpu)
            m_p.text(QRectF(m_l.hosts[h].left(), m_l.hosts[h].top(), m_l.hosts[h].width(), 22), tr("CPU busy"), 15,
                     theme.bad, (h == 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, true);
        const QString note = socket ? socketNotes[h][d] : verbsNotes[d];
        QRectF noteRect(label.left(), label.top() + 22, label.width(), 44);
        m_p.wrapped(noteRect, note, 15, bypassed ? theme.good.darker(120) : theme.mutedText, bypassed, 15);
        const QString slotName = socket ? socketSlots[h][d] : verbsSlots[d];
        if (!slotName.isEmpty()) {
            m_p.box(slot, theme.background, theme.panelBorder, 5, 1, Qt::DashLine);
            m_p.text(slot.adjusted(3, 0, -3, 0), slotName, 15, theme.mutedText, Qt::AlignCenter);
        }
    }
}

void RdmaVsSocketLanePainter::paintWire() {
    const Theme& theme = m_p.theme;
    const bool lit = m_moved && m_moved->def.where.domain == Domain::Wire;
    const double y = m_l.wireY();
    m_p.p.save();
    m_p.p.setPen(QPen(lit ? m_color : theme.panelBorder, lit ? 6 : 4, Qt::SolidLine, Qt::FlatCap));
    m_p.p.drawLine(QPointF(m_l.wireLeft(), y), QPointF(m_l.wireRight(), y));
    m_p.p.restore();
    const QRectF label(m_l.wireLeft(), y + 8, m_l.wireRight() - m_l.wireLeft(), 22);
    m_p.text(label, m_lane == Lane::Socket ? tr("Ethernet, 100 Gb/s") : tr("same link, RoCEv2"), 15, theme.mutedText,
             Qt::AlignCenter);
}

QSet<int> RdmaVsSocketLanePainter::holdings(int stages) const {
    const auto& plan = m_snap.engine->plan(m_lane);
    QSet<int> held{placeKey({Host::A, Domain::User})};
    for (int i = 0; i < stages && i < int(plan.size()); ++i) {
        const StageDef& def = plan[std::size_t(i)];
        if (!def.moves_payload) continue;
        // NICs and the wire only pass the bytes on; kernel and user buffers keep theirs.
        if (def.from.domain == Domain::Nic || def.from.domain == Domain::Wire) held.remove(placeKey(def.from));
        held.insert(placeKey(def.to));
    }
    return held;
}

void RdmaVsSocketLanePainter::payloadBlock(const QPointF& c, double alpha, bool ghost) {
    const QRectF r(c.x() - 52, c.y() - 17, 104, 34);
    QColor fill = m_color;
    fill.setAlphaF(std::clamp(alpha, 0.0, 1.0) * (ghost ? 0.75 : 1.0));
    m_p.box(r, fill, ghost ? m_color.darker(130) : QColor(), 5, 1.5, ghost ? Qt::DashLine : Qt::SolidLine);
    m_p.text(r, RdmaVsSocketText::bytes(double(m_snap.engine->config().message_size)), 15, m_p.theme.background,
             Qt::AlignCenter, true);
    const int message = m_snap.messageShown(m_lane);
    if (!ghost && message >= 0 && message < int(m_snap.engine->lane(m_lane).timings.size()))
        m_p.object(r, QStringLiteral("message:%1:%2").arg(laneName(m_lane)).arg(message));
}

void RdmaVsSocketLanePainter::paintPayload() {
    const bool animating = m_moved && !m_moved->def.setup && m_snap.t < 1.0;
    const QSet<int> held = holdings(m_snap.stagesShown(m_lane) - (animating ? 1 : 0));
    for (Host host : {Host::A, Host::B})
        for (Domain domain : {Domain::User, Domain::Kernel, Domain::Nic})
            if (held.contains(placeKey({host, domain}))) payloadBlock(m_l.point({host, domain}), 1.0, false);
}

void RdmaVsSocketLanePainter::chip(const QRectF& r, const QString& label, int number, bool done, bool current,
                                   bool next) {
    const Theme& theme = m_p.theme;
    const QColor fill = current ? m_color : done ? m_p.tint(m_color, 60) : theme.panel;
    m_p.box(r, fill, current || next ? m_color.darker(115) : theme.panelBorder, 6, next ? 2 : 1,
            next ? Qt::DashLine : Qt::SolidLine);
    const QColor ink = current ? theme.background : done ? theme.text : theme.mutedText;
    m_p.text(r.adjusted(3, 0, -3, 0), tr("%1 · %2").arg(number).arg(label), 15, ink, Qt::AlignCenter);
}

QRectF RdmaVsSocketLanePainter::chipRect(const QRectF& strip, int i, int n, int rows) {
    const int perRow = (n + rows - 1) / rows;
    const double gap = 5;
    const double w = (strip.width() - gap * (perRow - 1)) / perRow, h = (strip.height() - gap * (rows - 1)) / rows;
    return QRectF(strip.left() + (i % perRow) * (w + gap), strip.top() + (i / perRow) * (h + gap), w, h);
}

void RdmaVsSocketLanePainter::paintStageStrip() {
    const auto& plan = m_snap.engine->plan(m_lane);
    const int n = int(plan.size());
    const int shown = m_snap.stagesShown(m_lane);
    const bool setupPending = m_snap.engine->lane(Lane::Verbs).setup_done < int(m_snap.engine->setupPlan().size());
    const auto* next = m_snap.engine->nextStage(m_lane);
    for (int i = 0; i < n; ++i) {
        const QRectF r = chipRect(m_l.stageStrip, i, n, n > 4 ? 2 : 1);
        const bool current = m_moved && !m_moved->def.setup && m_moved->stage == i;
        const bool isNext = !m_moved && next && !setupPending && !next->setup &&
                            i == m_snap.engine->lane(m_lane).stage && m_snap.engine->nextLane() == m_lane;
        chip(r, RdmaVsSocketText::stageLabel(plan[std::size_t(i)].id), i + 1, i < shown, current, isNext);
        m_p.object(r, QStringLiteral("stage:%1:%2").arg(laneName(m_lane)).arg(i));
    }
}

void RdmaVsSocketLanePainter::paintSetupStrip() {
    const Theme& theme = m_p.theme;
    const auto& setup = m_snap.engine->setupPlan();
    const auto& state = m_snap.engine->lane(Lane::Verbs);
    const QRectF strip = m_l.setupStrip;
    m_p.box(strip.adjusted(-6, -4, 6, 4), m_p.tint(theme.warn, 28), m_p.tint(theme.warn, 160), 8, 1, Qt::DashLine);
    const QRectF title(strip.left() + 4, strip.top(), 170, strip.height());
    m_p.text(QRectF(title.left(), title.top() + 2, title.width(), 22), tr("Setup, once"), 15, theme.text,
             Qt::AlignLeft | Qt::AlignVCenter, true);
    m_p.text(QRectF(title.left(), title.top() + 26, title.width(), 22), tr("slow path via kernel"), 15,
             theme.mutedText);
    const int n = int(setup.size());
    const double right = 220;
    const QRectF chips(title.right() + 5, strip.top(), strip.width() - title.width() - right - 10, strip.height());
    for (int i = 0; i < n; ++i) {
        const QRectF r = chipRect(chips, i, n, 2);
        const bool current = m_moved && m_moved->def.setup && m_moved->stage == i;
        const bool isNext = !m_moved && i == state.setup_done && m_snap.engine->nextLane() == Lane::Verbs;
        chip(r, RdmaVsSocketText::stageLabel(setup[std::size_t(i)].id), i + 1, i < state.setup_done, current, isNext);
        m_p.object(r, QStringLiteral("setup:%1").arg(i));
    }
    const QRectF summary(strip.right() - right + 10, strip.top(), right - 10, strip.height());
    m_p.text(QRectF(summary.left(), summary.top() + 2, summary.width(), 22),
             tr("%1 syscalls at setup").arg(state.setup.syscalls), 15, theme.text, Qt::AlignRight | Qt::AlignVCenter,
             true);
    m_p.text(QRectF(summary.left(), summary.top() + 26, summary.width(), 22), tr("then none per message"), 15,
             theme.good.darker(120), Qt::AlignRight | Qt::AlignVCenter, true);
}

}  // namespace commviz::views
