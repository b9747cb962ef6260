#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rdma/agenda.h"
#include "rdma/host.h"
#include "rdma/rdma_config.h"
#include "rdma/rdma_events.h"
#include "rdma/script.h"
#include "rdma/wire.h"
#include "sim/rng.h"
#include "sim/text.h"

namespace commviz::rdma {

/// Where the script's CPU is inside the current call.
struct CpuState {
    std::size_t next = 0;  ///< next script call to start
    bool inCall = false;
    std::size_t call = 0;  ///< the call in progress
    int phase = 0;
    std::size_t cursor = 0;  ///< WR index (post) or modify step (connect)
    std::size_t posted = 0;
    bool waiting = false;  ///< ibv_poll_cq with "min" is spinning on an empty CQ
    bool gaveUp = false;   ///< nothing more can happen: return what was polled
    std::string waitCq;
    std::uint32_t polledTotal = 0;
    std::uint32_t polledBatch = 0;
    std::optional<Cqe> polled;  ///< CQE read, WC not yet handed back
    std::optional<SlotFreed> toFree;
    std::uint32_t connectPsn[2] = {0, 0};
};

/// The whole simulated state: both hosts, the wire, the agenda and the script.
/// The HCA engines and the CPU runner are free functions over it.
struct RdmaWorld {
    /// The configuration and the script never change during a run, so every
    /// copy of the world (a Timeline keyframe) shares one.
    std::shared_ptr<const RdmaSetup> setup;
    const RdmaConfig& config() const { return setup->config; }
    const Script& script() const { return setup->script; }

    std::vector<CallResult> calls;
    std::vector<Host> hosts;
    Wire wire;
    Agenda agenda;
    CpuState cpu;
    sim::Rng rng{1};
    std::uint64_t now = 0;
    std::uint64_t steps = 0;

    Host& host(std::uint32_t i) { return hosts[i]; }
    std::uint32_t hostIndex(const std::string& name) const;
    std::uint32_t peerOf(std::uint32_t i) const { return i == 0 ? 1 : 0; }
    QueuePair* qp(std::uint32_t hostIdx, std::uint32_t qpn) { return hosts[hostIdx].qpByQpn(qpn); }
    /// Finds an object by script name on any host.
    QueuePair* qpNamed(const std::string& name, std::uint32_t* hostIdx = nullptr);
    MemoryRegion* mrNamed(const std::string& name, std::uint32_t* hostIdx = nullptr);
    CompletionQueue* cqNamed(const std::string& name, std::uint32_t* hostIdx = nullptr);

    void scheduleCpu(std::uint64_t delayNs);
    /// Wakes one of a QP's engines after delayNs unless it is already due.
    void kick(ActionKind kind, std::uint32_t hostIdx, QueuePair& qp, std::uint64_t delayNs);

    /// Writes a CQE into the QP's send or receive CQ; on overrun emits
    /// cq_overflow (+ IBV_EVENT_CQ_ERR the first time), moves the QP to ERR and
    /// returns false.
    bool writeCqe(std::uint32_t hostIdx, QueuePair& qp, Cqe cqe, EventOut& out, const std::string& anchor);
    /// The QP enters ERR (hardware-initiated, rxe_qp_error): timers stop, queues flush.
    void qpError(std::uint32_t hostIdx, QueuePair& qp, EventOut& out, const std::string& anchor,
                 const sim::Text& reason);
    void raiseAsync(std::uint32_t hostIdx, AsyncEventType type, const std::string& object, EventOut& out,
                    const std::string& anchor);
    /// Puts a packet on the wire towards the peer and schedules its arrival.
    const Packet& transmit(std::uint32_t hostIdx, QueuePair& qp, Packet p, EventOut& out, const std::string& anchor);

    void armRetransmitTimer(std::uint32_t hostIdx, QueuePair& qp, bool restart);
    void stopRetransmitTimer(std::uint32_t hostIdx, QueuePair& qp);
    std::uint64_t retransmitTimeoutNs(const QueuePair& qp) const;
};

/// IBTA table 45 / rxe rnrnak_usec[]: min_rnr_timer code → nanoseconds.
std::uint64_t rnrTimerNs(std::uint32_t code);

}  // namespace commviz::rdma
