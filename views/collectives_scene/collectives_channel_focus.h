#pragma once

namespace commviz::views {

/// The channel the canvas stands the ranks along (its ring, or its tree) and draws in full, the others
/// faded; -1 draws every channel's sends alike along channel 0. Shared by the scene's renderer and its
/// Timeline dock, whose channel picker sets it.
struct CollectivesChannelFocus {
    int channel = 0;
};

}  // namespace commviz::views
