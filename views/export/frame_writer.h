#pragma once

#include <cstddef>

#include "export/figure_exporter.h"
#include "shell/scene_renderer.h"
#include "sim/result.h"

namespace commviz::views {

/// One frame of an exported sequence: which moment it draws and how long it shows.
struct ExportFrame {
    std::size_t index = 0;  ///< position in the sequence, from 0
    std::size_t count = 0;  ///< frames in the sequence
    std::size_t step = 0;   ///< the scene step drawn (the session's cursor)
    int durationMs = 0;     ///< how long a player shows it (animations, the HTML stepper's Play)
};

/// Where a sequence of frames goes: an animation encoder, numbered image files,
/// an HTML stepper. The driver (export/step_sequence.h) calls beginPass, add
/// for every frame in order, and after the last pass finish; on a failure or a
/// user's Cancel it calls cancel instead, which leaves no file behind. A writer
/// that must see the frames twice (a GIF's palette pass) asks for two passes;
/// frames are drawn again for each, so memory stays flat in the frame count.
class FrameWriter {
public:
    virtual ~FrameWriter() = default;
    virtual int passes() const { return 1; }
    /// The writer shows each step's narration as text beside the figure (the HTML stepper), so the
    /// driver fills the caption into the state even without --caption.
    virtual bool captionsAsText() const { return false; }
    virtual sim::Status beginPass(int pass) {
        (void)pass;
        return sim::Ok{};
    }
    /// Draws and writes one frame: `state` holds the session at frame.step, the
    /// caption and its summary, highlights and selection; `options` the format,
    /// scale, theme and whether to caption.
    virtual sim::Status add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                            const ExportFrame& frame) = 0;
    /// Completes the file(s): written beside the target, then renamed into place.
    virtual sim::Status finish() = 0;
    virtual void cancel() = 0;
};

}  // namespace commviz::views
