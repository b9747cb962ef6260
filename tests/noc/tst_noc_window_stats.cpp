// The heatmap statistics (link utilisation, buffer occupancy, stalled VCs over
// a window of cycles) and the packet latency histogram, against loads and
// latencies worked out by hand for transpose traffic on a 4x4 mesh with XY
// routing, and against a forward replay that reads the buffers cycle by cycle.

#include <QtTest>
#include <cstdlib>

#include "noc/noc_engine.h"
#include "noc/noc_window_stats.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

// 4x4 mesh, XY routing, transpose: (x, y) sends to (y, x). Ports: 0 = +x,
// 1 = -x, 2 = +y, 3 = -y, 4 = the terminal. Node id = x + 4y.
const std::string kTranspose44 = noctest::meshHeader(4, 2) + R"(traffic = transpose;
packet_size = 1;
injection_rate = 0.1;
seed = 3;
)";

int node(int x, int y) { return x + 4 * y; }

struct Recorded {
    NocEngine start;                           // the engine before the window
    NocEngine end;                             // and after it
    std::vector<std::vector<NocEvent>> steps;  // the window's events, oldest first
};

Recorded record(const NocConfig& config, int warmup, int window) {
    NocEngine engine(config);
    for (int i = 0; i < warmup; ++i) engine.step();
    Recorded r{engine, engine, {}};
    for (int i = 0; i < window; ++i) r.steps.push_back(engine.step());
    r.end = engine;
    return r;
}

NocWindowStats statsOf(const Recorded& r, int warmup) {
    const std::size_t first = std::size_t(warmup) + 1;
    const std::size_t last = std::size_t(warmup) + r.steps.size();
    return windowStats(r.end, first, last,
                       [&](std::size_t n) { return std::span<const NocEvent>(r.steps[n - first]); });
}

}  // namespace

class TstNocWindowStats : public QObject {
    Q_OBJECT
private slots:
    void transposeLoadsTheLinksXyRoutingUses() {
        const Recorded r = record(noctest::config({}, kTranspose44), 1000, 4000);
        const NocWindowStats s = statsOf(r, 1000);
        QCOMPARE(s.cycles(), std::size_t(4000));
        // Worked by hand: the east link (2,3)->(3,3) carries the packets of
        // (0,3), (1,3) and (2,3) on their way to column 3, and (3,3)'s -y link
        // carries them up the column: 3 flows x 0.1 flits/cycle each.
        for (const auto& [router, port] : {std::pair{node(2, 3), 0}, {node(3, 3), 3}, {node(1, 0), 1}, {node(0, 0), 2}})
            QVERIFY2(std::abs(s.linkUtilisation(router, port) - 0.3) < 0.03,
                     qPrintable(
                         QString("router %1 port %2: %3").arg(router).arg(port).arg(s.linkUtilisation(router, port))));
        // Two flows: (1,2)->(2,2) carries (0,2) and (1,2).
        QVERIFY(std::abs(s.linkUtilisation(node(1, 2), 0) - 0.2) < 0.03);
        // No route uses these: eastward in row 0 and westward in row 3 (a row-y
        // packet heads for column y), west out of (1,1) (row 1's packets stop in
        // column 1), nor -y out of (2,3) (column 2 is entered in row 2).
        for (const auto& [router, port] : {std::pair{node(3, 3), 1}, {node(1, 0), 0}, {node(2, 3), 3}, {node(1, 1), 1}})
            QCOMPARE(s.linkUtilisation(router, port), 0.0);
        // Diagonal nodes send to themselves: their ejection port carries their own and arriving packets.
        QVERIFY(s.linkUtilisation(node(3, 3), 4) > 0.05);
    }

    void buffersAndStallsMatchAForwardReplay() {
        NocConfig config = noctest::config({"injection_rate=0.35", "packet_size=4"}, kTranspose44);
        const Recorded r = record(config, 600, 300);
        const NocWindowStats s = statsOf(r, 600);
        // Forward, independently: read every input VC after each cycle; a VC
        // stalled when it held a flit before the cycle and its front flit is the same after it.
        std::vector<std::int64_t> buffered(s.bufferedFlitCycles.size(), 0), stalled(buffered.size(), 0);
        NocEngine engine = r.start;
        std::int64_t anyStall = 0;
        for (int c = 0; c < 300; ++c) {
            std::vector<std::int32_t> frontBefore;
            for (int n = 0; n < 16; ++n)
                for (int p = 0; p < 5; ++p)
                    for (int v = 0; v < 2; ++v)
                        frontBefore.push_back(engine.inputVc(n, p, v).count ? engine.bufferedFlit(n, p, v, 0).id : -1);
            engine.step();
            std::size_t i = 0;
            for (int n = 0; n < 16; ++n)
                for (int p = 0; p < 5; ++p)
                    for (int v = 0; v < 2; ++v, ++i) {
                        const InputVc& iv = engine.inputVc(n, p, v);
                        buffered[std::size_t(n * 5 + p)] += iv.count;
                        if (frontBefore[i] >= 0 && iv.count && engine.bufferedFlit(n, p, v, 0).id == frontBefore[i])
                            ++stalled[std::size_t(n * 5 + p)], ++anyStall;
                    }
        }
        QCOMPARE(s.bufferedFlitCycles, buffered);
        QCOMPARE(s.stalledVcCycles, stalled);
        QVERIFY(anyStall > 0);  // the load is high enough for the check to mean something
        // The per-router mean is the ports' sum.
        double sum = 0;
        for (int p = 0; p < 5; ++p) sum += s.meanBuffered(node(3, 3), p);
        QCOMPARE(s.meanBuffered(node(3, 3)), sum);
    }

    void histogramBinsAreTheZeroLoadLatencies() {
        // At 0.1 % load nothing contends: a packet crossing H routers takes
        // T0 = 5H + 2 cycles (RC, VA, SA, ST and a link per hop, IQRouter::_InternalStep). Transpose on 4x4: H = 2|x-y|
        // + 1, so sources on the diagonal land in bin 7, |x-y| = 1 in 17, 2 in 27, 3 in 37.
        NocEngine engine(noctest::config({"injection_rate=0.001"}, kTranspose44));
        std::array<std::int64_t, 4> created{};
        NocEngine copy = engine;
        while (!copy.done())
            for (const NocEvent& e : copy.step())
                if (e.kind == NocEventKind::PacketCreated)
                    ++created[std::size_t(std::abs(e.router % 4 - e.router / 4))];
        const LatencyHistogram h = packetLatencies(engine, 1'000'000, false);
        QVERIFY(created[0] > 10 && created[3] > 3);
        QCOMPARE(h.count, created[0] + created[1] + created[2] + created[3]);
        QCOMPARE(h.bins[7], created[0]);
        QCOMPARE(h.bins[17], created[1]);
        QCOMPARE(h.bins[27], created[2]);
        QCOMPARE(h.bins[37], created[3]);
        QCOMPARE(h.lastUsedBin(), 37);
    }

    void histogramOverflowBinAndMeasuredOnly() {
        LatencyHistogram h;
        h.add(0.5);
        h.add(998.9);
        h.add(5000);
        QCOMPARE(h.bins[0], std::int64_t(1));
        QCOMPARE(h.bins[998], std::int64_t(1));
        QCOMPARE(h.bins[999], std::int64_t(1));
        // Measured packets only: a subset, and BookSim's own average of them.
        const NocConfig config = noctest::config({"injection_rate=0.2"}, kTranspose44);
        const LatencyHistogram all = packetLatencies(NocEngine(config), 1'000'000, false);
        const LatencyHistogram measured = packetLatencies(NocEngine(config), 1'000'000, true);
        QVERIFY(measured.count > 0 && measured.count < all.count);
        const NocReport report = runNocBatch(config);
        QCOMPARE(measured.count, report.overall.plat.count);
        QVERIFY(std::abs(measured.average() - report.overall.plat.average()) < 1e-9);
    }
};

QTEST_APPLESS_MAIN(TstNocWindowStats)
#include "tst_noc_window_stats.moc"
