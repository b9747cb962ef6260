#pragma once

#include <QPointF>
#include <QRectF>

namespace commviz::views {

/// Places legend items left to right in `area`, starting a new line when the
/// next one does not fit, so one legend serves a strip under the grid and a
/// column beside it.
struct NocLegendFlow {
    QRectF area;
    double lineHeight;
    QPointF at;

    NocLegendFlow(const QRectF& where, double line) : area(where), lineHeight(line), at(where.topLeft()) {}

    /// Where an item `width` wide goes; `spacing` is left after it.
    QPointF place(double width, double spacing) {
        if (at.x() > area.left() && at.x() + width > area.right()) at = QPointF(area.left(), at.y() + lineHeight);
        const QPointF where = at;
        at.rx() += width + spacing;
        return where;
    }

    /// Starts the next item on a new line `height` below the current line's top.
    void newLine(double height) { at = QPointF(area.left(), at.y() + height); }
};

}  // namespace commviz::views
