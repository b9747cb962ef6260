// Proves NCCL's tree allreduce: the two trees are ncclGetDtree's (worked by
// hand from src/graph/trees.cc for p = 2..8), chunks go up then down in the
// pipelined order of runTreeSplit, each tree carries half the buffer on its
// channels, every rank count gives the right sums, and algorithm=auto follows
// NCCL's tuning model on both sides of its crossover.

#include <set>

#include "collectives_test_support.h"
#include "nccl/device/nccl_tree.h"

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<std::vector<int>>)

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

Config treeConfig(int ranks, std::int64_t bytes, int nchannels = 2) {
    Config config = configFor(Collective::Allreduce, "tree", ranks, bytes);
    config.library = Library::Nccl;
    config.nchannels = nchannels;
    return config;
}

std::vector<std::tuple<int, int, int, bool>> roundMessages(CollectivesEngine& engine) {
    std::vector<std::tuple<int, int, int, bool>> messages;
    for (const auto& event : engine.step()) {
        const Message& message = std::get<SendEvent>(event).message;
        messages.emplace_back(message.src, message.dst, message.blocks.front().first, message.reduce);
    }
    return messages;
}

int treeHeight(int p) { return ceilLog(p, 2); }

}  // namespace

class NcclTreeTest : public QObject {
    Q_OBJECT

private slots:
    void treesAreNcclGetDtree_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("which");
        QTest::addColumn<std::vector<int>>("parents");
        QTest::addColumn<std::vector<std::vector<int>>>("children");
        using Kids = std::vector<std::vector<int>>;
        // Tree 0: the btree (0's only child is the largest power of two below p, odd ranks are leaves).
        // Tree 1: mirrored (r -> p-1-r) for even p, shifted by one (r -> r+1) for odd p.
        QTest::newRow("p2 t0") << 2 << 0 << std::vector<int>{-1, 0} << Kids{{1}, {}};
        QTest::newRow("p2 t1") << 2 << 1 << std::vector<int>{1, -1} << Kids{{}, {0}};
        QTest::newRow("p3 t0") << 3 << 0 << std::vector<int>{-1, 2, 0} << Kids{{2}, {}, {1}};
        QTest::newRow("p3 t1") << 3 << 1 << std::vector<int>{1, -1, 0} << Kids{{2}, {0}, {}};
        QTest::newRow("p4 t0") << 4 << 0 << std::vector<int>{-1, 2, 0, 2} << Kids{{2}, {}, {1, 3}, {}};
        QTest::newRow("p4 t1") << 4 << 1 << std::vector<int>{1, 3, 1, -1} << Kids{{}, {2, 0}, {}, {1}};
        QTest::newRow("p5 t0") << 5 << 0 << std::vector<int>{-1, 2, 4, 2, 0} << Kids{{4}, {}, {1, 3}, {}, {2}};
        QTest::newRow("p5 t1") << 5 << 1 << std::vector<int>{1, -1, 3, 0, 3} << Kids{{3}, {0}, {}, {2, 4}, {}};
        QTest::newRow("p6 t0") << 6 << 0 << std::vector<int>{-1, 2, 4, 2, 0, 4}
                               << Kids{{4}, {}, {1, 3}, {}, {2, 5}, {}};
        QTest::newRow("p6 t1") << 6 << 1 << std::vector<int>{1, 5, 3, 1, 3, -1}
                               << Kids{{}, {3, 0}, {}, {4, 2}, {}, {1}};
        QTest::newRow("p7 t0") << 7 << 0 << std::vector<int>{-1, 2, 4, 2, 0, 6, 4}
                               << Kids{{4}, {}, {1, 3}, {}, {2, 6}, {}, {5}};
        QTest::newRow("p7 t1") << 7 << 1 << std::vector<int>{5, -1, 3, 5, 3, 1, 0}
                               << Kids{{6}, {5}, {}, {2, 4}, {}, {3, 0}, {}};
        QTest::newRow("p8 t0") << 8 << 0 << std::vector<int>{-1, 2, 4, 2, 0, 6, 4, 6}
                               << Kids{{4}, {}, {1, 3}, {}, {2, 6}, {}, {5, 7}, {}};
        QTest::newRow("p8 t1") << 8 << 1 << std::vector<int>{1, 3, 1, 7, 5, 3, 5, -1}
                               << Kids{{}, {2, 0}, {}, {5, 1}, {}, {6, 4}, {}, {3}};
    }

    void treesAreNcclGetDtree() {
        QFETCH(int, ranks);
        QFETCH(int, which);
        QFETCH(std::vector<int>, parents);
        QFETCH(std::vector<std::vector<int>>, children);
        const NcclTree tree = ncclDtree(ranks, which);
        QCOMPARE(tree.parent, parents);
        QCOMPARE(tree.children, children);
        QCOMPARE(tree.treeHeight(), treeHeight(ranks));
    }

    void noRankIsInteriorInBothTrees() {
        for (int p = 2; p <= 64; ++p) {
            const NcclTree first = ncclDtree(p, 0), second = ncclDtree(p, 1);
            for (int rank = 0; rank < p; ++rank)
                QVERIFY(first.children[std::size_t(rank)].empty() || second.children[std::size_t(rank)].empty() ||
                        rank == first.root || rank == second.root);
        }
    }

    void chunksGoUpThenDown() {
        // p = 4, two channels of 1 MiB, two 512 KiB chunks each: channel 0 (blocks 0, 1) on tree 0
        // 0 -> 2 -> {1, 3}; channel 1 (blocks 2, 3) on tree 1 3 -> 1 -> {2, 0}. H = 2: 2 + 4 - 1 rounds.
        auto engine = CollectivesEngine::create(treeConfig(4, 2 << 20)).value();
        using M = std::vector<std::tuple<int, int, int, bool>>;
        QCOMPARE(engine.schedule().rounds, 5);
        // Round 0: the leaves send chunk 0 up.
        QCOMPARE(roundMessages(engine), (M{{1, 2, 0, true}, {3, 2, 0, true}, {0, 1, 2, true}, {2, 1, 2, true}}));
        // Round 1: leaves send chunk 1, the height-1 ranks their sum of chunk 0.
        QCOMPARE(
            roundMessages(engine),
            (M{{1, 2, 1, true}, {2, 0, 0, true}, {3, 2, 1, true}, {0, 1, 3, true}, {1, 3, 2, true}, {2, 1, 3, true}}));
        // Round 2: the roots hold chunk 0 and send it down while chunk 1 still goes up.
        QCOMPARE(roundMessages(engine), (M{{0, 2, 0, false}, {3, 1, 2, false}, {2, 0, 1, true}, {1, 3, 3, true}}));
        QCOMPARE(roundMessages(engine), (M{{0, 2, 1, false},
                                           {2, 1, 0, false},
                                           {2, 3, 0, false},
                                           {1, 2, 2, false},
                                           {1, 0, 2, false},
                                           {3, 1, 3, false}}));
        QCOMPARE(roundMessages(engine), (M{{2, 1, 1, false}, {2, 3, 1, false}, {1, 2, 3, false}, {1, 0, 3, false}}));
        QVERIFY(engine.done());
        QVERIFY(engine.summary()["result_ok"].get<bool>());
    }

    void sendsNameRunTreeSplitsPrimitives() {
        // The trees of chunksGoUpThenDown: 0 -> 2 -> {1, 3} and 3 -> 1 -> {2, 0}. Leaves send up with
        // directSend, inner ranks add and pass up with directRecvReduceDirectSend, the roots turn the sum
        // round with directRecvReduceCopyDirectSend, inner ranks pass it down with directRecvCopyDirectSend.
        auto engine = CollectivesEngine::create(treeConfig(4, 2 << 20)).value();
        using P = std::vector<std::tuple<int, int, std::string>>;
        std::set<std::string_view> functions;
        const auto primitives = [&engine, &functions] {
            P out;
            for (const auto& event : engine.step()) {
                const auto& send = std::get<SendEvent>(event);
                functions.insert(send.deviceFunction);
                out.emplace_back(send.message.src, send.message.dst, std::string(send.primitive));
            }
            return out;
        };
        QCOMPARE(primitives(),
                 (P{{1, 2, "directSend"}, {3, 2, "directSend"}, {0, 1, "directSend"}, {2, 1, "directSend"}}));
        QCOMPARE(primitives(), (P{{1, 2, "directSend"},
                                  {2, 0, "directRecvReduceDirectSend"},
                                  {3, 2, "directSend"},
                                  {0, 1, "directSend"},
                                  {1, 3, "directRecvReduceDirectSend"},
                                  {2, 1, "directSend"}}));
        QCOMPARE(primitives(), (P{{0, 2, "directRecvReduceCopyDirectSend"},
                                  {3, 1, "directRecvReduceCopyDirectSend"},
                                  {2, 0, "directRecvReduceDirectSend"},
                                  {1, 3, "directRecvReduceDirectSend"}}));
        QCOMPARE(primitives(), (P{{0, 2, "directRecvReduceCopyDirectSend"},
                                  {2, 1, "directRecvCopyDirectSend"},
                                  {2, 3, "directRecvCopyDirectSend"},
                                  {1, 2, "directRecvCopyDirectSend"},
                                  {1, 0, "directRecvCopyDirectSend"},
                                  {3, 1, "directRecvReduceCopyDirectSend"}}));
        QCOMPARE(functions, (std::set<std::string_view>{"runTreeSplit"}));
        const auto record = CollectivesEngine::describe(engine.step().front());
        QCOMPARE(record.anchor, std::string("directRecvCopyDirectSend"));
        QCOMPARE(record.fields["device_function"].get<std::string>(), std::string("runTreeSplit"));
    }

    void everyRankCount() {
        // 1000 B on two channels: one 500 B chunk per tree; 2H rounds, 2(p-1) messages per tree. The
        // busiest rank has two children in one tree and is a leaf of the other: 3 + 1 chunks, 2S.
        for (int p : kRanks) {
            const std::int64_t sentMax = p == 1 ? 0 : p == 2 ? 1000 : p == 3 ? 1500 : 2000;
            checkSchedule(runToEnd(treeConfig(p, 1000)), 2 * treeHeight(p), 4LL * (p - 1), sentMax,
                          2LL * (p - 1) * 1000);
        }
    }

    void resultsAreCorrect() {
        for (int p : kRanks)
            for (std::int64_t bytes : {1, 3, 7, 1000003, 3 << 20})
                for (int channels : {1, 2, 3, 4})
                    for (NcclProtocol protocol : {NcclProtocol::Simple, NcclProtocol::Ll, NcclProtocol::Ll128}) {
                        auto config = treeConfig(p, bytes, channels);
                        config.protocol = protocol;
                        QVERIFY2(runToEnd(config)["result_ok"].get<bool>(), std::to_string(p).c_str());
                    }
    }

    void channelsComeInPairs() {
        // nchannels=1 is rounded up to a pair (one channel per tree), 3 to 4; a single element has one channel.
        QCOMPARE(runToEnd(treeConfig(4, 1000, 1))["messages"].get<int>(), 2 * 2 * 3);
        QCOMPARE(runToEnd(treeConfig(4, 1000, 3))["messages"].get<int>(), 4 * 2 * 3);
        QCOMPARE(runToEnd(treeConfig(4, 1, 4))["messages"].get<int>(), 1 * 2 * 3);
        QCOMPARE(runToEnd(treeConfig(4, 3, 4))["messages"].get<int>(), 2 * 2 * 3);
    }

    void chunkSizesFollowCalcCollChunking() {
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Tree, false, NcclProtocol::Simple, 1 << 30, 8), 524288);
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Ring, true, NcclProtocol::Simple, 1 << 30, 8), 2097152);
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Ring, false, NcclProtocol::Simple, 1 << 30, 8), 524288);
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Ring, true, NcclProtocol::Ll, 1 << 30, 8), 32768);
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Ring, true, NcclProtocol::Ll128, 1 << 30, 8), 576000);
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Tree, false, NcclProtocol::Ll128, 1 << 30, 8), 576000);
        // 1 MiB on 8 ranks: 4.1 steps; 576000 -> 288000 -> 144000 -> 72000 (< 262.4 chunks), then
        // 36000 -> 18000 (< 65.6 chunks), rounded down to whole 1920-byte grains.
        QCOMPARE(ncclChunkBytes(NcclAlgorithm::Tree, false, NcclProtocol::Ll128, 1 << 20, 8), 17280);
        // Chunks of 8 MiB + 3 on two channels of Simple 512 KiB: 8 + 9 chunks, 9 + 2 x 3 - 1 rounds.
        QCOMPARE(runToEnd(treeConfig(8, (8 << 20) + 3))["rounds"].get<int>(), 14);
    }

    void timeAndBandwidthByHand() {
        // p = 2, 2000 B on two channels of 1000 B: up 1 + 1 + 0.5 µs (both trees at once), down 1 + 1 µs.
        const auto summary = runToEnd(treeConfig(2, 2000));
        QCOMPARE(summary["time_us"].get<double>(), 4.5);
        QCOMPARE(summary["algbw_GBps"].get<double>(), 2000 / 4.5e3);
        QCOMPARE(summary["busbw_GBps"].get<double>(), 2000 / 4.5e3 * 1.0);  // 2(p-1)/p = 1
        // Closed form: 2⌈lg p⌉α + 2nβ + nγ = 2 + 4 + 1 µs.
        QCOMPARE(summary["closed_form_us"].get<double>(), 7.0);
    }

    // NCCL's algorithm=auto is the full tuner on a server: tests/collectives_scene/tst_collectives_nccl_auto.cpp.
    void autoWithoutServerIsRefused() {
        auto config = treeConfig(8, 1 << 20);
        config.algorithm = "auto";
        auto refused = CollectivesEngine::create(config);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.find("needs a server") != std::string::npos);
        QVERIFY(refused.error().message.find("name an algorithm: tree, ring") != std::string::npos);
    }

    void treeOnlyForAllreduce() {
        for (Collective collective :
             {Collective::Bcast, Collective::Reduce, Collective::Allgather, Collective::ReduceScatter}) {
            auto config = treeConfig(4, 4000);
            config.collective = collective;
            auto refused = CollectivesEngine::create(config);
            QVERIFY(!refused.ok());
            QCOMPARE(refused.error().message, "algorithm=tree is not an NCCL " + std::string(name(collective)) +
                                                  " algorithm; allowed: auto, ring");
        }
    }
};

QTEST_GUILESS_MAIN(NcclTreeTest)
#include "tst_nccl_tree.moc"
