// The router's shortcuts against the general code they replace. With
// NocConfig::general_paths every route goes through computeRoute (no mesh
// table), every allocation through the request-list IslipAllocator (no
// vcAllocByMask, vcAllocPerPort, switchAllocByPort, bit-mask allocator,
// vcAllocSingle or switchAllocSingle). BookSim2 has only the general form (src/routers/
// iq_router.cpp, _VCAllocEvaluate and _SWAllocEvaluate over
// src/allocators/islip.cpp), so both runs must agree event for event: every
// step's EventRecords, the state summary and the batch run's whole report.
// The separable allocators (round-robin arbiters), wavefront and PIM take the same
// bit-mask shortcuts (mask_allocators.h) and are checked against BookSimAllocator.
// A third engine steps silently (stepSilently, what a batch run without
// printed events takes) and must count exactly the events the others build.

#include <QtTest>

#include "noc/noc_engine.h"
#include "noc/noc_report.h"
#include "noc_test_support.h"
#include "sim/batch_run.h"

using namespace commviz::noc;

namespace {

#if defined(COMMVIZ_SANITIZED)
constexpr int kCycles = 300;  // the ASan + UBSan build runs about ten times slower
#else
constexpr int kCycles = 2000;
#endif

// 4x4, 4-flit packets (so held connections matter), loads in flits per node
// and cycle; 0.9 is past saturation on every row.
const std::string kBase = noctest::meshHeader(4, 2) + R"(traffic = uniform;
packet_size = 4;
injection_rate_uses_flits = 1;
injection_rate = 0.3;
sim_type = latency;
sample_period = 500;
seed = 7;
)";

QString describeEvent(const NocEvent& event) {
    const commviz::sim::EventRecord record = NocEngine::describe(event);
    QString text = QString::fromStdString(record.kind + " " + record.anchor);
    for (const std::string& object : record.objects) text += " " + QString::fromStdString(object);
    return text + " " + QString::fromStdString(record.fields.dump());
}

}  // namespace

class TstNocFastPaths : public QObject {
    Q_OBJECT
private slots:
    void generalPathsDropTheShortcuts() {
        NocConfig general = noctest::config({}, kBase);
        QVERIFY(NocEngine(general).network().hasMeshTable());  // dor on a mesh: the table lookup
        general.general_paths = true;
        QVERIFY(!NocEngine(general).network().hasMeshTable());
    }

    // Which VC allocation a router with more input VCs than a mask holds takes.
    void wideRoutersAllocateVcsPerPort() {
        const auto paths = [](const QStringList& overrides) {
            std::vector<std::string> keys = {"num_vcs=16"};
            for (const QString& key : overrides) keys.push_back(key.toStdString());
            const NocConfig config = noctest::config(keys, kBase);
            return routerPaths(config, 5, config.num_vcs);
        };
        QVERIFY(!paths({}).maskVa);
        QVERIFY(paths({}).portVa);
        QVERIFY(paths({"vc_allocator=separable_input_first"}).portVa);
        QVERIFY(paths({"vc_allocator=separable_output_first"}).portVa);
        // only first-iteration matches move pointers, and the match does not say which
        QVERIFY(!paths({"vc_allocator=islip(2)"}).portVa);
        QVERIFY(!paths({"vc_allocator=wavefront"}).portVa);  // one diagonal for the whole router
        QVERIFY(!paths({"vc_allocator=pim"}).portVa);        // draws across ports
        QVERIFY(!paths({"vc_allocator=separable_input_first(matrix)"}).portVa);
        QVERIFY(!paths({"speculative=1"}).portVa);
        QVERIFY(!paths({"vc_alloc_delay=2"}).portVa);
        QVERIFY(!paths({"num_vcs=4"}).portVa);  // 20 input VCs: vcAllocByMask
    }

    void sameRunBothWays_data() {
        QTest::addColumn<QStringList>("overrides");
        const auto row = [](const char* name, const QStringList& keys) { QTest::newRow(name) << keys; };
        // topology x routing, with traffic, VCs, speculation, hold and iSLIP iterations rotated over them
        row("mesh dor uniform 1vc 0.05", {"num_vcs=1", "injection_rate=0.05"});
        row("mesh dor transpose 2vc 0.3 spec", {"traffic=transpose", "speculative=1"});
        row("mesh dor hotspot 16vc 0.9 hold",
            {"traffic=hotspot(5)", "num_vcs=16", "injection_rate=0.9", "hold_switch_for_packet=1"});
        row("mesh dor uniform 2vc 0.9 islip(2)",
            {"injection_rate=0.9", "vc_allocator=islip(2)", "sw_allocator=islip(2)"});
        row("mesh dor uniform 16vc 0.3 spec hold", {"num_vcs=16", "speculative=1", "hold_switch_for_packet=1"});
        row("mesh dor transpose 1vc 0.9 hold",
            {"traffic=transpose", "num_vcs=1", "injection_rate=0.9", "hold_switch_for_packet=1"});
        row("mesh dor uniform 8vc 0.9 1-flit", {"num_vcs=8", "injection_rate=0.9", "packet_size=1"});
        row("mesh min_adapt uniform 2vc 0.3", {"routing_function=min_adapt"});
        row("mesh min_adapt transpose 16vc 0.9 spec",
            {"routing_function=min_adapt", "traffic=transpose", "num_vcs=16", "injection_rate=0.9", "speculative=1"});
        row("mesh min_adapt hotspot 2vc 0.9 hold islip(3)",
            {"routing_function=min_adapt", "traffic=hotspot(5)", "injection_rate=0.9", "hold_switch_for_packet=1",
             "vc_allocator=islip(3)", "sw_allocator=islip(3)"});
        row("mesh valiant uniform 2vc 0.9 spec hold",
            {"routing_function=valiant", "injection_rate=0.9", "speculative=1", "hold_switch_for_packet=1"});
        row("mesh valiant transpose 16vc 0.05 islip(2)", {"routing_function=valiant", "traffic=transpose", "num_vcs=16",
                                                          "injection_rate=0.05", "sw_allocator=islip(2)"});
        row("mesh valiant hotspot 2vc 0.3", {"routing_function=valiant", "traffic=hotspot(5)"});
        row("mesh romm uniform 2vc 0.9", {"routing_function=romm", "injection_rate=0.9"});
        row("torus uniform 2vc 0.3", {"topology=torus", "routing_function=dim_order"});
        row("torus transpose 16vc 0.9 hold", {"topology=torus", "routing_function=dim_order", "traffic=transpose",
                                              "num_vcs=16", "injection_rate=0.9", "hold_switch_for_packet=1"});
        row("torus hotspot 2vc 0.9 spec islip(2)",
            {"topology=torus", "routing_function=dim_order", "traffic=hotspot(5)", "injection_rate=0.9",
             "speculative=1", "vc_allocator=islip(2)"});
        row("torus uniform 16vc 0.05 spec hold", {"topology=torus", "routing_function=dim_order", "num_vcs=16",
                                                  "injection_rate=0.05", "speculative=1", "hold_switch_for_packet=1"});
        row("torus min_adapt uniform 4vc 0.9",
            {"topology=torus", "routing_function=min_adapt", "num_vcs=4", "injection_rate=0.9"});
        row("torus min_adapt transpose 16vc 0.3 spec hold islip(2)",
            {"topology=torus", "routing_function=min_adapt", "traffic=transpose", "num_vcs=16", "speculative=1",
             "hold_switch_for_packet=1", "vc_allocator=islip(2)", "sw_allocator=islip(2)"});
        row("torus min_adapt hotspot 4vc 0.9 hold",
            {"topology=torus", "routing_function=min_adapt", "traffic=hotspot(5)", "num_vcs=4", "injection_rate=0.9",
             "hold_switch_for_packet=1"});
        row("torus valiant uniform 4vc 0.3 spec",
            {"topology=torus", "routing_function=valiant", "num_vcs=4", "speculative=1"});
        row("torus valiant hotspot 16vc 0.9 islip(2)",
            {"topology=torus", "routing_function=valiant", "traffic=hotspot(5)", "num_vcs=16", "injection_rate=0.9",
             "sw_allocator=islip(2)"});
        row("torus valiant transpose 4vc 0.9 hold", {"topology=torus", "routing_function=valiant", "traffic=transpose",
                                                     "num_vcs=4", "injection_rate=0.9", "hold_switch_for_packet=1"});
        row("torus without dateline 2vc 0.9 (deadlocks)",
            {"topology=torus", "routing_function=dim_order", "dateline=0", "injection_rate=0.9"});
        // the pipeline's other shapes, saturated
        row("VA 2 + SA 2", {"injection_rate=0.9", "vc_alloc_delay=2", "sw_alloc_delay=2"});
        row("SA 2 hold", {"injection_rate=0.9", "sw_alloc_delay=2", "hold_switch_for_packet=1"});
        row("look-ahead spec hold",
            {"injection_rate=0.9", "routing_delay=0", "speculative=1", "hold_switch_for_packet=1"});
        row("speedup 2x2 4vc", {"injection_rate=0.9", "num_vcs=4", "input_speedup=2", "output_speedup=2"});
        row("speedup 2x2 4vc hold spec", {"injection_rate=0.9", "num_vcs=4", "input_speedup=2", "output_speedup=2",
                                          "hold_switch_for_packet=1", "speculative=1"});
        row("input speedup 2, 8vc, separable input-first",
            {"injection_rate=0.9", "num_vcs=8", "input_speedup=2", "vc_allocator=separable_input_first",
             "sw_allocator=separable_input_first"});
        row("output speedup 2, 2vc, wavefront",
            {"injection_rate=0.9", "output_speedup=2", "vc_allocator=wavefront", "sw_allocator=wavefront"});
        row("speedup 2x2 4vc pim", {"injection_rate=0.9", "num_vcs=4", "input_speedup=2", "output_speedup=2",
                                    "vc_allocator=pim", "sw_allocator=pim"});
        row("output buffer 2, tail credit", {"injection_rate=0.9", "output_buffer_size=2", "wait_for_tail_credit=1"});
        row("internal speedup 2 hold", {"injection_rate=0.9", "internal_speedup=2.0", "hold_switch_for_packet=1"});
        // the other allocators the shortcuts run on bit masks (mask_allocators.h), against BookSimAllocator
        const QStringList separableIn = {"vc_allocator=separable_input_first", "sw_allocator=separable_input_first"};
        const QStringList separableOut = {"vc_allocator=separable_output_first", "sw_allocator=separable_output_first"};
        row("separable input-first 2vc 0.9", separableIn + QStringList{"injection_rate=0.9"});
        row("separable input-first 16vc 0.3", separableIn + QStringList{"num_vcs=16"});
        row("separable input-first min_adapt 4vc 0.9",
            separableIn + QStringList{"routing_function=min_adapt", "num_vcs=4", "injection_rate=0.9"});
        row("separable input-first 4vc 0.9 hold (fattree_config)",
            separableIn + QStringList{"num_vcs=4", "injection_rate=0.9", "hold_switch_for_packet=1"});
        row("separable output-first 2vc 0.9", separableOut + QStringList{"injection_rate=0.9"});
        row("separable output-first transpose 8vc 0.5",
            separableOut + QStringList{"traffic=transpose", "num_vcs=8", "injection_rate=0.5"});
        row("wavefront 2vc 0.9", {"vc_allocator=wavefront", "sw_allocator=wavefront", "injection_rate=0.9"});
        row("wavefront 16vc 0.3", {"vc_allocator=wavefront", "sw_allocator=wavefront", "num_vcs=16"});
        row("wavefront 2vc 0.9 hold",
            {"vc_allocator=wavefront", "sw_allocator=wavefront", "injection_rate=0.9", "hold_switch_for_packet=1"});
        row("pim 4vc 0.9 hold, input speedup 2", {"vc_allocator=pim", "sw_allocator=pim", "num_vcs=4",
                                                  "injection_rate=0.9", "hold_switch_for_packet=1", "input_speedup=2"});
        row("rr_wavefront 4vc 0.9",
            {"vc_allocator=rr_wavefront", "sw_allocator=rr_wavefront", "num_vcs=4", "injection_rate=0.9"});
        row("separable VA, wavefront SA, 4vc 0.9",
            {"vc_allocator=separable_input_first", "sw_allocator=rr_wavefront", "num_vcs=4", "injection_rate=0.9"});
        row("pim 2vc 0.9", {"vc_allocator=pim", "sw_allocator=pim", "injection_rate=0.9"});
        row("pim(3) 8vc 0.5", {"vc_allocator=pim(3)", "sw_allocator=pim(3)", "num_vcs=8", "injection_rate=0.5"});
        row("pim VA, islip SA, 4vc 0.05", {"vc_allocator=pim", "num_vcs=4", "injection_rate=0.05"});
        row("wavefront VA, separable SA, 1-flit 0.9",
            {"vc_allocator=wavefront", "sw_allocator=separable_output_first", "packet_size=1", "injection_rate=0.9"});
        // 5 ports x 16 VCs: more input VCs than a mask holds, so VC allocation goes port by port (vcAllocPerPort)
        row("islip 16vc 1-flit 0.9", {"num_vcs=16", "packet_size=1", "injection_rate=0.9"});
        row("separable input-first 16vc 1-flit 0.9",
            separableIn + QStringList{"num_vcs=16", "packet_size=1", "injection_rate=0.9"});
        row("separable output-first 16vc 0.9", separableOut + QStringList{"num_vcs=16", "injection_rate=0.9"});
    }

    void sameRunBothWays() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys;
        for (const QString& key : overrides) keys.push_back(key.toStdString());
        const NocConfig fast = noctest::config(keys, kBase);
        NocConfig general = fast;
        general.general_paths = true;

        NocEngine fastEngine(fast);
        NocEngine generalEngine(general);
        NocEngine silentEngine(fast);
        std::size_t events = 0;
        for (int cycle = 0; cycle < kCycles && !fastEngine.done(); ++cycle) {
            const std::vector<NocEvent> expected = generalEngine.step();
            const std::vector<NocEvent> actual = fastEngine.step();
            QCOMPARE(silentEngine.stepSilently(), actual.size());
            QVERIFY2(actual.size() == expected.size(), qPrintable(QString("cycle %1: %2 events, general path %3")
                                                                      .arg(cycle)
                                                                      .arg(actual.size())
                                                                      .arg(expected.size())));
            for (std::size_t i = 0; i < actual.size(); ++i) {
                const QString got = describeEvent(actual[i]);
                const QString want = describeEvent(expected[i]);
                QVERIFY2(
                    got == want,
                    qPrintable(QString("cycle %1 event %2: %3\ngeneral path: %4").arg(cycle).arg(i).arg(got, want)));
            }
            events += actual.size();
        }
        QVERIFY(events > 1000);  // the rows are meant to be busy
        QCOMPARE(fastEngine.done(), generalEngine.done());
        QCOMPARE(QString::fromStdString(fastEngine.summary().dump()),
                 QString::fromStdString(generalEngine.summary().dump()));
        QCOMPARE(QString::fromStdString(silentEngine.summary().dump()),
                 QString::fromStdString(fastEngine.summary().dump()));
        static_assert(commviz::sim::CountsEventsSilently<NocEngine>);

        const NocReport fastReport = runNocBatch(fast);
        const NocReport generalReport = runNocBatch(general);
        QCOMPARE(QString::fromStdString(formatBookSimReport(fastReport)),
                 QString::fromStdString(formatBookSimReport(generalReport)));
        QCOMPARE(QString::fromStdString(reportJson(fastReport).dump()),
                 QString::fromStdString(reportJson(generalReport).dump()));
    }
};

QTEST_APPLESS_MAIN(TstNocFastPaths)
#include "tst_noc_fast_paths.moc"
