#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rdma_vs_socket/rdma_vs_socket_config.h"
#include "rdma_vs_socket/rdma_vs_socket_events.h"
#include "rdma_vs_socket/socket_path.h"
#include "rdma_vs_socket/stage.h"
#include "rdma_vs_socket/verbs_path.h"
#include "sim/event_record.h"
#include "sim/json.h"

namespace commviz::rdma_vs_socket {

/// When one message of a lane started, reached host_b's user buffer and finished.
struct MessageTiming {
    double start_ns = 0;
    double delivered_ns = -1;  ///< -1 until delivered
    double completed_ns = -1;  ///< -1 until completed
    bool operator==(const MessageTiming&) const = default;
};

/// Everything a view needs to draw one lane at the cursor.
struct LaneState {
    Lane lane = Lane::Socket;
    int setup_done = 0;                  ///< setup stages run (verbs lane; the socket lane has none)
    int message = 0;                     ///< message now in flight (== messages when finished)
    int stage = 0;                       ///< next stage of that message, index into the lane's plan
    double clock_ns = 0;                 ///< end of the last stage run
    Counters totals;                     ///< per-message path: copies, syscalls, …
    Counters setup;                      ///< once-per-connection cost (verbs lane)
    std::vector<MessageTiming> timings;  ///< one per message started
    bool operator==(const LaneState&) const = default;
};

/// The "Why RDMA" scene: the kernel TCP socket path and the verbs path side by
/// side, one stage of one message per step. Times are
/// illustrative order-of-magnitude costs, not measurements.
class RdmaVsSocketEngine {
public:
    using Event = RdmaVsSocketEvent;

    explicit RdmaVsSocketEngine(Config config = {});

    /// Runs the next stage. In "race" order both lanes share one clock and the
    /// lane whose next stage starts earlier goes (ties: socket), so at any step
    /// the two lanes' counters and positions compare the paths at the same
    /// instant — the verbs lane finishing while the socket lane is still in the
    /// kernel is the lesson. The verbs setup runs first, before the clock starts,
    /// because it is paid once and not per message. "sequential" runs the whole
    /// socket lane, then the verbs lane, for narrating one path at a time.
    std::vector<Event> step();
    bool done() const;
    sim::Json summary() const;
    /// Ids: "lane:socket", "lane:verbs", "stage:socket:N", "stage:verbs:N",
    /// "setup:N", "message:socket:K", "message:verbs:K". Null when unknown.
    sim::Json inspect(const std::string& id) const;
    static sim::EventRecord describe(const Event& event);
    /// Every kind describe() can produce: one per StageId, plus "message_done".
    static std::vector<std::string> eventKinds();

    const Config& config() const { return m_config; }
    const LaneState& lane(Lane lane) const { return lane == Lane::Socket ? m_socket : m_verbs; }
    /// The per-message stages of a lane, in order (concrete for message_size).
    const std::vector<StageDef>& plan(Lane lane) const { return lane == Lane::Socket ? m_socketPlan : m_verbsPlan; }
    /// The verbs lane's once-per-connection stages.
    const std::vector<StageDef>& setupPlan() const { return m_setupPlan; }
    /// The lane the next step will advance; empty when done.
    std::optional<Lane> nextLane() const;
    /// The stage the next step will run on `lane`, or null when that lane is finished.
    const StageDef* nextStage(Lane lane) const;
    bool finished(Lane lane) const;
    /// One message's one-way time on a lane: its stages up to delivery, summed.
    double modelLatencyNs(Lane lane) const;
    /// The English line the scene shows as its "this is a model" note.
    static std::string_view modelNote();

    bool operator==(const RdmaVsSocketEngine&) const = default;

private:
    LaneState& mutableLane(Lane lane) { return lane == Lane::Socket ? m_socket : m_verbs; }

    Config m_config;
    std::vector<StageDef> m_socketPlan;
    std::vector<StageDef> m_verbsPlan;
    std::vector<StageDef> m_setupPlan;
    LaneState m_socket;
    LaneState m_verbs;
};

}  // namespace commviz::rdma_vs_socket
