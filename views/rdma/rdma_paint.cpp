#include "rdma/rdma_paint.h"

#include <QFontMetricsF>
#include <QPainterPath>

namespace commviz::views {

QFont RdmaPaint::font(double px, bool bold, bool mono) {
    QFont f;  // application default: resolves to Noto Sans / Noto Sans CJK on Debian
    if (mono) {
        f.setStyleHint(QFont::Monospace);
        f.setFamilies({QStringLiteral("monospace")});
    }
    f.setPixelSize(std::max(1, int(px + 0.5)));
    f.setBold(bold);
    return f;
}

void RdmaPaint::object(const QRectF& rect, const QString& id) {
    if (id.isEmpty()) return;
    hits.push_back({rect, id});
    anchors.insert(id, rect);
}

void RdmaPaint::box(const QRectF& rect, const QColor& fill, const QColor& border, double radius, double width) {
    p.save();
    p.setPen(border.isValid() ? QPen(border, width) : QPen(Qt::NoPen));
    p.setBrush(fill.isValid() ? QBrush(fill) : QBrush(Qt::NoBrush));
    p.drawRoundedRect(rect, radius, radius);
    p.restore();
}

double RdmaPaint::text(const QRectF& rect, const QString& s, double px, const QColor& color, Qt::Alignment align,
                       bool bold, bool mono) {
    const QFont f = font(px, bold, mono);
    const QFontMetricsF metrics(f);
    const QString shown = metrics.elidedText(s, Qt::ElideRight, rect.width());
    p.save();
    p.setFont(f);
    p.setPen(color);
    p.drawText(rect, int(align) | Qt::TextSingleLine, shown);
    p.restore();
    return std::min(rect.width(), metrics.horizontalAdvance(shown));
}

void RdmaPaint::numberBadge(const QPointF& centre, int number, bool active) {
    const double r = 9;
    p.save();
    p.setPen(QPen(theme.accent, 1.5));
    p.setBrush(active ? theme.accent : theme.background);
    p.drawEllipse(centre, r, r);
    p.setFont(font(11, true));
    p.setPen(active ? theme.background : theme.accent);
    p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt::AlignCenter, QString::number(number));
    p.restore();
}

QColor RdmaPaint::tint(const QColor& c, int alpha) const {
    QColor t = c;
    t.setAlpha(alpha);
    return t;
}

void RdmaPaint::drawHalos() {
    p.save();
    p.setBrush(Qt::NoBrush);
    for (const auto& hit : hits) {
        if (state.highlights.contains(hit.objectId)) {
            QColor halo = theme.highlight;
            halo.setAlpha(200);
            p.setPen(QPen(halo, 6));
            p.drawRoundedRect(hit.rect.adjusted(-4, -4, 4, 4), 7, 7);
        }
    }
    for (const auto& hit : hits) {
        if (!state.selected.isEmpty() && hit.objectId == state.selected) {
            p.setPen(QPen(theme.selection, 2.5, Qt::SolidLine));
            p.drawRoundedRect(hit.rect.adjusted(-2.5, -2.5, 2.5, 2.5), 5, 5);
        }
    }
    p.restore();
}

QString shortOpcode(const std::string& name) {
    QString s = QString::fromStdString(name);
    s.remove(QStringLiteral("IBV_WR_"));
    s.remove(QStringLiteral("IBV_WC_"));
    if (s == QLatin1String("ATOMIC_CMP_AND_SWP") || s == QLatin1String("COMP_SWAP")) return QStringLiteral("CAS");
    if (s == QLatin1String("ATOMIC_FETCH_AND_ADD") || s == QLatin1String("FETCH_ADD")) return QStringLiteral("FAA");
    s.replace(QStringLiteral("RDMA_"), QString());
    s.replace(QStringLiteral("_WITH_IMM"), QStringLiteral("_IMM"));
    return s;
}

}  // namespace commviz::views
