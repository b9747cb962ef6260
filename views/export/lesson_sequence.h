#pragma once

#include <QString>
#include <QStringList>
#include <functional>

#include "export/figure_exporter.h"
#include "export/frame_writer.h"
#include "shell/scene_registry.h"
#include "tutorial/lesson.h"

namespace commviz::views {

/// A lesson a scene offers (SceneDescriptor::lessonPath or moreLessons), named
/// on the command line by its file's base name: ":/lessons/noc_credits.json"
/// is "noc_credits".
struct LessonRef {
    QString id;
    QString path;
    const SceneDescriptor* scene = nullptr;
};

/// Every lesson of every scene, in registry order.
std::vector<LessonRef> lessonRefs(const SceneRegistry& registry);

/// The lesson called `id`; the error lists the ids there are.
sim::Result<LessonRef> findLesson(const SceneRegistry& registry, const QString& id);

/// How long a lesson step is shown so its narration can be read: 2.5 s to
/// look at the figure plus 45 ms per character (about 22 characters a
/// second), a Chinese, Japanese or Korean character counting three (one
/// carries about a word), held between 3 s and 15 s. "Hello world" (11
/// characters) shows 3 s; 100 Latin characters 7 s; 40 Chinese 7.9 s.
int lessonStepDurationMs(const QString& text);

/// What a lesson export draws besides the lesson itself.
struct LessonExportOptions {
    QString language = QStringLiteral("en");  ///< narration language, "en" or "zh_CN" (English where missing)
    FigureOptions figure;                     ///< format, scale, theme, title; the caption is always drawn
    QStringList viewOptions;                  ///< RenderState::options, the scene's view switches
};

/// Told after each frame: frames written so far (over all of the writer's
/// passes) and the total; returning false cancels the export.
using LessonProgress = std::function<bool(std::size_t done, std::size_t total)>;

/// Writes `lesson` of `scene` as one frame per lesson step: the step's scenario
/// built as the Tutorial panel builds it (a step naming no scenario keeps the
/// previous one), the session sought to the step, its objects highlighted, its
/// narration in `options.language` as the caption, shown lessonStepDurationMs.
/// On a failure or a cancel the writer is cancelled (it leaves no file) and
/// the error says what went wrong ("export cancelled" for a cancel).
sim::Status writeLessonSequence(const Lesson& lesson, const SceneDescriptor& scene, const LessonExportOptions& options,
                                FrameWriter& writer, const LessonProgress& progress = {});

}  // namespace commviz::views
