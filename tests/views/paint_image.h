#pragma once

// Painting a renderer into an image outside any canvas, for the view tests
// that read back pixels or what was drawn.

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QSize>
#include <optional>

#include "shell/scene_renderer.h"

namespace commviz::tests {

/// Paints `state` with `renderer` into a new ARGB image of `size` (empty: the
/// renderer's logical size), filled with `background` first when one is given.
inline QImage paintImage(views::SceneRenderer& renderer, const views::RenderState& state, QSize size = {},
                         std::optional<QColor> background = std::nullopt) {
    QImage image(size.isEmpty() ? renderer.logicalSize().toSize() : size, QImage::Format_ARGB32);
    if (background) image.fill(*background);
    QPainter painter(&image);
    renderer.paint(painter, state);
    return image;
}

/// The same on black, at the renderer's logical size.
inline QImage paintOnBlack(views::SceneRenderer& renderer, const views::RenderState& state) {
    return paintImage(renderer, state, {}, QColor(Qt::black));
}

}  // namespace commviz::tests
