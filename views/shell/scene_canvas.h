#pragma once

#include <QPixmap>
#include <QPointF>
#include <QVariantAnimation>
#include <QWidget>
#include <memory>

#include "shell/scene_renderer.h"

class QScrollBar;

namespace commviz::views {

class SimulationController;

/// Shows the current step of the scene, animating the step just taken and
/// letting the user pick an object for the inspector. The scene can be zoomed
/// (Ctrl+wheel, zoomIn/zoomOut, zoomToFit) and, once larger than the canvas,
/// panned by dragging, with the wheel or with the scroll bars.
class SceneCanvas : public QWidget {
    Q_OBJECT

public:
    /// Zoom is relative to "fit" (the whole scene in the canvas): 1 = fit.
    static constexpr double kMinZoom = 1.0;
    static constexpr double kMaxZoom = 8.0;

    SceneCanvas(SimulationController& controller, QWidget* parent = nullptr);

    void setRenderer(std::unique_ptr<SceneRenderer> renderer);
    SceneRenderer* renderer() const { return m_renderer.get(); }
    void setTheme(const Theme& theme);
    const Theme& theme() const { return m_theme; }
    void setHighlights(const QStringList& ids);
    void setSelected(const QString& id);
    /// Switches a scene view option (SceneDescriptor::viewOptions) on or off.
    void setOption(const QString& id, bool on);
    const QStringList& options() const { return m_options; }
    /// The state as drawn now (settled), for export and tests; no caption.
    RenderState renderState() const;
    QSize sizeHint() const override { return {900, 560}; }

    double zoom() const { return m_zoom; }
    /// Logical scene units → widget pixels, as painted now (zoom and pan included).
    QTransform logicalToWidget() const;
    /// Widget pixels per logical unit at the current zoom.
    double scale() const;

public slots:
    /// Zooms by `factor`, keeping the scene point under `anchor` (widget
    /// coordinates; the centre when null) where it is.
    void zoomBy(double factor, QPointF anchor = {});
    void zoomIn() { zoomBy(1.25); }
    void zoomOut() { zoomBy(1 / 1.25); }
    void zoomToFit();
    /// Moves the view by `delta` widget pixels (what a drag does).
    void panBy(QPointF delta);

signals:
    void objectSelected(const QString& id);
    void zoomChanged(double zoom);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    double fitScale() const;
    QSizeF contentSize() const;
    /// Places and ranges the scroll bars after a zoom or resize.
    void updateScrollBars();
    /// The viewport: the widget minus the scroll bars that are shown.
    QSize viewportSize() const;

    SimulationController& m_controller;
    std::unique_ptr<SceneRenderer> m_renderer;
    Theme m_theme = Theme::light();
    QStringList m_highlights;
    QString m_selected;
    QStringList m_options;
    QVariantAnimation m_animation;
    QPixmap m_lastFrame;  // shown while a worker owns the session
    double m_zoom = 1.0;
    QScrollBar* m_hbar;
    QScrollBar* m_vbar;
    QPointF m_dragFrom;
    bool m_dragging = false;
};

}  // namespace commviz::views
