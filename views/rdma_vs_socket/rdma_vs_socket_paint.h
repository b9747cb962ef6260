#pragma once

// The "Why RDMA" painters' additions to the shared paint kit
// (shell/scene_paint.h): the marks of an interrupt and of a context switch.

#include <QColor>
#include <QPointF>

#include "shell/scene_paint.h"

namespace commviz::views {

struct RdmaVsSocketPaint : ScenePaint {
    using ScenePaint::ScenePaint;

    /// The lightning mark of a hardware interrupt.
    void lightning(const QPointF& centre, double size, const QColor& color);
    /// Two curved arrows chasing each other: the scheduler switching tasks.
    void contextSwitch(const QPointF& centre, double radius, const QColor& color);
    /// Halos with a dashed selection ring, as this scene has always drawn them.
    void drawHalos() { ScenePaint::drawHalos(Qt::DashLine); }
};

}  // namespace commviz::views
