// The collectives scene's view offscreen: the layout each algorithm gets (a
// ring, the binomial tree its messages follow, rows for recursive doubling),
// what a round draws (a tag with its blocks on each message's arrow, orange
// where the receiver reduces, blue where it stores), the block grid's colours
// as partial sums arrive, clicking a rank, the summary of 1,024 ranks, the
// narration and the round table, which seeks to the round clicked.

#include <QTableView>
#include <QtTest>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_layout.h"
#include "collectives_scene/collectives_paint.h"
#include "collectives_scene/collectives_renderer.h"
#include "collectives_scene/collectives_round_dock.h"
#include "collectives_scene/collectives_scene.h"
#include "collectives_scene/collectives_text.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using collectives::CollectivesEngine;
using tests::paint;
using tests::Painted;
using views::CollectivesRenderer;

namespace {

const sim::ParamValues kRing4{{"collective", "allreduce"}, {"algorithm", "ring"}, {"ranks", 4}, {"bytes", 16}};

const CollectivesEngine& engineOf(const sim::Session& session) { return *sim::engineOf<CollectivesEngine>(&session); }

QRectF rankRect(const CollectivesRenderer& renderer, int rank) {
    for (const auto& hit : renderer.hitRegions())
        if (hit.objectId == QStringLiteral("rank:%1").arg(rank)) return hit.rect;
    return {};
}

// The tags the round drew: texts that are not the caption, a rank label or the legend.
QStringList tags(const Painted& painted) {
    QStringList out;
    for (const auto& text : painted.texts)
        if (text.px == 12) out << text.text;
    out.sort();
    return out;
}

QColor tagFill(const Painted& painted, const QString& tag) {
    for (const auto& text : painted.texts)
        if (text.px == 12 && text.text == tag)
            return painted.image.pixelColor(QPointF(text.rect.left() + 4, text.rect.center().y()).toPoint());
    return {};
}

QColor cellCentre(const Painted& painted, const QRectF& rank, int slot, int slotCount) {
    return painted.image.pixelColor(views::CollectivesPaint::blockCell(rank, slot, slotCount).center().toPoint());
}

}  // namespace

class CollectivesViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::collectivesScene();
    const views::Theme m_theme = views::Theme::light();

private slots:
    void eachAlgorithmGetsItsNaturalLayout() {
        const QRectF area(0, 0, 800, 600);
        auto ring = tests::modelSession(m_scene, {{"algorithm", "ring"}, {"ranks", 8}});
        QCOMPARE(views::CollectivesLayout::of(engineOf(*ring), area).shape, views::RankShape::Ring);
        auto doubling = tests::modelSession(m_scene, {{"algorithm", "recursive_doubling"}, {"ranks", 8}});
        QCOMPARE(views::CollectivesLayout::of(engineOf(*doubling), area).shape, views::RankShape::Rows);
        // Binomial broadcast from 0: 0 -> 1; 0 -> 2, 1 -> 3; 0 -> 4, 1 -> 5, 2 -> 6, 3 -> 7.
        auto binomial = tests::modelSession(
            m_scene, {{"collective", "bcast"}, {"algorithm", "binomial"}, {"ranks", 8}, {"bytes", 8}});
        const auto tree = views::CollectivesLayout::of(engineOf(*binomial), area);
        QCOMPARE(tree.shape, views::RankShape::Tree);
        QCOMPARE(tree.parent, (std::vector<int>{-1, 0, 0, 1, 0, 1, 2, 3}));
        // Parents sit a level above their children.
        for (int rank = 1; rank < 8; ++rank)
            QVERIFY(tree.boxes[std::size_t(tree.parent[std::size_t(rank)])].center().y() <
                    tree.boxes[std::size_t(rank)].center().y());
        // The same from the root's point of view when the root is 3: rank 3 at the top.
        auto rooted = tests::modelSession(
            m_scene, {{"collective", "bcast"}, {"algorithm", "binomial"}, {"ranks", 8}, {"bytes", 8}, {"root", 3}});
        const auto shifted = views::CollectivesLayout::of(engineOf(*rooted), area);
        QCOMPARE(shifted.parent[3], -1);
        for (int rank = 0; rank < 8; ++rank)
            if (rank != 3) QVERIFY(shifted.boxes[3].center().y() < shifted.boxes[std::size_t(rank)].center().y());
    }

    // NCCL's double binary tree (ncclGetDtree, p = 8), worked by hand: tree 0 is 0 -> 4 -> {2, 6},
    // 2 -> {1, 3}, 6 -> {5, 7}; tree 1 its mirror (r plays 7 - r), rooted at 7. Both list the ranks in
    // order, so they share one row: tree 0 arched above it, tree 1 below, each root named.
    void ncclDoubleTreeDrawsBothTrees() {
        auto session = tests::modelSession(
            m_scene, {{"library", "nccl"}, {"algorithm", "tree"}, {"topo_file", ""}, {"ranks", 8}, {"bytes", 4 << 20}});
        QVERIFY(session);
        const auto layout = views::CollectivesLayout::of(engineOf(*session), QRectF(0, 0, 800, 600));
        QCOMPARE(layout.shape, views::RankShape::DoubleTree);
        QCOMPARE(layout.parent, (std::vector<int>{-1, 2, 4, 2, 0, 6, 4, 6}));
        QCOMPARE(layout.parent1, (std::vector<int>{1, 3, 1, 7, 5, 3, 5, -1}));
        for (int rank = 1; rank < 8; ++rank) {
            QCOMPARE(layout.boxes[std::size_t(rank)].center().y(), layout.boxes[0].center().y());
            QVERIFY(layout.boxes[std::size_t(rank)].left() > layout.boxes[std::size_t(rank - 1)].right());
        }
        QVERIFY(views::CollectivesPaint::treeArcControl(layout, 0, 4, true).y() < layout.boxes[0].top());
        QVERIFY(views::CollectivesPaint::treeArcControl(layout, 7, 3, false).y() > layout.boxes[7].bottom());
        CollectivesRenderer renderer;
        const QStringList drawn = paint(renderer, *session).strings();
        QVERIFY(drawn.contains(QStringLiteral("tree 0 root")));
        QVERIFY(drawn.contains(QStringLiteral("tree 1 root")));
    }

    // The window says NCCL's pick from the choice's fields; in English it reads as core's rule does,
    // for a pick with a takeover, one without, and one the scene animates in place of PAT-free pairs.
    void ncclRuleInTheWindowReadsAsCoresRule() {
        for (const std::int64_t bytes : {std::int64_t(4096), std::int64_t(8) << 20, std::int64_t(16) << 30}) {
            auto session = tests::modelSession(m_scene, {{"library", "nccl"}, {"bytes", bytes}});
            QVERIFY(session);
            const auto* choice = engineOf(*session).ncclChoice();
            QVERIFY(choice);
            QCOMPARE(views::CollectivesText::ncclRule(*choice), QString::fromStdString(choice->rule));
        }
    }

    void aRoundDrawsATagPerMessageWithItsBlocks() {
        auto session = tests::sceneSession(m_scene, QStringLiteral(":/scenarios/collectives/ring_allreduce_16.json"));
        QVERIFY(session);
        CollectivesRenderer renderer;
        QVERIFY(tags(paint(renderer, *session)).isEmpty());  // before the first round: no message
        // Round 1: rank r sends block r to r + 1, which reduces it.
        session->stepForward();
        const Painted first = paint(renderer, *session);
        QStringList expected;
        for (int block = 0; block < 16; ++block) expected << QString::number(block);
        expected.sort();
        QCOMPARE(tags(first), expected);
        QCOMPARE(tagFill(first, QStringLiteral("5")), m_theme.accent2);
        for (int rank = 0; rank < 16; ++rank) QVERIFY(!rankRect(renderer, rank).isEmpty());
        // Round 17, the allgather's second: rank r passes block (r + 1 - 1) mod 16 on, stored.
        session->seek(17);
        const Painted gather = paint(renderer, *session);
        QCOMPARE(tags(gather), expected);
        QCOMPARE(tagFill(gather, QStringLiteral("5")), m_theme.accent);
    }

    void blocksChangeColourAsPartialSumsArrive() {
        auto session = tests::modelSession(m_scene, kRing4);
        CollectivesRenderer renderer;
        Painted start = paint(renderer, *session);
        const QRectF rank1 = rankRect(renderer, 1);
        // Every block starts as one rank's own data: all four cells alike.
        for (int slot = 1; slot < 4; ++slot)
            QCOMPARE(cellCentre(start, rank1, slot, 4), cellCentre(start, rank1, 0, 4));
        session->stepForward();  // rank 0's block 0 is added into rank 1's
        const Painted first = paint(renderer, *session);
        const QColor summed = cellCentre(first, rank1, 0, 4), own = cellCentre(first, rank1, 1, 4);
        QVERIFY2(summed.lightness() < own.lightness() - 10, qPrintable(summed.name() + " vs " + own.name()));
        // The block that arrived is framed in the reduce colour; the others are not.
        const QRectF cell = views::CollectivesPaint::blockCell(rank1, 0, 4);
        const QPoint edge = QPointF(cell.left() + 1.6, cell.center().y()).toPoint();
        QCOMPARE(first.image.pixelColor(edge), m_theme.accent2);
        const QRectF other = views::CollectivesPaint::blockCell(rank1, 1, 4);
        QVERIFY(first.image.pixelColor(QPointF(other.left() + 1.6, other.center().y()).toPoint()) != m_theme.accent2);
        // At the end every block of every rank holds the sum of all four: complete, green.
        session->seek(6);
        const Painted end = paint(renderer, *session);
        for (int rank = 0; rank < 4; ++rank)
            for (int slot = 0; slot < 4; ++slot)
                QCOMPARE(cellCentre(end, rankRect(renderer, rank), slot, 4), m_theme.good);
        QVERIFY(engineOf(*session).done());
    }

    void theCaptionSaysWhereTheRunIs() {
        auto session = tests::modelSession(m_scene, kRing4);
        CollectivesRenderer renderer;
        session->seek(2);
        QStringList drawn;
        for (const auto& text : paint(renderer, *session).texts) drawn << text.text;
        QVERIFY2(drawn.contains(QStringLiteral("allreduce · ring (Open MPI, ID 4) · 4 ranks · 16 B")),
                 qPrintable(drawn.join('|')));
        QVERIFY(drawn.filter(QStringLiteral("Round 2 of 6")).size() == 1);
        session->seek(6);
        drawn.clear();
        for (const auto& text : paint(renderer, *session).texts) drawn << text.text;
        QVERIFY(drawn.filter(QStringLiteral("result_ok: true")).size() == 1);
        // α 2 µs, β 50 GB/s, γ 100 GB/s, 4-byte blocks: 3 reducing rounds of 2.00012 µs and 3 of
        // 2.00008 µs = 12.0006 µs. algbw = 16 B / 12.0006 µs = 0.00133 GB/s; busbw = algbw × 2(4−1)/4.
        QVERIFY2(drawn.filter(QStringLiteral("algbw 0.00133 GB/s, busbw 0.00200 GB/s")).size() == 1,
                 qPrintable(drawn.join('|')));
        session->seek(5);
        for (const auto& text : paint(renderer, *session).texts) QVERIFY(!text.text.contains("algbw"));
    }

    void clickingARankSelectsItAndTheInspectorShowsItsBuffer() {
        auto session = tests::modelSession(m_scene, kRing4);
        session->stepForward();
        CollectivesRenderer renderer;
        paint(renderer, *session);
        const QRectF rank2 = rankRect(renderer, 2);
        QCOMPARE(renderer.objectAt(rank2.center()), QStringLiteral("rank:2"));
        const sim::Json inspected = session->inspect("rank:2");
        QCOMPARE(inspected["rank"].get<int>(), 2);
        QCOMPARE(inspected["blocks"].size(), std::size_t(4));
        // Round 1: rank 1 sent block 1 to rank 2, which now holds two ranks' data there.
        QCOMPARE(inspected["blocks"][1]["contributions"].get<int>(), 2);
        // A message event selects its receiver.
        QCOMPARE(renderer.objectForEvent(*session, 1, 1), QStringLiteral("rank:2"));
    }

    void manyRanksDrawASummaryWithAClickableBand() {
        auto session = tests::modelSession(m_scene, {{"algorithm", "ring"}, {"ranks", 1024}, {"bytes", 1048576}});
        session->stepForward();
        CollectivesRenderer renderer;
        const Painted painted = paint(renderer, *session);
        QVERIFY(rankRect(renderer, 0).isEmpty());  // no rank is drawn one by one
        QStringList drawn;
        for (const auto& text : painted.texts) drawn << text.text;
        QVERIFY2(drawn.filter(QStringLiteral("1024 ranks: too many")).size() == 1, qPrintable(drawn.join('|')));
        QVERIFY(drawn.filter(QStringLiteral("This round: 1024 messages from 1024 ranks")).size() == 1);
        // The band spans the figure: its right end is the last rank.
        QCOMPARE(renderer.objectAt(QPointF(CollectivesRenderer::kWidth - 20.5, 300)), QStringLiteral("rank:1023"));
        QCOMPARE(renderer.objectAt(QPointF(20.4, 300)), QStringLiteral("rank:0"));
    }

    void narrationSaysWhoSendsWhatAndWhetherItIsReduced() {
        auto session = tests::modelSession(m_scene, kRing4);
        session->stepForward();
        const auto records = session->eventRecords(1);
        QCOMPARE(records.size(), std::size_t(4));
        QCOMPARE(m_scene.narrate(records[0]),
                 QStringLiteral("Round 1: rank 0 sends block 0 (4 B) to rank 1, which adds the data into its partial "
                                "sums (done at 2 µs)."));
        session->seek(4);
        QVERIFY(m_scene.narrate(session->eventRecords(4)[0]).contains(QStringLiteral("which stores the data")));
    }

    void theRoundTableListsEveryRoundAndSeeksToTheOneClicked() {
        views::SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_scene, kRing4)).ok());
        views::CollectivesRoundDock dock(controller, nullptr);
        QTRY_VERIFY(!dock.computing());
        QCOMPARE(dock.model().rowCount(), 6);
        const auto cell = [&](int row, int column) { return dock.model().index(row, column).data().toString(); };
        QCOMPARE(cell(0, views::CollectivesRoundModel::Messages), QStringLiteral("4"));
        QCOMPARE(cell(0, views::CollectivesRoundModel::Bytes), QStringLiteral("16 B"));
        QCOMPARE(cell(2, views::CollectivesRoundModel::Reduce), QStringLiteral("yes"));
        QCOMPARE(cell(3, views::CollectivesRoundModel::Reduce), QStringLiteral("no"));
        // Each round: α + 4 B / 50 GB/s, plus 4 B / 100 GB/s where it reduces.
        QCOMPARE(cell(0, views::CollectivesRoundModel::EndTime), QStringLiteral("2.00"));
        QCOMPARE(cell(5, views::CollectivesRoundModel::EndTime), QStringLiteral("12.00"));
        emit dock.table()->clicked(dock.model().index(3, 0));
        QTRY_COMPARE(controller.cursor(), std::size_t(4));
        controller.seek(2);
        QTRY_COMPARE(dock.table()->currentIndex().row(), 1);
    }
};

QTEST_MAIN(CollectivesViewTest)
#include "tst_views_collectives.moc"
