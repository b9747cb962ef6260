#pragma once

// Captions that fit a figure: a step's narration when it fits the caption
// area, a summary of it when it does not, and never a sentence cut in half.

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include "shell/scene_descriptor.h"
#include "sim/session.h"

namespace commviz::views {

/// What a figure can say about one step: every sentence, and the short form
/// that stands in when they do not fit.
struct StepCaption {
    QString full;
    QString summary;
};

/// Step `step` (1-based) of `session`: the narration (the Narration dock's
/// sentences) and its summary: what happened to `selected` first (at most two
/// sentences), then the step counted by kind (SceneDescriptor::summarizeStep,
/// or "Step 4: 3 ranks send their extInfo, 2 other events.").
StepCaption stepCaption(const SceneDescriptor& scene, const sim::Session& session, std::size_t step,
                        const QString& selected = {});

/// The sentences of `text`, each with its closing punctuation.
QStringList splitSentences(const QString& text);

/// The text to draw in `room` with `font` (word-wrapped): `full` when it fits,
/// otherwise `summary` (or `full` when there is none), otherwise as many of
/// that text's leading whole sentences as fit; always at least its first.
QString fitCaption(const QString& full, const QString& summary, const QFont& font, const QRectF& room);

}  // namespace commviz::views
