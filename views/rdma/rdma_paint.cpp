#include "rdma/rdma_paint.h"

namespace commviz::views {

void RdmaPaint::object(const QRectF& rect, const QString& id) {
    if (id.isEmpty()) return;
    ScenePaint::object(rect, id);
    anchors.insert(id, rect);
}

void RdmaPaint::numberBadge(const QPointF& centre, int number, bool active) {
    const double r = kBadgeRadius;
    p.save();
    p.setPen(QPen(theme.accent, 1.5));
    p.setBrush(active ? theme.accent : theme.background);
    p.drawEllipse(centre, r, r);
    p.restore();
    // The digit ties the circle to the legend on the wire: as large as the labels beside it.
    text(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), QString::number(number), kLabelPx,
         active ? theme.background : theme.accent, Qt::AlignCenter, true);
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
