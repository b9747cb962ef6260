// BookSim2's anynet (topology = anynet, networks/anynet.cpp): the network file
// read as AnyNet::readFile reads it, the ports numbered as AnyNet::_BuildNet
// adds the channels, min_anynet's table with AnyNet::route's tie-breaking,
// all worked by hand; every line BookSim2 stops on, crashes on, loops on or
// misreads refused with the file, line and word; and runs against BookSim2's
// own figures: digit for digit where no random number is drawn, over seeds
// with short runs for uniform traffic.
//
// BookSim2 figures: booksim 28f43299, run as `booksim CONFIG KEY=VALUE...` in a
// folder holding kAnynetConfig (BookSim2's src/examples/anynet/anynet_config,
// its settings without the comments) and the network files below under the
// names the rows give (network_file=NAME).

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "noc/anynet.h"
#include "noc/noc_engine.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

const std::string kAnynetConfig = R"(
topology = anynet;
routing_function = min;
network_file = anynet_file;
traffic = uniform;
use_read_write = 0;
sample_period = 10000;
injection_rate = 0.01;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
alloc_iters = 1;
num_vcs = 1;
vc_buf_size = 3;
)";

// BookSim2's src/examples/anynet/anynet_file.
const std::string kShippedFile =
    "router 0 node 0 node 1 node 2 router 1\n"
    "router 1 node 3 node 4 node 5\n"
    "router 2 node 6 node 7 node 8 router 1 router 0\n";

// A ring of 8 routers, two nodes each: the far router is 4 hops either way.
const std::string kRing8 =
    "router 0 node 0 node 1 router 1\nrouter 1 node 2 node 3 router 2\n"
    "router 2 node 4 node 5 router 3\nrouter 3 node 6 node 7 router 4\n"
    "router 4 node 8 node 9 router 5\nrouter 5 node 10 node 11 router 6\n"
    "router 6 node 12 node 13 router 7\nrouter 7 node 14 node 15 router 0\n";

// Six routers with one-way latencies (0 -> 1 takes 3 cycles, 1 -> 0 one).
const std::string kIrregular =
    "router 0 node 0 router 1 3 router 2\n"
    "router 1 node 1 node 2 router 3 2 router 0\n"
    "router 2 node 3 router 3 router 4 4\n"
    "router 3 node 4 router 4\n"
    "router 4 node 5 node 6 router 5 2\n"
    "router 5 node 7 router 0 2 router 2 3\n";

// Six routers in a line, nodes only at the ends: more routers than nodes, and
// routers of 2 and 3 ports.
const std::string kChain =
    "router 0 node 0 node 1 router 1\nrouter 1 router 2\nrouter 2 router 3\n"
    "router 3 router 4\nrouter 4 router 5\nrouter 5 node 2 node 3\n";

// The ring and the irregular graph run with their own keys on top of kAnynetConfig.
const std::vector<std::string> kRingKeys = {"network_file=ring8", "num_vcs=2", "vc_buf_size=4"};
const std::vector<std::string> kIrregularKeys = {"network_file=irregular", "num_vcs=4", "vc_buf_size=4",
                                                 "vc_allocator=islip", "sw_allocator=islip"};

using noctest::keys;

commviz::sim::Result<NocConfig> tryConfig(const std::vector<std::string>& overrides) {
    auto doc = parseBookSimConfig(kAnynetConfig, "anynet_config");
    doc.value().files = {
        {"anynet_file", kShippedFile}, {"ring8", kRing8}, {"irregular", kIrregular}, {"chain", kChain}};
    if (auto ok = applyOverrides(doc.value(), overrides); !ok) return ok.error();
    return makeNocConfig(doc.value(), ConfigRunner::BookSim);
}

NocConfig anynetConfig(const std::vector<std::string>& overrides) {
    auto config = tryConfig(overrides);
    if (!config) qFatal("%s", config.error().message.c_str());
    return config.value();
}

QString fileError(const std::string& text) {
    auto file = parseAnynetFile(text, "net");
    return file ? QString() : QString::fromStdString(file.error().message);
}

}  // namespace

class TstNocAnyNet : public QObject {
    Q_OBJECT
private slots:
    // The shipped file, by hand: router 0 has nodes 0-2 on ports 0-2, then its
    // channels by far router: router 1 on port 3, router 2 on port 4 (line 3 made
    // 0 -> 2 as the reverse of 2 -> 0). Inputs: the nodes, then the channels by
    // near router, so router 1 hears router 0 on input 3 and router 2 on input 4.
    void shippedFileIsWiredAsBookSimBuildsIt() {
        const AnyNet net(anynetConfig({}));
        QCOMPARE(net.routers(), 3);
        QCOMPARE(net.nodes(), 9);
        QCOMPARE(net.ports(), 5);
        QCOMPARE(net.routerName(2), std::string("router_2"));
        const auto check = [&](int r, int p, int to, int port) {
            QCOMPARE(net.output(r, p).router, to);
            QCOMPARE(int(net.output(r, p).port), port);
            QCOMPARE(int(net.output(r, p).latency), 1);
        };
        check(0, 3, 1, 3);
        check(0, 4, 2, 3);
        check(1, 3, 0, 3);
        check(1, 4, 2, 4);
        check(2, 3, 0, 4);
        check(2, 4, 1, 4);
        QCOMPARE(net.injectRouter(7), 2);
        QCOMPARE(net.injectPort(7), 1);
        QCOMPARE(net.ejectPort(5), 2);
        // min: one hop to the other two routers, the node's own port at home.
        QCOMPARE(net.minPort(0, 4), 3);
        QCOMPARE(net.minPort(0, 8), 4);
        QCOMPARE(net.minPort(1, 6), 4);
        QCOMPARE(net.minPort(2, 2), 3);
        QCOMPARE(net.minPort(2, 8), 2);
    }

    // Dijkstra from router 0 on the ring, by hand: 0 settles 1 and 7 at 1; 1 (the lower
    // id of the two) settles 2, then 7 settles 6; 2 -> 3, 6 -> 5; 3 reaches 4 at 4 first,
    // and 5's equal 4 does not replace it (strictly shorter only). So nodes 8 and 9
    // (router 4) go by router 1: port 2 (nodes on 0-1, then router 1, router 7).
    // From router 4 back to router 0 the same rule picks router 3: port 2.
    void ringTiesGoTheWayBookSimsDijkstraSettles() {
        const AnyNet net(anynetConfig(kRingKeys));
        QCOMPARE(net.minPort(0, 8), 2);
        QCOMPARE(net.minPort(0, 9), 2);
        QCOMPARE(net.minPort(0, 10), 3);  // router 5: 3 hops by 7, 5 by 1
        QCOMPARE(net.minPort(4, 0), 2);
        QCOMPARE(net.minPort(4, 14), 3);  // router 7: by 5
        QCOMPARE(net.minPort(3, 15), 2);  // router 7 from 3: 4 hops either way, settled by 2 first
    }

    // Latencies are one-way: 0 -> 1 takes 3 cycles, 1 -> 0 one (line 2 names it
    // without a latency), 5 -> 2 three, 2 -> 5 one (made as line 6's reverse).
    // From router 0 to router 1 the direct channel (3) and 0 -> 2 -> 3 -> 1 (1 + 1 + 1)
    // tie; router 1 was given 3 when router 0 settled, and 3 does not beat 3, so
    // the packet takes the direct channel: port 1 (node 0 on port 0; then routers 1, 2, 5).
    // To router 4: 0 -> 2 -> 4 is 5, 0 -> 5 -> 4 is 2: port 3.
    void latenciesAreOneWayAndSetTheShortestPaths() {
        const AnyNet net(anynetConfig(kIrregularKeys));
        QCOMPARE(int(net.output(0, 1).latency), 3);
        QCOMPARE(int(net.output(1, 2).latency), 1);  // 1 -> 0
        QCOMPARE(int(net.output(5, 2).latency), 3);  // 5 -> 2
        QCOMPARE(int(net.output(2, 4).latency), 1);  // 2 -> 5
        QCOMPARE(net.output(2, 4).router, 5);
        QCOMPARE(int(net.input(1, 2).latency), 3);  // 0 -> 1 arrives on router 1's first channel input
        QCOMPARE(net.minPort(0, 1), 1);
        QCOMPARE(net.minPort(0, 5), 3);
        QCOMPARE(net.minPort(1, 0), 2);
        QCOMPARE(net.maxLatency(), 4);
    }

    // injection_rate = 1.0 and a fixed-destination pattern (randperm draws once, from
    // perm_seed) draw nothing per packet: BookSim's run cycle for cycle. BookSim2 on
    // anynet_config + injection_rate=1.0 sim_type=throughput max_samples=5 packet_size=4
    // + the row's keys. Columns: packet and network latency average, accepted flit rate
    // average and minimum, hops average, time taken.
    void deterministicRunsMatchBookSimDigitForDigit_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("bookSim");
        const auto row = [](const char* name, QStringList k, const char* printed) {
            QTest::newRow(name) << k << QString(printed).split(' ');
        };
        const QStringList ring = {"network_file=ring8", "num_vcs=2", "vc_buf_size=4"};
        const QStringList irregular = {"network_file=irregular", "num_vcs=4", "vc_buf_size=4", "vc_allocator=islip",
                                       "sw_allocator=islip"};
        row("anynet_file, randperm", {"traffic=randperm"}, "35202.7 14.3023 0.477778 0.4 1.18605 50020");
        row("ring8, bitcomp", ring + QStringList{"traffic=bitcomp"}, "37600.4 59.3208 0.222213 0.1482 2.66727 50077");
        row("ring8, bitrev", ring + QStringList{"traffic=bitrev"}, "32017.8 28.4364 0.542525 0.1144 2.08222 50081");
        row("ring8, randperm", ring + QStringList{"traffic=randperm"}, "34291.4 43.0686 0.356953 0.0702 2.27853 50082");
        row("ring8, bitrev, 1 VC x 8", ring + QStringList{"traffic=bitrev", "num_vcs=1", "vc_buf_size=8"},
            "34804.4 38.542 0.388881 0.1111 2.17854 50098");
        row("irregular, bitcomp", irregular + QStringList{"traffic=bitcomp"}, "31690.7 26.9996 0.75 0.5 2.33333 50044");
        row("irregular, randperm", irregular + QStringList{"traffic=randperm"},
            "32340.6 37.4576 0.676094 0.4394 2.26237 50079");
        row("irregular, randperm, look-ahead", irregular + QStringList{"traffic=randperm", "routing_delay=0"},
            "32306.3 36.2648 0.678412 0.4378 2.26819 50071");
        row("irregular, randperm, wavefront",
            irregular + QStringList{"traffic=randperm", "vc_allocator=wavefront", "sw_allocator=wavefront"},
            "32294.2 38.2458 0.670556 0.3854 2.27409 50075");
        // Each router's allocators are its own size: wavefront's square is 2 or 3 ports' worth,
        // and the matrix arbiters' state is kept for every router, not only as many as nodes.
        const QStringList chain = {"network_file=chain", "num_vcs=2", "vc_buf_size=4", "traffic=bitcomp"};
        row("chain, wavefront", chain + QStringList{"vc_allocator=wavefront", "sw_allocator=wavefront"},
            "35117.1 52.4979 0.44445 0.2964 6 50057");
        row("chain, rr_wavefront", chain + QStringList{"vc_allocator=rr_wavefront", "sw_allocator=rr_wavefront"},
            "35606.5 49.0002 0.444425 0.4444 6 50053");
        row("chain, separable, matrix arbiters", chain + QStringList{"arb_type=matrix"},
            "35612.5 56 0.44445 0.4444 6 50059");
        // LOA's pointers step once per grant, round its own router's VCs.
        const QStringList loa = {"vc_allocator=loa", "sw_allocator=separable_input_first", "num_vcs=4"};
        row("chain, loa", chain + loa, "34978.2 95.6236 0.499762 0.4207 6 50098");
        row("irregular, bitcomp, loa", irregular + QStringList{"traffic=bitcomp"} + loa,
            "31584.4 29.9169 0.749912 0.34975 2.33322 50055");
    }
    void deterministicRunsMatchBookSimDigitForDigit() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, bookSim);
        const NocReport r = runNocBatch(anynetConfig(keys(
            QStringList{"injection_rate=1.0", "sim_type=throughput", "max_samples=5", "packet_size=4"} + overrides)));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(noctest::bookSimFigures(r), bookSim);
    }

    // Uniform traffic: the mean over seeds 0-9 of short runs (sim_count=1 max_samples=3
    // sample_period=1000) within 6 % in latency and 3 % in accepted rate, the same verdict.
    // BookSim2's means over the same seeds (anynet_config + traffic=uniform + the row's keys).
    void uniformRunsAgreeOverSeeds_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<double>("latency");  // 0: every seed unstable
        QTest::addColumn<double>("accepted");
        QTest::newRow("anynet_file 0.1") << QStringList{"injection_rate=0.1"} << 11.37841 << 0.0995444;
        QTest::newRow("anynet_file 0.3") << QStringList{"injection_rate=0.3"} << 0.0 << 0.0;
        QTest::newRow("ring8 0.1") << QStringList{"network_file=ring8", "num_vcs=2", "vc_buf_size=4",
                                                  "injection_rate=0.1"}
                                   << 17.65900 << 0.1001812;
        QTest::newRow("ring8 0.25") << QStringList{"network_file=ring8", "num_vcs=2", "vc_buf_size=4",
                                                   "injection_rate=0.25"}
                                    << 0.0 << 0.0;
        const QStringList irregular = {"network_file=irregular", "num_vcs=4", "vc_buf_size=4", "vc_allocator=islip",
                                       "sw_allocator=islip"};
        QTest::newRow("irregular 0.2") << irregular + QStringList{"injection_rate=0.2"} << 13.84577 << 0.1994500;
        QTest::newRow("irregular 0.35") << irregular + QStringList{"injection_rate=0.35"} << 14.42931 << 0.3481250;
    }
    void uniformRunsAgreeOverSeeds() {
        QFETCH(QStringList, overrides);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        const noctest::SeedMeans means = noctest::meansOverSeeds(10, [&overrides](int seed) {
            return anynetConfig(keys(overrides + QStringList{"traffic=uniform", "sim_count=1", "max_samples=3",
                                                             "sample_period=1000", "seed=" + QString::number(seed)}));
        });
        if (latency == 0.0) {
            QCOMPARE(means.stable, 0);
            return;
        }
        QCOMPARE(means.stable, 10);
        QVERIFY2(std::abs(means.latency - latency) <= 0.06 * latency,
                 qPrintable(QString("latency %1").arg(means.latency)));
        QVERIFY2(std::abs(means.accepted - accepted) <= 0.03 * accepted,
                 qPrintable(QString("accepted %1").arg(means.accepted)));
    }

    // What BookSim2 2.0 does with each line, and what commviz says instead.
    void badFilesAreNamedByLineAndWord_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("needles");
        const auto row = [](const char* name, const char* text, QStringList needles) {
            QTest::newRow(name) << QString(text) << needles;
        };
        // BookSim: "Unknow head of line type", assert
        row("unknown head", "router 0 node 0\nswitch 1 node 1\n", {"net:2: 'switch'", "router or node"});
        row("unknown body", "router 0 node 0 link 1\n", {"net:1: 'link'", "router or node"});
        row("word after a router", "router 0 node 0 router 1 fast\nrouter 1 node 1\n",
            {"net:1: 'fast'", "router, node or a latency"});
        // BookSim: atoi("x") = 0, read as router 0
        row("id not a number", "router 0 node x\n", {"net:1: 'x'", "node ids", "0 to 16383"});
        row("huge id", "router 0 node 0 router 4294967296\n", {"net:1: '4294967296'", "router ids", "0 to 1023"});
        row("negative id", "router -1 node 0\n", {"net:1: '-1'", "router ids"});
        // BookSim: prints 'Incomplete parse of the line' and goes on
        row("line ends after a keyword", "router 0 node 0 router\n", {"net:1: 'router'", "a router id follows"});
        // BookSim: "Cannot connect node to node", assert
        row("node to node", "router 0 node 0\nnode 1 node 0\n", {"net:2: '0'", "not to another node"});
        // BookSim: "trying to connect to multiple router", assert
        row("node on two routers", "router 0 node 0 router 1\nrouter 1 node 0\n",
            {"net:2: '0'", "already on router 0 (line 1)"});
        // BookSim: "Channel must have positive delay"
        row("zero latency", "router 0 node 0 router 1 0\nrouter 1 node 1\n",
            {"net:1: '0'", "from 1 to 1000", "positive delay"});
        row("two latencies", "router 0 node 0 router 1 2 3\nrouter 1 node 1\n", {"net:1: '3'", "a second latency"});
        // BookSim: router_list[ROUTER][0][1].second = 5, a channel 0 -> 1 of 5 cycles
        row("latency after a node", "router 0 node 0 node 1 5\nrouter 1 node 2 router 0\n",
            {"net:1: '5'", "between two routers only"});
        // BookSim: one token '0\trouter', atoi = 0
        row("tab", "router 0 node 0\trouter 1\nrouter 1 node 1\n", {"net:1: '0\trouter'", "tabs"});
        // BookSim: indexes _routers[3] of 2 and crashes
        row("router gap", "router 0 node 0 router 3\nrouter 3 node 1\n", {"router 1 is missing", "without a gap"});
        // BookSim: "assumes sequential node numbering starting at 0", assert
        row("node gap", "router 0 node 0 node 2\n", {"node 1 is missing", "sequential"});
        // BookSim: AnyNet::route never empties its set
        row("in pieces", "router 0 node 0\nrouter 1 node 1\n", {"router 1 cannot be reached", "loops forever"});
        row("router made by a node line", "router 0 node 0 router 1\nrouter 1 node 1\nnode 2 router 1\n",
            {"router 2 cannot be reached", "line 3 starts with 'node 2'"});
        row("no nodes", "router 0 router 1\n", {"no nodes"});
        row("empty", "\n\n", {"no routers"});
    }
    void badFilesAreNamedByLineAndWord() {
        QFETCH(QString, text);
        QFETCH(QStringList, needles);
        const QString error = fileError(text.toStdString());
        for (const QString& needle : needles) QVERIFY2(error.contains(needle), qPrintable(error));
    }

    // What BookSim2 runs, commviz runs the same way.
    void oddButValidFilesReadAsBookSimReadsThem() {
        // A router linked to itself: BookSim gives it a channel and a port, which min never takes.
        auto self = parseAnynetFile("router 0 node 0 router 0 router 1\nrouter 1 node 1\n", "net");
        QVERIFY(self);
        QCOMPARE(self.value().radix(0), 3);
        QCOMPARE(self.value().links[0][0].to, 0);
        // A link named twice is one channel; naming it again without a latency sets it back to 1.
        auto twice = parseAnynetFile("router 0 node 0 router 1 5 router 1\nrouter 1 node 1\n", "net");
        QVERIFY(twice);
        QCOMPARE(twice.value().links[0].size(), std::size_t(1));
        QCOMPARE(twice.value().links[0][0].latency, 1);
        // The reverse of a channel keeps the latency its own line gave it, in either order.
        auto back = parseAnynetFile("router 1 node 1 router 0 7\nrouter 0 node 0 router 1 2\n", "net");
        QVERIFY(back);
        QCOMPARE(back.value().links[0][0].latency, 2);
        QCOMPARE(back.value().links[1][0].latency, 7);
        // A node line, spaces, blank lines and Windows line ends.
        auto loose = parseAnynetFile("  router 0   node 0 router 1\r\n\r\nnode 1 router 1\r\n", "net");
        QVERIFY2(loose, loose ? "" : loose.error().message.c_str());
        QCOMPARE(loose.value().nodeRouter, (std::vector<std::int32_t>{0, 1}));
    }

    // A relative network_file is looked for beside the config file, then in the working
    // directory; when it is in neither, both places are named.
    void networkFileIsFoundBesideTheConfigFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string folder = dir.path().toStdString();
        std::ofstream(folder + "/anynet_config") << kAnynetConfig;
        std::ofstream(folder + "/anynet_file") << kShippedFile;
        auto config = loadNocConfig(folder + "/anynet_config");
        QVERIFY2(config, config ? "" : config.error().message.c_str());
        QCOMPARE(config.value().nodes(), 9);
        auto missing = loadNocConfig(folder + "/anynet_config", {"network_file=nowhere"});
        QVERIFY(!missing);
        const QString error = QString::fromStdString(missing.error().message);
        QVERIFY2(error.contains("override: network_file = nowhere: no such file; looked in " +
                                QString::fromStdString(folder) + "/nowhere or "),
                 qPrintable(error));
        QVERIFY2(error.contains(QDir::currentPath() + "/nowhere"), qPrintable(error));
        auto unset = tryConfig({"network_file="});
        QVERIFY(!unset);
    }

    void fastPathMatchesTheGeneralRouting() {
        NocConfig general = anynetConfig(kIrregularKeys);
        general.general_paths = true;
        NocConfig fast = anynetConfig(kIrregularKeys);
        general.injection_rate = fast.injection_rate = 0.2;
        QVERIFY(NocEngine(fast).network().hasRouteTable());
        QVERIFY(!NocEngine(general).network().hasRouteTable());
        QCOMPARE(runNocBatch(fast).overall.plat.sum, runNocBatch(general).overall.plat.sum);
    }
};

QTEST_GUILESS_MAIN(TstNocAnyNet)
#include "tst_noc_anynet.moc"
