// Routes worked out by hand from BookSim2's routefunc.cpp for min_adapt,
// valiant and romm (which output ports and VC ranges a head flit may take at
// each hop), randperm's permutation as BookSim draws it, the VC-class checks,
// and stepped runs with every VC allocation checked against the VC classes
// and the model's invariants checked every cycle.

#include <QtTest>
#include <set>

#include "noc/kncube.h"
#include "noc/noc_engine.h"
#include "noc/routing_functions.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

struct Range {
    int port;
    int start;
    int end;
};

// Routes a head flit of `packet` at `router` (arrived on `inPort` in `inVc`).
std::vector<Range> route(const NocConfig& c, int router, int inPort, int inVc, Packet& packet, std::uint64_t seed = 1) {
    const KNCube net(c);
    commviz::sim::Rng rng(seed);
    const RouteSet r = computeRoute(c, net, RouterLoad{}, router, inPort, inVc, packet, rng);  // none reads the load
    std::vector<Range> out;
    for (int part = 0; part < r.parts(); ++part) out.push_back({r.portOf(part), r.startOf(part), r.endOf(part)});
    return out;
}

bool same(const std::vector<Range>& a, const std::vector<Range>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].port != b[i].port || a[i].start != b[i].start || a[i].end != b[i].end) return false;
    return true;
}

Packet packetTo(int src, int dest) {
    Packet p;
    p.src = src;
    p.dest = dest;
    return p;
}

const std::string kMesh44 = noctest::meshHeader(4, 4, "min_adapt");

}  // namespace

class TstNocRouting : public QObject {
    Q_OBJECT
private slots:
    void minAdaptMeshKeepsVcZeroAsTheEscape() {
        // 4x4 mesh, node 0 (0,0) to node 15 (3,3); ports 0 +x, 1 -x, 2 +y, 3 -y, 4 local.
        const NocConfig c = noctest::config({}, kMesh44);
        Packet p = packetTo(0, 15);
        // fresh from injection (port 4): +x, escape VC 0 plus adaptive VCs 1-3
        QVERIFY(same(route(c, 0, 4, 0, p), {{0, 0, 3}}));
        // at router 1, arrived from router 0 on port 1: in an adaptive VC every VC again...
        QVERIFY(same(route(c, 1, 1, 2, p), {{0, 0, 3}}));
        // ...but once in the escape VC 0 it stays there (BookSim: in_vc == vcBegin)
        QVERIFY(same(route(c, 1, 1, 0, p), {{0, 0, 0}}));
        // x done at router 3: +y; at router 15 the ejection port with every VC
        QVERIFY(same(route(c, 3, 1, 1, p), {{2, 0, 3}}));
        QVERIFY(same(route(c, 15, 3, 0, p), {{4, 0, 3}}));
    }

    void minAdaptTorusOffersVcThreeAndADatelineEscape() {
        // 8x8 torus, node 2 (2,0) to node 0: left is shorter (dist2 = 8 - 2*6 < 0)
        const NocConfig c = noctest::config({"topology=torus", "routing_function=min_adapt"});
        Packet p = packetTo(2, 0);
        // injected: adaptive VC 3 on port 1 (left), escape by dateline DOR as if
        // injected: left with dest < cur -> class 1 -> VC 1
        QVERIFY(same(route(c, 2, 4, 0, p), {{1, 3, 3}, {1, 1, 1}}));
        QCOMPARE(int(p.partition), 1);
        // at router 1 in escape VC 1 (arrived on port 0): straight on, same class, VC 1 only
        QVERIFY(same(route(c, 1, 0, 1, p), {{1, 1, 1}}));
        // in escape VC 0 the class is kept from the turn, not recomputed
        p.partition = 0;
        QVERIFY(same(route(c, 1, 0, 0, p), {{1, 0, 0}}));
        // in adaptive VC 2 or 3 both again, the escape class chosen afresh (0 < 1 -> 1)
        QVERIFY(same(route(c, 1, 0, 2, p), {{1, 3, 3}, {1, 1, 1}}));
        // node 0 to node 4 (distance 4 each way): the adaptive tie goes left
        // (BookSim commented its coin out), the escape tie flips a coin
        Packet tie = packetTo(0, 4);
        std::set<int> escapePorts;
        for (std::uint64_t seed = 1; seed <= 16; ++seed) {
            const std::vector<Range> r = route(c, 0, 4, 0, tie, seed);
            QCOMPARE(r.size(), std::size_t(2));
            QCOMPARE(r[0].port, 1);
            QCOMPARE(r[0].start, 3);
            escapePorts.insert(r[1].port);
        }
        QCOMPARE(escapePorts, (std::set<int>{0, 1}));
        // at the destination: the ejection port with every VC, nothing else
        QVERIFY(same(route(c, 0, 0, 3, p), {{4, 0, 3}}));
    }

    void valiantMeshRoutesInTwoPhasesOnVcHalves() {
        const NocConfig c = noctest::config({"routing_function=valiant"}, kMesh44);
        Packet p = packetTo(0, 15);
        // at the first router the intermediate node is drawn from all 16 nodes
        route(c, 0, 4, 0, p);
        QVERIFY(p.intm >= 0 && p.intm < 16);
        // worked path with intermediate 5 (1,1): phase 0 on VCs 0-1 towards 5...
        p.intm = 5;
        p.phase = 0;
        QVERIFY(same(route(c, 1, 1, 0, p), {{2, 0, 1}}));  // router 1: x done, +y
        // ...at 5 phase 1 begins on VCs 2-3 towards 15: +x first
        QVERIFY(same(route(c, 5, 3, 1, p), {{0, 2, 3}}));
        QCOMPARE(int(p.phase), 1);
        QVERIFY(same(route(c, 7, 1, 2, p), {{2, 2, 3}}));
        QVERIFY(same(route(c, 15, 3, 3, p), {{4, 0, 3}}));
        // passing its destination in phase 0 it keeps going, with every VC
        Packet q = packetTo(0, 1);
        q.intm = 3;
        QVERIFY(same(route(c, 1, 1, 0, q), {{0, 0, 3}}));
        // odd num_vcs: the halves share the middle VC (vcEnd -= 2 / vcBegin += 2)
        const NocConfig five = noctest::config({"routing_function=valiant", "num_vcs=5"}, kMesh44);
        QVERIFY(same(route(five, 1, 1, 0, q), {{0, 0, 4}}));
        q.dest = 2;
        QVERIFY(same(route(five, 1, 1, 0, q), {{0, 0, 2}}));
        q.phase = 1;
        QVERIFY(same(route(five, 1, 1, 0, q), {{0, 2, 4}}));
    }

    void rommDrawsTheIntermediateInTheMinimalQuadrant() {
        // 4x4: node 1 (1,0) to node 11 (3,2): x in 1..3, y in 0..2, corners included
        const NocConfig c = noctest::config({"routing_function=romm"}, kMesh44);
        std::set<int> seen;
        for (std::uint64_t seed = 1; seed <= 400; ++seed) {
            Packet p = packetTo(1, 11);
            route(c, 1, 4, 0, p, seed);
            seen.insert(p.intm);
        }
        QCOMPARE(seen, (std::set<int>{1, 2, 3, 5, 6, 7, 9, 10, 11}));
    }

    void valiantTorusSplitsDatelineHalvesByPhase() {
        // 8x8 torus, 8 VCs: class 0 = VCs 0-3 (phase 0: 0-1, phase 1: 2-3), class 1 = 4-7
        const NocConfig c = noctest::config({"topology=torus", "routing_function=valiant", "num_vcs=8"});
        Packet p = packetTo(0, 19);  // (3,2)
        p.intm = 3;
        p.phase = 0;
        p.partition = 0;
        // router 1, arrived moving right on port 1: straight on to 3, class 0, phase 0
        QVERIFY(same(route(c, 1, 1, 0, p), {{0, 0, 1}}));
        // at 3 phase 1 starts as if injected: +y (dist2 = 8 - 4 > 0), class 0 -> VCs 2-3
        QVERIFY(same(route(c, 3, 1, 1, p), {{2, 2, 3}}));
        // a packet whose phase-1 leg wraps (7 -> 0 going right) takes class 1: VCs 6-7
        Packet w = packetTo(0, 1);
        w.intm = 7;
        w.phase = 0;
        QVERIFY(same(route(c, 7, 1, 0, w), {{0, 6, 7}}));
    }

    void randpermIsBookSimsPermutation() {
        // BookSim2's RandomPermutationTrafficPattern for perm_seed = 0 on 64
        // nodes starts 54 30 25 6 57 and ends 42 47 23 (printed by BookSim's
        // own randomize() code linked against its random_utils)
        const NocConfig c = noctest::config({"traffic=randperm"});
        QCOMPARE(c.randperm.size(), std::size_t(64));
        QCOMPARE(c.randperm[0], 54);
        QCOMPARE(c.randperm[4], 57);
        QCOMPARE(c.randperm[61], 42);
        QCOMPARE(c.randperm[63], 23);
        QCOMPARE(std::set<std::int32_t>(c.randperm.begin(), c.randperm.end()).size(), std::size_t(64));
        // 16 nodes, seed 7: 10 2 13 9 3 1 5 15 0 14 12 6 8 7 11 4; randperm(7) says the same
        const std::vector<std::int32_t> seven{10, 2, 13, 9, 3, 1, 5, 15, 0, 14, 12, 6, 8, 7, 11, 4};
        QCOMPARE(noctest::config({"traffic=randperm", "perm_seed=7"}, kMesh44).randperm, seven);
        QCOMPARE(noctest::config({"traffic=randperm(7)", "perm_seed=3"}, kMesh44).randperm, seven);
        // the packet stream's seed does not move it
        QCOMPARE(noctest::config({"traffic=randperm", "perm_seed=7", "seed=5"}, kMesh44).randperm, seven);
    }

    void tooFewVcsForTheClassesIsRefused_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QString>("expected");
        QTest::newRow("min_adapt mesh 1") << QStringList{"num_vcs=1"} << "needs num_vcs of at least 2";
        QTest::newRow("min_adapt torus 3")
            << QStringList{"topology=torus", "num_vcs=3"} << "needs num_vcs of at least 4";
        QTest::newRow("valiant torus 2") << QStringList{"topology=torus", "routing_function=valiant", "num_vcs=2"}
                                         << "needs num_vcs of at least 4";
        QTest::newRow("valiant mesh 1") << QStringList{"routing_function=valiant", "num_vcs=1"}
                                        << "needs num_vcs of at least 2";
        QTest::newRow("romm torus") << QStringList{"topology=torus", "routing_function=romm"}
                                    << "Invalid routing function: romm_torus";
        QTest::newRow("unknown function")
            << QStringList{"routing_function=planar_adapt"} << "min_adapt, valiant or romm";
        QTest::newRow("dateline switch off")
            << QStringList{"topology=torus", "dateline=0"} << "applies to routing_function = dim_order only";
        QTest::newRow("bad randperm") << QStringList{"traffic=randperm(x)"} << "randperm(N)";
    }

    void tooFewVcsForTheClassesIsRefused() {
        QFETCH(QStringList, overrides);
        QFETCH(QString, expected);
        auto doc = parseBookSimConfig(kMesh44, "m.cfg");
        QVERIFY(doc);
        std::vector<std::string> keys;
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        QVERIFY(applyOverrides(doc.value(), keys));
        auto cfg = makeNocConfig(doc.value());
        QVERIFY(!cfg);
        QVERIFY2(QString::fromStdString(cfg.error().message).contains(expected), cfg.error().message.c_str());
        QVERIFY2(cfg.error().message.rfind("override: ", 0) == 0, cfg.error().message.c_str());
    }

    void stepsKeepTheVcClassesAndTheInvariants_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::newRow("min_adapt mesh 0.15") << QStringList{"routing_function=min_adapt", "injection_rate=0.15"};
        QTest::newRow("min_adapt torus 0.3, 3-flit")
            << QStringList{"topology=torus", "routing_function=min_adapt", "injection_rate=0.3", "packet_size=3"};
        QTest::newRow("valiant mesh 0.1") << QStringList{"routing_function=valiant", "injection_rate=0.1"};
        QTest::newRow("valiant torus 0.1")
            << QStringList{"topology=torus", "routing_function=valiant", "injection_rate=0.1"};
        QTest::newRow("romm mesh look-ahead 0.2")
            << QStringList{"routing_function=romm", "injection_rate=0.2", "routing_delay=0", "packet_size=2"};
        QTest::newRow("min_adapt speculative 0.15")
            << QStringList{"routing_function=min_adapt", "injection_rate=0.15", "speculative=1"};
    }

    void stepsKeepTheVcClassesAndTheInvariants() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys{"sample_period=300", "max_samples=6"};
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        NocEngine engine(noctest::config(keys));
        const NocConfig& c = engine.config();
        const int eject = 2 * c.n;
        int allocations = 0;
        for (int i = 0; i < 3000 && !engine.done(); ++i) {
            for (const NocEvent& e : engine.step()) {
                if (e.kind != NocEventKind::VcAllocated) continue;
                ++allocations;
                const Packet* found = engine.findPacket(e.packet);
                QVERIFY(found);
                const Packet& p = *found;
                if (e.router == p.dest && e.outPort == eject) continue;  // ejection: any VC
                const bool mesh = c.topology == Topology::Mesh;
                if (c.routing_function == RoutingFunction::MinAdapt && mesh) {
                    QCOMPARE(int(e.outPort), dorNextMesh(c, e.router, p.dest));
                    if (e.port != eject && e.vc == 0) QCOMPARE(int(e.outVc), 0);  // the escape is absorbing
                } else if (c.routing_function == RoutingFunction::MinAdapt) {
                    QVERIFY(e.outVc <= 1 || e.outVc == 3);  // escape 0-1, adaptive VC 3 only
                } else if (e.router != p.dest) {            // two phases: VC halves (quarters on the torus)
                    const int quarter = mesh ? c.num_vcs / 2 : c.num_vcs / 4;
                    const int within = mesh ? e.outVc : e.outVc % (c.num_vcs / 2);
                    QCOMPARE(within >= quarter ? 1 : 0, int(p.phase));
                }
            }
            const std::vector<std::string> broken = engine.checkInvariants();
            if (!broken.empty())
                QFAIL(qPrintable(QString("cycle %1: %2").arg(engine.time()).arg(broken.front().c_str())));
        }
        QVERIFY(allocations > 1000);
        QVERIFY(engine.report().outcome != NocOutcome::Deadlocked);
    }

    void minAdaptRunsDrainWithoutDeadlock() {
        // moderate load to the end of the drain: no deadlock, every flit out
        NocEngine engine(noctest::config({"routing_function=min_adapt", "injection_rate=0.15", "sample_period=300"}));
        while (!engine.done()) engine.step();
        QCOMPARE(engine.report().outcome, NocOutcome::Completed);
        QCOMPARE(engine.flitsInNetwork(), std::int64_t(0));
        QCOMPARE(engine.flitsInjected(), engine.flitsEjected());
    }
};

QTEST_APPLESS_MAIN(TstNocRouting)
#include "tst_noc_routing.moc"
