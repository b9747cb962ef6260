// BookSim2's on-chip flattened butterfly (topology = flatfly,
// networks/flatfly_onchip.cpp): the numbering, wiring, express-link latencies
// and node placement worked by hand from _BuildNet's rules, the outputs its
// routing functions pick, and runs against BookSim2's own figures: digit for
// digit where no random number is drawn, and over five seeds with short runs
// for the functions that draw or adapt.
//
// BookSim2 figures: booksim 28f43299 built from ~/booksim2/src, run as
//   booksim ff.cfg KEY=VALUE...
// on kFlatFly below (BookSim2's src/examples/flatflyconfig, its settings
// without the comments and the read/write keys it does not use).

#include <QtTest>

#include "noc/flatfly_onchip.h"
#include "noc/noc_engine.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

const std::string kFlatFly = R"(
num_vcs = 8;
vc_buf_size = 4;
wait_for_tail_credit = 0;
vc_allocator = islip;
sw_allocator = islip;
alloc_iters = 1;
credit_delay = 2;
routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
input_speedup = 1;
output_speedup = 1;
internal_speedup = 1.0;
warmup_periods = 3;
sample_period = 1000;
sim_count = 1;
traffic = uniform;
topology = flatfly;
c = 4;
k = 4;
n = 2;
x = 4;
y = 4;
xr = 2;
yr = 2;
routing_function = ran_min;
use_read_write = 0;
packet_size = 1;
injection_rate = 0.1;
sim_type = latency;
)";

using noctest::keys;

NocConfig flatflyConfig(const QStringList& overrides) { return noctest::config(keys(overrides), kFlatFly); }

QString configError(const QStringList& overrides) { return noctest::configError(kFlatFly, "ff.cfg", overrides); }

// A view with no load: every used credit 0 (only the tie rules and draws decide).
RouterLoad idle() { return RouterLoad{}; }

}  // namespace

class TstNocFlatFly : public QObject {
    Q_OBJECT
private slots:
    // 4-ary 2-flat, c = 4, on a 4 x 4 floor plan. Router 5 = digits (x 1, y 1). Worked by hand
    // from _BuildNet: outputs 0-3 the clients, then dimension 0 (routers 4, 6, 7 on ports 4, 5,
    // 6: c + (k-1)*0 + digit, minus 1 above its own digit 1), then dimension 1 (routers 1, 9, 13
    // on ports 7, 8, 9). Links take xr * |dx| + yr * |dy| cycles: 5 -> 4 is 2, 5 -> 7 is 4,
    // 5 -> 13 is 4. Its inputs after the clients come in the senders' order 1, 4, 6, 7, 9, 13;
    // router 1 = (1, 0) reaches it on its output 7 + 1 - 1 = 7.
    void wiringFollowsFlatflyOnchipCpp() {
        const FlatFlyOnChip net(flatflyConfig({}));
        QCOMPARE(net.routers(), 16);
        QCOMPARE(net.nodes(), 64);
        QCOMPARE(net.ports(), 10);
        QCOMPARE(net.routerName(5), std::string("router_5"));
        const int expected[6][3] = {{4, 4, 2}, {5, 6, 2}, {6, 7, 4}, {7, 1, 2}, {8, 9, 2}, {9, 13, 4}};
        for (const auto& e : expected) {
            QCOMPARE(net.output(5, e[0]).router, e[1]);
            QCOMPARE(net.output(5, e[0]).latency, std::int16_t(e[2]));
        }
        const int senders[6] = {1, 4, 6, 7, 9, 13};
        for (int i = 0; i < 6; ++i) QCOMPARE(net.input(5, 4 + i).router, senders[i]);
        QCOMPARE(net.input(5, 4).port, std::int16_t(7));
        QCOMPARE(net.output(1, 7).port, std::int16_t(4));
        // The longest express link spans the floor plan: 3 routers x 2 clients.
        QCOMPARE(net.maxLatency(), 6);
        // Client (i, j) of router (rx, ry) is node (x*xr)*(yr*ry + j) + xr*rx + i: router 5's
        // client 1 is node 19, its client 3 node 27 (row 3, column 3 of the 8 x 8 nodes).
        QCOMPARE(net.injectRouter(19), 5);
        QCOMPARE(net.injectPort(19), 1);
        QCOMPARE(net.ejectRouter(27), 5);
        QCOMPARE(net.ejectPort(27), 3);
        QCOMPARE(FlatFlyOnChip::transformation(flatflyConfig({}), 27), 23);
        // flatfly_transformation is the placement: router * c + client port, for every node.
        for (int node = 0; node < 64; ++node)
            QCOMPARE(FlatFlyOnChip::transformation(flatflyConfig({}), node),
                     net.injectRouter(node) * 4 + net.injectPort(node));
        QCOMPARE(net.ejectPort(), -1);
        // Without use_noc_latency every link takes one cycle.
        const FlatFlyOnChip flat(flatflyConfig({"use_noc_latency=0"}));
        QCOMPARE(flat.maxLatency(), 1);
    }

    // _BuildNet's client channel estimate: 1 up to 3 clients a side (so commviz runs those),
    // longer beyond: with xr = yr = 4 the corner client (0, 0) sits 3 cycles away.
    void clientChannelsAreOneCycleUpToThreeASide() {
        for (int side = 1; side <= 3; ++side) {
            NocConfig c = flatflyConfig({});
            c.xr = c.yr = side;
            for (int j = 0; j < side; ++j)
                for (int i = 0; i < side; ++i) QCOMPARE(FlatFlyOnChip::clientChannelLength(c, i, j), 1);
        }
        NocConfig wide = flatflyConfig({});
        wide.xr = wide.yr = 4;
        QCOMPARE(FlatFlyOnChip::clientChannelLength(wide, 0, 0), 3);
    }

    // min_flatfly (ran_min) corrects dimension 0 first: from router 5 to node 0 (router 0) it
    // takes port 4 to router 4, then port 7 to router 0, and ejects on port 0. xyyx's YX order
    // corrects dimension 1 first: port 7 to router 1. Both over every VC / their VC half.
    void minimalRoutesCorrectOneDigitPerHop() {
        const NocConfig c = flatflyConfig({});
        const FlatFlyOnChip net(c);
        Packet p;
        p.dest = 0;
        commviz::sim::Rng rng(1);
        QCOMPARE(flatflyRoute(c, net, idle(), 5, 4, 0, p, rng).port, std::int16_t(4));
        QCOMPARE(flatflyRoute(c, net, idle(), 4, 4, 0, p, rng).port, std::int16_t(7));
        const RouteSet last = flatflyRoute(c, net, idle(), 0, 4, 0, p, rng);
        QCOMPARE(last.port, std::int16_t(0));
        QCOMPARE(last.vcEnd, std::int16_t(7));
        // xyyx after the first hop: the VC half says the order (VC 4-7 = YX).
        const NocConfig x = flatflyConfig({"routing_function=xyyx"});
        const RouteSet yx = flatflyRoute(x, net, idle(), 5, 4, 5, p, rng);
        QCOMPARE(yx.port, std::int16_t(7));
        QCOMPARE(yx.vcStart, std::int16_t(4));
        QCOMPARE(yx.vcEnd, std::int16_t(7));
        const RouteSet xy = flatflyRoute(x, net, idle(), 5, 4, 2, p, rng);
        QCOMPARE(xy.port, std::int16_t(4));
        QCOMPARE(xy.vcEnd, std::int16_t(3));
        // Every ran_min route reaches its destination in as many hops as digits differ.
        for (int src = 0; src < 64; ++src) {
            for (int dest = 0; dest < 64; ++dest) {
                Packet q;
                q.dest = dest;
                int router = net.injectRouter(src);
                for (int hop = 0; hop <= 2; ++hop) {
                    const ChannelEnd& next =
                        net.output(router, flatflyRoute(c, net, idle(), router, 4, 0, q, rng).port);
                    if (next.isNode()) {
                        QCOMPARE(next.node, dest);
                        break;
                    }
                    QVERIFY(hop < 2);
                    router = next.router;
                }
            }
        }
    }

    // ugal_pni: a source may inject only on the slice of its destination's x digit (8 VCs / k
    // = 2 per slice); node 27 sits on router 5, x digit 1: VCs 2-3.
    void ugalPniSlicesTheVcsByTheNextDigit() {
        const NocConfig c = flatflyConfig({"routing_function=ugal_pni"});
        Packet p;
        p.dest = 27;
        const RouteSet inject = flatflyInjectionRoute(c, p);
        QCOMPARE(inject.vcStart, std::int16_t(2));
        QCOMPARE(inject.vcEnd, std::int16_t(3));
        QCOMPARE(flatflyInjectionRoute(flatflyConfig({}), p).vcEnd, std::int16_t(7));
    }

    // As for the mesh and the fly: at injection_rate = 1.0 with a fixed-destination pattern no
    // random number is drawn and ran_min runs BookSim's cycle for cycle. BookSim2 on kFlatFly +
    // injection_rate=1.0 sim_type=throughput max_samples=5 packet_size=4 + the row's keys.
    // Columns: packet and network latency average, accepted flit rate average and minimum,
    // hops average, time taken.
    void deterministicRunsMatchBookSimDigitForDigit_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("bookSim");
        const auto row = [](const char* name, QStringList keys, const char* printed) {
            QTest::newRow(name) << keys << QString(printed).split(' ');
        };
        row("bitcomp", {"traffic=bitcomp"}, "3901.68 156.183 0.25 0.2495 3 5167");
        row("tornado", {"traffic=tornado"}, "3615.08 95.1163 0.471719 0.424 3 5112");
        row("shuffle", {"traffic=shuffle"}, "3517.63 76.1614 0.525937 0.433 2.39848 5108");
        row("tornado, use_noc_latency=0", {"traffic=tornado", "use_noc_latency=0"}, "3572.83 80.8233 0.5 0.5 3 5068");
        row("bitcomp, routing_delay=1", {"traffic=bitcomp", "routing_delay=1"}, "3905.79 159.293 0.25 0.2495 3 5171");
        row("bitcomp, c=1", {"traffic=bitcomp", "c=1", "xr=1", "yr=1"}, "3026.59 28.0885 1 1 3 5031");
        row("tornado, n=1 on 2 x 2", {"traffic=tornado", "n=1", "x=2", "y=2"},
            "3586.75 84.1391 0.490187 0 1.73299 5101");
        row("bitcomp, n=3 on 8 x 8", {"traffic=bitcomp", "n=3", "x=8", "y=8"}, "3927.34 178.601 0.249562 0.236 4 5211");
        row("bitcomp, k=2 n=4", {"traffic=bitcomp", "k=2", "n=4", "x=4", "y=4"}, "3912.78 167.276 0.25 0.2495 5 5171");
        row("tornado, c=9 (3 x 3 clients)", {"traffic=tornado", "c=9", "xr=3", "yr=3"},
            "4050.49 241.84 0.164101 0.0865 3 5322");
        row("transpose, k=8 c=1, 4 VCs", {"traffic=transpose", "k=8", "x=8", "y=8", "c=1", "xr=1", "yr=1", "num_vcs=4"},
            "3055.84 25.3602 0.961953 0.727 2.74016 5059");
    }
    void deterministicRunsMatchBookSimDigitForDigit() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, bookSim);
        const NocReport r = runNocBatch(flatflyConfig(
            QStringList{"injection_rate=1.0", "sim_type=throughput", "max_samples=5", "packet_size=4"} + overrides));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(noctest::bookSimFigures(r), bookSim);
    }

    // The functions that draw (xyyx, valiant, the UGALs' intermediate nodes) or read the
    // routers' used credits (adaptive_xyyx, the UGALs), and uniform traffic, take streams that
    // differ from BookSim's: the mean over seeds 0-4 of short runs (sim_count=1 max_samples=3
    // sample_period=1000) within 6 % in packet latency and 3 % in accepted flit rate, and the
    // same stable / unstable verdict. BookSim2's means over the same five seeds, on kFlatFly +
    // the row's keys + those overrides (0: every seed unstable).
    void drawingAndAdaptiveRunsAgreeOverSeeds_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<double>("latency");
        QTest::addColumn<double>("accepted");
        QTest::newRow("ran_min, uniform 0.1")
            << QStringList{"routing_function=ran_min", "injection_rate=0.1"} << 15.6271 << 0.09921;
        QTest::newRow("ran_min, uniform 0.3")
            << QStringList{"routing_function=ran_min", "injection_rate=0.3"} << 16.3561 << 0.29973;
        QTest::newRow("ran_min, uniform 0.5")
            << QStringList{"routing_function=ran_min", "injection_rate=0.5"} << 18.7969 << 0.50035;
        QTest::newRow("xyyx, uniform 0.3")
            << QStringList{"routing_function=xyyx", "injection_rate=0.3"} << 16.2794 << 0.29992;
        QTest::newRow("adaptive_xyyx, uniform 0.3")
            << QStringList{"routing_function=adaptive_xyyx", "injection_rate=0.3"} << 16.324 << 0.29981;
        QTest::newRow("adaptive_xyyx, uniform 0.5")
            << QStringList{"routing_function=adaptive_xyyx", "injection_rate=0.5"} << 18.8777 << 0.50019;
        QTest::newRow("valiant, uniform 0.1")
            << QStringList{"routing_function=valiant", "injection_rate=0.1"} << 23.762 << 0.09927;
        QTest::newRow("valiant, uniform 0.3")
            << QStringList{"routing_function=valiant", "injection_rate=0.3"} << 28.2835 << 0.29977;
        QTest::newRow("valiant, uniform 0.5")
            << QStringList{"routing_function=valiant", "injection_rate=0.5"} << 0.0 << 0.0;
        QTest::newRow("ugal, uniform 0.3")
            << QStringList{"routing_function=ugal", "injection_rate=0.3"} << 16.8467 << 0.29986;
        QTest::newRow("ugal, uniform 0.5")
            << QStringList{"routing_function=ugal", "injection_rate=0.5"} << 19.708 << 0.50027;
        QTest::newRow("ugal_xyyx, uniform 0.3")
            << QStringList{"routing_function=ugal_xyyx", "injection_rate=0.3"} << 16.8619 << 0.29985;
        QTest::newRow("ugal_xyyx, uniform 0.5")
            << QStringList{"routing_function=ugal_xyyx", "injection_rate=0.5"} << 20.0502 << 0.50037;
        QTest::newRow("ugal_pni, uniform 0.3")
            << QStringList{"routing_function=ugal_pni", "injection_rate=0.3"} << 16.9776 << 0.29987;
        QTest::newRow("ugal_pni, uniform 0.5")
            << QStringList{"routing_function=ugal_pni", "injection_rate=0.5"} << 22.9366 << 0.50049;
        QTest::newRow("adaptive_xyyx, tornado 0.2")
            << QStringList{"routing_function=adaptive_xyyx", "traffic=tornado", "injection_rate=0.2"} << 19.9803
            << 0.19914;
        QTest::newRow("ugal, tornado 0.2")
            << QStringList{"routing_function=ugal", "traffic=tornado", "injection_rate=0.2"} << 21.3653 << 0.19923;
        QTest::newRow("ugal_xyyx, tornado 0.2")
            << QStringList{"routing_function=ugal_xyyx", "traffic=tornado", "injection_rate=0.2"} << 21.6782 << 0.19917;
        QTest::newRow("ugal, tornado 0.35")
            << QStringList{"routing_function=ugal", "traffic=tornado", "injection_rate=0.35"} << 25.6398 << 0.34986;
        QTest::newRow("ugal_pni, tornado 0.35 (its knee)")
            << QStringList{"routing_function=ugal_pni", "traffic=tornado", "injection_rate=0.35"} << 435.9742
            << 0.30442;
        QTest::newRow("ran_min, tornado 0.5")
            << QStringList{"routing_function=ran_min", "traffic=tornado", "injection_rate=0.5"} << 333.7822 << 0.44145;
        QTest::newRow("ugal, tornado 0.5")
            << QStringList{"routing_function=ugal", "traffic=tornado", "injection_rate=0.5"} << 0.0 << 0.0;
    }
    void drawingAndAdaptiveRunsAgreeOverSeeds() {
        QFETCH(QStringList, overrides);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        const noctest::SeedMeans means = noctest::meansOverSeeds(5, [&overrides](int seed) {
            return flatflyConfig(overrides + QStringList{"sim_count=1", "max_samples=3", "sample_period=1000",
                                                         "seed=" + QString::number(seed)});
        });
        if (latency == 0.0) {
            QCOMPARE(means.stable, 0);
            return;
        }
        QCOMPARE(means.stable, 5);
        QVERIFY2(std::abs(means.latency - latency) <= 0.06 * latency,
                 qPrintable(QString("latency %1").arg(means.latency)));
        QVERIFY2(std::abs(means.accepted - accepted) <= 0.03 * accepted,
                 qPrintable(QString("accepted %1").arg(means.accepted)));
    }

    // The lesson "The flattened butterfly's express links" (resources/lessons/noc_flatfly_express.json)
    // on flatfly44_ran_min: radix c + n(k - 1) = 10, 16 x 6 = 96 router-to-router channels,
    // links of xr * |dx| = 2, 4, 6 cycles along a row; and the figures `commviz noc
    // flatfly44_ran_min.cfg` prints: hops average 2.4924 (by hand 1 + 3/4 + 3/4 = 2.5), packet
    // latency average 15.5806.
    void lessonFiguresHold() {
        auto loaded = loadNocConfig(COMMVIZ_SOURCE_DIR "/resources/scenarios/noc/flatfly44_ran_min.cfg");
        QVERIFY(loaded.ok());
        const NocConfig c = loaded.value();
        const FlatFlyOnChip net(c);
        QCOMPARE(net.ports(), 10);
        int channels = 0;
        for (int r = 0; r < net.routers(); ++r)
            for (int p = c.c; p < net.outputs(r); ++p) channels += net.output(r, p).router >= 0 ? 1 : 0;
        QCOMPARE(channels, 96);
        QCOMPARE(net.output(5, 4).latency, std::int16_t(2));  // to router 4
        QCOMPARE(net.output(5, 5).latency, std::int16_t(2));  // to router 6
        QCOMPARE(net.output(5, 6).latency, std::int16_t(4));  // to router 7
        QCOMPARE(net.output(0, 6).router, 3);
        QCOMPARE(net.output(0, 6).latency, std::int16_t(6));
        const NocReport r = runNocBatch(c);
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(QString::number(r.overall.hops, 'g', 6), QString("2.4924"));
        QCOMPARE(QString::number(r.overall.plat.average(), 'g', 6), QString("15.5806"));
        QVERIFY(std::abs(r.overall.hops - 2.5) < 0.01);
    }

    // The keys BookSim asserts on, and the sizes commviz's engine holds, are refused by name.
    void badFlatflyKeysAreNamed() {
        QVERIFY(configError({}).isEmpty());
        QVERIFY(configError({"x=8"}).contains("x = 8"));
        QVERIFY(configError({"c=2"}).contains("xr * yr = 4"));
        QVERIFY(configError({"xr=1"}).contains("xr equal to yr"));
        QVERIFY(configError({"n=5"}).contains("1 to 4"));
        QVERIFY(configError({"routing_function=dor"}).contains("dor_flatfly"));
        QVERIFY(configError({"routing_function=ugal_xyyx", "num_vcs=2"}).contains("at least 4"));
        QVERIFY(configError({"routing_function=ugal_pni", "num_vcs=4"}).contains("at least 8"));
        QVERIFY(configError({"c=16", "xr=4", "yr=4"}).contains("use_noc_latency = 0"));
        QVERIFY(configError({"c=16", "xr=4", "yr=4", "use_noc_latency=0"}).isEmpty());
        QVERIFY(configError({"topology=mesh", "routing_function=ugal"}).contains("topology = flatfly"));
    }
};

QTEST_APPLESS_MAIN(TstNocFlatFly)
#include "tst_noc_flatfly.moc"
