#pragma once

// The user-space verbs library and driver (libibverbs + provider): what runs on
// the host CPU when the application calls a verb.

#include <cstdint>
#include <optional>
#include <string>

#include "rdma/qp_state_machine.h"
#include "rdma/rdma_world.h"
#include "rdma/script.h"

namespace commviz::rdma {

/// Device limits (rxe_param.h): max_qp_wr, max_sge, max_inline, max_cqe.
struct DeviceCaps {
    static constexpr std::uint32_t maxQpWr = 16384;
    static constexpr std::uint32_t maxSge = 32;
    static constexpr std::uint32_t maxInline = 400;
    static constexpr std::int64_t maxCqe = 1 << 15;
};

struct VerbResult {
    Errno err = Errno::Ok;
    sim::Text detail;
};

VerbResult regMr(RdmaWorld& w, std::uint32_t h, const RegMrCall& c);
VerbResult createCq(RdmaWorld& w, std::uint32_t h, const CreateCqCall& c);
VerbResult createQp(RdmaWorld& w, std::uint32_t h, const CreateQpCall& c);

/// ibv_modify_qp plus the effects of entering the new state; emits
/// qp_state_changed when the state changed.
ModifyOutcome applyModify(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const QpAttrSpec& attr, std::uint32_t mask,
                          EventOut& out);

/// The WR as the driver receives it (names resolved to addresses and keys).
SendWr resolveSendWr(RdmaWorld& w, std::uint32_t h, const SendWrSpec& spec);
RecvWr resolveRecvWr(RdmaWorld& w, std::uint32_t h, const RecvWrSpec& spec);

/// Post-time checks of one WR (§2.5); state checks are done per call.
VerbResult checkSendWr(const QueuePair& qp, const SendWr& wr);
VerbResult checkRecvWr(const QueuePair& qp, const RecvWr& wr);
VerbResult checkPostSendState(const QueuePair& qp);
VerbResult checkPostRecvState(const QueuePair& qp);

/// Writes the WQE into the next ring slot (INLINE data copied now).
Wqe& writeSendWqe(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const SendWr& wr, const std::string& wrObj);
Wqe& writeRecvWqe(QueuePair& qp, const RecvWr& wr, const std::string& wrObj);

/// Slots the driver gets back when this CQE is polled (mlx5: sq.tail =
/// wqe_head[idx] + 1, so unsignaled WQEs before it are freed too).
std::optional<SlotFreed> freeSlotsFor(RdmaWorld& w, std::uint32_t h, const Cqe& cqe);

/// 64-bit little-endian helpers for atomics on MR bytes.
std::uint64_t loadU64(const std::vector<std::uint8_t>& bytes, std::uint64_t offset);
void storeU64(std::vector<std::uint8_t>& bytes, std::uint64_t offset, std::uint64_t value);

}  // namespace commviz::rdma
