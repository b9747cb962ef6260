#pragma once

#include <cstdint>
#include <string_view>

#include "sim/json.h"

namespace commviz::rdma_vs_socket {

/// The two paths raced side by side.
enum class Lane { Socket, Verbs };
/// host_a sends, host_b receives. Setup stages happen on both.
enum class Host { A, B, Both };
/// Where a stage runs (or, for data, where the bytes are).
enum class Domain { User, Kernel, Nic, Wire };

/// A place on the drawing: one host's user space, kernel or NIC, or the wire.
struct Place {
    Host host = Host::A;
    Domain domain = Domain::User;
    bool operator==(const Place&) const = default;
};

inline constexpr Place kUserA{Host::A, Domain::User};
inline constexpr Place kKernelA{Host::A, Domain::Kernel};
inline constexpr Place kNicA{Host::A, Domain::Nic};
inline constexpr Place kWire{Host::Both, Domain::Wire};
inline constexpr Place kNicB{Host::B, Domain::Nic};
inline constexpr Place kKernelB{Host::B, Domain::Kernel};
inline constexpr Place kUserB{Host::B, Domain::User};
inline constexpr Place kKernelBoth{Host::Both, Domain::Kernel};

/// What a stage adds to a lane's counters. The scene's point is the contrast:
/// the socket lane pays copies, syscalls, a context switch and an interrupt per
/// message; the verbs lane pays them once, at setup.
struct Counters {
    int copies = 0;                     ///< CPU copies of the payload (memcpy-like)
    int syscalls = 0;                   ///< user → kernel → user transitions
    int context_switches = 0;           ///< scheduler switches (a sleeping reader woken)
    int interrupts = 0;                 ///< hardware interrupts taken by a CPU
    std::int64_t cpu_copied_bytes = 0;  ///< payload bytes a CPU copied
    double sender_cpu_ns = 0;           ///< time host_a's CPU spent on the stage(s)
    double receiver_cpu_ns = 0;         ///< time host_b's CPU spent on the stage(s)

    Counters& operator+=(const Counters& other);
    bool operator==(const Counters&) const = default;
};

/// Stable ids of every stage; the view and the lessons key narration on kind().
enum class StageId {
    // Socket lane, one message: send(2) → tcp_sendmsg → driver → NIC → IRQ/NAPI → tcp_v4_rcv → recv(2).
    SendSyscall,
    CopyUserToSkb,
    TcpIpTransmit,
    QdiscDriverDoorbell,
    NicDmaFromKernel,
    WireTcp,
    NicDmaToKernelRing,
    InterruptNapi,
    TcpIpReceiveAck,
    WakeReader,
    RecvCopyToUser,
    // Verbs lane, once per connection (slow path through the kernel).
    SetupOpenDevice,
    SetupRegMr,
    SetupCreateCqQp,
    SetupConnectQp,
    // Verbs lane, one message: ibv_post_send doorbell → NIC DMA → wire → remote DMA → CQE.
    PostSendDoorbell,
    NicDmaFromUser,
    TransportOffload,
    WireRoce,
    NicDmaToUser,
    AckAndCqe,  ///< RDMA WRITE: the ACK returns, the sender's CQE is written
    RecvCqe,    ///< SEND: the receive WQE is consumed, the receiver's CQE is written
    PollCq,     ///< keep last: RdmaVsSocketEngine::eventKinds() walks the ids up to this one
};

/// "send_syscall", "copy_user_to_skb", … "poll_cq": the event kind of a stage.
std::string_view kind(StageId id);
std::string_view name(Lane lane);      ///< "socket", "verbs"
std::string_view name(Host host);      ///< "host_a", "host_b", "both"
std::string_view name(Domain domain);  ///< "user", "kernel", "nic", "wire"

/// One stage of a lane's plan, concrete for the configured message size.
struct StageDef {
    StageId id = StageId::SendSyscall;
    Lane lane = Lane::Socket;
    Place where;                 ///< who does the work
    Place from;                  ///< where the payload (or control) starts
    Place to;                    ///< where it ends up
    bool moves_payload = false;  ///< the message's bytes move in this stage
    bool cpu = false;            ///< a CPU executes it (user or kernel), not the NIC
    bool setup = false;          ///< once per connection, not per message
    bool delivers = false;       ///< after this stage the payload is in host_b's user buffer
    double cost_ns = 0;          ///< illustrative order-of-magnitude time; 0 for setup
    Counters delta;              ///< what the stage adds to the lane's counters
    std::string_view anchor;     ///< the real function (Linux, rdma-core, rxe) this stage stands for
    bool operator==(const StageDef&) const = default;
};

/// One stage of `lane`: work done at `where` moving the payload (or control)
/// from `from` to `to`. Work in a host's user space or kernel is CPU time of
/// that host (sender A, receiver B); work on both hosts at once is not
/// counted on either clock.
StageDef makeStage(Lane lane, StageId id, Place where, Place from, Place to, double cost_ns, std::string_view anchor);

/// JSON forms for events, summary and inspector.
sim::Json toJson(const Place& place);
sim::Json toJson(const Counters& counters);
sim::Json toJson(const StageDef& stage);

}  // namespace commviz::rdma_vs_socket
