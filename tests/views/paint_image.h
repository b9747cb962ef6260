#pragma once

// Painting a renderer into an image outside any canvas, for the view tests
// that read back pixels or what was drawn.

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QSize>
#include <QStringList>
#include <optional>
#include <vector>

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

/// What one paint drew: the image, and every text in the order drawn.
struct Painted {
    QImage image;
    std::vector<views::DrawnText> texts;
    QStringList strings() const {
        QStringList out;
        for (const auto& text : texts) out << text.text;
        return out;
    }
};

/// Paints the session's current step, with `selected` picked, at the
/// renderer's logical size, keeping what was drawn.
inline Painted paint(views::SceneRenderer& renderer, const sim::Session& session, const QString& selected = {}) {
    Painted out;
    views::RenderState state;
    state.session = &session;
    state.selected = selected;
    state.drawnTexts = &out.texts;
    out.image = paintImage(renderer, state);
    return out;
}

}  // namespace commviz::tests
