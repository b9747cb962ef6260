// Proves the verbs vocabulary carries the real values and names of
// rdma-core libibverbs/verbs.h and libibverbs/enum_strs.c (ibv_wc_status_str())
// and the IBTA spec vol 1 tables (§9.2 BTH opcodes, §9.3.5 AETH syndromes).

#include <QtTest>

#include "rdma/rdma_world.h"
#include "rdma/verbs_names.h"

using namespace commviz::rdma;

class TestRdmaVerbsNames : public QObject {
    Q_OBJECT
private slots:
    void valuesAreThoseOfVerbsH() {
        QCOMPARE(static_cast<int>(WrOpcode::RdmaWrite), 0);
        QCOMPARE(static_cast<int>(WrOpcode::AtomicFetchAndAdd), 6);
        QCOMPARE(bits(SendFlag::Inline), 8u);
        QCOMPARE(bits(AccessFlag::RemoteAtomic), 8u);
        QCOMPARE(static_cast<int>(WcStatus::RetryExcErr), 12);
        QCOMPARE(static_cast<int>(WcStatus::RnrRetryExcErr), 13);
        QCOMPARE(static_cast<int>(WcOpcode::Recv), 128);
        QCOMPARE(static_cast<int>(WcOpcode::RecvRdmaWithImm), 129);
        QCOMPARE(static_cast<int>(Mtu::Mtu1024), 3);
        QCOMPARE(mtuBytes(Mtu::Mtu4096), 4096u);
        QCOMPARE(static_cast<int>(Errno::Einval), 22);
        QCOMPARE(static_cast<int>(Errno::Enomem), 12);
        QCOMPARE(static_cast<int>(BthOpcode::RdmaReadRequest), 0x0c);
        QCOMPARE(static_cast<int>(BthOpcode::Acknowledge), 0x11);
        QCOMPARE(static_cast<int>(BthOpcode::FetchAdd), 0x14);
        QCOMPARE(static_cast<int>(AsyncEventType::CqErr), 0);
        QCOMPARE(static_cast<int>(AsyncEventType::CommEst), 4);
    }

    void namesAndStrings() {
        QCOMPARE(verbsName(QpState::Rts), std::string_view("IBV_QPS_RTS"));
        QCOMPARE(verbsName(WcStatus::WrFlushErr), std::string_view("IBV_WC_WR_FLUSH_ERR"));
        QCOMPARE(wcStatusStr(WcStatus::WrFlushErr), std::string_view("Work Request Flushed Error"));
        QCOMPARE(wcStatusStr(WcStatus::RetryExcErr), std::string_view("transport retry counter exceeded"));
        QCOMPARE(wcStatusStr(WcStatus::RnrRetryExcErr), std::string_view("RNR retry counter exceeded"));
        QCOMPARE(verbsName(BthOpcode::RdmaWriteLastWithImmediate), std::string_view("RDMA_WRITE_LAST_WITH_IMMEDIATE"));
        QCOMPARE(verbsName(AsyncEventType::CqErr), std::string_view("IBV_EVENT_CQ_ERR"));
        QCOMPARE(errnoName(22), std::string("EINVAL"));
        QCOMPARE(errnoName(12), std::string("ENOMEM"));
        QCOMPARE(aethSyndromeName(0x1f), std::string("AETH_ACK_UNLIMITED"));
        QCOMPARE(aethSyndromeName(0x2c), std::string("AETH_RNR_NAK"));
        QCOMPARE(aethSyndromeName(0x60), std::string("AETH_NAK_PSN_SEQ_ERROR"));
        QCOMPARE(aethSyndromeName(0x62), std::string("AETH_NAK_REM_ACC_ERR"));
        QCOMPARE(maskNames(bits(QpAttrMask::State) | bits(QpAttrMask::Port)),
                 std::string("IBV_QP_STATE | IBV_QP_PORT"));
    }

    void parsing() {
        QCOMPARE(parseWrOpcode("IBV_WR_RDMA_READ").value(), WrOpcode::RdmaRead);
        QVERIFY(!parseWrOpcode("IBV_WR_TSO"));  // not an RC opcode this model executes
        QVERIFY(!parseWrOpcode("IBV_WR_FOO"));
        QCOMPARE(parseQpAttrMask("IBV_QP_DEST_QPN").value(), QpAttrMask::DestQpn);
        QCOMPARE(parseMtu("IBV_MTU_2048").value(), Mtu::Mtu2048);
        QCOMPARE(wrOpcodeNames().size(), std::size_t(7));
    }

    void rnrTimerTableAndAckTimeout() {
        QCOMPARE(rnrTimerNs(0), std::uint64_t(655360000));
        QCOMPARE(rnrTimerNs(1), std::uint64_t(10000));
        QCOMPARE(rnrTimerNs(12), std::uint64_t(640000));
        QCOMPARE(rnrTimerNs(31), std::uint64_t(491520000));
        RdmaWorld w;
        QueuePair qp;
        qp.attr.timeout = 14;
        QCOMPARE(w.retransmitTimeoutNs(qp), std::uint64_t(4096) << 14);  // ~67 ms
        qp.attr.timeout = 0;
        QCOMPARE(w.retransmitTimeoutNs(qp), std::uint64_t(0));  // wait forever
    }
};

QTEST_APPLESS_MAIN(TestRdmaVerbsNames)
#include "tst_rdma_verbs_names.moc"
