// Proves that scene keys are validated with messages naming the key, the value
// and what is allowed, the way `--set` and the Parameters dock need.

#include <QtTest>

#include "sim/param_spec.h"

using namespace commviz::sim;

namespace {

std::vector<ParamSpec> specs() {
    return {
        {"ranks", ParamType::Int, 8, 1, 16384, {}, "Number of ranks"},
        {"latency_us", ParamType::Double, 1.5, 0, 1000, {}, "Link latency"},
        {"inline", ParamType::Bool, false, 0, 0, {}, "Send inline"},
        {"routing", ParamType::Choice, "dor", 0, 0, {"dor", "min_adapt"}, "Routing function"},
        {"big", ParamType::Int, 4096, 0, 1048576, {}, "Bytes"},
    };
}

}  // namespace

class ParamsTest : public QObject {
    Q_OBJECT

private slots:
    void defaultsCoverEveryKey() {
        const auto values = defaults(specs());
        QCOMPARE(values.size(), std::size_t(5));
        QCOMPARE(values.at("ranks").get<int>(), 8);
        QCOMPARE(values.at("routing").get<std::string>(), std::string("dor"));
    }

    void assignmentsOverrideDefaults() {
        auto values = defaults(specs());
        const auto status =
            applyAssignments(specs(), {"ranks=16384", "latency_us=0.25", "inline=true", "routing=min_adapt"}, values);
        QVERIFY(status.ok());
        QCOMPARE(values.at("ranks").get<int>(), 16384);
        QCOMPARE(values.at("latency_us").get<double>(), 0.25);
        QCOMPARE(values.at("inline").get<bool>(), true);
        QCOMPARE(values.at("routing").get<std::string>(), std::string("min_adapt"));
    }

    void badAssignmentsNameKeyValueAndWhatIsAllowed_data() {
        QTest::addColumn<QString>("assignment");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key") << "rank=4"
                                     << "unknown key 'rank': allowed keys are ranks, latency_us, inline, routing, big";
        QTest::newRow("not an integer") << "ranks=four"
                                        << "invalid value 'four' for key 'ranks': allowed an integer from 1 to 16384";
        QTest::newRow("trailing junk") << "ranks=4x"
                                       << "invalid value '4x' for key 'ranks': allowed an integer from 1 to 16384";
        QTest::newRow("too large") << "ranks=16385"
                                   << "invalid value '16385' for key 'ranks': allowed an integer from 1 to 16384";
        QTest::newRow("too small") << "ranks=0"
                                   << "invalid value '0' for key 'ranks': allowed an integer from 1 to 16384";
        QTest::newRow("negative double") << "latency_us=-1"
                                         << "invalid value '-1' for key 'latency_us': allowed a number from 0 to 1000";
        QTest::newRow("nan") << "latency_us=nan"
                             << "invalid value 'nan' for key 'latency_us': allowed a number from 0 to 1000";
        QTest::newRow("bool") << "inline=maybe"
                              << "invalid value 'maybe' for key 'inline': allowed true or false";
        QTest::newRow("choice") << "routing=xy"
                                << "invalid value 'xy' for key 'routing': allowed one of dor, min_adapt";
        QTest::newRow("no equals") << "ranks"
                                   << "invalid --set 'ranks': expected KEY=VALUE";
        QTest::newRow("large bound") << "big=2000000"
                                     << "invalid value '2000000' for key 'big': allowed an integer from 0 to 1048576";
        QTest::newRow("empty value") << "ranks="
                                     << "invalid value '' for key 'ranks': allowed an integer from 1 to 16384";
    }
    void badAssignmentsNameKeyValueAndWhatIsAllowed() {
        QFETCH(QString, assignment);
        QFETCH(QString, message);
        auto values = defaults(specs());
        const auto before = values;
        const auto status = applyAssignments(specs(), {assignment.toStdString()}, values);
        QVERIFY(!status.ok());
        QCOMPARE(QString::fromStdString(status.error().message), message);
        QVERIFY(values == before);
    }

    void explicitValuesBeatScenarioFieldsWhichBeatDefaults() {
        const Json scenario = {{"ranks", 64}, {"routing", "bogus"}, {"other", 1}};
        const auto shown = effectiveValues(specs(), {{"latency_us", 9.0}}, &scenario);
        QCOMPARE(shown.at("ranks").get<int>(), 64);                            // from the scenario
        QCOMPARE(shown.at("latency_us").get<double>(), 9.0);                   // explicit
        QCOMPARE(shown.at("routing").get<std::string>(), std::string("dor"));  // invalid field: default
        QCOMPARE(shown.at("inline").get<bool>(), false);                       // default
        QCOMPARE(shown.count("other"), std::size_t(0));
        const auto filled = withDefaults(specs(), {{"ranks", 2}});
        QCOMPARE(filled.size(), std::size_t(5));
        QCOMPARE(filled.at("ranks").get<int>(), 2);
    }

    void aKeyAPersonSetWinsEvenAtItsDefault() {
        // ranks=8 is the default; the person set it, so the scenario's 64 loses.
        const auto merged = mergeKeys(specs(), {{"ranks", 8}}, {{"ranks", 64}, {"big", 1024}});
        QVERIFY(merged.ok());
        QCOMPARE(merged->at("ranks").get<int>(), 8);
        QVERIFY(merged->setByPerson("ranks"));
        QCOMPARE(merged->at("big").get<int>(), 1024);
        QCOMPARE(merged->sources.at("big"), KeySource::Scenario);
        QCOMPARE(merged->at("routing").get<std::string>(), std::string("dor"));
        QCOMPARE(merged->sources.at("routing"), KeySource::Default);
        QCOMPARE(merged->values.size(), std::size_t(5));
        QVERIFY(!merged->setByPerson("big"));
    }

    void mergeKeysNamesTheBadKeyAndValue() {
        const auto unknown = mergeKeys(specs(), {{"rank", 4}});
        QVERIFY(!unknown.ok());
        QCOMPARE(QString::fromStdString(unknown.error().message),
                 QString("unknown key 'rank': allowed keys are ranks, latency_us, inline, routing, big"));
        const auto bad = mergeKeys(specs(), {}, {{"routing", "bogus"}});
        QVERIFY(!bad.ok());
        QCOMPARE(QString::fromStdString(bad.error().message),
                 QString("invalid value 'bogus' for key 'routing': allowed one of dor, min_adapt"));
        const auto strict = topLevelKeys(specs(), Json{{"scene", "x"}, {"ranks", 4}, {"other", 1}}, true, "x");
        QVERIFY(!strict.ok());
        QCOMPARE(
            QString::fromStdString(strict.error().message),
            QString("unknown scenario field 'other' for scene x: allowed ranks, latency_us, inline, routing, big"));
        const auto lenient = topLevelKeys(specs(), Json{{"scene", "x"}, {"ranks", 4}, {"other", 1}}, false, "x");
        QVERIFY(lenient.ok());
        QCOMPARE(lenient->size(), std::size_t(1));
    }

    void scenarioValuesAreCheckedByType() {
        const auto all = specs();
        QVERIFY(checkParam(all[0], 12).ok());
        QVERIFY(!checkParam(all[0], 1.5).ok());
        QVERIFY(!checkParam(all[0], "12").ok());
        QVERIFY(!checkParam(all[2], 1).ok());
        QVERIFY(checkParam(all[3], "dor").ok());
        QVERIFY(!checkParam(all[3], "DOR").ok());
    }
};

QTEST_APPLESS_MAIN(ParamsTest)
#include "tst_sim_params.moc"
