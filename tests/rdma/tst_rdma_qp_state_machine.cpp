// Proves ibv_modify_qp on an RC QP accepts exactly the transitions of the
// Linux qp_state_table (drivers/infiniband/core/verbs.c) with exactly the
// required masks (its req_param/opt_param): a missing bit, an extra bit or an illegal transition is EINVAL and
// changes nothing, not even the state.

#include <QtTest>
#include <map>

#include "rdma/qp_state_machine.h"
#include "rdma/verbs_names.h"
#include "rdma_test_support.h"

using namespace commviz::rdma;
using namespace commviz::rdma::testing;

namespace {

using M = QpAttrMask;
const QpState kStates[] = {QpState::Reset, QpState::Init, QpState::Rtr, QpState::Rts,
                           QpState::Sqd,   QpState::Sqe,  QpState::Err};

struct Expect {
    std::uint32_t required;
    std::uint32_t optional;
};

// Worked out by hand from the RC column of Linux drivers/infiniband/core/verbs.c, qp_state_table.
std::map<std::pair<QpState, QpState>, Expect> legalTable() {
    using S = QpState;
    std::map<std::pair<S, S>, Expect> t;
    for (S s : {S::Init, S::Rtr, S::Rts, S::Sqd, S::Sqe, S::Err}) {
        t[{s, S::Reset}] = {0, 0};
        t[{s, S::Err}] = {0, 0};
    }
    t[{S::Reset, S::Reset}] = {0, 0};
    t[{S::Reset, S::Init}] = {M::PkeyIndex | M::Port | M::AccessFlags, 0};
    t[{S::Init, S::Init}] = {0, M::PkeyIndex | M::Port | M::AccessFlags};
    t[{S::Init, S::Rtr}] = {M::Av | M::PathMtu | M::DestQpn | M::RqPsn | M::MaxDestRdAtomic | M::MinRnrTimer,
                            M::AltPath | M::AccessFlags | M::PkeyIndex};
    t[{S::Rtr, S::Rts}] = {M::SqPsn | M::Timeout | M::RetryCnt | M::RnrRetry | M::MaxQpRdAtomic,
                           M::CurState | M::AltPath | M::AccessFlags | M::MinRnrTimer | M::PathMigState};
    t[{S::Rts, S::Rts}] = {0, M::CurState | M::AccessFlags | M::AltPath | M::PathMigState | M::MinRnrTimer};
    t[{S::Rts, S::Sqd}] = {0, bits(M::EnSqdAsyncNotify)};
    t[{S::Sqd, S::Rts}] = {0, M::CurState | M::AltPath | M::AccessFlags | M::MinRnrTimer | M::PathMigState};
    t[{S::Sqd, S::Sqd}] = {0, M::Port | M::Av | M::Timeout | M::RetryCnt | M::RnrRetry | M::MaxQpRdAtomic |
                                  M::MaxDestRdAtomic | M::AltPath | M::AccessFlags | M::PkeyIndex | M::MinRnrTimer |
                                  M::PathMigState};
    return t;
}

// Valid values for every attribute, so only the mask decides.
QpAttrSpec goodAttr(QpState to, QpState cur) {
    QpAttrSpec a;
    a.qpState = to;
    a.curQpState = cur;
    a.pkeyIndex = 0;
    a.portNum = 1;
    a.qpAccessFlags = 0;
    a.pathMtu = 3;
    a.destQpNum = 17;
    a.rqPsn = 5;
    a.sqPsn = 6;
    a.maxDestRdAtomic = 1;
    a.minRnrTimer = 12;
    a.timeout = 14;
    a.retryCnt = 7;
    a.rnrRetry = 7;
    a.maxRdAtomic = 1;
    a.enSqdAsyncNotify = true;
    return a;
}

QueuePair qpIn(QpState s) {
    QueuePair qp;
    qp.state = s;
    qp.attr.timeout = 3;  // a marker: must survive a failed modify
    return qp;
}

const std::uint32_t kAllBits[] = {bits(M::CurState),
                                  bits(M::EnSqdAsyncNotify),
                                  bits(M::AccessFlags),
                                  bits(M::PkeyIndex),
                                  bits(M::Port),
                                  bits(M::Qkey),
                                  bits(M::Av),
                                  bits(M::PathMtu),
                                  bits(M::Timeout),
                                  bits(M::RetryCnt),
                                  bits(M::RnrRetry),
                                  bits(M::RqPsn),
                                  bits(M::MaxQpRdAtomic),
                                  bits(M::AltPath),
                                  bits(M::MinRnrTimer),
                                  bits(M::SqPsn),
                                  bits(M::MaxDestRdAtomic),
                                  bits(M::PathMigState),
                                  bits(M::Cap),
                                  bits(M::DestQpn),
                                  bits(M::RateLimit)};

}  // namespace

class TestRdmaQpStateMachine : public QObject {
    Q_OBJECT
private slots:
    void maskBitValuesAreVerbsH() {
        QCOMPARE(bits(M::State), 1u);
        QCOMPARE(bits(M::AccessFlags), 1u << 3);
        QCOMPARE(bits(M::Av), 1u << 7);
        QCOMPARE(bits(M::MinRnrTimer), 1u << 15);
        QCOMPARE(bits(M::DestQpn), 1u << 20);
        QCOMPARE(bits(M::RateLimit), 1u << 25);
        QCOMPARE(static_cast<int>(QpState::Err), 6);
    }

    void everyTransitionWithExactMasks() {
        const auto table = legalTable();
        int legal = 0;
        for (QpState from : kStates)
            for (QpState to : kStates) {
                const auto it = table.find({from, to});
                const QString where = QString("%1 -> %2").arg(verbsName(from).data(), verbsName(to).data());
                if (it == table.end()) {
                    QueuePair qp = qpIn(from);
                    const auto r = modifyQp(qp, goodAttr(to, from), bits(M::State), 0);
                    QVERIFY2(r.err == Errno::Einval, qPrintable(where + " must be illegal"));
                    QCOMPARE(qp.state, from);
                    continue;
                }
                ++legal;
                const auto [required, optional] = it->second;
                {  // exactly the required bits: accepted, state changes
                    QueuePair qp = qpIn(from);
                    const auto r = modifyQp(qp, goodAttr(to, from), bits(M::State) | required, 0);
                    QVERIFY2(r.err == Errno::Ok, qPrintable(where + ": " + QString::fromStdString(r.detail.english())));
                    QCOMPARE(qp.state, to);
                }
                for (std::uint32_t bit : kAllBits) {
                    if (required & bit) {  // missing one required bit
                        QueuePair qp = qpIn(from);
                        const auto r = modifyQp(qp, goodAttr(to, from), (bits(M::State) | required) & ~bit, 0);
                        QVERIFY2(r.err == Errno::Einval, qPrintable(where + " missing " + maskNames(bit).c_str()));
                        QCOMPARE(qp.state, from);
                        QCOMPARE(qp.attr.timeout, 3u);
                    } else if (optional & bit) {  // an optional bit is fine
                        QueuePair qp = qpIn(from);
                        const auto r = modifyQp(qp, goodAttr(to, from), bits(M::State) | required | bit, 0);
                        QVERIFY2(r.err == Errno::Ok, qPrintable(where + " optional " + maskNames(bit).c_str()));
                    } else {  // an extra bit
                        QueuePair qp = qpIn(from);
                        const auto r = modifyQp(qp, goodAttr(to, from), bits(M::State) | required | bit, 0);
                        QVERIFY2(r.err == Errno::Einval, qPrintable(where + " extra " + maskNames(bit).c_str()));
                        QCOMPARE(qp.state, from);
                        QCOMPARE(qp.attr.timeout, 3u);
                    }
                }
            }
        QCOMPARE(legal, 21);  // 6 states x (->RESET, ->ERR) = 12, plus 9 others
    }

    void resetToErrIsNotInTheLinuxTable() {
        QueuePair qp = qpIn(QpState::Reset);
        QCOMPARE(modifyQp(qp, goodAttr(QpState::Err, QpState::Reset), bits(M::State), 0).err, Errno::Einval);
        QCOMPARE(qp.state, QpState::Reset);
    }

    void withoutStateBitTheTransitionIsToItself() {
        QueuePair rts = qpIn(QpState::Rts);
        QCOMPARE(modifyQp(rts, goodAttr(QpState::Rts, QpState::Rts), bits(M::MinRnrTimer), 0).err, Errno::Ok);
        QCOMPARE(rts.attr.min_rnr_timer, 12u);
        QueuePair rtr = qpIn(QpState::Rtr);  // RTR -> RTR does not exist
        QCOMPARE(modifyQp(rtr, goodAttr(QpState::Rtr, QpState::Rtr), bits(M::MinRnrTimer), 0).err, Errno::Einval);
    }

    void curStateOnlyInRtrRtsSqdSqeAndMustMatch() {
        QueuePair init = qpIn(QpState::Init);
        QCOMPARE(modifyQp(init, goodAttr(QpState::Init, QpState::Init), M::State | M::CurState, 0).err, Errno::Einval);
        QueuePair rts = qpIn(QpState::Rts);
        QCOMPARE(modifyQp(rts, goodAttr(QpState::Rts, QpState::Rtr), M::State | M::CurState, 0).err, Errno::Einval);
        QCOMPARE(modifyQp(rts, goodAttr(QpState::Rts, QpState::Rts), M::State | M::CurState, 0).err, Errno::Ok);
    }

    void badValuesAreEinvalAndChangeNothing() {
        const std::uint32_t rtrMask =
            M::State | M::Av | M::PathMtu | M::DestQpn | M::RqPsn | M::MaxDestRdAtomic | M::MinRnrTimer;
        const std::uint32_t rtsMask = M::State | M::SqPsn | M::Timeout | M::RetryCnt | M::RnrRetry | M::MaxQpRdAtomic;
        struct Case {
            const char* name;
            QpState from, to;
            std::uint32_t mask;
            std::function<void(QpAttrSpec&)> spoil;
        } cases[] = {
            {"port 2", QpState::Reset, QpState::Init, M::State | M::PkeyIndex | M::Port | M::AccessFlags,
             [](QpAttrSpec& a) { a.portNum = 2; }},
            {"path_mtu 0", QpState::Init, QpState::Rtr, rtrMask, [](QpAttrSpec& a) { a.pathMtu = 0; }},
            {"path_mtu missing", QpState::Init, QpState::Rtr, rtrMask, [](QpAttrSpec& a) { a.pathMtu.reset(); }},
            {"min_rnr_timer 32", QpState::Init, QpState::Rtr, rtrMask, [](QpAttrSpec& a) { a.minRnrTimer = 32; }},
            {"retry_cnt 8", QpState::Rtr, QpState::Rts, rtsMask, [](QpAttrSpec& a) { a.retryCnt = 8; }},
            {"rnr_retry 8", QpState::Rtr, QpState::Rts, rtsMask, [](QpAttrSpec& a) { a.rnrRetry = 8; }},
            {"timeout 32", QpState::Rtr, QpState::Rts, rtsMask, [](QpAttrSpec& a) { a.timeout = 32; }},
            {"max_rd_atomic 129", QpState::Rtr, QpState::Rts, rtsMask, [](QpAttrSpec& a) { a.maxRdAtomic = 129; }},
        };
        for (const auto& c : cases) {
            QueuePair qp = qpIn(c.from);
            QpAttrSpec a = goodAttr(c.to, c.from);
            c.spoil(a);
            QVERIFY2(modifyQp(qp, a, c.mask, 0).err == Errno::Einval, c.name);
            QCOMPARE(qp.state, c.from);
            QCOMPARE(qp.attr.timeout, 3u);
        }
    }

    void psnsAreMaskedTo24Bits() {
        QueuePair qp = qpIn(QpState::Rtr);
        QpAttrSpec a = goodAttr(QpState::Rts, QpState::Rtr);
        a.sqPsn = 0x12345678;
        QCOMPARE(
            modifyQp(qp, a, M::State | M::SqPsn | M::Timeout | M::RetryCnt | M::RnrRetry | M::MaxQpRdAtomic, 0).err,
            Errno::Ok);
        QCOMPARE(qp.attr.sq_psn, 0x345678u);
    }

    void scriptShowsEinvalAndGoesOn() {
        // INIT -> RTR without IBV_QP_AV: the call returns EINVAL, the QP stays in INIT, the script continues.
        Json script = preamble();
        script.push_back(
            {{"host", "A"},
             {"call", "ibv_modify_qp"},
             {"qp", "qpA"},
             {"attr",
              {{"qp_state", "IBV_QPS_INIT"}, {"pkey_index", 0}, {"port_num", 1}, {"qp_access_flags", Json::array()}}},
             {"attr_mask", {"IBV_QP_STATE", "IBV_QP_PKEY_INDEX", "IBV_QP_PORT", "IBV_QP_ACCESS_FLAGS"}}});
        script.push_back({{"host", "A"},
                          {"call", "ibv_modify_qp"},
                          {"qp", "qpA"},
                          {"attr",
                           {{"qp_state", "IBV_QPS_RTR"},
                            {"path_mtu", "IBV_MTU_1024"},
                            {"dest_qp_num", "qpB"},
                            {"rq_psn", 0},
                            {"max_dest_rd_atomic", 1},
                            {"min_rnr_timer", 12}}},
                          {"attr_mask",
                           {"IBV_QP_STATE", "IBV_QP_PATH_MTU", "IBV_QP_DEST_QPN", "IBV_QP_RQ_PSN",
                            "IBV_QP_MAX_DEST_RD_ATOMIC", "IBV_QP_MIN_RNR_TIMER"}}});
        script.push_back({{"host", "A"},
                          {"call", "ibv_modify_qp"},
                          {"qp", "qpA"},
                          {"attr", {{"qp_state", "IBV_QPS_ERR"}}},
                          {"attr_mask", {"IBV_QP_STATE"}}});
        const Run r = run(scenario(script));
        QVERIFY(r.done);
        QCOMPARE(r.call(6)["ret"], Json(0));
        QCOMPARE(r.call(7)["ret"], Json("EINVAL"));
        QVERIFY(r.call(7)["detail"].get<std::string>().find("IBV_QP_AV") != std::string::npos);
        QCOMPARE(r.call(8)["ret"], Json(0));
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_RESET"));
        QCOMPARE(r.kind("qp_state_changed").size(), std::size_t(2));  // RESET->INIT, INIT->ERR
    }
};

QTEST_APPLESS_MAIN(TestRdmaQpStateMachine)
#include "tst_rdma_qp_state_machine.moc"
