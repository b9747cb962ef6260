#include "nccl/log/warn_meaning.h"

#include <charconv>
#include <string_view>

#include "rdma/verbs_enums.h"
#include "rdma/verbs_names.h"

namespace commviz::nccl_topology {

namespace {

/// The number after `key` in `text` (`status=12`), if any.
std::optional<int> numberAfter(std::string_view text, std::string_view key) {
    const auto at = text.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    const char* first = text.data() + at + key.size();
    int value = 0;
    const auto [end, error] = std::from_chars(first, text.data() + text.size(), value);
    if (error != std::errc() || end == first) return std::nullopt;
    return value;
}

/// Why the HCA completed a work request with this status, for the statuses NCCL's IB transport meets.
std::string statusCause(rdma::WcStatus status) {
    switch (status) {
        case rdma::WcStatus::RetryExcErr:
            return "The sending HCA resent a packet retry_cnt times without an ACK and gave up: the peer, its "
                   "port or the fabric between them lost the packets (a link down, a peer that died, a bad cable "
                   "or switch). The queue pair is now in the error state.";
        case rdma::WcStatus::RnrRetryExcErr:
            return "The receiver had no receive posted and answered RNR NAK more than rnr_retry times.";
        case rdma::WcStatus::WrFlushErr:
            return "The queue pair was already in the error state, so the work request was flushed: look for the "
                   "first error before it.";
        case rdma::WcStatus::RemAccessErr:
            return "The peer refused the RDMA access: a wrong rkey, address or access flags on its memory region.";
        case rdma::WcStatus::LocProtErr:
            return "A local buffer was not inside a registered memory region with the needed access.";
        default:
            return "See rdma-core's ibv_wc_status for this status.";
    }
}

WarnMeaning completionMeaning(int status) {
    WarnMeaning out;
    out.wcStatus = status;
    if (status < 0 || status > int(rdma::WcStatus::TmRndvIncomplete)) {
        out.meaning = "An IB completion with status " + std::to_string(status) + ", which is not an ibv_wc_status.";
        return out;
    }
    const auto wc = static_cast<rdma::WcStatus>(status);
    out.meaning = "An IB work request completed with status " + std::to_string(status) + ", " +
                  std::string(rdma::verbsName(wc)) + " (" + std::string(rdma::wcStatusStr(wc)) + "). " +
                  statusCause(wc);
    if (wc == rdma::WcStatus::RetryExcErr) out.rdmaScenario = "retry_exceeded";
    if (wc == rdma::WcStatus::RnrRetryExcErr) out.rdmaScenario = "rnr_retry_exceeded";
    return out;
}

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

}  // namespace

WarnMeaning warnMeaning(const LoggedWarn& warn) {
    const std::string_view text = warn.text;
    if (contains(text, "Got completion"))
        if (const auto status = numberAfter(text, "status=")) return completionMeaning(*status);
    if (contains(text, "Call to ibv_"))
        return {
            "A verbs call of NCCL's IB transport failed; the errno after it says why (the device, its port "
            "or the memory registration).",
            std::nullopt,
            {}};
    if (contains(text, "Cuda failure"))
        return {"A CUDA runtime call failed on this rank; the quoted text is cudaGetErrorString's.", std::nullopt, {}};
    if (contains(text, "Connection closed by remote peer") || contains(text, "Connection reset by peer"))
        return {
            "A socket to another rank closed: that rank's process most likely exited or crashed first; its own "
            "log lines say why.",
            std::nullopt,
            {}};
    return {};
}

}  // namespace commviz::nccl_topology
