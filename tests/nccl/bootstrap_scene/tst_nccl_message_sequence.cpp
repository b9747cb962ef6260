// Proves who sends what to whom, in which round, for 1 to 5 ranks in both
// bootstrap versions and with several roots, against sequences worked out by hand
// from NCCL src/bootstrap.cc (bootstrapRoot, bootstrapInit, socketRingAllGather;
// v2.22.3 bootstrapRingAllGather); that every rank ends with all n addresses;
// the round counts (n - 1 per gather vs n / 2); and, every step, that no rank
// receives a slice twice and a slice only comes from the neighbour holding it.

#include "nccl_test_support.h"

using namespace nccltest;

namespace {

// Allgather messages of one gather as "src>dst:slice", round after round.
std::vector<std::string> gatherMessages(const std::vector<NcclEngine::Event>& events, Payload payload) {
    std::vector<std::string> out;
    for (const auto& e : events)
        if (const auto* a = std::get_if<AllGatherSent>(&e); a && a->payload == payload) out.push_back(shortForm(e));
    return out;
}

std::vector<int> gatherRounds(const std::vector<NcclEngine::Event>& events, Payload payload) {
    std::vector<int> out;
    for (const auto& e : events)
        if (const auto* a = std::get_if<AllGatherSent>(&e); a && a->payload == payload) out.push_back(a->round);
    return out;
}

// Checks the two allgather invariants at every step, and that the engine's own
// knowledge (known()) matches what the messages delivered.
void runCheckingInvariants(NcclEngine& engine) {
    const int n = engine.config().nranks;
    std::vector<std::set<int>> have{std::size_t(n)};
    Payload current = Payload::PeerAddresses;
    for (int r = 0; r < n; ++r) have[std::size_t(r)].insert(r);
    for (int guard = 0; !engine.done() && guard < 1'000'000; ++guard) {
        for (const auto& event : engine.step()) {
            const auto* a = std::get_if<AllGatherSent>(&event);
            if (!a) continue;
            if (a->payload != current) {  // the proxy and UDS gathers start again from each rank's own slice
                current = a->payload;
                for (int r = 0; r < n; ++r) have[std::size_t(r)] = {r};
            }
            const int expectedDst = a->direction == Direction::Next ? (a->src + 1) % n : (a->src - 1 + n) % n;
            QCOMPARE(a->dst, expectedDst);
            QVERIFY2(have[std::size_t(a->src)].count(a->slice), "a slice left a rank that did not hold it");
            QVERIFY2(!have[std::size_t(a->dst)].count(a->slice), "a rank received a slice twice");
            have[std::size_t(a->dst)].insert(a->slice);
        }
        // known() follows the peer-address gather (the table the view fills).
        if (current == Payload::PeerAddresses || current == Payload::RingInfo)
            for (int r = 0; r < n; ++r) QCOMPARE(engine.known(r).count(), int(have[std::size_t(r)].size()));
    }
    QVERIFY(engine.done());
    for (int r = 0; r < n; ++r) QCOMPARE(int(have[std::size_t(r)].size()), n);
}

}  // namespace

class NcclMessageSequenceTest : public QObject {
    Q_OBJECT

private slots:
    void checkInRepliesAndRingConnect_data() {
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("expected");
        // Classic: the root waits for all n, then answers r = 0 … n-1 with (r+1) mod n.
        QTest::newRow("classic 1") << "classic" << 1 << "E0 N0:0 C0>0";
        QTest::newRow("classic 2") << "classic" << 2 << "E0 E1 N0:1 N1:0 C0>1 C1>0";
        QTest::newRow("classic 3") << "classic" << 3 << "E0 E1 E2 N0:1 N1:2 N2:0 C0>1 C1>2 C2>0";
        QTest::newRow("classic 4") << "classic" << 4 << "E0 E1 E2 E3 N0:1 N1:2 N2:3 N3:0 C0>1 C1>2 C2>3 C3>0";
        QTest::newRow("classic 5") << "classic" << 5
                                   << "E0 E1 E2 E3 E4 N0:1 N1:2 N2:3 N3:4 N4:0 C0>1 C1>2 C2>3 C3>4 C4>0";
        // 2.30: the root answers as soon as both neighbours are known. In order, rank L's
        // arrival gives L-1 its next address; the last arrival also gets rank 0's.
        QTest::newRow("2.30 1") << "2.30" << 1 << "E0 N0:0 C0>0";
        QTest::newRow("2.30 2") << "2.30" << 2 << "E0 E1 N0:1 N1:0 C0>1 C1>0";
        QTest::newRow("2.30 3") << "2.30" << 3 << "E0 E1 N0:1 E2 N1:2 N2:0 C0>1 C1>2 C2>0";
        QTest::newRow("2.30 4") << "2.30" << 4 << "E0 E1 N0:1 E2 N1:2 E3 N2:3 N3:0 C0>1 C1>2 C2>3 C3>0";
        QTest::newRow("2.30 5") << "2.30" << 5 << "E0 E1 N0:1 E2 N1:2 E3 N2:3 E4 N3:4 N4:0 C0>1 C1>2 C2>3 C3>4 C4>0";
    }
    void checkInRepliesAndRingConnect() {
        QFETCH(QString, version);
        QFETCH(int, n);
        QFETCH(QString, expected);
        NcclEngine engine(config({{"nranks", n}, {"version", version.toStdString()}}));
        const auto events = runAll(engine);
        QCOMPARE(q(bootstrapMessages(events)), q(split(expected.toStdString())));
        QVERIFY(engine.complete());
    }

    void classicAllGatherRounds_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("expected");
        // Round i: rank r sends slice (r - i) mod n to r + 1; ranks in order within a round.
        QTest::newRow("1") << 1 << "";
        QTest::newRow("2") << 2 << "0>1:0 1>0:1";
        QTest::newRow("3") << 3 << "0>1:0 1>2:1 2>0:2  0>1:2 1>2:0 2>0:1";
        QTest::newRow("4") << 4 << "0>1:0 1>2:1 2>3:2 3>0:3  0>1:3 1>2:0 2>3:1 3>0:2  0>1:2 1>2:3 2>3:0 3>0:1";
        QTest::newRow("5") << 5
                           << "0>1:0 1>2:1 2>3:2 3>4:3 4>0:4  0>1:4 1>2:0 2>3:1 3>4:2 4>0:3  "
                              "0>1:3 1>2:4 2>3:0 3>4:1 4>0:2  0>1:2 1>2:3 2>3:4 3>4:0 4>0:1";
    }
    void classicAllGatherRounds() {
        QFETCH(int, n);
        QFETCH(QString, expected);
        NcclEngine engine(config({{"nranks", n}}));
        const auto events = runAll(engine);
        // Peer addresses first, then proxy addresses, then (2.20+) the proxy UDS ids,
        // the same way (n - 1 rounds each: NCCL v2.22.3 src/bootstrap.cc, bootstrapInit).
        QCOMPARE(q(gatherMessages(events, Payload::PeerAddresses)), q(split(expected.toStdString())));
        QCOMPARE(q(gatherMessages(events, Payload::ProxyAddresses)), q(split(expected.toStdString())));
        QCOMPARE(q(gatherMessages(events, Payload::ProxyUdsAddresses)), q(split(expected.toStdString())));
        for (Payload p : {Payload::PeerAddresses, Payload::ProxyAddresses, Payload::ProxyUdsAddresses}) {
            const auto rounds = gatherRounds(events, p);
            QCOMPARE(int(rounds.size()), n * (n - 1));
            for (std::size_t i = 0; i < rounds.size(); ++i) QCOMPARE(rounds[i], int(i) / n);
        }
        // In that order: every peer message before every proxy one, every proxy one before every UDS one.
        std::string order;
        for (const auto& e : events)
            if (const auto* a = std::get_if<AllGatherSent>(&e))
                if (order.empty() || order.back() != "PXU"[int(a->payload == Payload::ProxyAddresses) +
                                                           2 * int(a->payload == Payload::ProxyUdsAddresses)])
                    order += "PXU"[int(a->payload == Payload::ProxyAddresses) +
                                   2 * int(a->payload == Payload::ProxyUdsAddresses)];
        QCOMPARE(QString::fromStdString(order), n > 1 ? QStringLiteral("PXU") : QString());
        QCOMPARE(engine.messages(MessageKind::AllGather), std::uint64_t(3 * n * (n - 1)));
        QCOMPARE(engine.summary()["allgather"]["gathers"].get<int>(), 3);
        QCOMPARE(engine.summary()["messages"]["allgather"].get<int>(), 3 * n * (n - 1));
        QVERIFY(gatherMessages(events, Payload::RingInfo).empty());
    }

    void bidirectionalAllGatherRounds_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("rounds");
        // Step s: r sends (r - s) to next, then (r + s) to prev; n even: the last step next only.
        QTest::newRow("1") << 1 << ""
                           << "";
        QTest::newRow("2") << 2 << "0>1:0 1>0:1"
                           << "0 0";
        QTest::newRow("3") << 3 << "0>1:0 0>2:0 1>2:1 1>0:1 2>0:2 2>1:2"
                           << "0 0 0 0 0 0";
        QTest::newRow("4") << 4 << "0>1:0 0>3:0 1>2:1 1>0:1 2>3:2 2>1:2 3>0:3 3>2:3  0>1:3 1>2:0 2>3:1 3>0:2"
                           << "0 0 0 0 0 0 0 0 1 1 1 1";
        QTest::newRow("5") << 5
                           << "0>1:0 0>4:0 1>2:1 1>0:1 2>3:2 2>1:2 3>4:3 3>2:3 4>0:4 4>3:4  "
                              "0>1:4 0>4:1 1>2:0 1>0:2 2>3:1 2>1:3 3>4:2 3>2:4 4>0:3 4>3:0"
                           << "0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1";
    }
    void bidirectionalAllGatherRounds() {
        QFETCH(int, n);
        QFETCH(QString, expected);
        QFETCH(QString, rounds);
        NcclEngine engine(config({{"nranks", n}, {"version", "2.30"}}));
        const auto events = runAll(engine);
        QCOMPARE(q(gatherMessages(events, Payload::RingInfo)), q(split(expected.toStdString())));
        std::vector<std::string> seen;
        for (int r : gatherRounds(events, Payload::RingInfo)) seen.push_back(std::to_string(r));
        QCOMPARE(q(seen), q(split(rounds.toStdString())));
        QVERIFY(gatherMessages(events, Payload::PeerAddresses).empty());
    }

    void severalRootsCheckIn_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("nroots");
        QTest::addColumn<QString>("expected");
        // Blocks: the first n % nroots roots take one more rank. The first rank of each
        // block also reports to the previous root (rank 0 to the last root).
        // 4 ranks, 2 roots: {0,1} {2,3}.
        QTest::newRow("4/2") << 4 << 2 << "E0@0 X0@1 E1@0 N0:1@0 E2@1 X2@0 N1:2@0 E3@1 N2:3@1 N3:0@1";
        // 7 ranks, 3 roots: {0,1,2} {3,4} {5,6}; root2 holds rank 0's address from X0@2.
        QTest::newRow("7/3") << 7 << 3
                             << "E0@0 X0@2 E1@0 N0:1@0 E2@0 N1:2@0 E3@1 X3@0 N2:3@0 E4@1 N3:4@1 E5@2 X5@1 N4:5@1 "
                                "E6@2 N5:6@2 N6:0@2";
        // One rank per root: every answer depends on the extra check-in.
        QTest::newRow("2/2") << 2 << 2 << "E0@0 X0@1 E1@1 N1:0@1 X1@0 N0:1@0";
    }
    void severalRootsCheckIn() {
        QFETCH(int, n);
        QFETCH(int, nroots);
        QFETCH(QString, expected);
        NcclEngine engine(config({{"nranks", n}, {"version", "2.30"}, {"nroots", nroots}}));
        const auto events = runAll(engine);
        std::vector<std::string> checkIns;
        for (const auto& s : bootstrapMessages(events))
            if (s[0] != 'C') checkIns.push_back(s);
        QCOMPARE(q(checkIns), q(split(expected.toStdString())));
        QVERIFY(engine.complete());
        QCOMPARE(engine.messages(MessageKind::ExtInfo), std::uint64_t(n + nroots));
        QCOMPARE(engine.messages(MessageKind::NextAddr), std::uint64_t(n));
    }

    void invariantsHoldEveryStep_data() {
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("n");
        for (const char* v : {"classic", "2.30"})
            for (int n : {1, 2, 3, 4, 5, 6, 7, 8, 13, 64})
                QTest::newRow((std::string(v) + " " + std::to_string(n)).c_str()) << QString(v) << n;
    }
    void invariantsHoldEveryStep() {
        QFETCH(QString, version);
        QFETCH(int, n);
        NcclEngine engine(config({{"nranks", n}, {"version", version.toStdString()}}));
        runCheckingInvariants(engine);
        QVERIFY(engine.complete());
        for (int r = 0; r < n; ++r) QCOMPARE(engine.known(r).count(), n);
    }

    void everyRankEndsWithAllAddresses() {
        NcclEngine engine(config({{"nranks", 6}, {"version", "2.30"}}));
        runAll(engine);
        const auto tables = engine.summary()["tables"];
        QCOMPARE(int(tables.size()), 6);
        for (const auto& table : tables) {
            QCOMPARE(table["known"].get<int>(), 6);
            for (int j = 0; j < 6; ++j) QCOMPARE(table["addresses"][j], sim::Json(engine.world().listenAddress(j)));
        }
    }

    void tablesFillSlotBySlot() {
        // Classic, 4 ranks: after round 0 of the first gather rank 2 holds slices 1 and 2.
        NcclEngine engine(config({{"nranks", 4}}));
        while (engine.phase() != Phase::AllGather) engine.step();
        for (int i = 0; i < 4; ++i) engine.step();  // the four messages of round 0
        const auto table = engine.summary()["tables"][2]["addresses"];
        QVERIFY(table[0].is_null());
        QVERIFY(!table[1].is_null());
        QVERIFY(!table[2].is_null());
        QVERIFY(table[3].is_null());
    }

    void staggeredCheckIns() {
        // 2.30: above NCCL_UID_STAGGER_THRESHOLD ranks per root, local id L sleeps
        // L / (7000 / 1e6) µs, truncated to whole µs: 0, 142, 285, 428.
        NcclEngine v230(config({{"nranks", 4}, {"version", "2.30"}, {"stagger_threshold", 2}}));
        std::vector<int> delays;
        for (const auto& e : runAll(v230))
            if (const auto* x = std::get_if<ExtInfoSent>(&e)) delays.push_back(x->staggerUs);
        QCOMPARE(delays, (std::vector<int>{0, 142, 285, 428}));
        NcclEngine below(config({{"nranks", 4}, {"version", "2.30"}}));  // 4 ≤ 256: no stagger
        for (const auto& e : runAll(below))
            if (const auto* x = std::get_if<ExtInfoSent>(&e)) QCOMPARE(x->staggerUs, 0);
        // Classic: above 128 ranks, rank r sleeps r ms.
        NcclEngine classic(config({{"nranks", 130}, {"detail", "messages"}}));
        for (const auto& e : runAll(classic))
            if (const auto* x = std::get_if<ExtInfoSent>(&e)) QCOMPARE(x->staggerUs, x->src * 1000);
    }

    void roundCounts_data() {
        QTest::addColumn<int>("n");
        for (int n : {1, 2, 3, 4, 5, 8, 9, 16, 17, 100, 1000, 1025}) QTest::newRow(std::to_string(n).c_str()) << n;
    }
    void roundCounts() {
        // detail=rounds: one step per round. Classic: n - 1 rounds of n messages, three times (peer, proxy, UDS).
        // 2.30: n / 2 rounds of 2n messages, the last of n when n is even.
        QFETCH(int, n);
        for (const char* version : {"classic", "2.30"}) {
            NcclEngine engine(config({{"nranks", n}, {"version", version}, {"detail", "rounds"}}));
            int rounds = 0;
            std::uint64_t messages = 0;
            for (const auto& e : runAll(engine))
                if (const auto* b = std::get_if<MessageBatch>(&e); b && b->kind == MessageKind::AllGather) {
                    ++rounds;
                    messages += std::uint64_t(b->count);
                }
            const bool classic = std::string(version) == "classic";
            QCOMPARE(rounds, classic ? 3 * (n - 1) : n / 2);
            QCOMPARE(messages, classic ? 3ull * std::uint64_t(n) * std::uint64_t(n - 1)
                                       : std::uint64_t(n) * std::uint64_t(n - 1));
            QCOMPARE(engine.messages(MessageKind::AllGather), messages);
            QVERIFY(engine.complete());
        }
    }
};

QTEST_APPLESS_MAIN(NcclMessageSequenceTest)
#include "tst_nccl_message_sequence.moc"
