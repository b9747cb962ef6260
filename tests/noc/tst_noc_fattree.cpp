// BookSim2's fat tree (topology = fattree, networks/fattree.cpp): the router
// numbering by level, the down and up ports, the channel wiring and node
// placement worked by hand from fattree.cpp's channel numbers, fattree_nca
// and fattree_anca (routefunc.cpp), and runs against BookSim2's own figures:
// digit for digit where nothing is drawn (a one-level tree: every route goes
// down; BookSim draws the up port from its Knuth generator, commviz from its
// own, so trees of two or more levels agree over seeds), and over five seeds
// with short runs.
//
// BookSim2 figures: booksim 28f43299 run from a scratch directory as
// `booksim CONFIG KEY=VALUE...` with CONFIG = kFatTreeConfig (the settings of
// BookSim2's src/examples/fattree_config without its comments) or kBasic.

#include <QtTest>
#include <fstream>

#include "noc/fattree.h"
#include "noc/noc_engine.h"
#include "noc/qtree.h"
#include "noc/tree4.h"
#include "noc_test_support.h"
#include "sim/json.h"

using namespace commviz::noc;

namespace {

const std::string kFatTreeConfig = R"(
hold_switch_for_packet = 1;
vc_buf_size = 16;
wait_for_tail_credit = 0;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
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
sim_count = 1;
sample_period = 10000;
routing_function = nca;
num_vcs = 4;
priority = none;
traffic = uniform;
injection_rate = 0.6;
packet_size = 1;
injection_rate_uses_flits = 1;
topology = fattree;
k = 4;
n = 3;
)";

// A fat tree with BookSim's default router.
const std::string kBasic = R"(
topology = fattree;
k = 4;
n = 3;
routing_function = nca;
num_vcs = 4;
vc_buf_size = 8;
traffic = uniform;
injection_rate = 0.1;
packet_size = 1;
sim_count = 1;
max_samples = 3;
sample_period = 1000;
)";

using noctest::keys;

NocConfig treeConfig(const std::string& base, const QStringList& overrides) {
    return noctest::config(keys(overrides), base);
}

QString configError(const QStringList& overrides) { return noctest::configError(kBasic, "fattree", overrides); }

// An OutputVc array for RouterLoad: `used[port]` flits held downstream of `router`'s output `port` (on VC 0).
struct FakeLoad {
    std::vector<OutputVc> outputs;
    std::vector<InputVc> inputs;
    RouterLoad load;
    FakeLoad(int routers, int ports, int vcs, int router, const std::vector<int>& used)
        : outputs(std::size_t(routers * ports * vcs)), inputs(outputs.size()) {
        for (int port = 0; port < int(used.size()); ++port)
            outputs[std::size_t((router * ports + port) * vcs)].occupancy = std::int16_t(used[std::size_t(port)]);
        load = RouterLoad{outputs.data(), inputs.data(), ports, vcs};
    }
};

}  // namespace

class TstNocFatTree : public QObject {
    Q_OBJECT
private slots:
    // k = 4, n = 3: 16 routers per level, router id = level * 16 + pos, ports 0-3 down, 4-7 up.
    // fattree.cpp numbers 64 channels per direction and 128 per level gap. Worked by hand:
    // router 37 = (2, 5), up output 5 (up port 1): channel 2*128 - 64 + 5*4 + 1 = 213; the
    // level-1 down inputs read 192 + neighborhood*16 + port*4 + pos%4... (neighborhoods of 4
    // routers, branches of 1): 213 - 192 = 21 = 1*16 + 1*4 + 1, so router (1, 5) = 21, input 1.
    // Router 21 up output 6: channel 128 - 64 + 5*4 + 2 = 86; level 0 reads 64 + port*16 +
    // (pos%4)*4 + pos/4 (one neighborhood of 16, branches of 4): 22 = 1*16 + 1*4 + 2, so top
    // router pos 9, input 1. Router 9 down output 1: channel 9*4 + 1 = 37 = 2*16 + 1*4 + 1,
    // router (1, 5) on up input 4 + 2 = 6: the links pair up.
    void wiringFollowsFattreeCpp() {
        const FatTree net(treeConfig(kBasic, {}));
        QCOMPARE(net.routers(), 48);
        QCOMPARE(net.nodes(), 64);
        QCOMPARE(net.ports(), 8);
        QCOMPARE(net.routerName(21), std::string("router_level1_5"));
        QCOMPARE(net.routerName(9), std::string("router_level0_9"));
        QCOMPARE(net.inputs(9), 4);  // the top routers have no up ports
        QCOMPARE(net.outputs(9), 4);
        QCOMPARE(net.outputs(21), 8);
        const auto check = [&](int r, int p, int to, int port) {
            const ChannelEnd& end = net.output(r, p);
            QCOMPARE(end.router, to);
            QCOMPARE(int(end.port), port);
            QCOMPARE(int(end.latency), 1);
        };
        check(37, 5, 21, 1);
        check(21, 6, 9, 1);
        check(9, 1, 21, 6);
        QVERIFY(!net.output(9, 5).connected());
        // Node 22 sits on bottom router pos 5 (= 37), port 2, both ways.
        QCOMPARE(net.injectRouter(22), 37);
        QCOMPARE(net.injectPort(22), 2);
        QCOMPARE(net.ejectRouter(22), 37);
        QCOMPARE(net.ejectPort(22), 2);
        // Every input of every router is fed exactly once, and every down link has its up link back.
        for (int r = 0; r < 48; ++r)
            for (int p = 0; p < net.outputs(r); ++p) {
                const ChannelEnd& to = net.output(r, p);
                QVERIFY(to.connected());
                if (to.router < 0) continue;
                QCOMPARE(net.input(to.router, to.port).router, r);
                QCOMPARE(int(net.input(to.router, to.port).port), p);
                const ChannelEnd& back = net.output(to.router, to.port);  // input q pairs with output q
                QCOMPARE(back.router, r);
                QCOMPARE(int(back.port), p);
            }
    }

    // fattree_nca: down once the router's subtree holds the destination (router (l, pos)
    // covers k^(n-l) nodes from (pos / k^(n-l-1)) * k^(n-l)), else up port k + RandomInt(k-1).
    void ncaRoutesDownInsideTheSubtreeAndUpOutsideIt() {
        const NocConfig config = treeConfig(kBasic, {});
        const FakeLoad idle(48, 8, 4, 0, {});
        commviz::sim::Rng rng(7);
        QCOMPARE(fatTreeRoute(config, 37, idle.load, 22, rng).port, 2);  // bottom router: eject on 22 % 4
        QCOMPARE(fatTreeRoute(config, 21, idle.load, 17, rng).port, 0);  // (1,5) covers 16-31: (17-16)/4
        QCOMPARE(fatTreeRoute(config, 21, idle.load, 31, rng).port, 3);
        QCOMPARE(fatTreeRoute(config, 9, idle.load, 50, rng).port, 3);  // the top covers all: 50 / 16
        const commviz::sim::Rng before = rng;
        QCOMPARE(fatTreeRoute(config, 37, idle.load, 22, rng).port, 2);
        QVERIFY(rng == before);  // going down draws nothing
        // Going up: each of the four up ports, one draw each.
        std::vector<int> seen(8, 0);
        for (int i = 0; i < 400; ++i) {
            commviz::sim::Rng copy = rng;
            const RouteSet route = fatTreeRoute(config, 37, idle.load, 17, rng);
            QCOMPARE(int(route.port), 4 + int(copy.below(4)));
            QVERIFY(rng == copy);
            QCOMPARE(int(route.vcStart), 0);
            QCOMPARE(int(route.vcEnd), 3);
            ++seen[std::size_t(route.port)];
        }
        for (int port = 4; port < 8; ++port) QVERIFY(seen[std::size_t(port)] > 60);
    }

    // fattree_anca: two draws, the up port whose downstream buffers hold fewer flits
    // (GetUsedCredit), the first drawn on a tie.
    void ancaKeepsTheLessLoadedOfTwoDrawnUpPorts() {
        const NocConfig config = treeConfig(kBasic, {"routing_function=anca"});
        const FakeLoad load(48, 8, 4, 21, {0, 0, 0, 0, 3, 1, 1, 5});
        commviz::sim::Rng rng(11);
        for (int i = 0; i < 300; ++i) {
            commviz::sim::Rng copy = rng;
            const int first = 4 + int(copy.below(4));
            const int second = 4 + int(copy.below(4));
            const int used[8] = {0, 0, 0, 0, 3, 1, 1, 5};
            const int expected = used[first] > used[second] ? second : first;
            QCOMPARE(int(fatTreeRoute(config, 21, load.load, 50, rng).port), expected);
            QVERIFY(rng == copy);
        }
    }

    void badKeysAreNamed() {
        QVERIFY(configError({}).isEmpty());
        QVERIFY(configError({"routing_function=dor"}).contains("'Invalid routing function: dor_fattree'"));
        QVERIFY(configError({"routing_function=dor"}).contains("nca or anca"));
        QVERIFY(configError({"k=17"}).contains("allowed values for topology = fattree: 2 to 16"));
        QVERIFY(configError({"topology=mesh", "k=4", "n=2"}).contains("nca is for topology = fattree"));
        QVERIFY(configError({"k=4", "n=9"}).contains("n = 9"));
    }

    // A one-level tree is one router with k nodes: nca never goes up, so with
    // injection_rate = 1.0 and a fixed-destination pattern nothing is drawn and the run is
    // BookSim's cycle for cycle. BookSim2 on kBasic + n=1 vc_buf_size=4 injection_rate=1.0
    // sim_type=throughput max_samples=5 packet_size=4 + the row's keys. Columns: packet and
    // network latency average, accepted flit rate average and minimum, hops average, time taken.
    void oneLevelTreesMatchBookSimDigitForDigit_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("bookSim");
        QTest::newRow("k=4 bitcomp") << QStringList{"traffic=bitcomp"} << QString("3008.5 10 1 1 1 5009").split(' ');
        QTest::newRow("k=8 bitrev") << QStringList{"k=8", "traffic=bitrev"}
                                    << QString("3008.5 10 1 1 1 5009").split(' ');
        QTest::newRow("k=8 bitcomp, anca, fattree_config's router") << QStringList{"k=8",
                                                                                   "traffic=bitcomp",
                                                                                   "routing_function=anca",
                                                                                   "hold_switch_for_packet=1",
                                                                                   "vc_allocator=separable_input_first",
                                                                                   "sw_allocator=separable_input_first",
                                                                                   "routing_delay=0",
                                                                                   "credit_delay=2",
                                                                                   "vc_buf_size=16"}
                                                                    << QString("3007.5 9 1 1 1 5010").split(' ');
    }
    void oneLevelTreesMatchBookSimDigitForDigit() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, bookSim);
        const NocReport r =
            runNocBatch(treeConfig(kBasic, QStringList{"n=1", "vc_buf_size=4", "injection_rate=1.0",
                                                       "sim_type=throughput", "max_samples=5", "packet_size=4"} +
                                               overrides));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(noctest::bookSimFigures(r), bookSim);
    }

    // The mean over seeds 0-4 of short runs (sim_count=1 max_samples=3 sample_period=1000)
    // within 6 % in latency and 3 % in accepted rate, the same verdict. BookSim2's means over
    // the same seeds.
    void runsAgreeOverSeeds_data() {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<double>("latency");  // 0: every seed unstable
        QTest::addColumn<double>("accepted");
        QTest::newRow("fattree_config (nca, 0.6)") << "example" << QStringList{} << 27.6241 << 0.60095;
        QTest::newRow("fattree_config, anca")
            << "example" << QStringList{"routing_function=anca"} << 28.6550 << 0.60048;
        QTest::newRow("nca 0.1") << "basic" << QStringList{} << 24.2849 << 0.09917;
        QTest::newRow("nca 0.3") << "basic" << QStringList{"injection_rate=0.3"} << 25.7342 << 0.29983;
        QTest::newRow("nca 0.5") << "basic" << QStringList{"injection_rate=0.5"} << 31.0372 << 0.50037;
        QTest::newRow("anca 0.5") << "basic" << QStringList{"injection_rate=0.5", "routing_function=anca"} << 30.9742
                                  << 0.50062;
        QTest::newRow("nca 0.3 bitcomp") << "basic" << QStringList{"injection_rate=0.3", "traffic=bitcomp"} << 28.9104
                                         << 0.29986;
        QTest::newRow("qtree, nca 0.05") << "basic" << QStringList{"topology=qtree", "injection_rate=0.05"} << 28.4497
                                         << 0.04982;
        QTest::newRow("qtree, nca 0.1") << "basic" << QStringList{"topology=qtree", "injection_rate=0.1"} << 0.0 << 0.0;
        QTest::newRow("nca 0.9") << "basic" << QStringList{"injection_rate=0.9"} << 0.0 << 0.0;
        QTest::newRow("nca 0.65") << "basic" << QStringList{"injection_rate=0.65"} << 64.6751 << 0.65085;
        QTest::newRow("anca 0.65") << "basic" << QStringList{"injection_rate=0.65", "routing_function=anca"} << 74.9955
                                   << 0.64867;
        QTest::newRow("tree4, nca 0.1") << "basic" << QStringList{"topology=tree4", "injection_rate=0.1"} << 24.7528
                                        << 0.099178;
        QTest::newRow("tree4, nca 0.3") << "basic" << QStringList{"topology=tree4", "injection_rate=0.3"} << 34.4058
                                        << 0.299978;
        QTest::newRow("tree4, nca 0.5") << "basic" << QStringList{"topology=tree4", "injection_rate=0.5"} << 0.0 << 0.0;
        QTest::newRow("k=2 n=4, nca 0.3")
            << "basic" << QStringList{"injection_rate=0.3", "k=2", "n=4"} << 29.4986 << 0.29984;
    }
    void runsAgreeOverSeeds() {
        QFETCH(QString, base);
        QFETCH(QStringList, overrides);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        const std::string& text = base == "example" ? kFatTreeConfig : kBasic;
        const noctest::SeedMeans means = noctest::meansOverSeeds(5, [&](int seed) {
            return treeConfig(text, overrides + QStringList{"sim_count=1", "max_samples=3", "sample_period=1000",
                                                            "seed=" + QString::number(seed)});
        });
        if (latency == 0) {
            QCOMPARE(means.stable, 0);
            return;
        }
        QCOMPARE(means.stable, 5);
        QVERIFY2(std::abs(means.latency / latency - 1) < 0.06, qPrintable(QString::number(means.latency)));
        QVERIFY2(std::abs(means.accepted / accepted - 1) < 0.03, qPrintable(QString::number(means.accepted)));
    }

    // Uniform traffic on k = 4, n = 3: 4 of 64 destinations share the bottom router (1
    // router), 12 more the level-1 subtree (3 routers), the other 48 need the top (5):
    // (4*1 + 12*3 + 48*5) / 64 = 4.375 routers on average.
    void uniformHopsFollowTheSubtrees() {
        const NocReport r = runNocBatch(treeConfig(kBasic, {"max_samples=10", "sample_period=4000"}));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QVERIFY2(std::abs(r.overall.hops - 4.375) < 0.03, qPrintable(QString::number(r.overall.hops)));
    }

    // The lesson "Up and down a fat tree" (resources/lessons/noc_fattree.json) states these
    // figures of its scenario; each is what `commviz noc fattree_nca.cfg [KEY=VALUE]` prints,
    // and each appears in both languages. Worked by hand: hops (4*1 + 12*3 + 48*5)/64 = 4.375,
    // zero-load latency 5H + 2 = 23.875.
    void lessonFiguresAreWhatTheScenarioPrints() {
        QCOMPARE((4 * 1 + 12 * 3 + 48 * 5) / 64.0, 4.375);
        QCOMPARE(5 * 4.375 + 2, 23.875);
        const std::string cfg = std::string(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/noc/fattree_nca.cfg";
        const auto run = [&](const std::vector<std::string>& overrides) {
            auto config = loadNocConfig(cfg, overrides);
            if (!config) qFatal("%s", config.error().message.c_str());
            return runNocBatch(config.value());
        };
        const NocReport base = run({});
        const QStringList figures = {
            QString::number(base.overall.plat.average(), 'g', 6), QString::number(base.overall.hops, 'g', 6),
            QString::number(base.overall.timeTaken),
            QString::number(run({"injection_rate=0.5"}).overall.plat.average(), 'g', 6),
            QString::number(run({"injection_rate=0.5", "routing_function=anca"}).overall.plat.average(), 'g', 6)};
        QCOMPARE(figures, QString("24.1779 4.35846 6060 31.0784 31.152").split(' '));
        std::ifstream file(std::string(COMMVIZ_SOURCE_DIR) + "/resources/lessons/noc_fattree.json");
        const commviz::sim::Json lesson = commviz::sim::Json::parse(file);
        QString english, chinese;
        for (const auto& step : lesson.at("steps")) {
            english += QString::fromStdString(step.at("narration").at("en").get<std::string>());
            chinese += QString::fromStdString(step.at("narration").at("zh_CN").get<std::string>());
        }
        for (const QString& number : figures + QStringList{"4.375", "23.875", "30.97", "31.04"}) {
            QVERIFY2(english.contains(number), qPrintable(number));
            QVERIFY2(chinese.contains(number), qPrintable(number));
        }
    }

    // BookSim's quad tree (networks/qtree.cpp, k = 4, n = 3 only): the root is router 0,
    // height 1 routers 1-4, the leaves 5-20 (_RouterIndex). Node 22 sits on port 2 of leaf
    // pos 5 = router 10. Router 1 = (1, 0): output 2 to child (2, 2) = router 7 on its
    // parent port 4, whose output 4 comes back on input 2. qtree_nca at leaf 10: 22 is its
    // own (port 2), 17 is not (up, port 4); at router 2 = (1, 1): 17 / 4 = 4, 4 / 4 = 1 = its
    // pos, so down port 4 % 4 = 0; the root sends 50 down port 50 / 16 = 3.
    void qtreeWiringAndRoutingFollowQtreeCpp() {
        const NocConfig config = treeConfig(kBasic, {"topology=qtree"});
        const QTree net(config);
        QCOMPARE(net.routers(), 21);
        QCOMPARE(net.nodes(), 64);
        QCOMPARE(net.inputs(0), 4);
        QCOMPARE(net.inputs(1), 5);
        QCOMPARE(net.injectRouter(22), 10);
        QCOMPARE(net.injectPort(22), 2);
        QCOMPARE(net.output(1, 2).router, 7);
        QCOMPARE(int(net.output(1, 2).port), 4);
        QCOMPARE(net.output(7, 4).router, 1);
        QCOMPARE(int(net.output(7, 4).port), 2);
        QCOMPARE(int(qtreeRoute(config, 10, 22).port), 2);
        QCOMPARE(int(qtreeRoute(config, 10, 17).port), 4);
        QCOMPARE(int(qtreeRoute(config, 2, 17).port), 0);
        QCOMPARE(int(qtreeRoute(config, 0, 50).port), 3);
        QVERIFY(configError({"topology=qtree", "k=8"}).contains("k = 4 and n = 3"));
        QVERIFY(configError({"topology=qtree", "routing_function=anca"}).contains("anca_qtree"));
    }

    // qtree_nca draws nothing, so with injection_rate = 1.0 and a fixed-destination pattern
    // the runs are BookSim's cycle for cycle. BookSim2 on kBasic + topology=qtree vc_buf_size=4
    // injection_rate=1.0 sim_type=throughput max_samples=5 packet_size=4 traffic=bitcomp + the
    // row's keys; columns as above.
    void qtreeRunsMatchBookSimDigitForDigit_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("bookSim");
        QTest::newRow("bitcomp") << QStringList{} << QString("4324.38 346.25 0.0625 0.062 5 5389").split(' ');
        QTest::newRow("tornado") << QStringList{"traffic=tornado"}
                                 << QString("4324.88 346.75 0.0625 0.062 5 5389").split(' ');
        QTest::newRow("bitrev, fattree_config's router")
            << QStringList{"traffic=bitrev",
                           "vc_allocator=separable_input_first",
                           "sw_allocator=separable_input_first",
                           "routing_delay=0",
                           "credit_delay=2",
                           "hold_switch_for_packet=1",
                           "vc_buf_size=16"}
            << QString("3736.55 420.203 0.185555 0.0545 2.21616 6476").split(' ');
        QTest::newRow("neighbor, 2 VCs") << QStringList{"traffic=neighbor", "num_vcs=2"}
                                         << QString("4209.33 202.189 0.0555625 0.054 5 5267").split(' ');
        // The root has 4 ports, the other routers 5: wavefront's square is each router's own.
        QTest::newRow("wavefront") << QStringList{"vc_allocator=wavefront", "sw_allocator=wavefront"}
                                   << QString("4312.27 336.85 0.0625312 0.0315 5 5397").split(' ');
        QTest::newRow("rr_wavefront, tornado")
            << QStringList{"vc_allocator=rr_wavefront", "sw_allocator=rr_wavefront", "traffic=tornado"}
            << QString("4324.94 339.64 0.0624375 0.04 5 5407").split(' ');
    }
    void qtreeRunsMatchBookSimDigitForDigit() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, bookSim);
        const NocReport r = runNocBatch(
            treeConfig(kBasic, QStringList{"topology=qtree", "vc_buf_size=4", "injection_rate=1.0",
                                           "sim_type=throughput", "max_samples=5", "packet_size=4", "traffic=bitcomp"} +
                                   overrides));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(noctest::bookSimFigures(r), bookSim);
    }

    // BookSim's tree4 (networks/tree4.cpp, k = 4, n = 3): top routers 0-3, middle 4-11,
    // leaves 12-27. Middle router m = 5 (index 9): ports 0-3 to leaves 4 * (5 / 2) + p =
    // 8-11 (index 20-23), arriving on their port 4 + 5 % 2 = 5; its port 4 + t to top router
    // t, arriving on port 5. Node 22 sits on port 2 of leaf 5 (index 17). tree4_nca: leaf 5
    // sends 22 out of port 2 and 40 up by 4 + RandomInt(1); middle 5 (leaves 8-11, nodes
    // 32-47) sends 40 down port 10 % 4 = 2 and 3 up by 4 + RandomInt(3); a top router sends
    // 50 to middle 2 * (50 / 16) + RandomInt(1), ports 6 or 7.
    void tree4WiringAndRoutingFollowTree4Cpp() {
        const NocConfig config = treeConfig(kBasic, {"topology=tree4"});
        const Tree4 net(config);
        QCOMPARE(net.routers(), 28);
        QCOMPARE(net.inputs(0), 8);
        QCOMPARE(net.inputs(9), 8);
        QCOMPARE(net.inputs(17), 6);
        QCOMPARE(net.injectRouter(22), 17);
        QCOMPARE(net.injectPort(22), 2);
        QCOMPARE(net.output(9, 1).router, 21);
        QCOMPARE(int(net.output(9, 1).port), 5);
        QCOMPARE(net.output(9, 6).router, 2);
        QCOMPARE(int(net.output(9, 6).port), 5);
        QCOMPARE(net.output(2, 5).router, 9);
        QCOMPARE(int(net.output(2, 5).port), 6);
        QCOMPARE(net.output(17, 4).router, 6);  // leaf 5 up to middle 2 * (5 / 4) = 2
        QCOMPARE(int(net.output(17, 4).port), 1);
        commviz::sim::Rng rng(3);
        QCOMPARE(int(tree4Route(config, 17, 22, rng).port), 2);
        QCOMPARE(int(tree4Route(config, 9, 40, rng).port), 2);
        for (int i = 0; i < 100; ++i) {
            commviz::sim::Rng copy = rng;
            QCOMPARE(int(tree4Route(config, 17, 40, rng).port), 4 + int(copy.below(2)));
            QCOMPARE(int(tree4Route(config, 9, 3, rng).port), 4 + int(copy.below(4)));
            QCOMPARE(int(tree4Route(config, 1, 50, rng).port), 6 + int(copy.below(2)));
            QVERIFY(rng == copy);
        }
        QVERIFY(configError({"topology=tree4", "routing_function=anca"}).contains("tree4_anca"));
        QVERIFY(configError({"topology=tree4", "n=2"}).contains("k = 4 and n = 3"));
    }

    void invariantsAndKeyframesHold() {
        NocEngine engine(treeConfig(kFatTreeConfig, {"routing_function=anca"}));
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
};

QTEST_MAIN(TstNocFatTree)
#include "tst_noc_fattree.moc"
