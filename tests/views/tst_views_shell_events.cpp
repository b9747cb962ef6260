// Proves the Events dock reads as a person reads: it lists no step the cursor
// has not reached (the controller records ahead on load), greys the rows after
// the cursor once a person steps back, shows a text core made in its
// translated form, leaves out empty fields and writes nested values readably.

#include <QFont>
#include <QPalette>
#include <QTableView>
#include <QtTest>

#include "counter_scene.h"
#include "rdma/rdma_scene.h"
#include "rdma_vs_socket/rdma_vs_socket_scene.h"
#include "scene_walk.h"
#include "shell/event_details.h"
#include "shell/event_list_model.h"
#include "shell/events_dock.h"
#include "shell/simulation_controller.h"

using namespace commviz;
using views::EventListModel;
using views::SimulationController;

namespace {

/// Events of steps 1 .. n, counted from the session.
int eventsThrough(const SimulationController& controller, std::size_t step) {
    int count = 0;
    for (std::size_t n = 1; n <= step; ++n) count += int(controller.session()->eventCount(n));
    return count;
}

/// The Details text of the first event of `kind` in step `step`.
QString detailsOf(const EventListModel& model, std::size_t step, const char* kind) {
    for (int row = model.rowOfStep(step); row >= 0 && row < model.rowCount(); ++row) {
        if (model.index(row, 0).data(EventListModel::StepRole).toULongLong() != step) break;
        if (model.index(row, EventListModel::Kind).data().toString() == QLatin1String(kind))
            return model.index(row, EventListModel::Details).data().toString();
    }
    return {};
}

}  // namespace

class ShellEventsTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_counter = testing::counterScene();

private slots:
    void stepZeroListsNoEventAndLaterRowsAreGreyed() {
        SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_counter, {{"limit", 100}})).ok());
        QVERIFY(controller.recordedSteps() >= 2);  // recorded ahead on load…
        views::EventsDock dock(controller);
        auto* table = dock.findChild<QTableView*>();
        QVERIFY(table);
        dock.resize(700, 300);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QCOMPARE(dock.model()->rowCount(), 0);  // …but step 0 lists nothing
        QVERIFY(!table->indexAt(QPoint(5, 5)).isValid());

        controller.stepForward();
        QCOMPARE(dock.model()->rowCount(), eventsThrough(controller, 1));
        controller.seek(10);
        const int through10 = eventsThrough(controller, 10);
        QCOMPARE(dock.model()->rowCount(), through10);
        const QModelIndex step5 = dock.model()->index(dock.model()->rowOfStep(5), EventListModel::Details);
        QVERIFY(!step5.data(Qt::ForegroundRole).isValid());  // reached: drawn as usual

        controller.seek(3);  // stepping back keeps the rows, marked as not reached
        QCOMPARE(dock.model()->rowCount(), through10);
        const QColor grey = QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        QCOMPARE(step5.data(Qt::ForegroundRole).value<QColor>(), grey);
        QVERIFY(step5.data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(step5.data(Qt::ToolTipRole).toString().contains(QStringLiteral("after the cursor (step 3)")));
        const QModelIndex step2 = dock.model()->index(dock.model()->rowOfStep(2), EventListModel::Details);
        QVERIFY(!step2.data(Qt::ForegroundRole).isValid());
        QVERIFY(!step2.data(Qt::FontRole).isValid());
        controller.seek(10);
        QVERIFY(!step5.data(Qt::ForegroundRole).isValid());
    }

    void detailsTranslateTextsAndLeaveOutEmptyFields() {
        // The shapes the RDMA and rdma-vs-socket scenes emit, with the values worked by hand.
        const sim::Json fields = {{"index", 4},
                                  {"host", ""},
                                  {"bad_wr", nullptr},
                                  {"acked", sim::Json::array()},
                                  {"reason", "ibv_modify_qp"},
                                  {"reason_text", {{"context", ""}, {"text", "%1"}, {"args", {"ibv_modify_qp"}}}},
                                  {"where", {{"host", "host_a"}, {"domain", "kernel"}}},
                                  {"ids", {1, 2}}};
        QCOMPARE(views::eventDetails(fields),
                 QStringLiteral("index=4  reason=ibv_modify_qp  where=(host host_a, domain kernel)  ids=[1, 2]"));
        // A template without its English twin still reads filled in, under the plain name.
        const sim::Json alone = {{"why_text", {{"context", ""}, {"text", "%1 of %2"}, {"args", {"3", "16"}}}}};
        QCOMPARE(views::eventDetails(alone), QStringLiteral("why=3 of 16"));
    }

    void rdmaRowsShowNoRawInternals() {
        const auto scene = views::rdmaScene();
        SimulationController controller;
        auto scenario = views::loadScenario(QStringLiteral(":/scenarios/rdma/send_recv.json"), scene);
        QVERIFY(scenario.ok());
        QVERIFY(controller.load(tests::sceneSetup(scene, {}, scenario.value())).ok());
        views::EventsDock dock(controller);
        controller.seek(20);
        const QString created = detailsOf(*dock.model(), 3, "call_returned");  // ibv_create_cq on host A
        QVERIFY2(created.contains(QStringLiteral("detail=cq->cqe = 31 (asked 16; mlx5 rounds up to 2^n - 1)")),
                 qPrintable(created));
        for (const char* raw : {"detail_text", "bad_wr", "\"context\"", "{"})
            QVERIFY2(!created.contains(QLatin1String(raw)), qPrintable(created));
        const QString summary =
            dock.model()->index(dock.model()->rowOfStep(3) + 1, EventListModel::Summary).data().toString();
        QVERIFY2(!summary.isEmpty() && !summary.contains(QStringLiteral("call_returned")), qPrintable(summary));
    }

    void nestedFieldsReadAsWords() {
        const auto scene = views::rdmaVsSocketScene();
        SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(scene)).ok());
        views::EventsDock dock(controller);
        controller.seek(1);
        const QString details = dock.model()->index(0, EventListModel::Details).data().toString();
        QVERIFY2(details.contains(QStringLiteral("where=(host both, domain kernel)")), qPrintable(details));
        QVERIFY2(!details.contains(QLatin1String("{\"")) && !details.contains(QLatin1String("message=")),
                 qPrintable(details));
    }
};

QTEST_MAIN(ShellEventsTest)
#include "tst_views_shell_events.moc"
