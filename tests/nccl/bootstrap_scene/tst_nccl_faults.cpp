// Proves each fault behaves as NCCL's source does (src/bootstrap.cc,
// bootstrapRoot; src/misc/socket.cc, socketFinalizeAccept; src/os/linux.cc,
// ncclOsSocketStartConnect; src/init.cc, initTransportsRank): a missing rank hangs everyone with no timeout and the
// summary says who waits on whom; a wrong-magic connection is dropped and accepting goes on; a wrong nranks or a second
// check-in makes the root WARN and stop; an unreachable root gives the version's retry schedule and WARN; two ranks on
// one GPU fail init.

#include "nccl_test_support.h"

using namespace nccltest;

namespace {

NcclEngine run(const sim::ParamValues& values, std::vector<NcclEngine::Event>* events = nullptr) {
    NcclEngine engine(config(values));
    auto all = runAll(engine);
    if (events) *events = all;
    return engine;
}

bool hasLine(const NcclEngine& engine, const std::string& text) {
    for (const auto& line : logLines(engine))
        if (line.find(text) != std::string::npos) return true;
    return false;
}

int countLines(const NcclEngine& engine, const std::string& text) {
    int count = 0;
    for (const auto& line : logLines(engine)) count += line.find(text) != std::string::npos;
    return count;
}

sim::Json blockedEntry(const sim::Json& summary, const sim::Json& who) {
    for (const auto& entry : summary["blocked"])
        if (entry["who"] == who) return entry;
    return nullptr;
}

}  // namespace

class NcclFaultsTest : public QObject {
    Q_OBJECT

private slots:
    void missingRankClassicHangsEveryone() {
        // Classic: the root waits for all 4; rank 2 never comes, so no reply is ever sent.
        std::vector<NcclEngine::Event> events;
        const NcclEngine engine = run({{"nranks", 4}, {"missing_rank", 2}}, &events);
        QCOMPARE(q(bootstrapMessages(events)), q(split("E0 E1 E3")));
        QVERIFY(std::holds_alternative<Stopped>(events.back()));
        QVERIFY(std::get<Stopped>(events.back()).hang);
        const auto s = engine.summary();
        QCOMPARE(s["complete"], false);
        QCOMPARE(blockedEntry(s, "root")["waits_on"], sim::Json::array({2}));
        for (int r : {0, 1, 3}) QCOMPARE(blockedEntry(s, r)["waits_on"], sim::Json("root"));
        QVERIFY(blockedEntry(s, 2).is_null());
        QCOMPARE(s["missing"], sim::Json::array({2}));
        QCOMPARE(s["blocked_count"].get<int>(), 4);
    }

    void aRankHasNoAddressBeforeNcclCommInitRank() {
        // bootstrapInit opens a rank's listen sockets when it calls ncclCommInitRank, so
        // before that even its own slot is empty. Classic, 3 ranks, one message a step:
        // 1 ncclGetUniqueId, 2 MPI_Bcast, then rank 0, 1, 2 call ncclCommInitRank and
        // check in (steps 3, 4, 5). A missing rank never gets there.
        NcclEngine engine(config({{"nranks", 3}}));
        auto startedRanks = [&] {
            std::string out;
            for (int r = 0; r < 3; ++r) out += engine.started(r) ? '1' : '0';
            return out;
        };
        const std::vector<std::string> expected = {"000", "000", "100", "110", "111"};
        for (const auto& want : expected) {
            engine.step();
            QCOMPARE(startedRanks(), want);
        }
        QCOMPARE(engine.inspect("rank:2")["started"], true);

        const NcclEngine hung = run({{"nranks", 4}, {"missing_rank", 2}});
        const auto s = hung.summary();
        QCOMPARE(s["tables"][2]["known"].get<int>(), 0);
        QCOMPARE(s["tables"][2]["addresses"], sim::Json::array({nullptr, nullptr, nullptr, nullptr}));
        QCOMPARE(s["tables"][1]["known"].get<int>(), 1);  // checked in, waits for the root's reply
        QCOMPARE(s["tables"][1]["addresses"][1], sim::Json(hung.world().listenAddress(1)));
        QCOMPARE(hung.inspect("rank:2")["started"], false);
    }

    void missingRank230AnswersWhoItCan() {
        // 2.30: 1 gives 0 its next (N0:1); 3 arrives: 2 is absent so 3 keeps its info, and 3's
        // next (0) is known: N3:0. Ranks 0 and 3 connect their rings; 1 waits for the root;
        // 3 waits for 2 to connect; 0 waits in round 0 for the slice from 3, which never starts.
        std::vector<NcclEngine::Event> events;
        const NcclEngine engine = run({{"nranks", 4}, {"version", "2.30"}, {"missing_rank", 2}}, &events);
        QCOMPARE(q(bootstrapMessages(events)), q(split("E0 E1 N0:1 E3 N3:0 C0>1 C3>0")));
        const auto s = engine.summary();
        QCOMPARE(blockedEntry(s, 1)["waits_on"], sim::Json("root"));
        QCOMPARE(blockedEntry(s, 3)["waits_on"], sim::Json(2));
        QVERIFY(blockedEntry(s, 3)["where"].get<std::string>().find("socketRingConnect") != std::string::npos);
        QCOMPARE(blockedEntry(s, 0)["waits_on"], sim::Json(3));
        QVERIFY(blockedEntry(s, 0)["where"].get<std::string>().find("round 0") != std::string::npos);
    }

    void missingRankDeepInTheRingBlocksLaterRounds() {
        // 2.30, 12 ranks, rank 6 missing: 5 waits for the root, 7 for 6's connect. Ranks
        // 8 … 4 enter the allgather; rank r waits at round d - 1, d = hops to the nearest
        // rank that never entered it (5 or 7): rank 0 is 5 hops from 7 and from 5 …
        const NcclEngine engine = run({{"nranks", 12}, {"version", "2.30"}, {"missing_rank", 6}});
        const auto s = engine.summary();
        // rank 8: prev 7 never enters -> round 0, from prev. rank 4: next 5 never enters -> round 0, from next.
        QCOMPARE(blockedEntry(s, 8)["waits_on"], sim::Json(7));
        QCOMPARE(blockedEntry(s, 4)["waits_on"], sim::Json(5));
        QVERIFY(blockedEntry(s, 4)["where"].get<std::string>().find("round 0, waiting for the slice from next") !=
                std::string::npos);
        // rank 10: 3 hops back to 7, 7 hops forward to 5 -> round 2, from prev.
        QVERIFY(blockedEntry(s, 10)["where"].get<std::string>().find("round 2, waiting for the slice from prev") !=
                std::string::npos);
    }

    void missingRankWithSeveralRoots() {
        // 2.30, 4 ranks, 2 roots {0,1} {2,3}; rank 2 (first of block 1) is missing, so root1
        // never hears from it and root0 never gets its extra check-in.
        const NcclEngine engine = run({{"nranks", 4}, {"version", "2.30"}, {"nroots", 2}, {"missing_rank", 2}});
        const auto s = engine.summary();
        QCOMPARE(blockedEntry(s, "root1")["waits_on"], sim::Json::array({2}));
        QCOMPARE(blockedEntry(s, "root0")["waits_on"], sim::Json::array({2}));
        QCOMPARE(blockedEntry(s, 1)["waits_on"], sim::Json("root0"));
    }

    void wrongMagicIsDroppedAndAcceptingGoesOn() {
        for (const char* version : {"classic", "2.30"}) {
            std::vector<NcclEngine::Event> events;
            const NcclEngine engine = run({{"nranks", 3}, {"version", version}, {"bad_magic_rank", 1}}, &events);
            const auto seq = bootstrapMessages(events);
            QCOMPARE(seq[1], std::string("B1"));
            QCOMPARE(seq[2], std::string("E1"));
            QVERIFY(engine.complete());
            QCOMPARE(engine.messages(MessageKind::BadMagic), std::uint64_t(1));
            if (std::string(version) == "classic")
                QVERIFY(hasLine(engine, "NCCL WARN socketFinalizeAccept: wrong magic "));
            else
                QVERIFY(hasLine(engine,
                                "NCCL INFO socketFinalizeAccept from 10.0.0.1<40000>: socket magic mismatch "
                                "(peer 0x"));
        }
    }

    void nranksMismatchStopsTheRoot() {
        std::vector<NcclEngine::Event> events;
        const NcclEngine engine = run({{"nranks", 4}, {"nranks_mismatch_rank", 2}}, &events);
        // Rank 2's extInfo says 5: WARN with the root's count first, then the thread quits;
        // rank 3's check-in is never read.
        QCOMPARE(q(bootstrapMessages(events)), q(split("E0 E1 E2 E3")));
        QCOMPARE(std::get<ExtInfoSent>(events[4]).outcome, Outcome::RootWarn);
        QCOMPARE(std::get<ExtInfoSent>(events[5]).outcome, Outcome::Dropped);
        QVERIFY(hasLine(engine, "NCCL WARN Bootstrap Root : mismatch in rank count from procs 4 : 5"));
        const auto s = engine.summary();
        QCOMPARE(blockedEntry(s, "root")["where"], sim::Json("bootstrapRoot returned after its WARN"));
        for (int r = 0; r < 4; ++r) QCOMPARE(blockedEntry(s, r)["waits_on"], sim::Json("root"));
    }

    void nranksMismatchOnTheFirstRankSizesTheRoot() {
        // Rank 0 comes first with 4 (nranks + 1): the root takes 4, and rank 1's honest 3 is the mismatch.
        const NcclEngine engine = run({{"nranks", 3}, {"nranks_mismatch_rank", 0}});
        QVERIFY(hasLine(engine, "Bootstrap Root : mismatch in rank count from procs 4 : 3"));
        const NcclEngine v230 = run({{"nranks", 3}, {"version", "2.30"}, {"nranks_mismatch_rank", 2}});
        QVERIFY(hasLine(v230,
                        "NCCL WARN Bootstrap Root : mismatch in info from procs, nranks 3 vs 4, nroots 1 vs 1, "
                        "iroot 0 vs 0, offset 0 vs 0"));
    }

    void duplicateCheckInStopsTheRoot() {
        std::vector<NcclEngine::Event> events;
        const NcclEngine engine = run({{"nranks", 4}, {"duplicate_rank", 1}}, &events);
        QCOMPARE(q(bootstrapMessages(events)), q(split("E0 E1 D1 E2 E3")));
        QVERIFY(hasLine(engine, "NCCL WARN Bootstrap Root : rank 1 of 4 ranks has already checked in"));
        QVERIFY(!engine.complete());
        // 2.30: rank 0 already has its answer (N0:1) and connects; the rest hang.
        const NcclEngine v230 = run({{"nranks", 4}, {"version", "2.30"}, {"duplicate_rank", 1}}, &events);
        QCOMPARE(q(bootstrapMessages(events)), q(split("E0 E1 N0:1 D1 E2 E3 C0>1")));
        QVERIFY(hasLine(v230, "(bootstrapRoot) NCCL WARN Bootstrap Root : rank 1 of 4 ranks has already checked in"));
    }

    void duplicateOfTheLastRankIsRefused() {
        // The root has every check-in once rank 3 arrives; it answers and closes its socket,
        // so the duplicate's connection is refused and the communicator completes.
        std::vector<NcclEngine::Event> events;
        const NcclEngine engine = run({{"nranks", 4}, {"duplicate_rank", 3}}, &events);
        QCOMPARE(q(bootstrapMessages(events)), q(split("E0 E1 E2 E3 N0:1 N1:2 N2:3 N3:0 D3 C0>1 C1>2 C2>3 C3>0")));
        QCOMPARE(std::get<ExtInfoSent>(events[10]).outcome, Outcome::Refused);
        QVERIFY(engine.complete());
    }

    void unreachableRootRetriesThenWarns() {
        // 2.30: try k sleeps k × 100 ms, 34 retries, then the WARN after 35 attempts.
        const NcclEngine v230 = run({{"nranks", 2}, {"version", "2.30"}, {"root_unreachable", true}, {"log_rank", 1}});
        QCOMPARE(countLines(v230, "returned Connection refused, retrying ("), 34);
        QVERIFY(hasLine(v230, "retrying (1/34) after sleep for 100 msec"));
        QVERIFY(hasLine(v230, "retrying (34/34) after sleep for 3400 msec"));
        QVERIFY(hasLine(v230, "(ncclOsSocketPollConnect) NCCL WARN ncclOsSocketPollConnect: connect to " +
                                  v230.world().listenAddress(0).substr(0, 8)));
        QVERIFY(hasLine(v230, "returned Connection refused, exceeded error retry count after 35 attempts"));
        const auto s = v230.summary();
        QCOMPARE(s["failed"], sim::Json::array({0, 1}));
        QCOMPARE(s["complete"], false);
        // Classic (≤ 2.23): every 1 ms up to 20000 times, an INFO every 1000 tries.
        const NcclEngine classic = run({{"nranks", 2}, {"root_unreachable", true}, {"log_rank", 0}});
        QCOMPARE(countLines(classic, "Call to connect returned Connection refused, retrying"), 19);
        QVERIFY(hasLine(classic, "NCCL WARN socketStartConnect: exceeded retries (20000)"));
    }

    void noInterfaceFailsAtTheUniqueId() {
        std::vector<NcclEngine::Event> events;
        const NcclEngine engine = run({{"nranks", 2}, {"socket_ifname", "=eth"}}, &events);
        QCOMPARE(int(events.size()), 2);  // unique_id, then init_failed
        QVERIFY(!std::get<UniqueIdCreated>(events[0]).interfaceFound);
        QVERIFY(hasLine(engine, "NCCL WARN Bootstrap : no socket interface found"));
        const NcclEngine env = run({{"nranks", 2}, {"comm_id", "192.168.9.9:29500"}});
        QVERIFY(hasLine(env, "NCCL WARN NET/Socket : No usable listening interface found"));
    }

    void unmatchedSocketIfnameLeavesNoIdAndNoRoot() {
        // NCCL src/bootstrap.cc, bootstrapNetInit, and src/misc/socket.cc, ncclFindInterfaces:
        // NCCL_SOCKET_IFNAME=foo matches none of ib0, eth0, docker0, lo, so
        // bootstrapNetInit WARNs and ncclGetUniqueId returns ncclInvalidUsage before
        // bootstrapGetUniqueId: nothing is filled, no root thread starts, nobody checks in.
        std::vector<NcclEngine::Event> events;
        const NcclEngine e = run({{"nranks", 4}, {"socket_ifname", "foo"}, {"log", "info"}}, &events);
        QCOMPARE(int(events.size()), 2);
        const auto uid = NcclEngine::describe(events[0]);
        QCOMPARE(uid.fields["root_thread"], sim::Json("not started"));
        QCOMPARE(uid.fields["result"], sim::Json("ncclInvalidUsage"));
        const auto end = NcclEngine::describe(events[1]);
        QCOMPARE(end.kind, std::string("init_failed"));
        QCOMPARE(end.anchor, std::string("ncclGetUniqueId"));
        QCOMPARE(end.fields["blocked_ranks"].get<int>(), 0);
        QCOMPARE(e.root(0).status, RootStatus::NotStarted);
        for (std::uint8_t byte : e.world().id(0).bytes) QCOMPARE(int(byte), 0);
        const auto s = e.summary();
        QCOMPARE(s["complete"], false);
        QCOMPARE(s["reason"],
                 sim::Json("ncclGetUniqueId failed (ncclInvalidUsage): Bootstrap : no socket interface found"));
        QCOMPARE(s["blocked"], sim::Json::array());
        QCOMPARE(s["messages"]["total"].get<int>(), 0);
        QCOMPARE(s["unique_id"]["filled"], false);
        QCOMPARE(s["unique_id"]["result"], sim::Json("ncclInvalidUsage"));
        QCOMPARE(s["roots"][0]["status"], sim::Json("not_started"));
        QVERIFY(s["roots"][0]["address"].is_null());
        QCOMPARE(s["tables"], sim::Json::array());
        // The log, in order: the ENV line, then the WARN with its leading empty line, nothing else.
        const auto log = s["log"];
        QCOMPARE(int(log.size()), 3);
        const std::string first = log[0].get<std::string>(), warn = log[2].get<std::string>();
        QVERIFY2(first.ends_with("] NCCL INFO NCCL_SOCKET_IFNAME set by environment to foo"), first.c_str());
        QCOMPARE(log[1], sim::Json(""));
        QVERIFY2(warn.find("[0] bootstrap.cc:") != std::string::npos &&
                     warn.ends_with(" NCCL WARN Bootstrap : no socket interface found"),
                 warn.c_str());
        // A matching one is fine: =eth0 names eth0 exactly.
        const NcclEngine ok = run({{"nranks", 2}, {"socket_ifname", "=eth0"}});
        QVERIFY(ok.complete());
        QCOMPARE(ok.root(0).status, RootStatus::Finished);
    }

    void commIdRootStartsWithRank0AndNotBefore() {
        // NCCL src/bootstrap.cc, bootstrapGetUniqueId: with NCCL_COMM_ID it starts no root; rank 0's
        // ncclCommInitRankDev calls bootstrapCreateRoot. Until that step nothing listens.
        NcclEngine e(config({{"nranks", 3}, {"comm_id", "10.0.0.1:29500"}}));
        e.step();  // the id (NCCL_MAGIC, the given address)
        QCOMPARE(e.root(0).status, RootStatus::NotStarted);
        e.step();  // distribution: every process has the same variable
        QCOMPARE(e.root(0).status, RootStatus::NotStarted);
        e.step();  // rank 0 enters ncclCommInitRank, creates the root, then checks in
        QCOMPARE(e.root(0).status, RootStatus::Accepting);
        QVERIFY(e.checkedIn(0));
        // If rank 0 never comes, the root never exists: every connect is refused, then the WARN.
        std::vector<NcclEngine::Event> events;
        const NcclEngine lost = run({{"nranks", 3}, {"comm_id", "10.0.0.1:29500"}, {"missing_rank", 0}}, &events);
        QCOMPARE(lost.root(0).status, RootStatus::NotStarted);
        QVERIFY(lost.failed(1) && lost.failed(2));
        QCOMPARE(lost.messages(MessageKind::ExtInfo), std::uint64_t(0));
    }

    void twoRanksOnOneGpuFailInit() {
        // 1 node of 2 GPUs, 4 ranks: ranks 0 and 2 share GPU 0 (bus 18000), 1 and 3 GPU 1.
        const NcclEngine classic = run({{"nranks", 4}, {"nodes", 1}, {"gpus_per_node", 2}});
        QVERIFY(hasLine(classic, "NCCL WARN Duplicate GPU detected : rank 0 and rank 2 both on CUDA device 18000"));
        QVERIFY(hasLine(classic, "NCCL WARN Duplicate GPU detected : rank 3 and rank 1 both on CUDA device 2a000"));
        QVERIFY(!classic.complete());
        const NcclEngine v230 = run({{"nranks", 4}, {"nodes", 1}, {"gpus_per_node", 2}, {"version", "2.30"}});
        QVERIFY(hasLine(v230,
                        "NCCL WARN Multiple Ranks are using the same GPU/Partition. Set "
                        "NCCL_MULTI_RANK_GPU_ENABLE=1 to enable this configuration."));
    }
};

QTEST_APPLESS_MAIN(NcclFaultsTest)
#include "tst_nccl_faults.moc"
