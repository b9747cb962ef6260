#include "export/sequence_export.h"

namespace commviz::views {

sim::Status exportSequence(const SceneSetup& setup, const RenderState& current, const AnimationChoice& choice,
                           const SequenceProgress& progress) {
    (void)setup, (void)current, (void)choice, (void)progress;
    return sim::fail("animation export is not available in this build");
}

}  // namespace commviz::views
