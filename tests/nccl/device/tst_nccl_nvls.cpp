// Proves NCCL's NVLS allreduce on one server is cut and timed as NCCL 2.22 runs it: enqueue.cc's 16-byte
// cells over the NVLS channels, calcCollChunking's NVLS chunk, all_reduce.h's loops of nHeads chunks with
// lastChunkSize at the end, every loop's multimem loads and stores through the switch, the scatter never more
// than NCCL_STEPS steps ahead, and on the bundled DGX H100 a right sum with every message over NVLS. Numbers
// are worked by hand beside each case.

#include <QtTest>

#include "collectives_scene/collectives_engine.h"
#include "nccl/device/nccl_nvls.h"
#include "nccl/device/nvls_pipeline.h"
#include "scene_config_support.h"

using namespace commviz;
using namespace commviz::collectives;

namespace {

// `ranks` GPUs on one NVSwitch server, `count` floats on `channels` NVLS channels.
ScheduleRequest nvlsRequest(int ranks, std::int64_t count, int channels) {
    ScheduleRequest request;
    request.ranks = ranks;
    request.count = count;
    request.elementBytes = 4;
    request.nchannels = channels;
    request.nnodes = 1;
    request.nvlsSwitch = true;
    return request;
}

Config dgxConfig(const sim::ParamValues& extra) {
    sim::ParamValues values{{"library", "nccl"}, {"datatype", "float"}, {"bytes", 8 << 20}};
    for (const auto& [key, value] : extra) values[key] = value;
    return test::sceneConfig(values);
}

}  // namespace

class NcclNvlsTest : public QObject {
    Q_OBJECT

private slots:
    void channelsGetCellsOfTheTrafficBudget() {
        // 4,096 floats: 1,024 cells of 16 B; an allreduce's traffic is 2 x 16 KiB, 2 KiB per channel of 16,
        // 64 cells (256 floats) each.
        QCOMPARE(nvlsChannelCounts(4096, 4, 16), std::vector<std::int64_t>(16, 256));
        // 100 floats: 25 cells; the budget is at least 512 B of traffic, 16 cells: 64 floats, then 36.
        QCOMPARE(nvlsChannelCounts(100, 4, 16), (std::vector<std::int64_t>{64, 36}));
        // 101 floats: 26 cells, the last one holding a single float: 64, then 10 cells less 3 floats.
        QCOMPARE(nvlsChannelCounts(101, 4, 16), (std::vector<std::int64_t>{64, 37}));
        // 10,000 floats on 2 channels: 1,250 cells each (the middle channel folded into the last).
        QCOMPARE(nvlsChannelCounts(10000, 4, 2), (std::vector<std::int64_t>{5000, 5000}));
        QVERIFY(nvlsChannelCounts(0, 4, 16).empty());
    }

    void chunksShrinkForSmallParts() {
        // 8 heads: 128 KiB from 64 loops of 8 x 128 KiB (64 MiB), 64 KiB from 8 loops of 8 x 64 KiB (4 MiB),
        // 32 KiB from 2 loops of 8 x 32 KiB (512 KiB), 16 KiB below.
        QCOMPARE(nvlsChunkBytes(64 << 20, 8), std::int64_t(128 << 10));
        QCOMPARE(nvlsChunkBytes((64 << 20) - 1, 8), std::int64_t(64 << 10));
        QCOMPARE(nvlsChunkBytes(4 << 20, 8), std::int64_t(64 << 10));
        QCOMPARE(nvlsChunkBytes((4 << 20) - 1, 8), std::int64_t(32 << 10));
        QCOMPARE(nvlsChunkBytes(512 << 10, 8), std::int64_t(32 << 10));
        QCOMPARE(nvlsChunkBytes((512 << 10) - 1, 8), std::int64_t(16 << 10));
        // 4 heads halve every threshold: 256 KiB is 2 loops of 4 x 32 KiB.
        QCOMPARE(nvlsChunkBytes(256 << 10, 4), std::int64_t(32 << 10));
    }

    void theLastLoopSplitsWhatIsLeft() {
        // 4 heads, one channel, 32,773 floats (131,092 B, under 2 loops of 4 x 32 KiB: 16 KiB chunks of 4,096
        // floats). Loops of 16,384 floats: two full, then 5 floats; lastChunkSize = alignUp(divUp(5, 4), 4) = 4:
        // head 0 gets 4, head 1 the last one, heads 2 and 3 nothing.
        const NvlsPlan plan = ncclNvlsPlan(nvlsRequest(4, 32773, 1));
        QVERIFY(plan.unsupported.empty());
        QCOMPARE(plan.chunk, std::vector<std::int64_t>{4096});
        QCOMPARE(plan.loops, std::vector<std::int64_t>{3});
        QCOMPARE(plan.lastChunk, std::vector<std::int64_t>{4});
        QCOMPARE(plan.headsIn(0, 1), 4);
        QCOMPARE(plan.headsIn(0, 2), 2);
        QCOMPARE(plan.elements(0, 2, 0), std::int64_t(4));
        QCOMPARE(plan.elements(0, 2, 1), std::int64_t(1));
        QCOMPARE(plan.elements(0, 2, 2), std::int64_t(0));
        QCOMPARE(plan.layout.size(), std::size_t(10));
        QCOMPARE(plan.block(0, 2, 1), 9);
    }

    void loadsAndStoresGoThroughTheSwitch() {
        // Round 2k: every rank to each other head (the switch reads its copy, the head sums); round 2k + 1: each
        // head to every other rank. Loop 2 of the plan above has two heads: 2 x 3 stores.
        const Schedule schedule = ncclNvlsAllreduce(nvlsRequest(4, 32773, 1));
        QVERIFY(schedule.unsupported.empty());
        QCOMPARE(schedule.algorithm, std::string("nvls"));
        QCOMPARE(schedule.rounds, 6);
        const Round loads = schedule.round(0);
        QCOMPARE(loads.size(), std::size_t(12));
        for (const Message& message : loads) {
            QVERIFY(message.reduce);
            QCOMPARE(message.blocks.front().first, message.dst);  // loop 0's chunk of head h is block h
            QCOMPARE(message.bytes, std::int64_t(16384));
        }
        const Round stores = schedule.round(5);
        QCOMPARE(stores.size(), std::size_t(6));
        QCOMPARE(stores.back().src, 1);
        QCOMPARE(stores.back().bytes, std::int64_t(4));
        QVERIFY(!stores.back().reduce);
        QCOMPARE(schedule.primitive(0, loads[0]), std::string_view("scatter"));
        QCOMPARE(schedule.receiverPrimitive(0, loads[0]), std::string_view("directRecvDirectSend"));
        QCOMPARE(schedule.receiverPrimitive(1, stores[0]), std::string_view("gather"));
    }

    void loopsRunBackToBackThroughTheGpusLinks() {
        // 10 GB/s per GPU, 5 µs launch, one channel. A loop carries its 4 chunks and the GPU's own head's sum:
        // loops 0 and 1 (65,536 + 16,384) B / 10 kB/µs = 8.192 µs each; loop 2 (20 + 16) B = 0.0036 µs.
        auto plan = std::make_shared<const NvlsPlan>(ncclNvlsPlan(nvlsRequest(4, 32773, 1)));
        const Schedule schedule = ncclNvlsAllreduce(nvlsRequest(4, 32773, 1));
        NvlsPipeline pipeline(plan, {10.0, 5.0});
        const MessageTiming first = pipeline.timing(0, schedule.round(0).front());
        QCOMPARE(first.startUs(), 5.0);
        QVERIFY(qAbs(first.endUs() - 13.192) < 1e-9);
        QCOMPARE(first.slices[0].boundBy, PipelineWait::None);
        const MessageTiming store = pipeline.timing(1, schedule.round(1).front());
        QCOMPARE(store.endUs(), first.endUs());  // the sums stream out as the loads stream in
        const MessageTiming second = pipeline.timing(2, schedule.round(2).front());
        QCOMPARE(second.startUs(), first.endUs());
        QCOMPARE(second.slices[0].boundBy, PipelineWait::Program);
        QCOMPARE(second.slices[0].slot(), 1);
        QVERIFY(qAbs(pipeline.timing(4, schedule.round(4).front()).endUs() - 21.3876) < 1e-9);
        QVERIFY(qAbs(pipeline.endUs() - 21.3876) < 1e-9);
        QCOMPARE(pipeline.maxStepsAhead(), std::int64_t(3));  // three loops, all posted at the launch
    }

    void theScatterStaysWithinTheSlots() {
        // 12 loops of one channel (1.5 MiB: 32 KiB chunks, loops of 4 x 8,192 floats): the scatter posts loop k
        // once loop k - 8 is reduced, so it is 8 steps ahead. A loop: (131,072 + 32,768) B at 10 GB/s, 16.384 µs.
        auto plan = std::make_shared<const NvlsPlan>(ncclNvlsPlan(nvlsRequest(4, 12 * 32768, 1)));
        QCOMPARE(plan->loops, std::vector<std::int64_t>{12});
        NvlsPipeline pipeline(plan, {10.0, 5.0});
        Message message{1, 0, 32768, {{0, 1}}, true};
        for (int round = 0; round < 24; round += 2) {
            message.blocks = {{plan->block(0, round / 2, 0), 1}};
            pipeline.timing(round, message);
        }
        QCOMPARE(pipeline.maxStepsAhead(), std::int64_t(kNcclSteps));
        QVERIFY(qAbs(pipeline.endUs() - (5.0 + 12 * 16.384)) < 1e-9);
    }

    void dgxH100SumsThroughTheSwitch() {
        // 8 MiB of floats on one DGX H100 with algorithm=nvls: every send over NVLS, loads to heads that sum,
        // stores from them, the scatter within the slots, and the right sum.
        auto engine = CollectivesEngine::create(dgxConfig({{"algorithm", "nvls"}}));
        QVERIFY2(engine, engine ? "" : engine.error().message.c_str());
        QVERIFY(engine->nvlsPipeline());
        QCOMPARE(engine->config().nchannels, 16);
        int loads = 0, stores = 0;
        while (!engine->done()) {
            for (const auto& event : engine->step()) {
                const auto& send = std::get<SendEvent>(event);
                QCOMPARE(send.transport, nccl_topology::Transport::NVLS);
                QVERIFY(send.timing);
                QVERIFY(send.message.src != send.message.dst);
                (send.message.reduce ? loads : stores) += 1;
            }
            QVERIFY(engine->maxStepsAhead() <= kNcclSteps);
        }
        // 512 KiB a channel: 32 KiB chunks, 2 loops of 8 heads, 7 messages each way per head.
        QCOMPARE(loads, 16 * 2 * 8 * 7);
        QCOMPARE(stores, loads);
        const sim::Json summary = engine->summary();
        QVERIFY(summary["result_ok"].get<bool>());
        QVERIFY(qAbs(summary["time_us"].get<double>() - summary["model_time_us"].get<double>()) < 0.01);
    }

    // Measured on 8 x H100 SXM with nccl-tests' all_reduce_perf and NCCL_ALGO=NVLS, floats of 2 to 4 GiB:
    // algbw about 273 GB/s, busbw about 480 GB/s (NVIDIA/nccl issue 1455, 2024-09-19); NCCL's maintainer
    // quotes a peak busBw of about 480 GB/s, algbw about 275 GB/s, on 8 GPUs (NVIDIA/nccl-tests issue 212).
    // The pipeline runs at the tuner's 266.7 GB/s: within 5 % of both.
    void largeFloatsRunNearTheMeasuredNvlsBandwidth() {
        auto engine = CollectivesEngine::create(dgxConfig({{"bytes", std::int64_t(2) << 30}, {"detail", "rounds"}}));
        QVERIFY(engine && engine->nvlsPipeline());
        while (!engine->done()) engine->step();
        const sim::Json summary = engine->summary();
        QVERIFY(summary["result_ok"].get<bool>());
        const double algbw = summary["algbw_GBps"].get<double>(), busbw = summary["busbw_GBps"].get<double>();
        QVERIFY2(qAbs(algbw - 273.0) <= 0.05 * 273.0 && qAbs(algbw - 275.0) <= 0.05 * 275.0,
                 qPrintable(QString::number(algbw)));
        QVERIFY2(qAbs(busbw - 480.0) <= 0.05 * 480.0, qPrintable(QString::number(busbw)));
    }

    void nvlsIsRefusedWhereNcclWouldNotRunIt() {
        const auto refusal = [](const sim::ParamValues& values) {
            auto engine = CollectivesEngine::create(dgxConfig(values));
            return engine ? std::string() : engine.error().message;
        };
        // ncclNvlsSupported: no 8-bit types; float and double sum only; integers and 16-bit floats sum or max.
        QVERIFY(refusal({{"algorithm", "nvls"}, {"datatype", "int8"}}).find("no 8-bit types") != std::string::npos);
        QVERIFY(!refusal({{"algorithm", "nvls"}, {"op", "max"}}).empty());
        QVERIFY(refusal({{"algorithm", "nvls"}, {"op", "max"}, {"datatype", "bfloat16"}}).empty());
        QVERIFY(refusal({{"algorithm", "nvls"}, {"op", "max"}, {"datatype", "int32"}}).empty());
        QVERIFY(refusal({{"algorithm", "nvls"}, {"datatype", "half"}}).empty());
        QVERIFY(refusal({{"algorithm", "nvls"}, {"nnodes", 2}, {"ranks", 16}}).find("CollNet") != std::string::npos);
        QVERIFY(refusal({{"algorithm", "nvls"}, {"nvls_enable", 0}}).find("no NVLS") != std::string::npos);
        QVERIFY(refusal({{"algorithm", "nvls"}, {"topo_file", ""}}).find("NVSwitch") != std::string::npos);
        QVERIFY(refusal({{"algorithm", "nvls"}}).empty());
    }
};

QTEST_APPLESS_MAIN(NcclNvlsTest)
#include "tst_nccl_nvls.moc"
