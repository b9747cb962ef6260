#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "nccl/device/ring_pipeline.h"
#include "nccl/device/tree_pipeline.h"
#include "nccl/graph/comm_graphs.h"

namespace commviz::sim {
class Session;
}

namespace commviz::views {

/// One slice of a ring message on the wire, as the timeline dock draws it.
struct TimelineBar {
    int lane = 0;  ///< index into CollectivesTimeline::lanes
    int src = 0;
    int dst = 0;
    int channel = 0;
    bool up = false;  ///< a tree's send up to the parent (its reduce group) or an NVLS load, else a send down
    int step = 0;     ///< the session's step that sent it (1-based: round + 1)
    collectives::PipelineSlice slice;
    double wireEndUs = 0.0;  ///< when its sender was done (slice.endUs less the hop's per-step latency)
    nccl_topology::Transport transport = nccl_topology::Transport::Unknown;
    std::string_view receiverPrimitive;  ///< static text of the engine's schedule
    /// The bar whose end released this one's start (its boundBy), -1 when none or not found.
    int predecessor = -1;
    /// On the chain of predecessors that ends at its channel's latest arrival.
    bool critical = false;
};

/// Which of a rank's programs a lane draws: its ring sends, or on a tree its reduce group's sends up to
/// its parent or its broadcast group's sends down to its children (runTreeSplit runs both at once). On NVLS
/// up is its chunks read by the switch for every head, down its own head's sums stored to every rank.
enum class LaneDirection { Ring, Up, Down };

/// A rank's sends on one channel.
struct TimelineLane {
    int rank = 0;
    int channel = 0;
    LaneDirection direction = LaneDirection::Ring;
};

/// The pipeline slices of a collectives session from step 1 to the cursor.
struct CollectivesTimeline {
    bool timed = false;  ///< false: Open MPI, no server, or per-round events only
    bool tree = false;   ///< a tree's up and down lanes, else a ring's
    bool nvls = false;   ///< NVLS: each rank's loads into the switch (up) and, as a head, its stores (down)
    int ranks = 0;
    int channels = 0;
    int cursor = 0;  ///< the session's step the bars end at
    /// Lanes grouped by channel: a ring's ranks in its order from rank 0; a tree's up lanes leaves first,
    /// then its down lanes root first.
    std::vector<TimelineLane> lanes;
    std::vector<TimelineBar> bars;  ///< in the order sent
    double endUs = 0.0;             ///< the latest arrival so far
};

/// The lanes and bars of `session` up to its cursor, `channel` only (-1: every channel). The critical path
/// of each channel is walked back from its latest arrival: a bar bound by Program follows its lane's
/// previous send (or the arrival its rank last stored), Data the arrival at its sender (from the ring's
/// previous rank, a tree's children going up or its parent going down), Slot the send or store that freed
/// the slot at its receiver.
CollectivesTimeline collectTimeline(const sim::Session* session, int channel);

}  // namespace commviz::views
