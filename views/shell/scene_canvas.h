#pragma once

#include <QPixmap>
#include <QVariantAnimation>
#include <QWidget>
#include <memory>

#include "shell/scene_renderer.h"

namespace commviz::views {

class SimulationController;

/// Shows the current step of the scene, animating the step just taken and
/// letting the user pick an object for the inspector.
class SceneCanvas : public QWidget {
    Q_OBJECT

public:
    SceneCanvas(SimulationController& controller, QWidget* parent = nullptr);

    void setRenderer(std::unique_ptr<SceneRenderer> renderer);
    SceneRenderer* renderer() const { return m_renderer.get(); }
    void setTheme(const Theme& theme);
    const Theme& theme() const { return m_theme; }
    void setHighlights(const QStringList& ids);
    void setSelected(const QString& id);
    /// The state as drawn now (settled), for export and tests.
    RenderState renderState() const;
    QSize sizeHint() const override { return {900, 560}; }

signals:
    void objectSelected(const QString& id);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QTransform logicalToWidget() const;

    SimulationController& m_controller;
    std::unique_ptr<SceneRenderer> m_renderer;
    Theme m_theme = Theme::light();
    QStringList m_highlights;
    QString m_selected;
    QVariantAnimation m_animation;
    QPixmap m_lastFrame;  // shown while a worker owns the session
};

}  // namespace commviz::views
