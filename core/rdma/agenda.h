#pragma once

#include <cstdint>
#include <vector>

namespace commviz::rdma {

/// Who acts when an agenda entry comes due.
enum class ActionKind : std::uint8_t {
    Cpu,              ///< the script's next micro-step on the host CPU
    Requester,        ///< rxe_requester of (host, qpn)
    Responder,        ///< rxe_responder
    Completer,        ///< rxe_completer
    Flush,            ///< flush of an ERR QP's queues
    Arrival,          ///< a packet reaches the end of the wire (token = serial)
    RetransmitTimer,  ///< ACK timeout (token = timer generation)
    RnrTimer,         ///< RNR back-off over (token = generation)
};

struct Action {
    std::uint64_t timeNs = 0;
    std::uint64_t seq = 0;
    ActionKind kind = ActionKind::Cpu;
    std::uint32_t host = 0;
    std::uint32_t qpn = 0;
    std::uint64_t token = 0;
};

/// Time-ordered queue of pending actions (ties broken by insertion order), so
/// simulated time jumps from one thing to the next: a 67 ms ACK timeout costs
/// one step, not millions.
class Agenda {
public:
    void push(Action a);
    Action pop();
    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }
    const std::vector<Action>& pending() const { return m_heap; }
    /// Earliest due time; only valid when not empty.
    std::uint64_t nextTime() const { return m_heap.front().timeNs; }
    bool hasHardwareWork() const;
    /// Removes pending entries of one kind for one QP (a timer that was stopped).
    void cancel(ActionKind kind, std::uint32_t host, std::uint32_t qpn);

private:
    std::vector<Action> m_heap;
    std::uint64_t m_seq = 0;
};

}  // namespace commviz::rdma
