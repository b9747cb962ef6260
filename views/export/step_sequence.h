#pragma once

#include <QString>
#include <QStringList>
#include <cstddef>
#include <functional>
#include <vector>

#include "export/frame_writer.h"
#include "shell/scene_descriptor.h"

namespace commviz::views {

/// How a step range turns into frames and time.
struct SequenceTiming {
    int fps = 12;       ///< frames per second of the animation
    int holdMs = 1000;  ///< how long each step is shown
    /// One frame per step, settled (progress 1), lasting holdMs: numbered
    /// images and the HTML stepper. Otherwise each step spans framesPerStep()
    /// frames in which the step's own animation plays, then holds.
    bool oneFramePerStep = false;
};

/// Frames each step spans: round(holdMs × fps / 1000), at least 1 (1 with oneFramePerStep).
std::size_t framesPerStep(const SequenceTiming& timing);

/// The steps a range exports: from, from + every, … while at most `to`, and
/// `to` itself when the stride steps over it, so a sequence always ends on its
/// last step. Empty when from > to or every is 0.
std::vector<std::size_t> sequenceSteps(std::size_t from, std::size_t to, std::size_t every);

/// RenderState::progress of frame `frame` (0-based) of a step spanning
/// `frames` frames: the scene's step animation eases from 0 to 1 over the
/// first part of the hold (at most 600 ms, as in the window, and at most 60 %
/// of the hold), then holds at 1. A step of one frame is drawn settled.
double stepProgress(std::size_t frame, std::size_t frames, const SequenceTiming& timing);

/// Everything a sequence export draws from. The session is moved (seeked);
/// the renderer and scene must outlive the call.
struct SequenceRequest {
    const SceneDescriptor* scene = nullptr;
    sim::Session* session = nullptr;
    SceneRenderer* renderer = nullptr;
    std::size_t from = 0;
    std::size_t to = 0;
    std::size_t every = 1;
    SequenceTiming timing;
    FigureOptions options;  ///< format, scale, theme, caption (and captionLines)
    QString selected;       ///< object drawn selected; empty for none
    QStringList viewOptions;
    /// Frames done and the total over all passes; returning false cancels.
    std::function<bool(std::size_t done, std::size_t total)> progress;
};

/// Seeks the session to every step of the range and hands each frame to
/// `writer`, for as many passes as it asks, then finishes it. On a failure or
/// a cancel the writer is cancelled (it leaves no file) and the failure is
/// returned; a cancel reads "export cancelled". Frames are drawn one at a
/// time, so memory does not grow with their number.
sim::Status exportSequence(const SequenceRequest& request, FrameWriter& writer);

/// The failure message of a cancelled export.
inline constexpr const char* kExportCancelled = "export cancelled";

}  // namespace commviz::views
