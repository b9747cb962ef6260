// ncclTopoPreset/ncclTopoPostset across nodes, worked by hand from NCCL
// src/graph/connect.cc (connectRings, connectTrees, copyChannels) and
// src/graph/trees.cc (ncclGetBtree, ncclGetDtree), v2.22.3-1 and v2.30.7-1.

#include <QtTest>

#include "nccl/graph/topo_postset.h"
#include "nccl/graph/topo_search.h"
#include "topology_test_support.h"

using namespace topology_test;
using commviz::nccl::Version;

namespace {

GraphChannel chain(std::initializer_list<int> ranks) {
    GraphChannel channel;
    for (int rank : ranks) {
        GraphHop hop;
        hop.dev = rank;
        hop.rank = rank;
        channel.hops.push_back(hop);
    }
    return channel;
}

TopoGraph graphOf(GraphPattern pattern, std::initializer_list<GraphChannel> channels, float speed = 20.0f,
                  int crossNic = 0) {
    TopoGraph graph;
    graph.pattern = pattern;
    graph.channels = channels;
    graph.nChannels = static_cast<int>(graph.channels.size());
    graph.speedIntra = graph.speedInter = speed;
    graph.crossNic = crossNic;
    return graph;
}

// A server of `gpus` sm80 GPUs under one CPU; only the GPU count and SM matter here.
TopoSystem server(int gpus, int sm = 80) {
    TopoSystem system;
    const int cpu = system.addNode(makeNode(NodeType::CPU));
    for (int dev = 0; dev < gpus; ++dev) {
        TopoNode gpu = makeNode(NodeType::GPU);
        gpu.dev = dev;
        gpu.rank = dev;
        gpu.sm = sm;
        system.connect(cpu, system.addNode(gpu), LinkType::PCI, 24.0f);
    }
    return system;
}

CommGraphs postset(const TopoSystem& system, const TopoGraph& ring, const TopoGraph& tree, int nNodes,
                   Version version = Version::Classic, int minChannels = 0, int maxChannels = 64) {
    PostsetSettings settings;
    settings.nNodes = nNodes;
    settings.version = version;
    settings.minChannels = minChannels;
    settings.maxChannels = maxChannels;
    return postsetChannels(system, ring, tree, settings);
}

// The DGX H100 server with the ring and the tree the search finds on it for two nodes.
struct SearchedH100 {
    TopoSystem system;
    TopoGraph ring;
    TopoGraph tree;
};

SearchedH100 searchH100TwoNodes() {
    TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
    TopoPaths paths = computePaths(system);
    SearchSettings settings;
    settings.nNodes = 2;
    GraphSearch ring = searchGraph(system, paths, GraphPattern::Ring, settings);
    GraphSearch tree = searchGraph(system, paths, GraphPattern::BalancedTree, treeSearchSettings(settings, ring));
    return {std::move(system), std::move(ring.graph), std::move(tree.graph)};
}

RankTree node(int up, int down0 = -1, int down1 = -1, int down2 = -1) { return RankTree{up, {down0, down1, down2}}; }

}  // namespace

class TestNcclTopologyPostset : public QObject {
    Q_OBJECT
private slots:
    void oneNodeIsTheChain();
    void twoNodesRings();
    void crossNicSwapsOddNodes();
    void twoNodesTreeEnds_data();
    void twoNodesTreeEnds();
    void fourNodesDoubleTree();
    void threeNodesShiftedTree();
    void channelClamps();
    void hopperDoubling();
    void searchedH100TwoNodes();
    void invariants();
};

void TestNcclTopologyPostset::oneNodeIsTheChain() {
    // One node: ringSend's next is its own ringRecv; the trees are the chains.
    // Preset doubles: channel c + 2 repeats c's ring, with the second tree.
    TopoSystem system = server(4);
    TopoGraph ring = graphOf(GraphPattern::Ring, {chain({0, 1, 2, 3}), chain({0, 2, 1, 3})});
    TopoGraph tree = graphOf(GraphPattern::BalancedTree, {chain({0, 1, 2, 3}), chain({3, 2, 1, 0})});
    CommGraphs comm = postset(system, ring, tree, 1);
    QCOMPARE(comm.nRanks, 4);
    QCOMPARE(int(comm.channels.size()), 4);
    QCOMPARE(comm.channels[0].ring, (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(comm.channels[1].ring, (std::vector<int>{0, 2, 1, 3}));
    QCOMPARE(comm.channels[3].ring, comm.channels[1].ring);
    const std::vector<RankTree> expected0 = {node(-1, 1), node(0, 2), node(1, 3), node(2)};
    QCOMPARE(comm.channels[0].tree, expected0);
    QCOMPARE(comm.channels[2].tree, expected0);
    QCOMPARE(comm.channels[1].tree, (std::vector<RankTree>{node(1), node(2, 0), node(3, 1), node(-1, 2)}));
}

void TestNcclTopologyPostset::twoNodesRings() {
    // Node 1's local rank l is rank 4 + l. Channel 0: 0 1 2 3 | 4 5 6 7.
    // Channel 1: node 0's ringSend (1) -> node 1's ringRecv (4), 4 7 6 5, then
    // node 1's ringSend (5) -> rank 0.
    TopoSystem system = server(4);
    TopoGraph ring = graphOf(GraphPattern::Ring, {chain({0, 1, 2, 3}), chain({0, 3, 2, 1})});
    TopoGraph tree = graphOf(GraphPattern::Tree, {chain({0, 1, 2, 3}), chain({0, 1, 2, 3})});
    CommGraphs comm = postset(system, ring, tree, 2);
    QCOMPARE(comm.nRanks, 8);
    QCOMPARE(comm.channels[0].ring, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(comm.channels[1].ring, (std::vector<int>{0, 3, 2, 1, 4, 7, 6, 5}));
    QCOMPARE(comm.channels[2].ring, comm.channels[0].ring);
}

void TestNcclTopologyPostset::crossNicSwapsOddNodes() {
    // crossNic with an even channel count: node 1 exchanges channels 0 and 1
    // (ringRecv/Send/Prev/Next of c and c^1). 2.22 does it for crossNic 1,
    // 2.30 only for crossNic 2.
    TopoSystem system = server(4);
    TopoGraph tree = graphOf(GraphPattern::Tree, {chain({0, 1, 2, 3}), chain({0, 1, 2, 3})});
    TopoGraph ring1 = graphOf(GraphPattern::Ring, {chain({0, 1, 2, 3}), chain({0, 3, 2, 1})}, 20.0f, 1);
    CommGraphs classic = postset(system, ring1, tree, 2);
    QCOMPARE(classic.channels[0].ring, (std::vector<int>{0, 1, 2, 3, 4, 7, 6, 5}));
    QCOMPARE(classic.channels[1].ring, (std::vector<int>{0, 3, 2, 1, 4, 5, 6, 7}));
    CommGraphs v230 = postset(system, ring1, tree, 2, Version::V2_30);
    QCOMPARE(v230.channels[0].ring, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    TopoGraph ring2 = graphOf(GraphPattern::Ring, {chain({0, 1, 2, 3}), chain({0, 3, 2, 1})}, 20.0f, 2);
    QCOMPARE(postset(system, ring2, tree, 2, Version::V2_30).channels[0].ring,
             (std::vector<int>{0, 1, 2, 3, 4, 7, 6, 5}));
    // Three nodes: only node 1 swaps.
    CommGraphs three = postset(system, ring1, tree, 3);
    QCOMPARE(three.channels[0].ring, (std::vector<int>{0, 1, 2, 3, 4, 7, 6, 5, 8, 9, 10, 11}));
}

void TestNcclTopologyPostset::twoNodesTreeEnds_data() {
    // ncclGetDtree(2): tree 0 is root 0 with node 1 as its second child
    // (childType 1); tree 1 mirrors it: root 1, node 0 its second child.
    // Chain 0 1 2 3 on each node. Which GPU holds the links (ncclTopoPreset):
    // BALANCED_TREE parent and child1 on GPU[0], child0 on GPU[1]; SPLIT_TREE
    // parent on GPU[0], children on GPU[1]; TREE all on GPU[0].
    QTest::addColumn<int>("pattern");
    QTest::addColumn<int>("childEnd");  // the local rank holding the child1 link
    QTest::newRow("balanced") << int(GraphPattern::BalancedTree) << 0;
    QTest::newRow("split") << int(GraphPattern::SplitTree) << 1;
    QTest::newRow("tree") << int(GraphPattern::Tree) << 0;
}

void TestNcclTopologyPostset::twoNodesTreeEnds() {
    QFETCH(int, pattern);
    QFETCH(int, childEnd);
    TopoSystem system = server(4);
    TopoGraph ring = graphOf(GraphPattern::Ring, {chain({0, 1, 2, 3})});
    TopoGraph tree = graphOf(GraphPattern(pattern), {chain({0, 1, 2, 3})});
    CommGraphs comm = postset(system, ring, tree, 2);
    QCOMPARE(int(comm.channels.size()), 2);
    // Channel 0, tree 0: node 1's GPU[0] (rank 4) hangs below node 0's child1 end.
    const std::vector<RankTree>& first = comm.channels[0].tree;
    QCOMPARE(first[4].up, childEnd);
    QCOMPARE(first[static_cast<size_t>(childEnd)].down[1], 4);  // after its chain child
    QCOMPARE(first[0].up, -1);
    // Channel 1, tree 1: node 0's GPU[0] hangs below node 1's child1 end.
    const std::vector<RankTree>& second = comm.channels[1].tree;
    QCOMPARE(second[0].up, 4 + childEnd);
    QCOMPARE(second[static_cast<size_t>(4 + childEnd)].down[1], 0);
    QCOMPARE(second[4].up, -1);
}

void TestNcclTopologyPostset::fourNodesDoubleTree() {
    // ncclGetBtree(4): 0 -> 2 (second child), 2 -> 1 and 3; childType of node 2
    // is 1, of nodes 1 and 3 is 0 and 1. Mirror for tree 1: 3 -> 1 (second
    // child), 1 -> 2 (first) and 0 (second). Two GPUs a node, chain 0 1, TREE
    // pattern: every link on the node's GPU[0] (rank 2n).
    TopoSystem system = server(2);
    TopoGraph ring = graphOf(GraphPattern::Ring, {chain({0, 1})});
    TopoGraph tree = graphOf(GraphPattern::Tree, {chain({0, 1})});
    CommGraphs comm = postset(system, ring, tree, 4);
    QCOMPARE(comm.channels[0].ring, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(comm.channels[0].tree, (std::vector<RankTree>{node(-1, 1, 4), node(0), node(4, 3), node(2),
                                                           node(0, 5, 2, 6), node(4), node(4, 7), node(6)}));
    QCOMPARE(comm.channels[1].tree, (std::vector<RankTree>{node(2, 1), node(0), node(6, 3, 4, 0), node(2), node(2, 5),
                                                           node(4), node(-1, 7, 2), node(6)}));
}

void TestNcclTopologyPostset::threeNodesShiftedTree() {
    // ncclGetBtree(3): 0 -> 2 (second child), 2 -> 1 (first child). Odd count:
    // tree 1 shifts by one: node r takes btree(r - 1) + 1: 1 -> 0, 0 -> 2.
    // One GPU a node: rank = node.
    TopoSystem system = server(1);
    TopoGraph ring = graphOf(GraphPattern::Ring, {chain({0})});
    TopoGraph tree = graphOf(GraphPattern::Tree, {chain({0})});
    CommGraphs comm = postset(system, ring, tree, 3);
    QCOMPARE(comm.channels[0].tree, (std::vector<RankTree>{node(-1, 2), node(2), node(0, 1)}));
    QCOMPARE(comm.channels[1].tree, (std::vector<RankTree>{node(1, 2), node(-1, 0), node(0)}));
}

void TestNcclTopologyPostset::channelClamps() {
    // 2 search channels -> 4 after preset. NCCL_MAX_NCHANNELS=3 keeps 3;
    // NCCL_MIN_NCHANNELS=10 copies channel c - 4 into c (copyChannels): 4..9
    // repeat 0, 1, 2, 3, 0, 1. MAX=1 then MIN=4: four copies of channel 0.
    TopoSystem system = server(4);
    TopoGraph ring = graphOf(GraphPattern::Ring, {chain({0, 1, 2, 3}), chain({0, 3, 2, 1})});
    TopoGraph tree = graphOf(GraphPattern::Tree, {chain({0, 1, 2, 3}), chain({3, 2, 1, 0})});
    QCOMPARE(int(postset(system, ring, tree, 2, Version::Classic, 0, 3).channels.size()), 3);
    CommGraphs many = postset(system, ring, tree, 2, Version::Classic, 10);
    QCOMPARE(int(many.channels.size()), 10);
    QCOMPARE(many.channels[9].ring, many.channels[1].ring);
    QCOMPARE(many.channels[8].tree, many.channels[0].tree);
    QCOMPARE(many.channels[6].tree, many.channels[2].tree);
    CommGraphs one = postset(system, ring, tree, 2, Version::Classic, 4, 1);
    QCOMPARE(int(one.channels.size()), 4);
    QCOMPARE(one.channels[3].tree, one.channels[0].tree);
    QCOMPARE(one.channels[3].ring, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    // MAXCHANNELS caps both (src/include/device.h): 100 -> 32 at v2.22.3-1, 64 at v2.30.7-1.
    QCOMPARE(int(postset(system, ring, tree, 2, Version::Classic, 100).channels.size()), 32);
    QCOMPARE(int(postset(system, ring, tree, 2, Version::V2_30, 100).channels.size()), 64);
}

void TestNcclTopologyPostset::hopperDoubling() {
    // sm90, several nodes, ring bwIntra > 45 and fewer than 16 channels:
    // doubled once more (4 -> 8). Not on one node, nor at 40 GB/s. 2.22 asks
    // for sm == 90, 2.30 for sm >= 90 (sm100 doubles only in 2.30).
    TopoGraph tree = graphOf(GraphPattern::Tree, {chain({0, 1}), chain({0, 1})});
    TopoGraph fast = graphOf(GraphPattern::Ring, {chain({0, 1}), chain({1, 0})}, 48.0f);
    TopoGraph slow = graphOf(GraphPattern::Ring, {chain({0, 1}), chain({1, 0})}, 40.0f);
    TopoSystem hopper = server(2, 90);
    QCOMPARE(int(postset(hopper, fast, tree, 2).channels.size()), 8);
    QCOMPARE(int(postset(hopper, fast, tree, 1).channels.size()), 4);
    QCOMPARE(int(postset(hopper, slow, tree, 2).channels.size()), 4);
    TopoSystem blackwell = server(2, 100);
    QCOMPARE(int(postset(blackwell, fast, tree, 2).channels.size()), 4);
    QCOMPARE(int(postset(blackwell, fast, tree, 2, Version::V2_30).channels.size()), 8);
    // Channels 4..7 repeat 0..3: channel 5 is search channel 1's ring (1 -> 0 on
    // node 0, 3 -> 2 on node 1; from rank 0: its next node's ringRecv 3, then 2,
    // then node 0's ringRecv 1).
    CommGraphs doubled = postset(hopper, fast, tree, 2);
    QCOMPARE(doubled.channels[5].ring, (std::vector<int>{0, 3, 2, 1}));
    QCOMPARE(doubled.channels[6].tree, doubled.channels[2].tree);
}

void TestNcclTopologyPostset::searchedH100TwoNodes() {
    // The searched DGX H100 ring (crossNic 1, 8 channels, bw 48): channel 0 is
    // N0 0 7 6 5 4 3 2 1 N1, channel 1 N1 1 2 ... 7 0 N0. 2.22 swaps the pairs
    // on node 1, which then enters at GPU1 and leaves at GPU0: 8 channels,
    // doubled to 16 (the sm90 rule needs fewer than 16).
    const SearchedH100 h100 = searchH100TwoNodes();
    CommGraphs comm = postset(h100.system, h100.ring, h100.tree, 2);
    QCOMPARE(int(comm.channels.size()), 16);
    QCOMPARE(comm.channels[0].ring, (std::vector<int>{0, 7, 6, 5, 4, 3, 2, 1, 9, 10, 11, 12, 13, 14, 15, 8}));
    // Tree pattern 3 (TREE): node 1's GPU[0] of channel 0 (rank 8) hangs below rank 0.
    QCOMPARE(comm.channels[0].tree[8].up, 0);
    QCOMPARE(comm.channels[0].tree[0].down[1], 8);
    QCOMPARE(comm.channels[8].tree[0].up, 8);
}

void TestNcclTopologyPostset::invariants() {
    // Every ring a permutation of all ranks; every tree one root per channel,
    // children pointing back at their parent, every rank reaching the root.
    const SearchedH100 h100 = searchH100TwoNodes();
    QElapsedTimer timer;
    timer.start();
    for (int nNodes : {1, 2, 3, 4, 5, 7, 8, 16, 33, 1024}) {
        CommGraphs comm = postset(h100.system, h100.ring, h100.tree, nNodes);
        for (const CommChannel& channel : comm.channels) {
            std::vector<int> sorted = channel.ring;
            std::sort(sorted.begin(), sorted.end());
            QCOMPARE(int(sorted.size()), comm.nRanks);
            for (int rank = 0; rank < comm.nRanks; ++rank) QCOMPARE(sorted[static_cast<size_t>(rank)], rank);
            int roots = 0;
            for (int rank = 0; rank < comm.nRanks; ++rank) {
                const RankTree& entry = channel.tree[static_cast<size_t>(rank)];
                roots += entry.up == -1;
                for (int child : entry.down)
                    if (child >= 0) QCOMPARE(channel.tree[static_cast<size_t>(child)].up, rank);
                int steps = 0;
                for (int at = rank; channel.tree[static_cast<size_t>(at)].up != -1 && steps <= comm.nRanks; ++steps)
                    at = channel.tree[static_cast<size_t>(at)].up;
                QVERIFY(steps <= comm.nRanks);
            }
            QCOMPARE(roots, 1);
        }
    }
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
}

QTEST_APPLESS_MAIN(TestNcclTopologyPostset)
#include "tst_nccl_topology_postset.moc"
