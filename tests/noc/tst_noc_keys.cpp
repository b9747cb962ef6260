// The NoC's keys are declared once (noc/booksim_keys.cpp): the scene's keys
// are derived from BookSim's, and where a scene key and the config reader's
// setter both bound a value, they bound it alike.

#include <QtTest>
#include <set>

#include "noc/booksim_keys.h"
#include "noc/noc_scene_model.h"

using namespace commviz;
using namespace commviz::noc;

namespace {

std::string setInto(const BookSimKey& key, ConfigValueKind kind, const std::string& text) {
    NocConfig config;
    return key.set(config, ConfigValue{kind, text});
}

std::string intText(double value) { return std::to_string(static_cast<long long>(value)); }

}  // namespace

class TstNocKeys : public QObject {
    Q_OBJECT
private slots:
    void sceneKeysAreBookSimKeysInItsOrder() {
        std::vector<std::string> expected;
        for (const BookSimKey& key : bookSimKeys())
            if (key.param) expected.push_back(key.name);
        std::vector<std::string> scene;
        for (const sim::ParamSpec& spec : nocParams()) scene.push_back(spec.key);
        QVERIFY(scene == expected);
        QCOMPARE(scene.size(), std::size_t(45));  // network_file (anynet) the 45th
        // BookSim's order: the topology first, then the router, traffic and the run's control.
        QCOMPARE(scene.front(), std::string("topology"));
        QCOMPARE(scene.back(), std::string("network_file"));  // after deadlock_warn_timeout, as in booksim_config.cpp
    }

    void everySceneKeyIsReadAndNamedOnce() {
        std::set<std::string> names;
        for (const BookSimKey& key : bookSimKeys()) {
            QVERIFY2(names.insert(key.name).second, key.name.c_str());
            if (key.param) {
                QVERIFY2(key.supported(), key.name.c_str());
                QCOMPARE(key.param->key, key.name);
                QVERIFY2(!key.param->help.empty(), key.name.c_str());
            }
        }
        // Read by the config reader, not offered by the scene: the iq router has one value,
        // alloc_iters does not reach it, and nothing can be watched.
        for (const char* name : {"router", "alloc_iters", "watch_out"}) {
            QVERIFY(findBookSimKey(name)->supported());
            QVERIFY(!findBookSimKey(name)->param);
        }
        // cmesh's concentration keys are read from configs (BookSim's cmesh runs c = 4 only);
        // a key BookSim has and commviz does not model is still refused.
        QVERIFY(findBookSimKey("c")->supported() && !findBookSimKey("c")->param);
        QVERIFY(!findBookSimKey("priority")->supported());
    }

    // An integer scene key and the reader accept the same range: its ends
    // pass the setter and one past either end is refused.
    void integerRangesAgree() {
        int checked = 0;
        for (const BookSimKey& key : bookSimKeys()) {
            if (!key.param || key.param->type != sim::ParamType::Int) continue;
            // Seeds take any integer in a file (BookSim's own range); the scene narrows them.
            if (key.name == "seed" || key.name == "perm_seed") continue;
            const double lo = key.param->min, hi = key.param->max;
            QVERIFY2(setInto(key, ConfigValueKind::Int, intText(lo)).empty(), key.name.c_str());
            QVERIFY2(setInto(key, ConfigValueKind::Int, intText(hi)).empty(), key.name.c_str());
            QVERIFY2(!setInto(key, ConfigValueKind::Int, intText(lo - 1)).empty(), key.name.c_str());
            QVERIFY2(!setInto(key, ConfigValueKind::Int, intText(hi + 1)).empty(), key.name.c_str());
            ++checked;
        }
        QCOMPARE(checked, 18);  // k, n, the delays, speedups, buffers, VCs, periods, samples, timeout, packet_size
    }

    // Every scene key's default is a value the reader takes, written as BookSim writes it.
    void defaultsAreTakenByTheReader() {
        for (const BookSimKey& key : bookSimKeys()) {
            if (!key.param) continue;
            const ConfigValue value = classifyValue(key.defaultText);
            if (key.name == "routing_function") {
                QCOMPARE(key.defaultText, std::string("none"));  // BookSim has no default; the scene's is dim_order
                continue;
            }
            QVERIFY2(setInto(key, value.kind, value.text).empty(), key.name.c_str());
        }
        QCOMPARE(findBookSimKey("internal_speedup")->defaultText, std::string("1.0"));
        QCOMPARE(findBookSimKey("k")->defaultText, std::string("8"));
        QCOMPARE(findBookSimKey("use_noc_latency")->defaultText, std::string("1"));
    }
};

QTEST_GUILESS_MAIN(TstNocKeys)
#include "tst_noc_keys.moc"
