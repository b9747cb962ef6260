#include "shell/scene_paint.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPainterPath>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

#include "shell/step_caption.h"

namespace commviz::views {

QFont ScenePaint::font(double px, bool bold, bool mono) {
    QFont f;  // application default: resolves to Noto Sans / Noto Sans CJK on Debian
    if (mono) {
        f.setStyleHint(QFont::Monospace);
        f.setFamilies({QStringLiteral("monospace")});
    }
    f.setPixelSize(std::max(1, int(px + 0.5)));
    f.setBold(bold);
    return f;
}

void ScenePaint::object(const QRectF& rect, const QString& id) {
    if (!id.isEmpty()) hits.push_back({rect, id});
}

void ScenePaint::box(const QRectF& rect, const QColor& fill, const QColor& border, double radius, double width,
                     Qt::PenStyle style) {
    p.save();
    p.setPen(border.isValid() ? QPen(border, width, style) : QPen(Qt::NoPen));
    p.setBrush(fill.isValid() ? QBrush(fill) : QBrush(Qt::NoBrush));
    p.drawRoundedRect(rect, radius, radius);
    p.restore();
}

double ScenePaint::targetScale() const {
    const QTransform& t = p.worldTransform();
    double scale = std::sqrt(std::abs(t.determinant()));
    // On screen a device pixel ratio makes text sharper, not larger; in an
    // exported PNG viewed at its natural size every image pixel counts.
    if (state.textDetail == TextDetail::ReadableInImagePixels && p.device()) scale *= p.device()->devicePixelRatioF();
    return scale;
}

double ScenePaint::readablePixels() const {
    const int dpi = p.device() ? p.device()->logicalDpiY() : 0;
    return kReadablePoints * (dpi > 0 ? dpi : 96) / 72.0;
}

bool ScenePaint::readable(double px) const {
    if (state.textDetail == TextDetail::All) return true;
    // Fonts are set in whole pixels (font()), so judge the size actually used.
    const double used = std::max(1, int(px + 0.5));
    return used * targetScale() >= readablePixels() - 1e-9;
}

void ScenePaint::drawRecorded(const QRectF& rect, int flags, const QString& shown, const QFont& font, bool elided) {
    p.drawText(rect, flags, shown);
    if (!state.drawnTexts || shown.isEmpty()) return;
    const double px = font.pixelSize();
    state.drawnTexts->push_back(
        {shown, p.worldTransform().mapRect(rect), px, px * targetScale(), readablePixels(), elided});
}

double ScenePaint::text(const QRectF& rect, const QString& s, double px, const QColor& color, Qt::Alignment align,
                        bool bold, bool mono) {
    const QFont f = font(px, bold, mono);
    const QFontMetricsF metrics(f);
    const QString shown = metrics.elidedText(s, Qt::ElideRight, rect.width());
    p.save();
    p.setFont(f);
    p.setPen(color);
    drawRecorded(rect, int(align) | Qt::TextSingleLine, shown, f, shown != s);
    p.restore();
    return shown.isEmpty() ? 0 : std::min(rect.width(), metrics.horizontalAdvance(shown));
}

double ScenePaint::detail(const QRectF& rect, const QString& s, double px, const QColor& color, Qt::Alignment align,
                          bool bold, bool mono) {
    return readable(px) ? text(rect, s, px, color, align, bold, mono) : 0;
}

void ScenePaint::wrapped(const QRectF& rect, const QString& s, double px, const QColor& color, bool bold,
                         double minPx) {
    QFont f = font(px, bold);
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
    while (px > minPx && QFontMetricsF(f).boundingRect(rect, flags, s).height() > rect.height()) {
        px -= 1;
        f = font(px, bold);
    }
    p.save();
    p.setFont(f);
    p.setPen(color);
    p.setClipRect(rect);
    drawRecorded(rect, flags, s, f);
    p.restore();
}

void ScenePaint::caption(const QRectF& rect, const QString& full, const QString& summary, double px,
                         const QColor& color, double minPx) {
    wrapped(rect, fitCaption(full, summary, font(minPx), rect), px, color, false, minPx);
}

void ScenePaint::tag(const QPointF& centre, const QString& s, const QColor& fill, const QColor& ink, double px) {
    const QFont f = font(px, true);
    const QFontMetricsF metrics(f);
    const double w = metrics.horizontalAdvance(s) + 14;
    const double h = metrics.height() + 6;
    const QRectF r(centre.x() - w / 2, centre.y() - h / 2, w, h);
    box(r, fill, QColor(), h / 2);
    p.save();
    p.setFont(f);
    p.setPen(ink);
    drawRecorded(r, Qt::AlignCenter | Qt::TextSingleLine, s, f);
    p.restore();
}

void ScenePaint::arrowHead(const QPointF& tip, const QPointF& direction, double length, const QColor& color,
                           double halfWidth) {
    const double norm = std::hypot(direction.x(), direction.y());
    if (norm <= 0 || length <= 0) return;
    if (halfWidth < 0) halfWidth = length / 2;
    const QPointF u = direction / norm;
    const QPointF n(-u.y(), u.x());
    QPainterPath head;
    head.moveTo(tip);
    head.lineTo(tip - u * length + n * halfWidth);
    head.lineTo(tip - u * length - n * halfWidth);
    head.closeSubpath();
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillPath(head, color);
    p.restore();
}

void ScenePaint::arrow(QPointF a, QPointF b, const QColor& color, double width, double t, Qt::PenStyle style,
                       double head) {
    t = std::clamp(t, 0.0, 1.0);
    if (t <= 0) return;
    const QPointF end = a + (b - a) * t;
    const QLineF line(a, end);
    if (line.length() < 1) return;
    if (head <= 0) head = 6 + 2 * width;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color, width, style, Qt::RoundCap));
    // Stop the shaft inside the head so its round cap does not poke through the tip.
    const QPointF u = (end - a) / line.length();
    p.drawLine(QLineF(a, end - u * std::min(head * 0.6, line.length())));
    p.restore();
    arrowHead(end, u, head, color);
}

QColor ScenePaint::tint(const QColor& c, int alpha) {
    QColor t = c;
    t.setAlpha(alpha);
    return t;
}

void ScenePaint::drawHalos(Qt::PenStyle selectionStyle) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(Qt::NoBrush);
    // Highlights first, then the selection on top, so the selection stays visible.
    for (const auto& hit : hits) {
        if (!state.highlights.contains(hit.objectId)) continue;
        p.setPen(QPen(tint(theme.highlight, 210), 6));
        p.drawRoundedRect(hit.rect.adjusted(-4, -4, 4, 4), 8, 8);
    }
    for (const auto& hit : hits) {
        if (state.selected.isEmpty() || hit.objectId != state.selected) continue;
        p.setPen(QPen(theme.selection, 2.5, selectionStyle));
        p.drawRoundedRect(hit.rect.adjusted(-3, -3, 3, 3), 6, 6);
    }
    p.restore();
}

}  // namespace commviz::views
