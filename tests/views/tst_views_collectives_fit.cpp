// Proves the collectives scene is readable at "fit" in the default window of
// a 1600 × 1000 screen: every text drawn at every round of ring, recursive
// doubling, Rabenseifner, binomial and linear algorithms for p = 2 to 16 is
// 8 pt or more; the 16-rank ring keeps its rank labels and block tags whole
// and apart; 1,024 ranks degrade to a readable summary.

#include <QtTest>

#include "collectives_scene/collectives_renderer.h"
#include "collectives_scene/collectives_scene.h"
#include "fit_check.h"
#include "scene_walk.h"
#include "shell/simulation_controller.h"

using namespace commviz;
using tests::checkReadable;
using tests::texts;
using views::CollectivesRenderer;

class CollectivesFitTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::collectivesScene();
    views::SimulationController m_controller;

    std::vector<views::DrawnText> paintAtFit(const sim::Session& session) {
        CollectivesRenderer renderer;
        return tests::paintAtZoom(m_controller, renderer, session, 1);
    }

private slots:
    void theFigureFillsTheDefaultCanvas() {
        QVERIFY(tests::fitScaleOnDefaultCanvas<CollectivesRenderer>(m_controller) > 0.99);
    }

    void everyTextIsReadableAtFit_data() {
        QTest::addColumn<QString>("collective");
        QTest::addColumn<QString>("algorithm");
        for (const char* algorithm : {"ring", "recursive_doubling", "rabenseifner", "basic_linear"})
            QTest::newRow(algorithm) << QStringLiteral("allreduce") << QString::fromLatin1(algorithm);
        for (const char* algorithm : {"binomial", "chain", "pipeline"})
            QTest::newRow(algorithm) << QStringLiteral("bcast") << QString::fromLatin1(algorithm);
        QTest::newRow("bruck") << QStringLiteral("allgather") << QStringLiteral("bruck");
    }

    void everyTextIsReadableAtFit() {
        QFETCH(QString, collective);
        QFETCH(QString, algorithm);
        for (int ranks = 2; ranks <= 16; ++ranks) {
            auto session = tests::modelSession(m_scene, {{"collective", collective.toStdString()},
                                                         {"algorithm", algorithm.toStdString()},
                                                         {"ranks", ranks},
                                                         {"bytes", 4096}});
            do {
                const auto drawn = paintAtFit(*session);
                checkReadable(drawn, QStringLiteral("p = %1, step %2").arg(ranks).arg(session->cursor()));
                if (QTest::currentTestFailed()) return;
            } while (session->stepForward());
        }
    }

    void theSixteenRankRingIsWholeAndUncluttered() {
        auto session = tests::sceneSession(m_scene, QStringLiteral(":/scenarios/collectives/ring_allreduce_16.json"));
        QVERIFY(session);
        for (std::size_t step : {std::size_t(1), std::size_t(9), std::size_t(20), std::size_t(30)}) {
            session->seek(step);
            CollectivesRenderer renderer;
            std::vector<views::DrawnText> drawn;
            const auto layout = tests::layoutAtZoom(m_controller, renderer, *session, 1, {}, &drawn);
            const QString where = QStringLiteral("step %1").arg(step);
            checkReadable(drawn, where, true);
            tests::checkNoOverlaps(layout, where);
            if (QTest::currentTestFailed()) return;
            const QStringList shown = texts(drawn);
            for (int rank = 0; rank < 16; ++rank)
                QVERIFY2(shown.contains(QStringLiteral("rank %1").arg(rank)), qPrintable(where));
        }
    }

    void aThousandRanksDegradeToAReadableSummary() {
        auto session = tests::modelSession(m_scene, {{"algorithm", "ring"}, {"ranks", 1024}, {"bytes", 1048576}});
        for (int step = 0; step < 3; ++step) {
            const auto drawn = paintAtFit(*session);
            checkReadable(drawn, QStringLiteral("1,024 ranks, step %1").arg(step), true);
            QVERIFY(texts(drawn).filter(QStringLiteral("1024 ranks: too many")).size() == 1);
            session->stepForward();
        }
    }
};

QTEST_MAIN(CollectivesFitTest)
#include "tst_views_collectives_fit.moc"
