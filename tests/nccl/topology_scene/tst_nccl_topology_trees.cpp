// ncclGetBtree / ncclGetDtree (NCCL src/graph/trees.cc) for 1 to 16 nodes. The
// tables below were worked by hand from the rule: a node's lowest set bit b
// gives its parent (r ^ b) | 2b, or r ^ b when that is out of range, and its
// children r - b/2 and r + b/2 (halving the step until it fits below n).

#include <QtTest>

#include "nccl/graph/double_binary_tree.h"

using namespace commviz::nccl_topology;

namespace {

struct Row {
    int parent, child0, child1;
};

void compareTree(int nranks, const std::vector<Row>& expected, bool second) {
    for (int rank = 0; rank < nranks; ++rank) {
        DoubleTreeLinks trees = dtreeLinks(nranks, rank);
        const TreeLinks& links = second ? trees.second : trees.first;
        const Row& row = expected[static_cast<size_t>(rank)];
        QVERIFY2(links.parent == row.parent && links.child0 == row.child0 && links.child1 == row.child1,
                 qPrintable(QString("n=%1 rank %2 tree %3: got %4/%5/%6")
                                .arg(nranks)
                                .arg(rank)
                                .arg(second ? 2 : 1)
                                .arg(links.parent)
                                .arg(links.child0)
                                .arg(links.child1)));
    }
}

bool isLeaf(const TreeLinks& links) { return links.child0 < 0 && links.child1 < 0; }

// Every tree spans all n nodes from one root, and parents and children agree.
void checkTreeShape(int nranks, bool second) {
    int roots = 0, reached = 0;
    std::vector<TreeLinks> links;
    for (int rank = 0; rank < nranks; ++rank) {
        DoubleTreeLinks trees = dtreeLinks(nranks, rank);
        links.push_back(second ? trees.second : trees.first);
    }
    std::vector<int> frontier;
    for (int rank = 0; rank < nranks; ++rank) {
        const TreeLinks& own = links[static_cast<size_t>(rank)];
        if (own.parent < 0) {
            ++roots;
            frontier.push_back(rank);
            continue;
        }
        const TreeLinks& up = links[static_cast<size_t>(own.parent)];
        QCOMPARE(own.childType == 0 ? up.child0 : up.child1, rank);
    }
    QCOMPARE(roots, 1);
    while (!frontier.empty()) {
        int rank = frontier.back();
        frontier.pop_back();
        ++reached;
        for (int child : {links[static_cast<size_t>(rank)].child0, links[static_cast<size_t>(rank)].child1})
            if (child >= 0) frontier.push_back(child);
    }
    QCOMPARE(reached, nranks);
}

}  // namespace

class TstNcclTopologyTrees : public QObject {
    Q_OBJECT
private slots:
    void smallTrees() {
        compareTree(1, {{-1, -1, -1}}, false);
        compareTree(1, {{-1, -1, -1}}, true);
        // n=2: 0 -> 1 in the first tree; mirrored, 1 -> 0 in the second.
        compareTree(2, {{-1, -1, 1}, {0, -1, -1}}, false);
        compareTree(2, {{1, -1, -1}, {-1, -1, 0}}, true);
        // n=3: 0 -> 2 -> {1}; rank 2's right child 3 is out of range.
        compareTree(3, {{-1, -1, 2}, {2, -1, -1}, {0, 1, -1}}, false);
    }

    // n=5: first 0 -> 4 -> 2 -> {1, 3}. Odd n: the second tree is the first with
    // every index + 1 (mod 5): 1 -> 0 -> 3 -> {2, 4}.
    void fiveNodesShifted() {
        compareTree(5, {{-1, -1, 4}, {2, -1, -1}, {4, 1, 3}, {2, -1, -1}, {0, 2, -1}}, false);
        compareTree(5, {{1, 3, -1}, {-1, -1, 0}, {3, -1, -1}, {0, 2, 4}, {3, -1, -1}}, true);
    }

    // n=14, NCCL's own illustration: 0 -> 8 -> {4, 12}, 4 -> {2, 6}, 12 -> {10, 13}
    // (13's parent (13^1)|2 = 14 is out of range, so 12), odd ranks are leaves.
    // Even n: the second tree mirrors r -> 13 - r, root 13 -> 5 -> {9, 1}.
    void fourteenNodesMirrored() {
        std::vector<Row> first = {{-1, -1, 8}, {2, -1, -1},  {4, 1, 3},   {2, -1, -1}, {8, 2, 6},
                                  {6, -1, -1}, {4, 5, 7},    {6, -1, -1}, {0, 4, 12},  {10, -1, -1},
                                  {12, 9, 11}, {10, -1, -1}, {8, 10, 13}, {12, -1, -1}};
        compareTree(14, first, false);
        std::vector<Row> second;
        for (int rank = 0; rank < 14; ++rank) {
            const Row& mirror = first[static_cast<size_t>(13 - rank)];
            auto flip = [](int index) { return index < 0 ? -1 : 13 - index; };
            second.push_back({flip(mirror.parent), flip(mirror.child0), flip(mirror.child1)});
        }
        compareTree(14, second, true);
        QCOMPARE(dtreeLinks(14, 5).second.parent, 13);
        QCOMPARE(dtreeLinks(14, 5).second.child0, 9);
        QCOMPARE(dtreeLinks(14, 5).second.child1, 1);
    }

    // n=16: 0 -> 8 (16's parent bit is out of range), 8 -> {4, 12}, 12 -> {10, 14},
    // 14 -> {13, 15}, 15 -> parent 14.
    void sixteenNodes() {
        TreeLinks eight = btreeLinks(16, 8);
        QCOMPARE(eight.parent, 0);
        QCOMPARE(eight.child0, 4);
        QCOMPARE(eight.child1, 12);
        TreeLinks fourteen = btreeLinks(16, 14);
        QCOMPARE(fourteen.parent, 12);
        QCOMPARE(fourteen.child0, 13);
        QCOMPARE(fourteen.child1, 15);
        QCOMPARE(fourteen.childType, 1);
        QCOMPARE(btreeLinks(16, 15).parent, 14);
        QCOMPARE(btreeLinks(16, 0).child1, 8);
    }

    // For 1..16 nodes both trees are proper trees; from 2 nodes on no node is a
    // leaf in both, which is why two trees double the bandwidth.
    void shapesForOneToSixteenNodes() {
        for (int nranks = 1; nranks <= 16; ++nranks) {
            checkTreeShape(nranks, false);
            checkTreeShape(nranks, true);
            for (int rank = 0; rank < nranks && nranks >= 2; ++rank) {
                DoubleTreeLinks trees = dtreeLinks(nranks, rank);
                QVERIFY2(!(isLeaf(trees.first) && isLeaf(trees.second)),
                         qPrintable(QString("n=%1 rank %2 is a leaf twice").arg(nranks).arg(rank)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TstNcclTopologyTrees)
#include "tst_nccl_topology_trees.moc"
