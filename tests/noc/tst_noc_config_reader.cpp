// BookSim config syntax and the errors a person gets for bad input.

#include <QtTest>
#include <fstream>

#include "noc/booksim_config_reader.h"
#include "noc/booksim_keys.h"
#include "noc/noc_config.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

commviz::sim::Result<NocConfig> build(const std::string& text, const std::vector<std::string>& overrides = {}) {
    auto doc = parseBookSimConfig(text, "t.cfg");
    if (!doc) return doc.error();
    if (auto ok = applyOverrides(doc.value(), overrides); !ok) return ok.error();
    return makeNocConfig(doc.value());
}

std::string errorOf(const std::string& text, const std::vector<std::string>& overrides = {}) {
    auto r = build(text, overrides);
    return r ? std::string("(no error)") : r.error().message;
}

}  // namespace

class TstNocConfigReader : public QObject {
    Q_OBJECT
private slots:
    void typesValuesLikeBookSimsLexer() {
        QCOMPARE(classifyValue("4").kind, ConfigValueKind::Int);
        QCOMPARE(classifyValue("-1").kind, ConfigValueKind::Int);
        QCOMPARE(classifyValue("0.25").kind, ConfigValueKind::Float);
        QCOMPARE(classifyValue(".5").kind, ConfigValueKind::Float);
        QCOMPARE(classifyValue("1e-3").kind, ConfigValueKind::Float);
        QCOMPARE(classifyValue("mesh").kind, ConfigValueKind::String);
        QCOMPARE(classifyValue("{1,2}").kind, ConfigValueKind::List);
    }

    void readsCommentsListsStringsAndLaterAssignmentWins() {
        const std::string text =
            "// a comment\n"
            "topology = mesh; // trailing\n"
            "k = 4;\n"
            "routing_function = \"dor\";\n"
            "num_vcs = 2; num_vcs = 6;\n"
            "watch_out = \"\";\n"
            "injection_rate = 0.25;\n";
        auto doc = parseBookSimConfig(text, "t.cfg");
        QVERIFY(doc.ok());
        QCOMPARE(doc->assignments.size(), std::size_t(7));
        QCOMPARE(doc->assignments[3].line, 5);
        auto cfg = makeNocConfig(doc.value());
        QVERIFY2(cfg.ok(), cfg ? "" : cfg.error().message.c_str());
        QCOMPARE(cfg->topology, Topology::Mesh);
        QCOMPARE(cfg->k, 4);
        QCOMPARE(cfg->num_vcs, 6);
        QCOMPARE(cfg->injection_rate, 0.25);
    }

    void overridesComeLastLikeBookSimsCommandLine() {
        auto cfg = build(noctest::kA1, {"injection_rate=0.1", "k=4"});
        QVERIFY(cfg.ok());
        QCOMPARE(cfg->injection_rate, 0.1);
        QCOMPARE(cfg->k, 4);
        QVERIFY(errorOf(noctest::kA1, {"k"}).find("expected key=value") != std::string::npos);
    }

    void overridesReplaceTheFilesValuesBeforeTheyAreChecked() {
        // BookSim2 (28f43299) runs `booksim alloc.cfg vc_allocator=islip` for a
        // file saying vc_allocator = bogus, and refuses the file alone ("Unknown
        // vc_allocator type: bogus"): values are checked once all are read.
        const std::string file = std::string(noctest::kA1) + "vc_allocator = bogus;\nk = 0;\n";
        auto cfg = build(file, {"vc_allocator=islip(2)", "k=4"});
        QVERIFY2(cfg.ok(), cfg ? "" : cfg.error().message.c_str());
        QCOMPARE(cfg->vc_alloc_iters, 2);
        QCOMPARE(cfg->k, 4);
        // a later statement of the file replaces an earlier one the same way
        QCOMPARE(build(std::string(noctest::kA1) + "k = 0;\nk = 4;\n")->k, 4);
        // without the overrides the file's values are refused, both in one message
        const std::string e = errorOf(file);
        QVERIFY2(e.find("vc_allocator = bogus") != std::string::npos && e.find("k = 0") != std::string::npos,
                 e.c_str());
        // but a wrong type stops BookSim's parser at the file's statement, before
        // the overrides are read ("Parse error : Unknown integer field")
        QVERIFY(errorOf(std::string(noctest::kA1) + "internal_speedup = 1;\n", {"internal_speedup=1.0"})
                    .find("t.cfg:13: internal_speedup = 1") == 0);
    }

    void oneRefusalNamesEveryUnsupportedSettingTopologyFirst() {
        // fattree_config's shape (BookSim2 src/examples): allocators before the topology
        const std::string text =
            "vc_allocator = separable_input_first;\n"  // line 1
            "sw_allocator = separable_input_first;\n"
            "routing_function = nca;\n"
            "num_vcs = 4;\n"
            "priority = none;\n"     // unsupported key at its default: accepted
            "topology = fattree;\n"  // line 6
            "k = 4;\n"
            "n = 3;\n"
            "watch_out = -;\n";  // nothing is watched, so nothing is written there
        const std::string e = errorOf(text);
        // (its separable allocators are modelled)
        QVERIFY2(e.find("t.cfg: 2 settings that commviz cannot run: (1) line 6: topology = fattree: allowed values: "
                        "one of mesh, torus, fly, cmesh, dragonflynew; (2) line 3: routing_function = nca: ") == 0,
                 e.c_str());
        QVERIFY2(e.find("allocator") == std::string::npos, e.c_str());
        QVERIFY2(e.find("priority") == std::string::npos && e.find("watch_out") == std::string::npos, e.c_str());
        // overrides fix two of them; the rest are still named together, overrides by "override"
        const std::string rest = errorOf(text, {"vc_allocator=islip", "sw_allocator=islip", "burst_beta=2.0"});
        QVERIFY2(rest.find("t.cfg: 3 settings that commviz cannot run: (1) line 6: topology = fattree") == 0,
                 rest.c_str());
        QVERIFY2(rest.find("(3) override: burst_beta = 2.0") != std::string::npos, rest.c_str());
        QVERIFY2(rest.find("separable_input_first") == std::string::npos, rest.c_str());
        // and with all of them overridden it is a 4-ary 3-mesh commviz runs
        QVERIFY(build(text, {"vc_allocator=islip", "sw_allocator=islip", "topology=mesh", "routing_function=dor"}));
    }

    void burstRatesTakeMinusOneToOne() {
        // BookSim2 src/injection.cpp, OnOffInjectionProcess: each at most 1.0
        // (asserted), a negative one derived from injection_rate; BookSim reads
        // -1.9 as any negative value, commviz keeps its documented -1.0 to 1.0.
        const std::pair<std::string, std::string> meanings[] = {{"burst_alpha", "an off source turns on"},
                                                                {"burst_beta", "an on source turns off"},
                                                                {"burst_r1", "an on source makes a packet"}};
        for (const auto& [key, meaning] : meanings) {
            for (const std::string bad : {"-1.9", "1.5", "-1.0001"}) {
                const std::string e = errorOf(noctest::kA1, {key + "=" + bad});
                QVERIFY2(
                    e.find("override: " + key + " = " + bad +
                           ": allowed values: a float from -1.0 to 1.0: the chance per cycle that " + meaning) == 0,
                    e.c_str());
            }
            for (const std::string good : {"-1.0", "-0.5", "0.0", "1.0"}) {
                const auto cfg = build(noctest::kA1, {key + "=" + good});
                QVERIFY2(cfg.ok(), cfg ? "" : cfg.error().message.c_str());
            }
        }
    }

    void valiantOnATorusIsRefusedWhereCommvizStandsInForBookSim() {
        // `booksim torus88 routing_function=valiant` (BookSim2 28f43299, -O3 with
        // asserts) aborts: "Assertion `ring_part == 1' failed" with 4, 8 or 16
        // VCs, "`ph_available_vcs > 0' failed" with 2.
        const std::string torus = "topology = torus;\nk = 8;\nn = 2;\nrouting_function = valiant;\nnum_vcs = 4;\n";
        auto doc = parseBookSimConfig(torus, "t.cfg");
        QVERIFY(doc);
        const auto refused = makeNocConfig(doc.value(), ConfigRunner::BookSim);
        QVERIFY(!refused);
        const std::string& e = refused.error().message;
        QVERIFY2(e.find("t.cfg:4: routing_function = valiant: BookSim2 cannot run valiant on a torus: valiant_torus "
                        "stops on its assertion ring_part == 1") == 0,
                 e.c_str());
        QVERIFY2(e.find("allowed on a torus: dim_order or min_adapt") != std::string::npos, e.c_str());
        // the noc scene runs commviz's repaired valiant_torus
        QVERIFY(makeNocConfig(doc.value(), ConfigRunner::Scene));
        // valiant on a mesh, and the torus functions BookSim runs, pass both
        for (const char* runs : {"topology = mesh;\nrouting_function = valiant;\n",
                                 "topology = torus;\nrouting_function = min_adapt;\nnum_vcs = 4;\n",
                                 "topology = torus;\nrouting_function = dim_order;\n"}) {
            auto ok = parseBookSimConfig(runs, "t.cfg");
            QVERIFY2(makeNocConfig(ok.value(), ConfigRunner::BookSim), runs);
        }
        // a topology commviz cannot run is named alone, not as a torus
        auto fly = parseBookSimConfig("topology = fly;\nrouting_function = valiant;\n", "t.cfg");
        const auto flyError = makeNocConfig(fly.value(), ConfigRunner::BookSim);
        QVERIFY(!flyError && flyError.error().message.find("valiant_torus") == std::string::npos);
    }

    void missingSemicolonNamesTheLine() {
        const std::string e = errorOf("topology = mesh\nk = 4;\n");
        QVERIFY2(e.find("t.cfg:2") != std::string::npos && e.find("missing ';'") != std::string::npos, e.c_str());
    }

    void unknownKeyNamesTheClosestKnownKey() {
        const std::string e = errorOf(std::string(noctest::kA1) + "num_vc = 4;\n");
        QVERIFY2(e.find("unknown key 'num_vc'") != std::string::npos, e.c_str());
        QVERIFY2(e.find("did you mean 'num_vcs'") != std::string::npos, e.c_str());
        QVERIFY2(e.find("t.cfg:13") != std::string::npos, e.c_str());
    }

    void floatKeyWrittenAsIntegerIsRefusedWithBookSimsReason() {
        const std::string e = errorOf(std::string(noctest::kA1) + "internal_speedup = 1;\n");
        QVERIFY2(e.find("Unknown integer field: internal_speedup") != std::string::npos, e.c_str());
        QVERIFY2(e.find("1.0") != std::string::npos, e.c_str());
        QVERIFY(build(std::string(noctest::kA1) + "internal_speedup = 1.0;\n").ok());
    }

    void unsupportedBookSimKeyIsNamedUnlessAtItsDefault() {
        const std::string e = errorOf(std::string(noctest::kA1) + "vc_prioritize_empty = 1;\n");
        QVERIFY2(e.find("does not model BookSim's 'vc_prioritize_empty'") != std::string::npos, e.c_str());
        QVERIFY(build(std::string(noctest::kA1) + "vc_prioritize_empty = 0;\nsim_power = 0;\n").ok());
        // hold_switch_for_packet is modelled: both values are read
        QVERIFY(build(std::string(noctest::kA1) + "hold_switch_for_packet = 1;\n")->hold_switch_for_packet);
        QVERIFY(!build(std::string(noctest::kA1) + "hold_switch_for_packet = 0;\n")->hold_switch_for_packet);
        QVERIFY(errorOf(std::string(noctest::kA1) + "vc_allocator = max_size;\n").find("islip") != std::string::npos);
        for (const char* bad :
             {"islip(0)", "islip(17)", "islip()", "islip(2", "islip(x)", "pim(0)", "select(x)", "loa(2)",
              "wavefront(1)", "separable_input_first(tree(2,round_robin))", "separable_output_first()", "piggyback"})
            QVERIFY2(errorOf(std::string(noctest::kA1) + "sw_allocator = " + bad + ";\n")
                             .find("islip, select or pim, each optionally with iterations (N) from 1 to 16") !=
                         std::string::npos,
                     bad);
        QVERIFY(build(std::string(noctest::kA1) + "sw_allocator = islip(16);\nvc_allocator = islip;\n").ok());
        const auto cfg = build(std::string(noctest::kA1) +
                               "vc_allocator = separable_output_first(matrix);\nsw_allocator = pim(3);\n"
                               "arb_type = matrix;\n");
        QVERIFY(cfg.ok());
        QCOMPARE(cfg->vc_allocator.kind, AllocatorKind::SeparableOutputFirst);
        QCOMPARE(cfg->vc_allocator.arbiter, ArbiterKind::Matrix);
        QCOMPARE(cfg->sw_allocator.kind, AllocatorKind::Pim);
        QCOMPARE(cfg->sw_allocator.iterations, 3);
        QCOMPARE(cfg->sw_alloc_iters, 3);
        // arb_type is read but, as in BookSim's iq router, reaches no allocator
        QCOMPARE(build(std::string(noctest::kA1) + "vc_allocator = separable_input_first;\narb_type = matrix;\n")
                     ->vc_allocator.arbiter,
                 ArbiterKind::RoundRobin);
    }

    void badValuesNameKeyValueAndWhatIsAllowed() {
        const std::string e = errorOf(std::string(noctest::kA1) + "k = 0;\n");
        QVERIFY2(e.find("k = 0") != std::string::npos && e.find("from 2 to 64") != std::string::npos, e.c_str());
        QVERIFY(errorOf(std::string(noctest::kA1) + "topology = ring;\n").find("one of mesh, torus") !=
                std::string::npos);
        QVERIFY(errorOf(std::string(noctest::kA1) + "injection_rate = 1.5;\n").find("0.0 to 1.0") != std::string::npos);
    }

    void routingFunctionRulesFollowBookSim() {
        QVERIFY(errorOf("topology = mesh;\n").find("none_mesh") != std::string::npos);
        QVERIFY(errorOf("topology = torus; routing_function = dor;\n").find("dor_torus") != std::string::npos);
        QVERIFY(errorOf("topology = torus; routing_function = dim_order; num_vcs = 3;\n").find("even") !=
                std::string::npos);
        QVERIFY(build("topology = torus; routing_function = dim_order; num_vcs = 2;\n").ok());
    }

    void unreadableFileIsAnError() {
        auto r = readBookSimConfig("/nonexistent/dir/x.cfg");
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("config file '/nonexistent/dir/x.cfg' does not exist") != std::string::npos);
    }

    void loadsAFileWithOverridesAfterIt() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("mesh.cfg").toStdString();
        {
            std::ofstream out(path);
            out << noctest::kA1;
        }
        auto cfg = loadNocConfig(path, {"injection_rate=0.15"});
        QVERIFY2(cfg.ok(), cfg ? "" : cfg.error().message.c_str());
        QCOMPARE(cfg->injection_rate, 0.15);
        QCOMPARE(cfg->k, 8);
        auto bad = loadNocConfig(path, {"num_vc=2"});
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.find("override: unknown key 'num_vc'") != std::string::npos);
        // loadNocConfig is `commviz noc`: it refuses what stock BookSim2 stops on
        auto valiant = loadNocConfig(path, {"topology=torus", "routing_function=valiant"});
        QVERIFY(!valiant.ok());
        QVERIFY(valiant.error().message.find("override: routing_function = valiant: BookSim2 cannot run") == 0);
    }

    void defaultsAreBookSims() {
        const NocConfig c;
        QCOMPARE(c.topology, Topology::Torus);
        QCOMPARE(c.num_vcs, 16);
        QCOMPARE(c.vc_buf_size, 8);
        QCOMPARE(c.sample_period, 1000);
        QCOMPARE(c.warmup_periods, 3);
        QCOMPARE(c.max_samples, 10);
        QCOMPARE(c.latency_thres, 500.0);
        QCOMPARE(findBookSimKey("injection_rate")->defaultText, std::string("0.1"));
    }
};

QTEST_APPLESS_MAIN(TstNocConfigReader)
#include "tst_noc_config_reader.moc"
