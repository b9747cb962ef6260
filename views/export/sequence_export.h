#pragma once

#include <cstddef>
#include <functional>

#include "export/animation_dialog.h"
#include "shell/scene_setup.h"
#include "sim/result.h"

namespace commviz::views {

/// Frames done and frames in all; returning false cancels the export.
using SequenceProgress = std::function<bool(std::size_t done, std::size_t total)>;

/// Builds a session from `setup` and writes `choice` (a step range as an
/// animation, an HTML stepper or numbered still files) with the selection,
/// view options and theme of `current`. A failed or cancelled export leaves no file.
sim::Status exportSequence(const SceneSetup& setup, const RenderState& current, const AnimationChoice& choice,
                           const SequenceProgress& progress);

}  // namespace commviz::views
