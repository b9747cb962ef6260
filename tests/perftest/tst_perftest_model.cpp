// Proves the perftest-style latency/bandwidth model reproduces published
// ib_send_lat / ib_send_bw measurements (perftest src/send_lat.c, src/send_bw.c on a
// ConnectX-4-class 100 GbE NIC) within stated tolerances, with every expectation worked
// out by hand from the default LinkModel:
//   link = pcie = 100 Gb/s = 12.5 B/ns; MTU 4096; 82 B per packet on the wire;
//   one leg = nic_tx 200 + propagation 200 + nic_rx 140 = 540 ns;
//   post 100, cqe 100, poll 50, so an inline one-way costs 790 ns + serialization;
//   a non-inline payload adds dma_fetch 480 ns and a DMA-read stage.
// Serialization = first packet store-and-forward (DMA read p/12.5, wire
// (p + headers)/12.5, DMA write p/12.5) + later packets at the bottleneck.

#include <QtTest>
#include <cmath>

#include "perftest/perftest_model.h"

using namespace commviz::perftest;

namespace {

bool near(double actual, double expected, double tolerance) { return std::abs(actual - expected) <= tolerance; }

#define EXPECT_NEAR(actual, expected, tolerance)                                                      \
    QVERIFY2(near((actual), (expected), (tolerance)), qPrintable(QString("%1 = %2, expected %3 ± %4") \
                                                                     .arg(#actual)                    \
                                                                     .arg((actual), 0, 'f', 4)        \
                                                                     .arg((expected), 0, 'f', 4)      \
                                                                     .arg((tolerance))))

}  // namespace

class PerftestModelTest : public QObject {
    Q_OBJECT

private slots:
    void inline32ByteSendIsAbout800Nanoseconds() {
        const auto s = latency(LinkModel{}, Opcode::Send, 32);
        // Inline (32 <= 236): no fetch, no DMA read. Wire (32 + 82) / 12.5 = 9.12,
        // DMA write 32 / 12.5 = 2.56. Total 790 + 11.68 = 801.68 ns.
        QVERIFY(s.inlined);
        QCOMPARE(s.fetch_ns, 0.0);
        EXPECT_NEAR(s.total_ns, 801.68, 1e-6);
        // Published ib_send_lat RC 32 B inline: ≈ 0.8 µs; tolerance ±0.05 µs.
        EXPECT_NEAR(s.usec(), 0.8, 0.05);
        QCOMPARE(s.rtt_factor, 2);
    }

    void sendLatencyAt1And4And32KiBMatchesTheReference() {
        const LinkModel m;
        // 1 KiB: 790 + 480 + 1024/12.5 (81.92) + 1106/12.5 (88.48) + 81.92 = 1522.32 ns.
        EXPECT_NEAR(latency(m, Opcode::Send, 1024).total_ns, 1522.32, 1e-6);
        // 4 KiB: 1270 + 327.68 + 4178/12.5 (334.24) + 327.68 = 2259.60 ns.
        EXPECT_NEAR(latency(m, Opcode::Send, 4096).total_ns, 2259.60, 1e-6);
        // 32 KiB = 8 packets: 2259.60 + 7 × 334.24 (wire is slower than PCIe's 327.68) = 4599.28 ns.
        EXPECT_NEAR(latency(m, Opcode::Send, 32768).total_ns, 4599.28, 1e-6);
        // Published ib_send_lat 1 / 4 / 32 KiB: ≈ 1.5 / 2.3 / 4.6 µs; tolerance ±0.1 µs ("roughly").
        EXPECT_NEAR(latency(m, Opcode::Send, 1024).usec(), 1.5, 0.1);
        EXPECT_NEAR(latency(m, Opcode::Send, 4096).usec(), 2.3, 0.1);
        EXPECT_NEAR(latency(m, Opcode::Send, 32768).usec(), 4.6, 0.1);
    }

    void latencyPartsAddUpToTheTotal() {
        const auto s = latency(LinkModel{}, Opcode::Write, 65536);
        EXPECT_NEAR(s.post_ns + s.fetch_ns + s.fixed_ns + s.serialization_ns + s.poll_ns, s.total_ns, 1e-9);
        QVERIFY(!s.inlined);
    }

    void inlineStopsAtThePerftestThreshold() {
        const LinkModel m;
        QVERIFY(latency(m, Opcode::Write, 220).inlined);
        QVERIFY(!latency(m, Opcode::Write, 221).inlined);
        QVERIFY(latency(m, Opcode::Send, 236).inlined);
        QVERIFY(!latency(m, Opcode::Send, 237).inlined);
        // Crossing the threshold costs the PCIe fetch (480) plus the DMA-read stage
        // (221/12.5 = 17.68) plus 4 more padded bytes (224 vs 220: 0.32) and one more
        // DMA-write byte (0.08): 498.08 ns.
        EXPECT_NEAR(latency(m, Opcode::Write, 221).total_ns - latency(m, Opcode::Write, 220).total_ns, 498.08, 1e-6);
    }

    void readLatencyIsAFullRoundTrip() {
        const auto s = latency(LinkModel{}, Opcode::Read, 2);
        // ib_read_lat: rtt_factor 1. post 100 + leg 540 + request 98/12.5 (7.84) +
        // responder fetch 480 + leg 540 + cqe 100 + poll 50 = 1817.84; response ONLY
        // packet: DMA read 0.16 + wire (4 + 82 + AETH 4)/12.5 = 7.20 + DMA write 0.16.
        // Total 1825.36 ns.
        QCOMPARE(s.rtt_factor, 1);
        QVERIFY(!s.inlined);
        EXPECT_NEAR(s.total_ns, 1825.36, 1e-6);
        QVERIFY(s.total_ns > 2 * latency(LinkModel{}, Opcode::Send, 2).total_ns);
    }

    void sendBandwidthAt64KiBIsNearLineRate() {
        const auto b = bandwidth(LinkModel{}, Opcode::Send, 65536);
        // Wire per message 16 × 4178 = 66848 B / 12.5 = 5347.84 ns (wire-bound).
        // Completion of one message: post 100 + fetch 480 + leg 540 + serialization
        // (327.68 + 334.24 + 327.68 + 15 × 334.24 = 6003.20) + ACK back (200 + 86/12.5
        // + 140 = 346.88) + cqe 100 + poll 50 = 7620.08 ns.
        // 1000 iterations: 999 × 5347.84 + 7620.08 = 5350112.24 ns;
        // BW = 65536 × 1000 × 8 / 5350112.24 = 97.9957 Gb/s.
        QCOMPARE(b.bound, Bound::Wire);
        QCOMPARE(b.iterations, 1000);
        EXPECT_NEAR(b.per_message_ns, 5347.84, 1e-6);
        EXPECT_NEAR(b.completion_ns, 7620.08, 1e-6);
        EXPECT_NEAR(b.bw_avg_gbps, 97.9957, 1e-3);
        // Peak: 65536 × 8 / 5347.84 = 98.0373 Gb/s = line rate × 4096/4178.
        EXPECT_NEAR(b.bw_peak_gbps, 100.0 * 4096 / 4178, 1e-9);
        // Published ib_send_bw 64 KiB: ≈ 97 Gb/s on 100 GbE ConnectX-4. The model ignores PCIe TLP and
        // descriptor traffic, so it reads ≈ 1 Gb/s high; tolerance ±1.5 Gb/s.
        EXPECT_NEAR(b.bw_avg_gbps, 97.0, 1.5);
    }

    void unitsAgreeBetweenGbitsAndMebibytes() {
        const auto b = bandwidth(LinkModel{}, Opcode::Write, 65536);
        // MiB/s = Gb/s × 10^9 / 8 / 2^20 = Gb/s × 119.2093.
        EXPECT_NEAR(b.bw_avg_mibps, b.bw_avg_gbps * 1e9 / 8 / 1048576, 1e-6);
        EXPECT_NEAR(b.bw_peak_mibps, b.bw_peak_gbps * 1e9 / 8 / 1048576, 1e-6);
        QCOMPARE(b.iterations, 5000);  // ib_write_bw: DEF_ITERS_WB
        // MsgRate × size = BW: Mpps × 10^6 × 65536 × 8 / 10^9.
        EXPECT_NEAR(b.msg_rate_mpps * 65536 * 8 / 1000, b.bw_avg_gbps, 1e-6);
    }

    void smallMessagesAreBoundBySoftwarePosting() {
        const auto b = bandwidth(LinkModel{}, Opcode::Write, 2);
        // post 100 + poll 50 / cq_mod 100 = 100.5 ns per message → 2 × 8 / 100.5 = 0.159204 Gb/s.
        QCOMPARE(b.bound, Bound::Cpu);
        EXPECT_NEAR(b.per_message_ns, 100.5, 1e-9);
        EXPECT_NEAR(b.bw_peak_gbps, 16.0 / 100.5, 1e-9);
        EXPECT_NEAR(1000.0 / b.per_message_ns, 9.95, 0.01);  // ≈ 10 Mpps, the perftest README's figure
    }

    void smallReadsAreBoundByOutstandingReads() {
        const auto b = bandwidth(LinkModel{}, Opcode::Read, 2);
        // 16 READs in flight, each 1825.36 ns: 1825.36 / 16 = 114.085 ns > 100.5 ns.
        QCOMPARE(b.bound, Bound::Window);
        EXPECT_NEAR(b.per_message_ns, 1825.36 / 16, 1e-6);
    }

    void aSlowPcieSlotCapsAFastLink() {
        LinkModel m;
        m.link_gbps = 200;
        const auto b = bandwidth(m, Opcode::Write, 65536);
        // Wire 66864 B / 25 = 2674.56 ns < PCIe 65536 / 12.5 = 5242.88 ns → PCIe-bound at 100 Gb/s.
        QCOMPARE(b.bound, Bound::Pcie);
        EXPECT_NEAR(b.bw_peak_gbps, 100.0, 1e-9);
    }

    void sweepHas23RowsFrom2BytesTo8MiB() {
        const auto rows = sweep(LinkModel{}, Opcode::Write);
        QVERIFY(rows.ok());
        QCOMPARE(rows->size(), std::size_t(23));
        QCOMPARE(rows->front().bytes, std::int64_t(2));
        QCOMPARE(rows->back().bytes, std::int64_t(8388608));
        for (std::size_t i = 0; i < rows->size(); ++i) QCOMPARE(rows->at(i).bytes, std::int64_t(2) << i);
    }

    void sweepRejectsAnInvalidModel() {
        LinkModel m;
        m.mtu = 9000;
        const auto rows = sweep(m, Opcode::Send);
        QVERIFY(!rows.ok());
        QVERIFY(rows.error().message.find("mtu") != std::string::npos);
    }

    void latencyNeverDecreasesWithSize() {
        for (Opcode op : {Opcode::Write, Opcode::Send, Opcode::Read}) {
            const auto rows = sweep(LinkModel{}, op).value();
            for (std::size_t i = 1; i < rows.size(); ++i)
                QVERIFY2(rows[i].latency.total_ns >= rows[i - 1].latency.total_ns,
                         qPrintable(QString("%1 at %2 B").arg(toolName(op).data()).arg(rows[i].bytes)));
        }
    }

    void bandwidthRisesToAPlateauAndNeverExceedsTheLink() {
        for (Opcode op : {Opcode::Write, Opcode::Send, Opcode::Read}) {
            const LinkModel m;
            const auto rows = sweep(m, op).value();
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const auto& b = rows[i].bandwidth;
                QVERIFY(b.bw_avg_gbps <= b.bw_peak_gbps + 1e-9);
                QVERIFY(b.bw_peak_gbps <= m.link_gbps * b.efficiency + 1e-9);
                QVERIFY(b.bw_peak_gbps < m.link_gbps);
                QVERIFY(b.packets == (rows[i].bytes + m.mtu - 1) / m.mtu);
                if (i > 0) QVERIFY(b.bw_avg_gbps >= rows[i - 1].bandwidth.bw_avg_gbps);
            }
            // Plateau by 4–64 KiB, as an `-a` sweep (perftest src/perftest_parameters.c, 2 B to
            // MAX_SIZE) shows: from 4 KiB on within 1 % of the 8 MiB value.
            const double plateau = rows.back().bandwidth.bw_avg_gbps;
            QVERIFY(rows[11].bytes == 4096 && rows[11].bandwidth.bw_avg_gbps > 0.99 * plateau);
            QVERIFY(rows[9].bandwidth.bw_avg_gbps < 0.9 * plateau);  // 1 KiB is still rate-bound
        }
    }

    void rowJsonUsesPerftestColumnNames() {
        const auto rows = sweep(LinkModel{}, Opcode::Send).value();
        const auto json = toJson(rows.front());
        QCOMPARE(json["#bytes"].get<long long>(), 2LL);
        QVERIFY(json.contains("t_typical[usec]"));
        QVERIFY(json.contains("BW average[Gb/sec]"));
        QVERIFY(json.contains("BW average[MiB/sec]"));
        QCOMPARE(json["bound"].get<std::string>(), std::string("cpu"));
        QVERIFY(toJson(LinkModel{})["is_model"].get<bool>());
        // The description says what the numbers rest on (the view adds "Model, not a measurement:").
        const std::string description(modelDescription());
        QVERIFY(description.find("order-of-magnitude") != std::string::npos);
        QVERIFY(description.find("real results depend on hardware") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(PerftestModelTest)
#include "tst_perftest_model.moc"
