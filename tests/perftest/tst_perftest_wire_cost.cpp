// Proves the per-packet byte accounting of the perftest model against
// Linux include/rdma/ib_pack.h and drivers/infiniband/sw/rxe/rxe_hdr.h (header
// sizes) and rxe_req.c, next_opcode (segmentation by path MTU).
// RoCEv2/IPv4 per packet: Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 +
// FCS 4 = 62 B of frame, + 20 B preamble/SFD/IFG on the wire = 82 B.

#include <QtTest>

#include "perftest/link_model.h"

using namespace commviz::perftest;

class PerftestWireCostTest : public QObject {
    Q_OBJECT

private slots:
    void defaultHeadersAre82BytesPerPacket() {
        // 14 + 20 + 8 + 12 + 4 + 4 + 20 = 82
        QCOMPARE(HeaderBytes{}.perPacket(), 82);
    }

    void packetsAreCeilOfSizeOverMtu() {
        const LinkModel m;                                                // MTU 4096
        QCOMPARE(wireCost(m, Opcode::Send, 0).packets, std::int64_t(1));  // zero length is one *_ONLY packet
        QCOMPARE(wireCost(m, Opcode::Send, 1).packets, std::int64_t(1));
        QCOMPARE(wireCost(m, Opcode::Send, 4096).packets, std::int64_t(1));
        QCOMPARE(wireCost(m, Opcode::Send, 4097).packets, std::int64_t(2));
        QCOMPARE(wireCost(m, Opcode::Send, 10000).packets, std::int64_t(3));        // 4096 + 4096 + 1808
        QCOMPARE(wireCost(m, Opcode::Write, 8388608).packets, std::int64_t(2048));  // 2^23 / 2^12
        LinkModel small;
        small.mtu = 1024;
        QCOMPARE(wireCost(small, Opcode::Read, 8388608).packets, std::int64_t(8192));  // 2^23 / 2^10
    }

    void tenThousandByteMessageCarriesTheRightExtensionHeaders() {
        const LinkModel m;
        // SEND: 3 packets × 82 B overhead: 10000 + 246 = 10246.
        QCOMPARE(wireCost(m, Opcode::Send, 10000).wire_bytes, std::int64_t(10246));
        // WRITE: RETH (16) on RDMA_WRITE_FIRST only: 10246 + 16 = 10262.
        QCOMPARE(wireCost(m, Opcode::Write, 10000).wire_bytes, std::int64_t(10262));
        // READ responses: AETH (4) on FIRST and LAST, not MIDDLE: 10246 + 8 = 10254.
        QCOMPARE(wireCost(m, Opcode::Read, 10000).wire_bytes, std::int64_t(10254));
        // A single-packet READ response is ONLY: one AETH: 100 + 82 + 4 = 186.
        QCOMPARE(wireCost(m, Opcode::Read, 100).wire_bytes, std::int64_t(186));
    }

    void payloadIsPaddedToFourBytes() {
        const LinkModel m;
        // 2 B payload padded to 4 (BTH PadCnt = 2): 4 + 82 = 86; 5 B → 8 + 82 = 90.
        QCOMPARE(wireCost(m, Opcode::Send, 2).wire_bytes, std::int64_t(86));
        QCOMPARE(wireCost(m, Opcode::Send, 5).wire_bytes, std::int64_t(90));
        QCOMPARE(wireCost(m, Opcode::Send, 8).wire_bytes, std::int64_t(90));
    }

    void shortFramesArePaddedToTheEthernetMinimum() {
        LinkModel m;
        m.headers.ip = 0;
        m.headers.udp = 0;
        // frame = 14 + 12 + 4 (payload) + 4 + 4 = 38 < 64 → 64, + 20 framing = 84.
        QCOMPARE(wireCost(m, Opcode::Send, 4).wire_bytes, std::int64_t(84));
    }

    void controlPacketsHaveNoPayload() {
        const LinkModel m;
        // ACK = BTH + AETH: 62 + 4 = 66 B frame + 20 = 86; READ request = + RETH: 62 + 16 + 20 = 98.
        QCOMPARE(controlPacketBytes(m, m.headers.aeth), std::int64_t(86));
        QCOMPARE(controlPacketBytes(m, m.headers.reth), std::int64_t(98));
    }

    void fullPacketEfficiencyIsPayloadOverWireBytes() {
        const LinkModel m;
        // 64 KiB SEND = 16 full packets: 65536 / (65536 + 16 × 82) = 65536 / 66848 = 0.980373...
        QVERIFY(std::abs(wireCost(m, Opcode::Send, 65536).efficiency - 65536.0 / 66848.0) < 1e-12);
        QVERIFY(wireCost(m, Opcode::Send, 65536).efficiency < 1.0);
    }

    void inlineThresholdsArePerftestDefaults() {
        const LinkModel m;
        QCOMPARE(inlineThreshold(m, Opcode::Send), 236);   // DEF_INLINE_SEND_RC_UC
        QCOMPARE(inlineThreshold(m, Opcode::Write), 220);  // DEF_INLINE_WRITE
        QCOMPARE(inlineThreshold(m, Opcode::Read), 0);
    }

    void invalidModelsAreRejectedWithTheReason() {
        LinkModel m;
        QVERIFY(validate(m).ok());
        m.mtu = 1500;  // an Ethernet MTU, not an IB path MTU
        const auto status = validate(m);
        QVERIFY(!status.ok());
        QVERIFY(status.error().message.find("mtu 1500") != std::string::npos);
        LinkModel zero;
        zero.link_gbps = 0;
        QVERIFY(!validate(zero).ok());
        LinkModel depth;
        depth.tx_depth = 0;
        QVERIFY(!validate(depth).ok());
    }
};

QTEST_APPLESS_MAIN(PerftestWireCostTest)
#include "tst_perftest_wire_cost.moc"
