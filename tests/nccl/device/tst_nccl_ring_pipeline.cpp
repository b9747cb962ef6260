// Proves NCCL's rings run as a pipeline through each connection's NCCL_STEPS slots (prims_simple.h,
// prims_ll.h): a sender waits for a free slot at its receiver, a receiver forwards a step as soon as it
// has arrived, one slow hop sets the pace of its ring, slices are cut as prims_simple.h cuts them, and on
// the bundled DGX H100 the channels follow the topology's rings and agree with NCCL's tuner for large
// messages. Times are worked by hand below each case.

#include <QtTest>

#include "collectives_scene/collectives_engine.h"
#include "nccl/device/ring_pipeline.h"
#include "scene_config_support.h"

using namespace commviz;
using namespace commviz::collectives;

namespace {

// One step per primitive (LL-like), so every message is one slice: times are easy to follow by hand.
PipelineShape oneSliceShape() {
    PipelineShape shape;
    shape.stepsPerSlice = 1;
    shape.slicesPerChunk = 1;
    shape.stepBytes = 1000;
    return shape;
}

// 1000 bytes at 1 GB/s take 1 µs.
PipelineHop hopOf(double gbps, double latencyUs) { return {nccl_topology::Transport::P2P, gbps, latencyUs}; }

Message send(int channel, int src, int dst, std::int64_t bytes = 1000) {
    Message message{src, dst, bytes, {}, false};
    message.channel = channel;
    return message;
}

// A 4-rank ring 0 -> 1 -> 2 -> 3 -> 0 whose hop 3 -> 0 runs at `slowGBps`.
std::shared_ptr<const PipelineHops> ringWithSlowHop(double slowGBps) {
    std::vector<int> next{1, 2, 3, 0};
    std::vector<PipelineHop> hops(4, hopOf(1.0, 0.0));
    hops[3] = hopOf(slowGBps, 0.0);
    return std::make_shared<const PipelineHops>(std::vector<std::vector<int>>{next},
                                                std::vector<std::vector<PipelineHop>>{hops});
}

// all_gather.h runRing at p = 4 for `loops` loops: round j of a loop is a plain send (j = 0) or
// directRecvCopyDirectSend; each rank sends to the next.
double allgatherTime(RingPipeline& pipeline, int loops, std::vector<std::vector<MessageTiming>>* rounds = nullptr) {
    for (int round = 0; round < 3 * loops; ++round) {
        Round messages;
        for (int rank = 0; rank < 4; ++rank) messages.push_back(send(0, rank, (rank + 1) % 4));
        auto timings = pipeline.advance(messages, std::vector<bool>(4, round % 3 != 0));
        if (rounds) rounds->push_back(timings);
    }
    pipeline.drain();
    return pipeline.endUs();
}

Config serverConfig(int nodes, std::int64_t bytes, const char* collective = "allreduce",
                    const char* algorithm = "auto") {
    sim::ParamValues values{{"library", "nccl"},  {"collective", collective}, {"nnodes", nodes},
                            {"ranks", 8 * nodes}, {"bytes", bytes},           {"algorithm", algorithm}};
    return test::sceneConfig(values);
}

}  // namespace

class NcclRingPipelineTest : public QObject {
    Q_OBJECT

private slots:
    void simpleCutsAChunkIntoTwoSlicesOfTwoSteps() {
        // ALLREDUCE_CHUNKSTEPS 4, SLICESTEPS 2: a 2 MiB chunk of floats is 2 slices of 1 MiB at steps 0 and
        // 2 (slots 0 and 2). A 1000-float chunk fits the first slice (max(ceil(1000/32)*16, 131072*2/32) =
        // 8192 floats); the second slice is empty but still takes its two steps.
        const PipelineShape shape = ringPipelineShape(NcclProtocol::Simple, true, 4, 0.0);
        QCOMPARE(shape.stepsPerSlice, 2);
        QCOMPARE(shape.slicesPerChunk, 2);
        QCOMPARE(shape.stepBytes, std::int64_t(524288));
        RingPipeline pipeline(2, 1, shape, std::make_shared<const PipelineHops>(PipelineHops::uniform(2, hopOf(1, 0))));
        auto first = pipeline.advance({send(0, 0, 1, 2 << 20)}, {false});
        QCOMPARE(first[0].sliceCount, 2);
        QCOMPARE(first[0].slices[0].bytes, std::int64_t(1) << 20);
        QCOMPARE(first[0].slices[1].bytes, std::int64_t(1) << 20);
        QCOMPARE(first[0].slices[0].slot(), 0);
        QCOMPARE(first[0].slices[1].slot(), 2);
        auto second = pipeline.advance({send(0, 0, 1, 4000)}, {false});
        QCOMPARE(second[0].slices[0].bytes, std::int64_t(4000));
        QCOMPARE(second[0].slices[1].bytes, std::int64_t(0));
        QCOMPARE(second[0].slices[0].step, std::int64_t(4));
        QCOMPARE(second[0].slices[1].step, std::int64_t(6));
        // LL and LL128 move a primitive in one step of 32 KiB and 562.5 KiB of data.
        QCOMPARE(ringPipelineShape(NcclProtocol::Ll, true, 4, 0.0).stepBytes, std::int64_t(32768));
        QCOMPARE(ringPipelineShape(NcclProtocol::Ll128, true, 4, 0.0).stepBytes, std::int64_t(576000));
        QCOMPARE(ringPipelineShape(NcclProtocol::Simple, false, 4, 0.0).slicesPerChunk, 1);
    }

    void twoRanksTwoChannelsThreeLoops() {
        // Allreduce at p = 2 on 2 channels, 3 loops of 2 steps (directSend, then directRecvReduceCopyDirectSend,
        // then the loop's directRecv). 1 µs on the wire, 1 µs latency. Per loop: send 0-1, arrives 2; the
        // forward waits for it, 2-3, arrives 4; the next loop's send follows the directRecv at 4. So the loops
        // end at 4, 8 and 12 on both channels.
        RingPipeline pipeline(2, 2, oneSliceShape(),
                              std::make_shared<const PipelineHops>(PipelineHops::uniform(2, hopOf(1, 1))));
        for (int loop = 0; loop < 3; ++loop)
            for (int step = 0; step < 2; ++step) {
                Round round{send(0, 0, 1), send(0, 1, 0), send(1, 0, 1), send(1, 1, 0)};
                auto timings = pipeline.advance(round, std::vector<bool>(4, step == 1));
                for (const MessageTiming& timing : timings) {
                    QCOMPARE(timing.startUs(), 4.0 * loop + 2.0 * step);
                    QCOMPARE(timing.endUs(), 4.0 * loop + 2.0 * step + 2.0);
                    QCOMPARE(timing.slices[0].boundBy, step == 1   ? PipelineWait::Data
                                                       : loop == 0 ? PipelineWait::None
                                                                   : PipelineWait::Program);
                }
            }
        pipeline.drain();
        QCOMPARE(pipeline.endUs(), 12.0);
    }

    void llForwardsLineByLine() {
        // A chain 0 -> 1 -> 2 of one-step primitives, 1 µs on the wire and 1 µs of latency per hop. Simple:
        // rank 1 forwards once the whole step is in (2 µs), so the forward arrives at 4. LL: the first line
        // is in at 0 + 1 = 1 µs, so rank 1 starts then; it cannot finish before the last line came in at 2,
        // so it finishes at max(1 + 1, 2) = 2 and the forward arrives at 3.
        for (const bool lineByLine : {false, true}) {
            PipelineShape shape = oneSliceShape();
            shape.lineByLine = lineByLine;
            RingPipeline pipeline(3, 1, shape,
                                  std::make_shared<const PipelineHops>(PipelineHops::uniform(3, hopOf(1, 1))));
            pipeline.advance({send(0, 0, 1)}, {false});
            const PipelineSlice forward = pipeline.advance({send(0, 1, 2)}, {true})[0].slices[0];
            QCOMPARE(forward.startUs, lineByLine ? 1.0 : 2.0);
            QCOMPARE(forward.boundBy, PipelineWait::Data);
            QCOMPARE(forward.endUs, lineByLine ? 3.0 : 4.0);
        }
        QVERIFY(ringPipelineShape(NcclProtocol::Ll, true, 4, 0.0).lineByLine);
        QVERIFY(ringPipelineShape(NcclProtocol::Ll128, true, 4, 0.0).lineByLine);
        QVERIFY(!ringPipelineShape(NcclProtocol::Simple, true, 4, 0.0).lineByLine);
    }

    void aSenderWaitsForAFreeSlot() {
        // Broadcast from rank 0 to rank 1, 12 one-step chunks, 1 µs each on the wire and 10 µs of latency.
        // Chunks 0-7 leave back to back (chunk k at k µs) and fill the 8 slots; chunk 8 may only take slot 0
        // once chunk 0 was consumed, at its arrival 0 + 1 + 10 = 11 µs: it waits 3 µs. From then on the slot
        // frees just as the sender is ready (chunk k at k + 3 µs); the last one arrives at 14 + 1 + 10 = 25 µs.
        RingPipeline pipeline(2, 1, oneSliceShape(),
                              std::make_shared<const PipelineHops>(PipelineHops::uniform(2, hopOf(1, 10))));
        for (int chunk = 0; chunk < 12; ++chunk) {
            auto timing = pipeline.advance({send(0, 0, 1)}, {false})[0].slices[0];
            QCOMPARE(timing.slot(), chunk % 8);
            QCOMPARE(timing.startUs, chunk < 8 ? double(chunk) : double(chunk + 3));
            QCOMPARE(timing.boundBy, chunk == 8   ? PipelineWait::Slot
                                     : chunk == 0 ? PipelineWait::None
                                                  : PipelineWait::Program);
            QCOMPARE(timing.slotWaitUs, chunk == 8 ? 3.0 : 0.0);
            QVERIFY(pipeline.maxStepsAhead() <= kNcclSteps);
        }
        pipeline.drain();
        QCOMPARE(pipeline.maxStepsAhead(), std::int64_t(kNcclSteps));
        QCOMPARE(pipeline.endUs(), 25.0);
    }

    void oneSlowHopSetsThePace() {
        // Allgather on a 4-rank ring, 1000-byte pieces, no latency. All hops at 1 GB/s: each round takes 1 µs
        // and a loop 3 µs, so two loops end at 6 µs.
        RingPipeline even(4, 1, oneSliceShape(), ringWithSlowHop(1.0));
        QCOMPARE(allgatherTime(even, 2), 6.0);
        // Hop 3 -> 0 at 0.5 GB/s (2 µs). Loop 1: rank 3 sends 0-2, then forwards 2-4 and 4-6 (each waiting for
        // its own previous send, not for data); rank 0 waits for rank 3's data (start 2, then 4). The loop's
        // directRecv ends at 6 on ranks 0 and 3, so loop 2 starts there and ends at 12: twice as long.
        RingPipeline slow(4, 1, oneSliceShape(), ringWithSlowHop(0.5));
        std::vector<std::vector<MessageTiming>> rounds;
        QCOMPARE(allgatherTime(slow, 2, &rounds), 12.0);
        QCOMPARE(rounds[1][3].startUs(), 2.0);
        QCOMPARE(rounds[1][3].slices[0].boundBy, PipelineWait::Program);
        QCOMPARE(rounds[1][0].startUs(), 2.0);
        QCOMPARE(rounds[1][0].slices[0].boundBy, PipelineWait::Data);
        QCOMPARE(rounds[2][1].startUs(), 3.0);  // rank 1 forwards rank 0's round-1 piece as it arrives
        QCOMPARE(rounds[3][0].startUs(), 6.0);  // loop 2 on rank 0 after its directRecv of the 6 µs arrival
        QCOMPARE(rounds[3][2].startUs(), 4.0);  // rank 2 is not held by the slow hop until data must pass it
    }

    void channelsFollowTheTopologysRingsAndKeepTheSlotRule() {
        // Every send of a 2-node DGX H100 allreduce goes from a rank to its successor on its channel's ring
        // (rank 0's `Channel c : …` line), at most NCCL_STEPS steps ahead of the receiver, and the sum is right.
        auto engine = CollectivesEngine::create(serverConfig(2, 64 << 20));
        QVERIFY(engine);
        QVERIFY(engine->ringPipeline());
        const auto& channels = engine->config().topology->comm.channels;
        int sends = 0;
        while (!engine->done()) {
            for (const auto& event : engine->step()) {
                const auto& sendEvent = std::get<SendEvent>(event);
                const Message& message = sendEvent.message;
                const auto& ring = channels[std::size_t(message.channel) % channels.size()].ring;
                const auto at = std::find(ring.begin(), ring.end(), message.src) - ring.begin();
                QCOMPARE(message.dst, ring[std::size_t(at + 1) % ring.size()]);
                QVERIFY(sendEvent.timing);
                QVERIFY(sendEvent.timing->startUs() >= engine->ringPipeline()->shape().startUs);
                const bool crossesNodes = message.src / 8 != message.dst / 8;
                QCOMPARE(sendEvent.transport == nccl_topology::Transport::NET, crossesNodes);
                ++sends;
            }
            QVERIFY(engine->ringPipeline()->maxStepsAhead() <= kNcclSteps);
            QVERIFY(engine->summary()["data_consistent"].get<bool>());
        }
        QVERIFY(sends > 0);
        QVERIFY(engine->summary()["result_ok"].get<bool>());
    }

    void largeRingSimpleAgreesWithTheTuner() {
        // With every hop of a class alike, the pipeline's large-message time is NCCL's closed form: the launch,
        // 2(p-1) steps of latency and 2(p-1)/p of the buffer at nChannels x bw. Within 10 % of the tuner on one
        // and two DGX H100s (1 GiB, Ring/Simple; NCCL_ALGO=Ring, since NCCL itself takes NVLS and NVLSTree there).
        for (int nodes : {1, 2}) {
            const sim::Json summary = [&] {
                auto engine =
                    CollectivesEngine::create(serverConfig(nodes, std::int64_t(1) << 30, "allreduce", "ring"));
                while (!engine->done()) engine->step();
                return engine->summary();
            }();
            QCOMPARE(summary["nccl_pick"].get<std::string>(), std::string("Ring/Simple"));
            const double model = summary["model_time_us"].get<double>();
            const double pipeline = summary["time_us"].get<double>();
            QVERIFY2(std::abs(pipeline - model) <= 0.10 * model,
                     qPrintable(QString("nodes %1: pipeline %2 µs, tuner %3 µs").arg(nodes).arg(pipeline).arg(model)));
        }
    }

    void smallCallsUseFewerChannels() {
        // enqueue.cc: one channel fewer while nBytes < nc x nThreads x threshold. 64 KiB on 8 H100s picks
        // Ring/LL (512 threads, 8 B per thread times 8 ranks): 65536 / (512 x 64) = 2 channels.
        auto engine = CollectivesEngine::create(serverConfig(1, 64 << 10));
        QVERIFY(engine);
        QCOMPARE(engine->summary()["nccl_pick"].get<std::string>(), std::string("Ring/LL"));
        QCOMPARE(engine->config().nchannels, 2);
    }
};

QTEST_APPLESS_MAIN(NcclRingPipelineTest)
#include "tst_nccl_ring_pipeline.moc"
