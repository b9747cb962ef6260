#include "nccl/topology_scene/topology_paint.h"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>

#include "nccl/topology_scene/topology_run.h"
#include "nccl/topology_scene/topology_text.h"

namespace commviz::views {

using nccl_topology::LinkType;
using nccl_topology::NodeType;
using nccl_topology::TopoSystem;

namespace {

constexpr double kTrimmedOpacity = 0.3;

QColor nodeFill(NodeType type) {
    switch (type) {
        case NodeType::GPU:
            return QColor(0x76, 0xb9, 0x00);  // NVIDIA green
        case NodeType::CPU:
            return QColor(0x5b, 0x8d, 0xd6);
        case NodeType::NIC:
        case NodeType::NET:
            return QColor(0xb0, 0x7c, 0xd8);
        case NodeType::NVS:
            return QColor(0x3d, 0x9a, 0x6e);
        case NodeType::PCI:
            break;
    }
    return QColor(0xa8, 0xb4, 0xc4);
}

// The first character and the trailing number: "GPU 3" → "G3", "mlx5_3" → "m3", "1a:00.0" → "1".
QString compactLabel(const QString& label) {
    int digits = int(label.size());
    while (digits > 1 && label[digits - 1].isDigit()) --digits;
    const QString number = label.mid(digits);
    if (number.isEmpty() || label.contains(QLatin1Char(':'))) return label.left(2);
    return label.left(1) + number;
}

}  // namespace

QColor TopologyPaint::channelColor(int channel) {
    static const std::array<QColor, 8> colors = {
        QColor(0xe6, 0x55, 0x1e), QColor(0x1f, 0x77, 0xd4), QColor(0xc2, 0x18, 0x5b), QColor(0x00, 0x96, 0x88),
        QColor(0x8e, 0x44, 0xad), QColor(0xd4, 0x9a, 0x00), QColor(0x4e, 0x6e, 0x2a), QColor(0x6d, 0x4c, 0x41)};
    return colors[std::size_t(channel) % colors.size()];
}

QColor TopologyPaint::linkColor(LinkType type) {
    switch (type) {
        case LinkType::NVL:
            return QColor(0x3d, 0x9a, 0x6e);
        case LinkType::PCI:
            return QColor(0x5b, 0x8d, 0xd6);
        case LinkType::NET:
            return QColor(0xb0, 0x7c, 0xd8);
        case LinkType::C2C:
            return QColor(0xd4, 0x9a, 0x00);
        default:
            break;
    }
    return QColor(0x88, 0x88, 0x88);
}

QString TopologyPaint::shortLabel(const TopoSystem& system, int index) {
    const auto& node = system.nodes[std::size_t(index)];
    if (node.type == NodeType::PCI && node.busId.size() > 5) return QString::fromStdString(node.busId.substr(5));
    if (node.type == NodeType::NET && !node.name.empty()) return QString::fromStdString(node.name);
    if (node.type == NodeType::NVS) return tr("NVSwitch");
    return QString::fromStdString(nccl_topology::nodeLabel(system, index));
}

// "PCI 48.0/24.0 GB/s": the bandwidths links of a type have in this server (at most three).
QString TopologyPaint::linkBandwidths(const TopoSystem& system, LinkType type) {
    QStringList values;
    for (const auto& node : system.nodes)
        for (const auto& link : node.links) {
            const QString value = QString::number(double(link.bw), 'f', 1);
            if (link.type == type && !values.contains(value) && values.size() < 3) values << value;
        }
    if (values.isEmpty()) return {};
    return tr("%1 %2 GB/s")
        .arg(QString::fromLatin1(nccl_topology::linkTypeName(type).data()), values.join(QLatin1Char('/')));
}

void TopologyPaint::links(const TopoSystem& system, const ServerLayout& layout, bool netsTrimmed) {
    for (int from = 0; from < int(system.nodes.size()); ++from)
        for (const auto& link : system.nodes[std::size_t(from)].links) {
            if (link.remote <= from || !layout.drawn(from) || !layout.drawn(link.remote)) continue;
            const bool toNet = system.nodes[std::size_t(from)].type == NodeType::NET ||
                               system.nodes[std::size_t(link.remote)].type == NodeType::NET;
            p.setOpacity(netsTrimmed && toNet ? kTrimmedOpacity : 1.0);
            const QPointF a = layout.centre(from), b = layout.centre(link.remote);
            const bool sys = link.type == LinkType::SYS;
            p.setPen(
                QPen(linkColor(link.type), link.type == LinkType::NVL ? 2.5 : 1.5, sys ? Qt::DashLine : Qt::SolidLine));
            p.drawLine(a, b);
            const QString label = QStringLiteral("%1 %2")
                                      .arg(QString::fromLatin1(nccl_topology::linkTypeName(link.type).data()))
                                      .arg(QString::number(double(link.bw), 'f', 1));
            const QPointF mid = (a + b) / 2 + (sys ? QPointF(0, -10) : QPointF(0, 0));
            detail(QRectF(mid.x() - 40, mid.y() - 7, 80, 14), label, 10, linkColor(link.type).darker(150),
                   Qt::AlignCenter);
        }
    p.setOpacity(1.0);
}

void TopologyPaint::node(const TopoSystem& system, int index, const QRectF& box, bool trimmed) {
    const QColor fill = nodeFill(system.nodes[std::size_t(index)].type);
    p.setOpacity(trimmed ? kTrimmedOpacity : 1.0);
    ScenePaint::box(box, tint(fill, 70), fill.darker(130), 5, 1.2);
    const bool bold = system.nodes[std::size_t(index)].type == NodeType::GPU;
    QString label = shortLabel(system, index);
    // Small boxes (several servers at once): "G3", "N3", "m3", "C0" rather than "G…".
    if (QFontMetricsF(font(13, bold)).horizontalAdvance(label) > box.width() - 4) label = compactLabel(label);
    text(box.adjusted(2, 0, -2, 0), label, 13, theme.text, Qt::AlignCenter, bold);
    p.setOpacity(1.0);
    // ncclTopoTrimSystem took it out: the search and the log never see it.
    if (trimmed)
        detail(QRectF(box.left() - 20, box.bottom() + 1, box.width() + 40, 13), tr("trimmed"), 10, theme.mutedText,
               Qt::AlignCenter);
}

void TopologyPaint::server(const TopoSystem& system, const ServerLayout& layout, const QString& title, bool clickable,
                           bool netsTrimmed) {
    serverFrame(layout, title);
    links(system, layout, netsTrimmed);
    nodes(system, layout, clickable, netsTrimmed);
}

void TopologyPaint::serverFrame(const ServerLayout& layout, const QString& title) {
    box(layout.frame, tint(theme.panel, 120), theme.panelBorder, 8, 1);
    text(QRectF(layout.frame.left() + 8, layout.frame.top() + 1, 300, 17), title, 13, theme.mutedText);
}

void TopologyPaint::nodes(const TopoSystem& system, const ServerLayout& layout, bool clickable, bool netsTrimmed) {
    for (int index = 0; index < int(system.nodes.size()); ++index) {
        if (!layout.drawn(index)) continue;
        node(system, index, layout.boxes[std::size_t(index)],
             netsTrimmed && system.nodes[std::size_t(index)].type == NodeType::NET);
        if (clickable) object(layout.boxes[std::size_t(index)], QStringLiteral("node:%1").arg(index));
    }
}

void TopologyPaint::route(const ServerLayout& layout, const std::vector<int>& nodes) {
    QPainterPath path;
    bool started = false;
    for (int node : nodes) {
        if (!layout.drawn(node)) continue;
        if (started) {
            path.lineTo(layout.centre(node));
        } else {
            path.moveTo(layout.centre(node));
            started = true;
        }
    }
    p.setPen(QPen(tint(theme.accent2, 150), 9, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
}

void TopologyPaint::chain(const std::vector<QPointF>& points, const QColor& color, bool closed, Qt::PenStyle style) {
    const std::size_t count = points.size();
    if (count < 2) return;
    for (std::size_t index = 0; index + (closed ? 0 : 1) < count; ++index) {
        const QPointF a = points[index], b = points[(index + 1) % count];
        if (a.isNull() || b.isNull()) continue;  // a rank no server drawn holds (a log's odd numbering)
        const QPointF along = b - a;
        const double length = std::hypot(along.x(), along.y());
        if (length < 1) continue;
        // Bow below a row of devices (labels stay clear); else to the left of the direction of travel.
        QPointF normal(-along.y() / length, along.x() / length);
        if (std::abs(along.x()) > std::abs(along.y()) && normal.y() < 0) normal = -normal;
        const QPointF control = (a + b) / 2 + normal * std::min(60.0, 0.25 * length);
        QPainterPath curve(a);
        curve.quadTo(control, b);
        p.setPen(QPen(color, 2.4, style, Qt::RoundCap));
        p.setBrush(Qt::NoBrush);
        p.drawPath(curve);
        arrowHead(b, b - control, 10, color);
    }
}

void TopologyPaint::compactServer(const QRectF& rect, const QString& title, int gpus) {
    box(rect, tint(theme.panel, 120), theme.panelBorder, 6, 1);
    text(QRectF(rect.left() + 4, rect.top() + 2, rect.width() - 8, 17), title, 13, theme.text, Qt::AlignCenter);
    const double step = (rect.width() - 8) / std::max(1, gpus);
    for (int gpu = 0; gpu < gpus; ++gpu) {
        const QPointF centre(rect.left() + 4 + (gpu + 0.5) * step, rect.center().y() + 6);
        p.setPen(Qt::NoPen);
        p.setBrush(nodeFill(NodeType::GPU));
        p.drawEllipse(centre, std::min(5.0, step * 0.4), std::min(5.0, step * 0.4));
    }
}

void TopologyPaint::legend(const QRectF& area, const TopoSystem& system, int channels, int shownChannel) {
    double x = area.left();
    for (const LinkType type : {LinkType::NVL, LinkType::C2C, LinkType::PCI, LinkType::SYS, LinkType::NET}) {
        const QString label = linkBandwidths(system, type);
        if (label.isEmpty()) continue;
        p.setPen(QPen(linkColor(type), 3, type == LinkType::SYS ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(QPointF(x, area.center().y()), QPointF(x + 22, area.center().y()));
        x += 26 + text(QRectF(x + 26, area.top(), 170, area.height()), label, 13, theme.text);
        x += 14;
    }
    if (channels <= 0) return;
    x += text(QRectF(x, area.top(), 90, area.height()), tr("Channels:"), 13, theme.text) + 6;
    // Narrower chips when many channels must share the row (32 or 64 on big servers).
    const double pitch = std::clamp((area.right() - x) / channels, 16.0, 38.0);
    for (int channel = 0; channel < channels && x + pitch <= area.right() + 1e-6; ++channel) {
        const QRectF chip(x, area.top() + 2, pitch - 4, area.height() - 4);
        const QColor color = channelColor(channel);
        box(chip, channel == shownChannel ? color : tint(color, 50), color, 4, channel == shownChannel ? 2 : 1);
        const QColor numberColor = channel == shownChannel ? QColor(Qt::white) : theme.text;
        if (pitch >= 30)
            text(chip, QString::number(channel), 13, numberColor, Qt::AlignCenter, true);
        else  // small chips keep their colour and click; the number only where it can be read
            detail(chip, QString::number(channel), 10, numberColor, Qt::AlignCenter, true);
        object(chip, QStringLiteral("channel:%1").arg(channel));
        x += pitch;
    }
}

}  // namespace commviz::views
