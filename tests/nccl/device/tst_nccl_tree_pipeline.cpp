// Proves NCCL's tree allreduce runs as a pipeline as runTreeSplit runs it (all_reduce.h): a rank sends its
// sum up once its children's chunks are in, the root turns each chunk round at once, a sender waits for a
// free slot of NCCL_STEPS at its receiver, Simple hands over whole steps while LL and LL128 forward line by
// line, and on the bundled DGX H100s every send follows its channel's tree (rank 0's `Trees` lines), NET
// exactly between servers. Times are worked by hand below each case.

#include <QtTest>

#include "collectives_scene/collectives_engine.h"
#include "nccl/device/tree_pipeline.h"
#include "scene_config_support.h"

using namespace commviz;
using namespace commviz::collectives;

namespace {

// 1000 bytes at 1 GB/s take 1 µs.
PipelineHop hopOf(double gbps, double latencyUs) { return {nccl_topology::Transport::P2P, gbps, latencyUs}; }

// One channel on one tree given by each rank's parent, `chunks` chunks of 1000 one-byte elements.
std::shared_ptr<const NcclTreePlan> chainPlan(std::vector<int> parents, int chunks) {
    ChannelTree links;
    links.up = parents;
    links.down.resize(parents.size());
    for (std::size_t rank = 0; rank < parents.size(); ++rank)
        if (parents[rank] >= 0) links.down[std::size_t(parents[rank])].push_back(int(rank));
    auto plan = std::make_shared<NcclTreePlan>();
    plan->trees = {ncclTreeOf(links, int(parents.size()))};
    plan->treeOfChannel = {0};
    plan->channels = 1;
    plan->firstChunk = {0};
    plan->chunks = {chunks};
    plan->maxChunks = chunks;
    plan->layout.assign(std::size_t(chunks), 1000);
    return plan;
}

// Every hop up and down at `up` and `down`.
TreeHops uniformHops(std::size_t ranks, PipelineHop up, PipelineHop down) {
    TreeHops hops;
    hops.up.assign(ranks, up);
    hops.down.assign(ranks, {down, down, down});
    return hops;
}

Message chunkSend(int src, int dst, int chunk, bool up) {
    Message message{src, dst, 1000, {{chunk, 1}}, up};
    message.channel = 0;
    return message;
}

Config serverTreeConfig(int nodes, std::int64_t bytes, const char* protocol) {
    sim::ParamValues values{{"library", "nccl"}, {"nnodes", nodes},     {"ranks", 8 * nodes},
                            {"bytes", bytes},    {"algorithm", "tree"}, {"protocol", protocol}};
    return test::sceneConfig(values);
}

sim::Json runToEnd(const Config& config) {
    auto engine = CollectivesEngine::create(config);
    if (!engine) qFatal("%s", engine.error().message.c_str());
    while (!engine->done()) engine->step();
    return engine->summary();
}

}  // namespace

class NcclTreePipelineTest : public QObject {
    Q_OBJECT

private slots:
    void treeOfLinksNeedsOneRootReachingEveryRank() {
        const auto chain = chainPlan({-1, 0, 1}, 1);
        const NcclTree& tree = chain->trees[0];
        QCOMPARE(tree.root, 0);
        QCOMPARE(tree.height, (std::vector<int>{2, 1, 0}));
        QCOMPARE(tree.depth, (std::vector<int>{0, 1, 2}));
        ChannelTree twoRoots{{-1, -1}, {{}, {}}};
        QVERIFY(ncclTreeOf(twoRoots, 2).parent.empty());
        ChannelTree cycle{{-1, 2, 1}, {{}, {2}, {1}}};
        QVERIFY(ncclTreeOf(cycle, 3).parent.empty());
        ChannelTree wrongSize{{-1}, {{}}};
        QVERIFY(ncclTreeOf(wrongSize, 2).parent.empty());
    }

    void simpleChainPipelinesChunks() {
        // Chain 2 -> 1 -> 0 (root), hops 1 µs on the wire + 0.5 µs latency, three chunks, Simple.
        // Chunk 0: 2 sends 0-1 (arrives 1.5); 1 adds and sends 1.5-2.5 (arrives 3); the root sends down
        // 3-4 (arrives 4.5); 1 forwards 4.5-5.5, arriving at 2 at 6.
        // Chunk 1: 2 sends 1-2 (its own previous send); 1 at 2.5 (its previous send and the data at once);
        // the root at 4 (its previous chunk), arriving 5.5; 1 forwards at 5.5 (both), arriving 7.
        // Chunk 2: one step behind again: the last arrival is at 8, not 3 x 6 = 18 as a march would take.
        TreePipeline pipeline(chainPlan({-1, 0, 1}, 3), {uniformHops(3, hopOf(1.0, 0.5), hopOf(1.0, 0.5))},
                              PipelineShape{}, 1, false);
        const MessageTiming leafUp0 = pipeline.timing(chunkSend(2, 1, 0, true));
        QCOMPARE(leafUp0.startUs(), 0.0);
        QCOMPARE(leafUp0.endUs(), 1.5);
        QCOMPARE(leafUp0.slices[0].boundBy, PipelineWait::None);
        const MessageTiming middleUp0 = pipeline.timing(chunkSend(1, 0, 0, true));
        QCOMPARE(middleUp0.startUs(), 1.5);
        QCOMPARE(middleUp0.slices[0].boundBy, PipelineWait::Data);
        QCOMPARE(pipeline.timing(chunkSend(0, 1, 0, false)).endUs(), 4.5);
        QCOMPARE(pipeline.timing(chunkSend(1, 2, 0, false)).endUs(), 6.0);
        const MessageTiming leafUp1 = pipeline.timing(chunkSend(2, 1, 1, true));
        QCOMPARE(leafUp1.startUs(), 1.0);
        QCOMPARE(leafUp1.slices[0].boundBy, PipelineWait::Program);
        QCOMPARE(pipeline.timing(chunkSend(0, 1, 1, false)).startUs(), 4.0);
        QCOMPARE(pipeline.timing(chunkSend(1, 2, 1, false)).endUs(), 7.0);
        const MessageTiming last = pipeline.timing(chunkSend(1, 2, 2, false));
        QCOMPARE(last.startUs(), 6.5);
        QCOMPARE(last.endUs(), 8.0);
        QCOMPARE(last.slices[0].step, std::int64_t(2));
        QCOMPARE(pipeline.endUs(), 8.0);
    }

    void llForwardsTheFirstLineAtOnce() {
        // The same chain and one chunk on LL: a rank forwards from the first line's arrival and finishes no
        // sooner than the last one. 2 sends 0-1 (first line at 1 at 0.5, last at 1.5); 1 sends 0.5-1.5, its
        // last line leaving when it has it (first at the root at 1, last at 2); the root sends 1-2 (first at
        // 1 at 1.5, last 2.5); 1 forwards 1.5-2.5, arriving at 2 by 3: half of Simple's 6.
        TreePipeline pipeline(chainPlan({-1, 0, 1}, 1), {uniformHops(3, hopOf(1.0, 0.5), hopOf(1.0, 0.5))},
                              PipelineShape{}, 1, true);
        const MessageTiming middleUp = pipeline.timing(chunkSend(1, 0, 0, true));
        QCOMPARE(middleUp.startUs(), 0.5);
        QCOMPARE(middleUp.endUs(), 2.0);
        QCOMPARE(pipeline.timing(chunkSend(0, 1, 0, false)).startUs(), 1.0);
        const MessageTiming down = pipeline.timing(chunkSend(1, 2, 0, false));
        QCOMPARE(down.startUs(), 1.5);
        QCOMPARE(down.endUs(), 3.0);
    }

    void aFastChildWaitsForASlotAtItsSlowParent() {
        // Rank 1 sends up to the root in 0.1 µs (10 GB/s); the root sends each chunk back down in 1 µs and
        // only then has consumed rank 1's step. Chunks 0-7 leave rank 1 every 0.1 µs; chunk 8 needs slot 0,
        // freed when the root finished chunk 0 at 0.1 + 1 = 1.1, so it starts at 1.1, not 0.8: 0.3 µs slot
        // wait, with 8 steps in flight. Chunk 9 waits for the root's chunk 1 (2.1). The root works chunk k
        // from 0.1 + k: the last of 10 arrives at 10.1.
        TreePipeline pipeline(chainPlan({-1, 0}, 10), {uniformHops(2, hopOf(10.0, 0.0), hopOf(1.0, 0.0))},
                              PipelineShape{}, 1, false);
        std::vector<MessageTiming> ups;
        for (int chunk = 0; chunk < 10; ++chunk) ups.push_back(pipeline.timing(chunkSend(1, 0, chunk, true)));
        QCOMPARE(ups[7].startUs(), 0.7);
        QCOMPARE(ups[8].startUs(), 1.1);
        QCOMPARE(ups[8].slices[0].boundBy, PipelineWait::Slot);
        QCOMPARE(ups[8].slices[0].slot(), 0);
        QVERIFY(qAbs(ups[8].slices[0].slotWaitUs - 0.3) < 1e-6);
        QCOMPARE(ups[9].startUs(), 2.1);
        QCOMPARE(pipeline.timing(chunkSend(0, 1, 9, false)).endUs(), 10.1);
        QCOMPARE(pipeline.maxStepsAhead(), std::int64_t(kNcclSteps));
    }

    void sendsFollowTheServersTreesAcrossTwoNodes() {
        // Every send of a 2-node DGX H100 tree allreduce goes to the sender's parent (up, reduce) or to one
        // of its children (down) in its channel's tree, NET exactly between the servers, never more than
        // NCCL_STEPS steps ahead, and the sum is right.
        auto engine = CollectivesEngine::create(serverTreeConfig(2, 32 << 20, "simple"));
        QVERIFY(engine);
        QVERIFY(engine->treePipeline());
        const auto& channels = engine->config().topology->comm.channels;
        int sends = 0, netSends = 0;
        while (!engine->done()) {
            for (const auto& event : engine->step()) {
                const auto& sendEvent = std::get<SendEvent>(event);
                const Message& message = sendEvent.message;
                const auto& tree = channels[std::size_t(message.channel)].tree;
                if (message.reduce) {
                    QCOMPARE(message.dst, tree[std::size_t(message.src)].up);
                } else {
                    const auto& down = tree[std::size_t(message.src)].down;
                    QVERIFY(std::find(down.begin(), down.end(), message.dst) != down.end());
                }
                QVERIFY(sendEvent.timing);
                const bool crossesNodes = message.src / 8 != message.dst / 8;
                QCOMPARE(sendEvent.transport == nccl_topology::Transport::NET, crossesNodes);
                netSends += crossesNodes;
                ++sends;
            }
            QVERIFY(engine->treePipeline()->maxStepsAhead() <= kNcclSteps);
        }
        QVERIFY(netSends > 0);
        QVERIFY(sends > netSends);
        QVERIFY(engine->summary()["result_ok"].get<bool>());
    }

    void largeTreeAgreesWithTheTuner() {
        // LL and LL128 forward line by line, so a large message takes the tuner's closed form: the latency of
        // the hops up and down and the buffer at the Tree bus bandwidth x 0.5 (each direction of a rank has
        // half of the channel's threads). Simple hands over whole 512 KiB steps, so filling the tree costs a
        // step's transfer per hop on top: within 15 % at 1 GiB.
        for (int nodes : {1, 2}) {
            for (const char* protocol : {"ll128", "simple"}) {
                const sim::Json summary = runToEnd(serverTreeConfig(nodes, std::int64_t(1) << 30, protocol));
                const double time = summary["time_us"].get<double>();
                const double model = summary["model_time_us"].get<double>();
                const double tolerance = std::string(protocol) == "simple" ? 0.15 : 0.02;
                QVERIFY2(qAbs(time - model) <= tolerance * model,
                         qPrintable(QString("%1 node(s) %2: %3 vs %4").arg(nodes).arg(protocol).arg(time).arg(model)));
                QVERIFY(time >= model * 0.98);
            }
        }
    }
};

QTEST_APPLESS_MAIN(NcclTreePipelineTest)
#include "tst_nccl_tree_pipeline.moc"
