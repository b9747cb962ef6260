// BookSim2's concentrated mesh (topology = cmesh, networks/cmesh.cpp): the
// wiring, express links, channel latencies and node placement worked by hand
// from cmesh.cpp's rules, its four routing functions, and runs against
// BookSim2's own figures: digit for digit where no random number is drawn,
// and over five seeds with short runs for uniform traffic.
//
// BookSim2 figures: booksim 28f43299, run as `booksim cmeshconfig KEY=VALUE...`
// on BookSim2's own src/examples/cmeshconfig (kCmeshConfig below, its settings
// without the comments).

#include <QtTest>

#include "noc/cmesh.h"
#include "noc/noc_engine.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

const std::string kCmeshConfig = R"(
topology = cmesh;
k = 4;
n = 2;
c = 4;
xr = 2;
yr = 2;
x = 4;
y = 4;
routing_function = dor_no_express;
traffic = bitcomp;
use_read_write = 0;
batch_size = 2000;
)";

using noctest::keys;

NocConfig cmeshConfig(const QStringList& overrides) { return noctest::config(keys(overrides), kCmeshConfig); }

QString configError(const QStringList& overrides) {
    return noctest::configError(kCmeshConfig, "cmeshconfig", overrides);
}

}  // namespace

class TstNocCMesh : public QObject {
    Q_OBJECT
private slots:
    // k = 4: ports 0-3 the nodes, 4 +x, 5 -x, 6 +y, 7 -y. Worked by hand from cmesh.cpp:
    // router 5 = (1,1): +x reaches router 6 on its -x side (port 5), 2 cycles (cX);
    // router 3 = (3,0): +x leaves the grid, so it is the express link to (3,2) = router 11,
    // arriving on port 4, cY*k/2 = 4 cycles; router 0: -x to (0,2) = router 8 port 5,
    // -y to (2,0) = router 2 port 7, both 4 cycles.
    void wiringFollowsCmeshCpp() {
        const CMesh net(cmeshConfig({}));
        QCOMPARE(net.routers(), 16);
        QCOMPARE(net.nodes(), 64);
        QCOMPARE(net.ports(), 8);
        QCOMPARE(net.routerName(6), std::string("router_1_2"));
        const auto check = [&](int r, int p, int to, int port, int latency) {
            const ChannelEnd& end = net.output(r, p);
            QCOMPARE(end.router, to);
            QCOMPARE(int(end.port), port);
            QCOMPARE(int(end.latency), latency);
        };
        check(5, 4, 6, 5, 2);
        check(5, 6, 9, 7, 2);
        check(3, 4, 11, 4, 4);
        check(0, 5, 8, 5, 4);
        check(0, 7, 2, 7, 4);
        check(15, 6, 13, 6, 4);  // (3,3) +y: to (1,3)
        // Every input is fed exactly once.
        for (int r = 0; r < 16; ++r)
            for (int p = 4; p < 8; ++p) QVERIFY(net.input(r, p).router >= 0);
        // Nodes on the 8 x 8 terminal grid: node 18 = (2,2) and 27 = (3,3) sit on router 5, ports 0 and 3.
        QCOMPARE(net.injectRouter(18), 5);
        QCOMPARE(net.injectPort(18), 0);
        QCOMPARE(net.ejectRouter(27), 5);
        QCOMPARE(net.ejectPort(27), 3);
        const NocConfig c = cmeshConfig({});
        for (int node = 0; node < 64; ++node) {
            QCOMPARE(CMesh::nodeToRouter(c, node), net.ejectRouter(node));
            QCOMPARE(CMesh::nodeToPort(c, node), net.ejectPort(node));
        }
        const CMesh flat(cmeshConfig({"use_noc_latency=0"}));
        QCOMPARE(int(flat.output(3, 4).latency), 1);
    }

    // dor_cmesh: from router 0 to router 3 (node 6 sits there) the x distance 3 exceeds
    // k/2 - 1 on the y = 0 edge, so the packet takes -y, the express link to router 2,
    // then +x; dor_no_express goes +x three times.
    void expressLinksAreTakenAtTheEdges() {
        Packet p;
        p.dest = 6;
        commviz::sim::Rng rng(0);
        const NocConfig dor = cmeshConfig({"routing_function=dor"});
        QCOMPARE(cmeshRoute(dor, 0, 0, 0, p, rng).port, std::int16_t(7));
        QCOMPARE(cmeshRoute(dor, 2, 7, 0, p, rng).port, std::int16_t(4));
        // node 6 = terminal (6, 0): router 3, port 0
        QCOMPARE(cmeshRoute(dor, 3, 5, 0, p, rng).port, std::int16_t(0));
        const NocConfig plain = cmeshConfig({});
        QCOMPARE(cmeshRoute(plain, 0, 0, 0, p, rng).port, std::int16_t(4));
        QCOMPARE(cmeshRoute(plain, 1, 5, 0, p, rng).port, std::int16_t(4));
        // xy_yx keeps the order by VC half after the source: VC 0 (lower half) XY, VC 12 YX.
        const NocConfig xy = cmeshConfig({"routing_function=xy_yx_no_express"});
        p.dest = 63;  // router 15 = (3,3)
        const RouteSet xFirst = cmeshRoute(xy, 5, 4, 0, p, rng);
        QCOMPARE(xFirst.port, std::int16_t(4));
        QCOMPARE(xFirst.vcEnd, std::int16_t(7));
        const RouteSet yFirst = cmeshRoute(xy, 5, 4, 12, p, rng);
        QCOMPARE(yFirst.port, std::int16_t(6));
        QCOMPARE(yFirst.vcStart, std::int16_t(8));
    }

    // As for the mesh: injection_rate = 1.0 and a fixed-destination pattern draw nothing, so
    // the run is BookSim's cycle for cycle (dor and dor_no_express; xy_yx draws per packet).
    // BookSim2 on cmeshconfig + injection_rate=1.0 sim_type=throughput max_samples=5
    // packet_size=4 + the row's keys. Columns: packet and network latency average, accepted
    // flit rate average and minimum, hops average, time taken.
    void deterministicRunsMatchBookSimDigitForDigit_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("bookSim");
        const auto row = [](const char* name, QStringList k, const char* printed) {
            QTest::newRow(name) << k << QString(printed).split(' ');
        };
        row("cmeshconfig (bitcomp, dor_no_express)", {}, "5488.54 1616.72 0.0787188 0.022 4.36278 6968");
        row("bitcomp, dor", {"routing_function=dor"}, "4859.73 1057.2 0.135219 0.034 4.54421 6636");
        row("tornado, dor", {"traffic=tornado", "routing_function=dor"}, "4400.36 711.91 0.215398 0.045 3.6282 6419");
        row("transpose, dor", {"traffic=transpose", "routing_function=dor"},
            "3517.76 268.578 0.368188 0.0535 1.71687 6289");
        row("bitrev", {"traffic=bitrev"}, "3772.45 398.54 0.275727 0.014 2.32787 6227");
        row("shuffle, dor", {"traffic=shuffle", "routing_function=dor"}, "3679.84 270.657 0.465828 0.195 2.39712 5677");
        row("neighbor, dor", {"traffic=neighbor", "routing_function=dor"},
            "3440.15 152.632 0.624805 0.4895 2.09692 5320");
        row("tornado", {"traffic=tornado"}, "4853.51 1065.28 0.130336 0.016 4.30407 6427");
        row("bitrev, 8x8 routers, dor", {"traffic=bitrev", "k=8", "routing_function=dor"},
            "3825.36 451.006 0.148855 0 2.97606 8195");
        row("tornado, 8x8, 4 VCs x 4, dor",
            {"traffic=tornado", "k=8", "num_vcs=4", "vc_buf_size=4", "routing_function=dor"},
            "4020.09 211.911 0.0750586 0 6.35296 5681");
        row("bitcomp, use_noc_latency=0", {"traffic=bitcomp", "use_noc_latency=0"},
            "5502.84 1590.91 0.078875 0.016 4.38028 6986");
        row("bitrev, look-ahead, dor", {"traffic=bitrev", "routing_delay=0", "routing_function=dor"},
            "3808.18 411.792 0.32525 0.032 2.24916 6187");
    }
    void deterministicRunsMatchBookSimDigitForDigit() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, bookSim);
        const NocReport r = runNocBatch(cmeshConfig(
            QStringList{"injection_rate=1.0", "sim_type=throughput", "max_samples=5", "packet_size=4"} + overrides));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(noctest::bookSimFigures(r), bookSim);
    }

    // Uniform traffic: the mean over seeds 0-4 of short runs (sim_count=1 max_samples=3
    // sample_period=1000) within 6 % in latency and 3 % in accepted rate, the same verdict.
    // BookSim2's means over the same seeds (cmeshconfig + traffic=uniform + the row's keys).
    void uniformRunsAgreeOverSeeds_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<double>("latency");  // 0: every seed unstable
        QTest::addColumn<double>("accepted");
        const auto row = [](const char* name, QString rf, double rate, double lat, double acc) {
            QTest::newRow(name) << QStringList{"routing_function=" + rf, "injection_rate=" + QString::number(rate)}
                                << lat << acc;
        };
        row("dor 0.1", "dor", 0.1, 21.1978, 0.09917);
        row("dor 0.15", "dor", 0.15, 22.1928, 0.14937);
        row("dor 0.3", "dor", 0.3, 0, 0);
        row("dor_no_express 0.1", "dor_no_express", 0.1, 23.0486, 0.09909);
        row("dor_no_express 0.15", "dor_no_express", 0.15, 24.6704, 0.14935);
        row("dor_no_express 0.3", "dor_no_express", 0.3, 0, 0);
        row("xy_yx 0.1", "xy_yx", 0.1, 21.0961, 0.09917);
        row("xy_yx 0.2", "xy_yx", 0.2, 28.6805, 0.19963);
        row("xy_yx 0.3", "xy_yx", 0.3, 0, 0);
        row("xy_yx_no_express 0.1", "xy_yx_no_express", 0.1, 22.9072, 0.09920);
        row("xy_yx_no_express 0.2", "xy_yx_no_express", 0.2, 37.3015, 0.19906);
        QTest::newRow("8x8 routers, dor 0.05")
            << QStringList{"routing_function=dor", "injection_rate=0.05", "k=8", "x=8", "y=8"} << 37.7678 << 0.05009;
        QTest::newRow("8x8 routers, xy_yx 0.05")
            << QStringList{"routing_function=xy_yx", "injection_rate=0.05", "k=8", "x=8", "y=8"} << 0.0 << 0.0;
    }
    void uniformRunsAgreeOverSeeds() {
        QFETCH(QStringList, overrides);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        const noctest::SeedMeans means = noctest::meansOverSeeds(5, [&overrides](int seed) {
            return cmeshConfig(overrides + QStringList{"traffic=uniform", "sim_count=1", "max_samples=3",
                                                       "sample_period=1000", "seed=" + QString::number(seed)});
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

    void fastPathInvariantsAndKeyframes() {
        NocConfig general = cmeshConfig({"routing_function=dor", "traffic=uniform", "injection_rate=0.15"});
        general.general_paths = true;
        const NocConfig fast = cmeshConfig({"routing_function=dor", "traffic=uniform", "injection_rate=0.15"});
        QVERIFY(NocEngine(fast).network().hasRouteTable());
        QVERIFY(!NocEngine(general).network().hasRouteTable());
        QCOMPARE(runNocBatch(fast).overall.plat.sum, runNocBatch(general).overall.plat.sum);
        NocEngine engine(cmeshConfig({"routing_function=xy_yx", "traffic=uniform", "injection_rate=0.2"}));
        for (int i = 0; i < 600; ++i) {
            engine.step();
            if (i % 50 == 0) QVERIFY(engine.checkInvariants().empty());
        }
        const NocKeyframe key = engine.keyframe();
        NocEngine restored = engine;
        for (int i = 0; i < 200; ++i) restored.step();
        restored.restore(key);
        for (int i = 0; i < 300; ++i) QCOMPARE(restored.step().size(), engine.step().size());
        QCOMPARE(restored.summary().dump(), engine.summary().dump());
    }

    void badCmeshKeysNameKeyValueAndWhatIsAllowed_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("needles");
        QTest::newRow("dim_order on a cmesh")
            << QStringList{"routing_function=dim_order"}
            << QStringList{"routing_function = dim_order", "dim_order_cmesh", "dor_no_express"};
        QTest::newRow("xy_yx on a mesh") << QStringList{"topology=mesh", "routing_function=xy_yx"}
                                         << QStringList{"xy_yx_mesh", "topology = cmesh"};
        QTest::newRow("c = 2") << QStringList{"c=2"} << QStringList{"c = 2", "cmesh: 4"};
        QTest::newRow("xr = 1") << QStringList{"xr=1"} << QStringList{"xr = 1", "xr = 2 and yr = 2"};
        QTest::newRow("x != y") << QStringList{"x=3"} << QStringList{"x = 3, y = 4", "x equal to y"};
        QTest::newRow("odd k") << QStringList{"k=5"} << QStringList{"k = 5", "even number from 2 to 32"};
        QTest::newRow("n = 3") << QStringList{"n=3"} << QStringList{"n = 3", "cmesh: 2"};
        QTest::newRow("xy_yx with one VC")
            << QStringList{"routing_function=xy_yx", "num_vcs=1"} << QStringList{"num_vcs = 1", "at least 2"};
    }
    void badCmeshKeysNameKeyValueAndWhatIsAllowed() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, needles);
        const QString e = configError(overrides);
        for (const QString& needle : needles) QVERIFY2(e.contains(needle), qPrintable(e));
    }
};

QTEST_APPLESS_MAIN(TstNocCMesh)
#include "tst_noc_cmesh.moc"
