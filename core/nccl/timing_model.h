#pragma once

#include <cstdint>

#include "nccl/nccl_config.h"

namespace commviz::nccl {

/// A stated model of bootstrap time, used for the `Bootstrap timings` and `Init
/// timings` lines and for charts. Not a measurement: each constant is an
/// order-of-magnitude cost of one socket operation on a data-centre LAN.
struct TimingModel {
    static constexpr double kCreateSeconds = 150e-6;      ///< three listen sockets
    static constexpr double kSendToRootSeconds = 60e-6;   ///< connect, framed extInfo, close
    static constexpr double kRootRecvSeconds = 20e-6;     ///< root: accept + recv of one extInfo
    static constexpr double kRootSendSeconds = 25e-6;     ///< root: rootSend (connect, send, close)
    static constexpr double kRingConnectSeconds = 40e-6;  ///< connect next + accept prev
    static constexpr double kRoundSeconds = 30e-6;        ///< one allgather step: sizes, then data
    static constexpr double kStaggerRate = 7000;          ///< NCCL_UID_STAGGER_RATE, messages per second
    // Init timings (seconds) of the stages the model does not step.
    static constexpr double kKernels = 0.45, kAlloc = 0.12, kTopo = 0.05, kGraphs = 0.01, kRest = 0.02;
    static constexpr double kEagerConnections = 0.10;

    /// Sleep before the check-in: classic sleeps r ms above 128 ranks; 2.30 sleeps
    /// localId / rate above NCCL_UID_STAGGER_THRESHOLD ranks per root.
    static double staggerSeconds(const Config& config, int rank, int localId, int ranksOfRoot) {
        if (config.version == Version::Classic) return config.nranks > 128 ? rank * 1e-3 : 0.0;
        return ranksOfRoot > config.stagger_threshold ? double(long(localId / (kStaggerRate / 1e6))) * 1e-6 : 0.0;
    }

    /// Bootstrap messages of one complete run with one root (NCCL src/bootstrap.cc,
    /// bootstrapInit and bootstrapRoot; v2.22.3 for classic): n extInfo + n replies + n ring connects, then the
    /// allgather(s): classic gathers three times (peer, proxy, proxy UDS), n − 1 rounds of n messages; 2.30 once, each
    /// rank receiving n − 1 slices over both directions.
    static std::uint64_t bootstrapMessages(Version version, int n) {
        const std::uint64_t ranks = std::uint64_t(n), perGather = ranks * (ranks - 1);
        return 3 * ranks + (version == Version::Classic ? 3 * perGather : perGather);
    }

    /// Modelled bootstrapInit time of the last rank, one root, defaults: create,
    /// the stagger of the last rank, the root reading and answering every rank
    /// one after the other, the ring connect and the allgather rounds.
    static double bootstrapSeconds(Version version, int n) {
        const bool classic = version == Version::Classic;
        const double stagger = classic ? (n > 128 ? (n - 1) * 1e-3 : 0.0) : (n > 256 ? (n - 1) / kStaggerRate : 0.0);
        const int rounds = classic ? 3 * (n - 1) : n / 2;
        return kCreateSeconds + stagger + kSendToRootSeconds + n * (kRootRecvSeconds + kRootSendSeconds) +
               kRingConnectSeconds + rounds * kRoundSeconds;
    }
};

}  // namespace commviz::nccl
