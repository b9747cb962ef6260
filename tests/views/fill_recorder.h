#pragma once

// A paint device that draws nothing and records every filled rectangle and
// shape with its fill colour and its size on the target, for tests that check
// marks (flits, arrow heads) come out large enough to see.

#include <QBrush>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <functional>
#include <vector>

#include "screen_metrics.h"

namespace commviz::tests {

struct FilledShape {
    QColor colour;
    QRectF rect;  ///< target pixels
};

class FillRecorder : public QPaintDevice {
public:
    explicit FillRecorder(QSize size) : m_size(size), m_engine(&m_shapes) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    const std::vector<FilledShape>& shapes() const { return m_shapes; }

protected:
    int metric(PaintDeviceMetric metric) const override {
        const auto known = screenMetric(metric, m_size, devicePixelRatioFScale());
        return known ? *known : QPaintDevice::metric(metric);
    }

private:
    class Engine : public QPaintEngine {
    public:
        explicit Engine(std::vector<FilledShape>* shapes) : QPaintEngine(AllFeatures), m_shapes(shapes) {}
        bool begin(QPaintDevice*) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState&) override {}
        Type type() const override { return User; }
        void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
        void drawTextItem(const QPointF&, const QTextItem&) override {}
        void drawRects(const QRectF* rects, int count) override {
            for (int index = 0; index < count; ++index) add(rects[index]);
        }
        void drawRects(const QRect* rects, int count) override {
            for (int index = 0; index < count; ++index) add(QRectF(rects[index]));
        }
        void drawPath(const QPainterPath& path) override { add(path.boundingRect()); }
        void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
            if (mode != PolylineMode) add(QPolygonF(QList<QPointF>(points, points + count)).boundingRect());
        }

    private:
        void add(const QRectF& rect) {
            const QBrush& brush = painter()->brush();
            if (brush.style() == Qt::NoBrush || brush.color().alpha() == 0) return;
            m_shapes->push_back({brush.color(), painter()->combinedTransform().mapRect(rect)});
        }
        std::vector<FilledShape>* m_shapes;
    };

    QSize m_size;
    std::vector<FilledShape> m_shapes;
    mutable Engine m_engine;
};

}  // namespace commviz::tests
