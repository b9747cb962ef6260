// BookSim config syntax and the errors a person gets for bad input.

#include <QtTest>
#include <fstream>

#include "noc/booksim_config_reader.h"
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
        QVERIFY(errorOf(std::string(noctest::kA1) + "vc_allocator = wavefront;\n").find("islip") != std::string::npos);
        for (const char* bad : {"islip(0)", "islip(17)", "islip()", "islip(2", "islip(x)"})
            QVERIFY2(errorOf(std::string(noctest::kA1) + "sw_allocator = " + bad + ";\n")
                             .find("islip or islip(N) with N from 1 to 16") != std::string::npos,
                     bad);
        QVERIFY(build(std::string(noctest::kA1) + "sw_allocator = islip(16);\nvc_allocator = islip;\n").ok());
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
        QVERIFY(r.error().message.find("cannot read") != std::string::npos);
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
