// `commviz noc CONFIG [key=value]... [--json]` through the real binary: BookSim's
// layout, agreement with a BookSim2 run of the same config, BookSim2's shipped
// examples, and bad input.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

using commviz::testing::CliResult;
using commviz::testing::runCommviz;
using commviz::testing::writeFile;

namespace {

// The config both simulators ran (BookSim2 at commit 28f43299, unmodified,
// `booksim small.cfg injection_rate=R`). Keys not set take BookSim's defaults.
constexpr const char* kSmallConfig =
    "// 4x4 mesh, DOR, uniform, 1-flit packets, 4 VCs x 4 flits\n"
    "topology = mesh;\n"
    "k = 4;\n"
    "n = 2;\n"
    "routing_function = dor;\n"
    "num_vcs = 4;\n"
    "vc_buf_size = 4;\n"
    "traffic = uniform;\n"
    "packet_size = 1;\n"
    "injection_rate = 0.1;\n"
    "sim_type = latency;\n";

// BookSim2's overall block for that config:
//   injection_rate=0.1: Packet latency average = 19.8408, Accepted flit rate
//     average = 0.0995625, Hops average = 3.53219, Time taken is 6055 cycles
//   injection_rate=0.3: Packet latency average = 20.3592, Accepted flit rate
//     average = 0.299854, Hops average = 3.5041, Time taken is 6068 cycles
//   injection_rate=0.8: eight sample periods, then "Simulation unstable, ending ..."
struct OracleFigures {
    double rate;
    double latency;
    double accepted;
    double hops;
};
constexpr OracleFigures kOracle[] = {{0.1, 19.8408, 0.0995625, 3.53219}, {0.3, 20.3592, 0.299854, 3.5041}};

// The statements of BookSim2's shipped examples (src/examples/, commit
// 28f43299), in their order, without the licence header and comments.
constexpr const char* kTorus88 =
    "topology = torus;\nk = 8;\nn = 2;\nrouting_function = dim_order;\nnum_vcs = 2;\ntraffic = uniform;\n"
    "injection_rate = 0.15;\n";
constexpr const char* kMesh88Lat =
    "topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dor;\nnum_vcs = 8;\nvc_buf_size = 8;\n"
    "wait_for_tail_credit = 1;\nvc_allocator = islip;\nsw_allocator = islip;\nalloc_iters = 1;\n"
    "credit_delay = 2;\nrouting_delay = 0;\nvc_alloc_delay = 1;\nsw_alloc_delay = 1;\ninput_speedup = 2;\n"
    "output_speedup = 1;\ninternal_speedup = 1.0;\ntraffic = transpose;\npacket_size = 20;\n"
    "sim_type = latency;\ninjection_rate = 0.005;\n";
// fattree_config and dragonflyconfig share their router and run-control block.
QByteArray shippedRouterBlock(const QByteArray& bufSize, const QByteArray& internalSpeedup) {
    return "vc_buf_size = " + bufSize +
           ";\nwait_for_tail_credit = 0;\nvc_allocator = separable_input_first;\n"
           "sw_allocator = separable_input_first;\nalloc_iters = 1;\ncredit_delay = 2;\nrouting_delay = 0;\n"
           "vc_alloc_delay = 1;\nsw_alloc_delay = 1;\nst_final_delay = 1;\ninput_speedup = 1;\noutput_speedup = 1;\n"
           "internal_speedup = " +
           internalSpeedup + ";\nwarmup_periods = 3;\nsim_count = 1;\nsample_period = 10000;\n";
}
QByteArray fattreeConfig() {
    return "hold_switch_for_packet=1;\n" + shippedRouterBlock("16", "1.0") +
           "routing_function = nca;\nnum_vcs = 4;\npriority = none;\ntraffic = uniform;\ninjection_rate = 0.6;\n"
           "packet_size = 1;\ninjection_rate_uses_flits=1;\ntopology = fattree;\nk = 4;\nn = 3;\nwatch_out=-;\n";
}
QByteArray dragonflyConfig() {
    return shippedRouterBlock("256", "2.0") +
           "routing_function = min;\nnum_vcs = 2;\npriority = none;\ntraffic = uniform;\ninjection_rate = 0.8;\n"
           "packet_size = 10;\ninjection_rate_uses_flits=1;\ntopology = dragonflynew;\nk = 4;\nn = 1;\n"
           "watch_out=-;\n";
}

double figure(const QString& out, const QString& label) {
    const QRegularExpression re(
        QStringLiteral("^%1 = ([0-9.e+-]+) \\(1 samples\\)$").arg(QRegularExpression::escape(label)),
        QRegularExpression::MultilineOption);
    const auto m = re.match(out);
    return m.hasMatch() ? m.captured(1).toDouble() : -1;
}

}  // namespace

class TstCliNoc : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& text) { return writeFile(m_dir, name, text); }

    /// `commviz noc ARGS` refused: see commviz::testing::expectRefused.
    static void expectRefused(const QStringList& args, const QStringList& needles) {
        commviz::testing::expectRefused(QStringList{QStringLiteral("noc")} + args, needles);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void printsBookSimsLayout() {
        const QString cfg = write("small.cfg", kSmallConfig);
        const CliResult r = runCommviz({"noc", cfg, "injection_rate=0.3"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        // The echo BookSim prints before it runs.
        QVERIFY(
            out.startsWith("BEGIN Configuration File: " + cfg + "\n" + kSmallConfig + "\nEND Configuration File: "));
        QVERIFY(out.contains("\nOVERRIDE Parameter: injection_rate=0.3\n"));
        // Per-period blocks (with BookSim's missing space), phase lines, the final block.
        QVERIFY(out.contains("\nClass 0:\nPacket latency average = "));
        QVERIFY(out.contains("\nAccepted flit rate average= "));
        QVERIFY(out.contains("\nWarmed up ...Time used is 3000 cycles\n"));
        QVERIFY(out.contains("\nDraining all recorded packets ...\n"));
        QVERIFY(QRegularExpression("\nTime taken is [0-9]+ cycles\n").match(out).hasMatch());
        QVERIFY(out.contains("\n====== Overall Traffic Statistics ======\n====== Traffic class 0 ======\n"));
        QVERIFY(out.contains("\n\tminimum = 7 (1 samples)\n"));  // a self-addressed 1-flit packet: 5H + 2, H = 1
    }

    // Each sample period's block is printed when the period ends, as BookSim prints
    // it, so a long run shows its progress: the first block arrives while the run
    // goes on (a 32x32 mesh for 20 periods of 1,000 cycles: about twenty seconds,
    // the first period a twentieth of that; the test stops it there). Printed all
    // at the end, the first output would carry the overall block too.
    void printsEachPeriodAsItEnds() {
        const QString cfg = write("long.cfg",
                                  "topology = mesh;\nk = 32;\nn = 2;\nrouting_function = dor;\ntraffic = uniform;\n"
                                  "injection_rate = 0.1;\nsample_period = 1000;\nmax_samples = 20;\n"
                                  "stopping_thres = 0.0;\nacc_stopping_thres = 0.0;\n");
        QProcess run;
        run.start(QStringLiteral(COMMVIZ_BINARY), {"noc", cfg});
        QVERIFY(run.waitForStarted());
        QByteArray out;
        while (!out.contains("\nthroughput change = ") && run.waitForReadyRead(120000))
            out += run.readAllStandardOutput();
        QVERIFY2(out.startsWith("BEGIN Configuration File: "), out.left(200).constData());
        QVERIFY(out.contains("\nClass 0:\nPacket latency average = "));
        QVERIFY2(!out.contains("Overall Traffic Statistics"), "the first period came with the end of the run");
        run.kill();
        run.waitForFinished(10000);
    }

    // `commviz noc` is run by the launcher: Qt and FFmpeg, a tenth of a second
    // of loading before main, are never loaded (the dynamic loader lists what it
    // loads; the last check shows it does). The launcher is linked statically, so
    // it loads no shared object at all; a sanitized build links it dynamically.
    void loadsNoQt() {
        const QString cfg = write("small.cfg", kSmallConfig);
        const CliResult r = runCommviz({"noc", cfg}, 120000, {"LD_DEBUG=libs"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("====== Overall Traffic Statistics ======"));
#ifndef COMMVIZ_SANITIZED
        QVERIFY2(!r.err.contains("libstdc++"), qPrintable(r.err.left(2000)));
#endif
        QVERIFY(!r.err.contains("libQt6"));
        QVERIFY(!r.err.contains("libavcodec"));
        // So do run and scenes; what needs Qt (here its translations) goes on to the whole program.
        const CliResult scenes = runCommviz({"scenes"}, 120000, {"LD_DEBUG=libs"});
        QCOMPARE(scenes.exitCode, 0);
        QVERIFY(!scenes.err.contains("libQt6"));
        const CliResult chinese = runCommviz({"scenes", "--lang", "zh_CN"}, 120000, {"LD_DEBUG=libs"});
        QCOMPARE(chinese.exitCode, 0);
        QVERIFY(chinese.err.contains("libQt6Core"));
    }

    void agreesWithBookSim2_data() {
        QTest::addColumn<int>("row");
        QTest::newRow("0.1") << 0;
        QTest::newRow("0.3") << 1;
    }
    void agreesWithBookSim2() {
        QFETCH(int, row);
        const OracleFigures& o = kOracle[row];
        const QString cfg = write("small.cfg", kSmallConfig);
        const CliResult r = runCommviz({"noc", cfg, QStringLiteral("injection_rate=%1").arg(o.rate)});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        // The random streams differ (not Knuth's generator), so agreement is
        // statistical: within 5 % on latency and 2 % on throughput.
        const double latency = figure(out, "Packet latency average");
        const double accepted = figure(out, "Accepted flit rate average");
        const double hops = figure(out, "Hops average");
        QVERIFY2(std::abs(latency / o.latency - 1) < 0.05, qPrintable(QString::number(latency)));
        QVERIFY2(std::abs(accepted / o.accepted - 1) < 0.02, qPrintable(QString::number(accepted)));
        QVERIFY2(std::abs(hops / o.hops - 1) < 0.02, qPrintable(QString::number(hops)));
    }

    void beyondSaturationIsUnstableAsInBookSim2() {
        const QString cfg = write("small.cfg", kSmallConfig);
        const CliResult r = runCommviz({"noc", cfg, "injection_rate=0.8"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains("\nSimulation unstable, ending ...\n"));
        QVERIFY(!out.contains("Overall Traffic Statistics"));
    }

    void jsonHasTheSameStatistics() {
        const QString cfg = write("small.cfg", kSmallConfig);
        const CliResult text = runCommviz({"noc", cfg});
        const CliResult json = runCommviz({"noc", cfg, "--json"});
        QCOMPARE(json.exitCode, 0);
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(json.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(o.value("outcome").toString(), QStringLiteral("completed"));
        const double latency = o.value("packet_latency").toObject().value("average").toDouble();
        QVERIFY(latency > 0);
        // Same seed, same run: the text shows the same number to 6 digits.
        QCOMPARE(figure(QString::fromUtf8(text.out), "Packet latency average"),
                 QString::number(latency, 'g', 6).toDouble());
    }

    void runsTheShippedMeshAndTorusExamples_data() {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<double>("latency");
        QTest::addColumn<double>("accepted");
        // BookSim2 28f43299 (make in src/, -O3, asserts on), overall block:
        //   booksim torus88: Packet latency average = 33.6559, Accepted flit
        //     rate average = 0.150365
        //   booksim fattree_config topology=mesh routing_function=dor
        //     vc_allocator=islip sw_allocator=islip injection_rate=0.1: 21.1023, 0.0995833
        //   booksim mesh88_lat: 62.828, 0.0945742 (one run of 20-flit packets at
        //     0.005 varies by several percent, so only that it runs is checked)
        QTest::newRow("torus88") << QByteArray(kTorus88) << QStringList{} << 33.6559 << 0.150365;
        QTest::newRow("fattree_config overridden into a 4-ary 3-mesh")
            << fattreeConfig()
            << QStringList{"topology=mesh", "routing_function=dor", "vc_allocator=islip", "sw_allocator=islip",
                           "injection_rate=0.1"}
            << 21.1023 << 0.0995833;
        QTest::newRow("mesh88_lat") << QByteArray(kMesh88Lat) << QStringList{} << 0.0 << 0.0;
    }
    void runsTheShippedMeshAndTorusExamples() {
        QFETCH(QByteArray, config);
        QFETCH(QStringList, overrides);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        const CliResult r = runCommviz(QStringList{"noc", write("shipped.cfg", config)} + overrides);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains("\n====== Overall Traffic Statistics ======\n"));
        if (latency == 0) return;
        QVERIFY2(std::abs(figure(out, "Packet latency average") / latency - 1) < 0.05, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / accepted - 1) < 0.02, qPrintable(out.right(400)));
    }

    // BookSim2's examples/singleconfig (a 10x10 single-router fly, dest_tag, separable_input_first
    // allocators) and a 4-ary 2-fly with its router settings. BookSim2 28f43299:
    //   booksim fly.cfg: Packet latency average = 10.5405, Accepted flit rate average = 0.299604
    //   booksim singleconfig sim_count=1 max_samples=3 sample_period=1000 (seeds 0-2): "Simulation unstable,
    //     ending ..." (offered 1.0, accepted 0.63-0.68 in its samples there; the
    //     saturation rate over 40 seeds is checked in tst_noc_fly), and so with
    //     vc_allocator=islip sw_allocator=islip.
    void runsButterflyConfigs() {
        const QByteArray singleconfig =
            "topology = fly;\nk = 10;\nn = 1;\nnum_vcs = 8;\nvc_buf_size = 8;\n"
            "vc_allocator = separable_input_first;\nsw_allocator = separable_input_first;\n"
            "routing_function = dest_tag;\ntraffic = uniform;\nuse_read_write = 0;\ninjection_rate = 1.0;\n"
            "sample_period  = 100000;\nrouting_delay  = 0;\nvc_alloc_delay = 1;\nsw_alloc_delay = 1;\n"
            "st_final_delay = 1;\n";
        const QString single = write("singleconfig", singleconfig);
        const CliResult shipped = runCommviz({"noc", single, "sim_count=1", "max_samples=3", "sample_period=1000"});
        QCOMPARE(shipped.exitCode, 0);
        QVERIFY2(shipped.out.contains("Simulation unstable, ending ..."), shipped.out.right(300).constData());
        const CliResult unstable = runCommviz({"noc", single, "sim_count=1", "max_samples=3", "sample_period=1000",
                                               "vc_allocator=islip", "sw_allocator=islip"});
        QCOMPARE(unstable.exitCode, 0);
        QVERIFY2(unstable.out.contains("Simulation unstable, ending ..."), unstable.out.right(300).constData());

        QByteArray fly = singleconfig;
        fly.replace("k = 10;\nn = 1;", "k = 4;\nn = 2;").replace("injection_rate = 1.0", "injection_rate = 0.3");
        fly.replace("sample_period  = 100000;\n", "").replace("separable_input_first", "islip");
        const CliResult r = runCommviz({"noc", write("fly.cfg", fly)});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(std::abs(figure(out, "Packet latency average") / 10.5405 - 1) < 0.05, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / 0.299604 - 1) < 0.02, qPrintable(out.right(400)));
        QCOMPARE(figure(out, "Hops average"), 2.0);
    }

    // BookSim2's examples/cmeshconfig as shipped (its settings; our file): BookSim2 28f43299
    // `booksim cmeshconfig` prints Packet latency average = 36.0751, Accepted flit rate
    // average = 0.0999271, Hops average = 4.98143.
    void runsTheShippedCmeshExample() {
        const QString path = QStringLiteral(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/noc/cmesh44_bitcomp.cfg";
        const CliResult r = runCommviz({"noc", path});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(std::abs(figure(out, "Packet latency average") / 36.0751 - 1) < 0.05, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / 0.0999271 - 1) < 0.02,
                 qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Hops average") / 4.98143 - 1) < 0.01, qPrintable(out.right(400)));
    }

    // BookSim2's examples/flatflyconfig as shipped (its settings; our file): BookSim2 28f43299
    // `booksim flatflyconfig` prints (Overall Traffic Statistics) Packet latency average =
    // 15.6014, Accepted flit rate average = 0.0998698, Hops average = 2.49491 (ran_min: 1 +
    // 3/4 + 3/4 = 2.5 routers on average under uniform traffic).
    void runsTheShippedFlatflyExample() {
        const QString path = QStringLiteral(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/noc/flatfly44_ran_min.cfg";
        const CliResult r = runCommviz({"noc", path});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(std::abs(figure(out, "Packet latency average") / 15.6014 - 1) < 0.06, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / 0.0998698 - 1) < 0.03,
                 qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Hops average") / 2.49491 - 1) < 0.01, qPrintable(out.right(400)));
    }

    // BookSim2's examples/fattree_config as shipped, cut short: BookSim2 28f43299 `booksim
    // fattree_config sim_count=1 max_samples=3 sample_period=1000 seed=0` prints Packet latency
    // average = 27.7438, Accepted flit rate average = 0.601, Hops average = 4.37282. One seed:
    // the draws differ (nca's up ports), so within a few percent.
    void runsTheShippedFattreeExample() {
        const CliResult r = runCommviz({"noc", write("fattree_config", fattreeConfig()), "sim_count=1", "max_samples=3",
                                        "sample_period=1000", "seed=0"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(std::abs(figure(out, "Packet latency average") / 27.7438 - 1) < 0.06, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / 0.601 - 1) < 0.03, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Hops average") / 4.37282 - 1) < 0.01, qPrintable(out.right(400)));
    }

    // BookSim2's examples/dragonflyconfig (its text) with short-run overrides: BookSim2 28f43299
    // `booksim dragonflyconfig sim_count=1 max_samples=3 sample_period=1000 seed=1` prints Packet
    // latency average = 235.562, Accepted flit rate average = 0.798805, Hops average = 3.69433.
    void runsTheShippedDragonflyExample() {
        const QString path = write("dragonflyconfig", dragonflyConfig());
        const CliResult r = runCommviz({"noc", path, "sim_count=1", "max_samples=3", "sample_period=1000", "seed=1"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(std::abs(figure(out, "Packet latency average") / 235.562 - 1) < 0.06, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / 0.798805 - 1) < 0.03, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Hops average") / 3.69433 - 1) < 0.02, qPrintable(out.right(400)));
    }

    void refusesOtherTopologiesNamingEverySettingTopologyFirst_data() {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("items");  // in the order the message names them
        QTest::addColumn<QStringList>("absent");
        // Every topology of BookSim2's examples runs now; a name BookSim2 has not either is refused, first,
        // before the routing function that would have needed it, the shipped keys left unnamed.
        QByteArray hypercube = dragonflyConfig();
        hypercube.replace("dragonflynew", "hypercube");
        hypercube.replace("routing_function = min", "routing_function = dor_hyper");
        QTest::newRow("dragonflyconfig as a hypercube")
            << hypercube << QStringList{}
            << QStringList{"2 settings that commviz cannot run: (1) line 24: topology = hypercube: allowed values: one "
                           "of mesh",
                           "dragonflynew", "(2) line 17: routing_function = dor_hyper"}
            << QStringList{"watch_out", "internal_speedup", "allocator"};
    }

    void refusesOtherTopologiesNamingEverySettingTopologyFirst() {
        QFETCH(QByteArray, config);
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, items);
        QFETCH(QStringList, absent);
        const QString path = write("shipped.cfg", config);
        const CliResult r = runCommviz(QStringList{"noc", path} + overrides);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.errLines().size(), 1);
        const QString line = r.errLines().first();
        qsizetype from = line.indexOf(path + ":");
        QVERIFY2(from >= 0, qPrintable(line));
        for (const QString& item : items) {
            const qsizetype at = line.indexOf(item, from);
            QVERIFY2(at > from, qPrintable(line + " lacks, or names out of order, " + item));
            from = at;
        }
        for (const QString& word : absent) QVERIFY2(!line.contains(word), qPrintable(line + " names " + word));
    }

    void refusesBadInput_data() {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QStringList>("needles");
        const QByteArray head = "topology = mesh;\nk = 4;\nrouting_function = dor;\n";
        QTest::newRow("missing semicolon")
            << QByteArray("topology = mesh;\nk = 4\nn = 2;\n") << QStringList{} << QStringList{"bad.cfg:3", "';'"};
        QTest::newRow("unknown key, closest named") << head + "num_vc = 2;\n"
                                                    << QStringList{} << QStringList{"bad.cfg:4", "num_vc", "num_vcs"};
        QTest::newRow("float key written as integer")
            << head + "internal_speedup = 1;\n"
            << QStringList{} << QStringList{"bad.cfg:4", "internal_speedup", "float"};
        QTest::newRow("k = 0") << QByteArray("topology = mesh;\nk = 0;\nrouting_function = dor;\n") << QStringList{}
                               << QStringList{"bad.cfg:2", "k = 0", "2 to 64"};
        QTest::newRow("num_vcs too small for the dateline classes")
            << QByteArray("topology = torus;\nk = 4;\nrouting_function = dim_order;\nnum_vcs = 1;\n") << QStringList{}
            << QStringList{"bad.cfg:4", "num_vcs = 1", "dateline", "at least 2"};
        QTest::newRow("num_vcs too small for min_adapt on a torus")
            << QByteArray("topology = torus;\nk = 4;\nrouting_function = min_adapt;\nnum_vcs = 3;\n") << QStringList{}
            << QStringList{"bad.cfg:4", "num_vcs = 3", "min_adapt", "at least 4"};
        QTest::newRow("routing function BookSim lacks for the topology")
            << QByteArray("topology = torus;\nk = 4;\nrouting_function = romm;\n") << QStringList{}
            << QStringList{"bad.cfg:3", "romm", "Invalid routing function: romm_torus"};
        QTest::newRow("BookSim key commviz does not model")
            << head + "topology = hypercube;\n"
            << QStringList{} << QStringList{"bad.cfg:4", "topology", "mesh"};
        // Allocator::NewAllocator returns nothing for an unknown name ("Unknown vc_allocator type");
        // Arbiter::NewArbiter asserts on an unknown arbiter.
        QTest::newRow("unknown vc_allocator")
            << head + "vc_allocator = max_matching;\n"
            << QStringList{}
            << QStringList{"bad.cfg:4", "vc_allocator = max_matching", "separable_input_first", "wavefront", "loa"};
        QTest::newRow("unknown arbiter of a separable sw_allocator")
            << head << QStringList{"sw_allocator=separable_output_first(tree)"}
            << QStringList{"override: sw_allocator = separable_output_first(tree)", "(round_robin) or (matrix)"};
        QTest::newRow("unknown arb_type")
            << head + "arb_type = lottery;\n"
            << QStringList{} << QStringList{"bad.cfg:4", "arb_type = lottery", "round_robin", "matrix"};
        QTest::newRow("hotspot node outside the network")
            << head + "n = 2;\ntraffic = hotspot({{0,16}});\n"
            << QStringList{} << QStringList{"bad.cfg:5", "traffic", "node 16", "0 to 15"};
        QTest::newRow("hotspot override node outside the network")
            << head + "n = 2;\n"
            << QStringList{"traffic=hotspot(99)"} << QStringList{"override", "node 99", "0 to 15"};
        QTest::newRow("malformed hotspot list")
            << head + "traffic = hotspot({{0,x}});\n"
            << QStringList{}
            << QStringList{"bad.cfg:4", "traffic = hotspot({{0,x}})", "hotspot({{NODE,...},{RATE,...}})"};
        QTest::newRow("hotspot rate below 1")
            << head + "traffic = hotspot({{0,3},{1,0}});\n"
            << QStringList{} << QStringList{"bad.cfg:4", "traffic", "rates of at least 1"};
        QTest::newRow("on_off with no rate left to derive")
            << head + "injection_process = on_off;\nburst_r1 = 0.5;\n"
            << QStringList{} << QStringList{"bad.cfg:4", "injection_process = on_off", "burst_r1 = 0.5", "exactly one"};
        QTest::newRow("burst_beta above 1")
            << head + "injection_process = on_off;\nburst_beta = 2.0;\n"
            << QStringList{} << QStringList{"bad.cfg:5", "burst_beta = 2.0", "at most 1.0"};
        // BookSim's own range check is only at most 1.0 (injection.cpp); -1.0 to 1.0 is commviz's documented range
        QTest::newRow("burst_r1 below -1.0")
            << QByteArray(kMesh88Lat) << QStringList{"injection_process=on_off", "burst_r1=-1.9"}
            << QStringList{"override: burst_r1 = -1.9", "a float from -1.0 to 1.0", "derive it from injection_rate"};
        // `booksim torus88 routing_function=valiant`: "Assertion `ring_part == 1' failed" (exit 134)
        QTest::newRow("valiant on torus88")
            << QByteArray(kTorus88) << QStringList{"routing_function=valiant"}
            << QStringList{"override: routing_function = valiant", "BookSim2 cannot run valiant on a torus",
                           "ring_part == 1", "dim_order or min_adapt"};
        QTest::newRow("dim_order on a cmesh")
            << QByteArray(
                   "topology = cmesh;\nk = 4;\nc = 4;\nxr = 2;\nyr = 2;\nx = 4;\ny = 4;\n"
                   "routing_function = dim_order;\n")
            << QStringList{} << QStringList{"bad.cfg:8", "dim_order_cmesh", "dor_no_express"};
        QTest::newRow("cmesh with c = 2") << QByteArray(
                                                 "topology = cmesh;\nk = 4;\nc = 2;\nxr = 2;\nyr = 2;\nx = 4;\ny = 4;\n"
                                                 "routing_function = dor;\n")
                                          << QStringList{} << QStringList{"bad.cfg:3", "c = 2", "cmesh: 4"};
        QTest::newRow("flatfly with x != y")
            << QByteArray(
                   "topology = flatfly;\nk = 4;\nn = 2;\nc = 4;\nxr = 2;\nyr = 2;\nx = 4;\ny = 2;\n"
                   "routing_function = ran_min;\n")
            << QStringList{} << QStringList{"x = 4, y = 2", "x equal to y"};
        QTest::newRow("flatfly with c != xr * yr")
            << QByteArray(
                   "topology = flatfly;\nk = 4;\nn = 2;\nc = 2;\nxr = 2;\nyr = 2;\nx = 4;\ny = 4;\n"
                   "routing_function = ran_min;\n")
            << QStringList{} << QStringList{"bad.cfg:4", "c = 2", "xr * yr = 4"};
        QTest::newRow("dor on a flatfly")
            << QByteArray(
                   "topology = flatfly;\nk = 4;\nn = 2;\nc = 4;\nxr = 2;\nyr = 2;\nx = 4;\ny = 4;\n"
                   "routing_function = dor;\n")
            << QStringList{} << QStringList{"bad.cfg:9", "dor_flatfly", "ran_min, xyyx, adaptive_xyyx"};
        QTest::newRow("dor on a fly") << QByteArray("topology = fly;\nk = 4;\nn = 2;\nrouting_function = dor;\n")
                                      << QStringList{}
                                      << QStringList{"bad.cfg:4", "routing_function = dor", "dor_fly", "dest_tag"};
        QTest::newRow("dest_tag on a mesh") << head << QStringList{"routing_function=dest_tag"}
                                            << QStringList{"routing_function = dest_tag", "dest_tag_mesh", "fly"};
        QTest::newRow("fly wider than 32 ports")
            << QByteArray("topology = fly;\nk = 40;\nn = 1;\nrouting_function = dest_tag;\n") << QStringList{}
            << QStringList{"bad.cfg:2", "k = 40", "2 to 32"};
        // `booksim` with topology = fattree and routing_function = dor: "Invalid routing function: dor_fattree"
        QTest::newRow("dor on a fattree")
            << QByteArray("topology = fattree;\nk = 4;\nn = 3;\nrouting_function = dor;\n") << QStringList{}
            << QStringList{"bad.cfg:4", "routing_function = dor", "dor_fattree", "nca or anca"};
        QTest::newRow("nca on a mesh") << head << QStringList{"routing_function=nca"}
                                       << QStringList{"routing_function = nca", "nca_mesh", "topology = fattree"};
        // qtree.cpp: assert( _k == 4 && _n == 3 )
        QTest::newRow("qtree of another size")
            << QByteArray("topology = qtree;\nk = 2;\nn = 3;\nrouting_function = nca;\n") << QStringList{}
            << QStringList{"k = 2, n = 3", "topology = qtree: k = 4 and n = 3"};
        QTest::newRow("fattree wider than 32 ports")
            << QByteArray("topology = fattree;\nk = 17;\nn = 2;\nrouting_function = nca;\n") << QStringList{}
            << QStringList{"bad.cfg:2", "k = 17", "topology = fattree: 2 to 16"};
        QTest::newRow("dragonfly with n = 2")
            << QByteArray("topology = dragonflynew;\nk = 2;\nn = 2;\nrouting_function = min;\nnum_vcs = 2;\n")
            << QStringList{} << QStringList{"bad.cfg:3", "n = 2", "dragonflynew: 1", "asserts n == 1"};
        QTest::newRow("ugal on a dragonfly with 2 VCs")
            << QByteArray("topology = dragonflynew;\nk = 2;\nn = 1;\nrouting_function = ugal;\nnum_vcs = 2;\n")
            << QStringList{} << QStringList{"bad.cfg:5", "num_vcs = 2", "num_vcs = 3", "gNumVCs == 3"};
        QTest::newRow("xy_yx on a dragonfly")
            << QByteArray("topology = dragonflynew;\nk = 2;\nn = 1;\nrouting_function = xy_yx;\n") << QStringList{}
            << QStringList{"bad.cfg:4", "xy_yx_dragonflynew", "min or ugal"};
        QTest::newRow("mesh with 4 dimensions")
            << head << QStringList{"n=4"} << QStringList{"n = 4", "topology = mesh", "1 to 3"};
        QTest::newRow("valiant on a torus in the file")
            << QByteArray(kTorus88).replace("dim_order", "valiant") << QStringList{}
            << QStringList{"bad.cfg:4: routing_function = valiant", "ring_part == 1"};
        QTest::newRow("override of the wrong type") << head << QStringList{"k=x"} << QStringList{"k = x", "integer"};
        QTest::newRow("override that is not key=value") << head << QStringList{"bogus"} << QStringList{"bogus"};
        QTest::newRow("unknown option") << head << QStringList{"--csv"} << QStringList{"--csv", "--json"};
    }
    void refusesBadInput() {
        QFETCH(QByteArray, config);
        QFETCH(QStringList, extra);
        QFETCH(QStringList, needles);
        expectRefused(QStringList{write("bad.cfg", config)} + extra, needles);
    }

    // BookSim2's examples/anynet as shipped (anynet_config and anynet_file; ours are anynet_example.cfg and anynet_file
    // in resources/scenarios/noc/): BookSim2 28f43299 `booksim anynet_config` in that folder prints Packet latency
    // average = 10.4396, Accepted flit rate average = 0.00987407, Hops average = 1.67442. commviz runs it from another
    // working directory: the network file is found beside the config file.
    void runsTheShippedAnynetExampleFromAnyFolder() {
        const QString path = QStringLiteral(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/noc/anynet_example.cfg";
        const CliResult r = runCommviz({"noc", path});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(std::abs(figure(out, "Packet latency average") / 10.4396 - 1) < 0.05, qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Accepted flit rate average") / 0.00987407 - 1) < 0.05,
                 qPrintable(out.right(400)));
        QVERIFY2(std::abs(figure(out, "Hops average") / 1.67442 - 1) < 0.03, qPrintable(out.right(400)));
    }

    // BookSim2's "Anynet:can't open network file" (booksim/booksim2 #11, #28) names
    // one place; commviz names both it looked in, and the config line that set the file.
    void missingNetworkFileNamesBothPlacesTried() {
        const QString cfg =
            write("net.cfg", "topology = anynet;\nrouting_function = min;\nnetwork_file = absent_net;\n");
        const QString besideConfig = QFileInfo(m_dir.filePath("absent_net")).absoluteFilePath();
        expectRefused({cfg}, {cfg + ":3: network_file = absent_net: no such file", "looked in " + besideConfig + " or ",
                              "/absent_net (beside the config file first, then the working directory)"});
    }

    void badNetworkFileLineIsNamed() {
        const QString file = write("bad_net", "router 0 node 0 router 1\nrouter 1 node 1 node 2 wire 3\n");
        const QString cfg =
            write("badnet.cfg", "topology = anynet;\nrouting_function = min;\nnetwork_file = bad_net;\n");
        expectRefused({cfg}, {file + ":2: 'wire': allowed here: router or node"});
        write("split_net", "router 0 node 0\nrouter 1 node 1\n");
        expectRefused({cfg, "network_file=split_net"}, {"split_net: router 1 cannot be reached from router 0"});
    }

    void refusesUnreadableAndMissingFiles() {
        expectRefused({m_dir.filePath("absent.cfg")}, {"absent.cfg' does not exist"});
        expectRefused({m_dir.path()}, {"is a directory"});
        expectRefused({"/dev/zero"}, {"config file '/dev/zero' is not a regular file"});
        expectRefused({}, {"missing CONFIG"});
    }
};

QTEST_GUILESS_MAIN(TstCliNoc)
#include "tst_cli_noc.moc"
