#include "rdma/qp_state_machine.h"

#include "rdma/engine_text.h"
#include "rdma/psn.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {
using M = QpAttrMask;
constexpr std::uint32_t kMaxRdAtomic = 128;  // rxe_param.h RXE_MAX_QP_RD_ATOM
constexpr std::uint32_t kPkeyTableSize = 64;
constexpr std::uint32_t kAccessBits = bits(AccessFlag::LocalWrite) | bits(AccessFlag::RemoteWrite) |
                                      bits(AccessFlag::RemoteRead) | bits(AccessFlag::RemoteAtomic) |
                                      bits(AccessFlag::MwBind);
}  // namespace

TransitionRule rcTransition(QpState cur, QpState next) {
    using S = QpState;
    const TransitionRule ok{true, 0, 0};
    // any state except RESET may go to RESET or ERR; RESET -> ERR is not in the Linux table
    if (next == S::Reset) return cur == S::Unknown ? TransitionRule{} : ok;
    if (next == S::Err) return (cur == S::Reset || cur == S::Unknown) ? TransitionRule{} : ok;
    switch (cur) {
        case S::Reset:
            if (next == S::Init) return {true, M::PkeyIndex | M::Port | M::AccessFlags, 0};
            break;
        case S::Init:
            if (next == S::Init) return {true, 0, M::PkeyIndex | M::Port | M::AccessFlags};
            if (next == S::Rtr)
                return {true, M::Av | M::PathMtu | M::DestQpn | M::RqPsn | M::MaxDestRdAtomic | M::MinRnrTimer,
                        M::AltPath | M::AccessFlags | M::PkeyIndex};
            break;
        case S::Rtr:
            if (next == S::Rts)
                return {true, M::SqPsn | M::Timeout | M::RetryCnt | M::RnrRetry | M::MaxQpRdAtomic,
                        M::CurState | M::AltPath | M::AccessFlags | M::MinRnrTimer | M::PathMigState};
            break;
        case S::Rts:
            if (next == S::Rts)
                return {true, 0, M::CurState | M::AccessFlags | M::AltPath | M::PathMigState | M::MinRnrTimer};
            if (next == S::Sqd) return {true, 0, bits(M::EnSqdAsyncNotify)};
            break;
        case S::Sqd:
            if (next == S::Rts)
                return {true, 0, M::CurState | M::AltPath | M::AccessFlags | M::MinRnrTimer | M::PathMigState};
            if (next == S::Sqd)
                return {true, 0,
                        M::Port | M::Av | M::Timeout | M::RetryCnt | M::RnrRetry | M::MaxQpRdAtomic |
                            M::MaxDestRdAtomic | M::AltPath | M::AccessFlags | M::PkeyIndex | M::MinRnrTimer |
                            M::PathMigState};
            break;
        case S::Sqe:  // SQE -> RTS is UD/UC only
        case S::Err:
        case S::Unknown:
            break;
    }
    return {};
}

ModifyOutcome modifyQp(QueuePair& qp, const QpAttrSpec& a, std::uint32_t mask, std::uint32_t destQpn) {
    ModifyOutcome r;
    r.from = qp.state;
    auto einval = [&](sim::Text why) {
        r.err = Errno::Einval;
        r.detail = std::move(why);
        r.to = qp.state;
        return r;
    };
    auto in = [&](QpAttrMask bit) { return (mask & bits(bit)) != 0; };

    QpState cur = qp.state;
    if (in(M::CurState)) {
        const QpState given = a.curQpState.value_or(QpState::Reset);
        if (cur != QpState::Rtr && cur != QpState::Rts && cur != QpState::Sqd && cur != QpState::Sqe)
            return einval(rdmaText(
                QT_TRANSLATE_NOOP("commviz::rdma", "IBV_QP_CUR_STATE is only accepted in RTR, RTS, SQD or SQE")));
        if (given != cur)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "cur_qp_state %1 is not the QP's state (%2)"),
                                   {std::string(verbsName(given)), std::string(verbsName(cur))}));
    }
    const QpState next = in(M::State) ? a.qpState.value_or(QpState::Reset) : cur;
    if (next == QpState::Unknown)
        return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "qp_state IBV_QPS_UNKNOWN cannot be requested")));
    const TransitionRule rule = rcTransition(cur, next);
    const std::string fromName(verbsName(cur));
    const std::string toName(verbsName(next));
    if (!rule.valid)
        return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "illegal transition %1 → %2"), {fromName, toName}));
    const std::uint32_t given = mask & ~bits(M::State);
    const std::uint32_t missing = rule.required & ~given;
    if (missing)
        return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "%1 missing for %2 → %3"),
                               {maskNames(missing), fromName, toName}));
    const std::uint32_t extra = given & ~(rule.required | rule.optional);
    if (extra)
        return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "%1 not allowed for %2 → %3"),
                               {maskNames(extra), fromName, toName}));

    // Attribute values (the fields of a C struct ibv_qp_attr read as 0 when not set).
    QpAttr next_attr = qp.attr;
    if (in(M::PkeyIndex)) {
        if (a.pkeyIndex.value_or(0) >= kPkeyTableSize)
            return einval(
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "pkey_index %1 is outside the P_Key table (%2 entries)"),
                         {std::to_string(a.pkeyIndex.value_or(0)), std::to_string(kPkeyTableSize)}));
        next_attr.pkey_index = a.pkeyIndex.value_or(0);
    }
    if (in(M::Port)) {
        if (a.portNum.value_or(0) != 1)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "port_num must be 1 (the HCA has one port)")));
        next_attr.port_num = 1;
    }
    if (in(M::AccessFlags)) {
        const auto f = a.qpAccessFlags.value_or(0);
        if (f & ~kAccessBits)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "unknown bits in qp_access_flags")));
        next_attr.qp_access_flags = f;
    }
    if (in(M::PathMtu)) {
        const auto m = a.pathMtu.value_or(0);
        if (m < 1 || m > 5)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "path_mtu must be IBV_MTU_256 … IBV_MTU_4096")));
        next_attr.path_mtu = static_cast<Mtu>(m);
    }
    if (in(M::Av)) next_attr.dlid = a.dlid.value_or(0);
    if (in(M::DestQpn)) next_attr.dest_qp_num = destQpn & 0xffffff;
    if (in(M::RqPsn)) next_attr.rq_psn = a.rqPsn.value_or(0) & kPsnMask;
    if (in(M::SqPsn)) next_attr.sq_psn = a.sqPsn.value_or(0) & kPsnMask;
    if (in(M::MaxDestRdAtomic)) {
        if (a.maxDestRdAtomic.value_or(0) > kMaxRdAtomic)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "max_dest_rd_atomic above the device's %1"),
                                   {std::to_string(kMaxRdAtomic)}));
        next_attr.max_dest_rd_atomic = a.maxDestRdAtomic.value_or(0);
    }
    if (in(M::MaxQpRdAtomic)) {
        if (a.maxRdAtomic.value_or(0) > kMaxRdAtomic)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "max_rd_atomic above the device's %1"),
                                   {std::to_string(kMaxRdAtomic)}));
        next_attr.max_rd_atomic = a.maxRdAtomic.value_or(0);
    }
    if (in(M::MinRnrTimer)) {
        if (a.minRnrTimer.value_or(0) > 31)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "min_rnr_timer is a 5-bit code (0–31)")));
        next_attr.min_rnr_timer = a.minRnrTimer.value_or(0);
    }
    if (in(M::Timeout)) {
        if (a.timeout.value_or(0) > 31)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "timeout is a 5-bit code (0–31)")));
        next_attr.timeout = a.timeout.value_or(0);
    }
    if (in(M::RetryCnt)) {
        if (a.retryCnt.value_or(0) > 7)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "retry_cnt is 3 bits (0–7)")));
        next_attr.retry_cnt = a.retryCnt.value_or(0);
    }
    if (in(M::RnrRetry)) {
        if (a.rnrRetry.value_or(0) > 7)
            return einval(rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "rnr_retry is 3 bits (0–7)")));
        next_attr.rnr_retry = a.rnrRetry.value_or(0);
    }
    if (in(M::EnSqdAsyncNotify)) next_attr.en_sqd_async_notify = a.enSqdAsyncNotify.value_or(false);

    qp.attr = next_attr;
    qp.state = next;
    r.to = next;
    return r;
}

}  // namespace commviz::rdma
