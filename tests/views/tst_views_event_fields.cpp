// views::EventFields: the one reader of an event's fields. Missing, null and
// wrongly typed fields read as nullopt; numbers that no integer can hold too.
#include <QtTest>
#include <cmath>
#include <limits>

#include "shell/event_fields.h"

using commviz::sim::Json;
using commviz::views::EventFields;

class TestViewsEventFields : public QObject {
    Q_OBJECT

private slots:
    void eachReaderTakesItsTypeOnly() {
        const Json fields{{"qp", "A/qp16"},  {"psn", 42},     {"end_us", 2.75},          {"inline", true},
                          {"none", nullptr}, {"ids", {1, 2}}, {"delta", {{"copies", 1}}}};
        const EventFields read(fields);
        QCOMPARE(read.text("qp"), std::optional<QString>("A/qp16"));
        QCOMPARE(read.text("psn"), std::optional<QString>("42"));
        QCOMPARE(read.integer("psn"), std::optional<qint64>(42));
        QCOMPARE(read.integer("end_us"), std::optional<qint64>(2));
        QCOMPARE(read.integer("inline"), std::optional<qint64>(1));
        QCOMPARE(read.integer("qp"), std::optional<qint64>());
        QCOMPARE(read.number("end_us"), std::optional<double>(2.75));
        QCOMPARE(read.flag("psn"), std::optional<bool>(true));
        QCOMPARE(read.list("ids"), std::optional<QStringList>(QStringList{"1", "2"}));
        QCOMPARE(read.object("delta")->integer("copies"), std::optional<qint64>(1));
        QVERIFY(!read.has("none"));
        QVERIFY(!read.has("missing"));
        QCOMPARE(read.text("none"), std::optional<QString>());
    }

    // Casting a NaN, an infinity or 1e300 to an integer is undefined behaviour.
    void numbersNoIntegerHoldsAreNotIntegers() {
        const Json fields{{"huge", 1e300},
                          {"minus_huge", -1e300},
                          {"infinite", std::numeric_limits<double>::infinity()},
                          {"nan", std::nan("")}};
        const EventFields read(fields);
        for (const char* key : {"huge", "minus_huge", "infinite", "nan"}) QVERIFY2(!read.integer(key).has_value(), key);
        QCOMPARE(read.number("huge"), std::optional<double>(1e300));
    }

    void anObjectThatIsNotOneReadsAsEmpty() {
        const Json array = Json::array({1, 2});
        const EventFields read(array);
        QVERIFY(!read.has("0"));
        QCOMPARE(read.integer("0"), std::optional<qint64>());
    }
};

QTEST_APPLESS_MAIN(TestViewsEventFields)
#include "tst_views_event_fields.moc"
