// The tuning model on three machines worked by hand from the rules of NCCL src/graph/tuning.cc (the research
// write-up's §3–§6): a PCIe node, an NVSwitch node, two nodes over InfiniBand, in 2.22 and 2.27; crossovers
// just below and above the size where the pick changes; and NCCL_ALGO / NCCL_PROTO with and without effect.

#include <QtTest>
#include <cstdio>
#include <string>

#include "nccl/graph/tuning_choice.h"
#include "nccl/graph/tuning_model.h"

using namespace commviz::nccl_tuning;

namespace {

TuningGraph graph(int pattern, int nChannels, float bw, PathType typeIntra, PathType typeInter) {
    TuningGraph g;
    g.pattern = pattern;
    g.nChannels = nChannels;
    g.bwIntra = g.bwInter = bw;
    g.typeIntra = typeIntra;
    g.typeInter = typeInter;
    return g;
}

/// One A100 PCIe box (sm80), 4 GPUs behind PCIe switches: ring and tree of 2 channels × 6 GB/s, PXB inside.
TuningInputs pcieNode(int minor) {
    TuningInputs in;
    in.version = TuningVersion{minor, lastTuningPatch(minor)};
    in.nRanks = in.maxLocalRanks = 4;
    in.nNodes = 1;
    in.minCompCap = in.maxCompCap = 80;
    in.ringGraph = graph(4, 2, 6.0f, PathType::PXB, PathType::LOC);
    in.treeGraph = graph(1, 2, 6.0f, PathType::PXB, PathType::LOC);
    return in;
}

/// One H100 NVSwitch box (sm90), 8 GPUs: ring and tree of 16 channels × 20 GB/s over NVLink; no NVLS graph.
TuningInputs nvswitchNode(int minor) {
    TuningInputs in;
    in.version = TuningVersion{minor, lastTuningPatch(minor)};
    in.nRanks = in.maxLocalRanks = 8;
    in.nNodes = 1;
    in.minCompCap = in.maxCompCap = 90;
    in.nvsCount = 1;
    in.ringGraph = graph(4, 16, 20.0f, PathType::NVL, PathType::LOC);
    in.treeGraph = graph(1, 16, 20.0f, PathType::NVL, PathType::LOC);
    return in;
}

/// Two H100 nodes × 8 over InfiniBand, Intel x86: ring and tree of 8 channels × 24 GB/s, NIC on the GPU's
/// PCIe switch (PXB), balanced tree (pattern 1, no ×0.85).
TuningInputs twoNodesOverIb(int minor) {
    TuningInputs in;
    in.version = TuningVersion{minor, lastTuningPatch(minor)};
    in.nRanks = 16;
    in.nNodes = 2;
    in.maxLocalRanks = 8;
    in.minCompCap = in.maxCompCap = 90;
    in.ringGraph = graph(4, 8, 24.0f, PathType::NVL, PathType::PXB);
    in.treeGraph = graph(1, 8, 24.0f, PathType::NVL, PathType::PXB);
    return in;
}

TuningModel tune(const TuningInputs& inputs) {
    auto model = ncclTopoTuneModel(inputs);
    if (!model) qFatal("%s", model.error().message.c_str());
    return std::move(model).value();
}

// A cell as the table prints it: "%.1f/%.1f".
std::string cell(const TuningModel& model, int func, int a, int p) {
    char text[64];
    std::snprintf(text, sizeof text, "%.1f/%.1f", static_cast<double>(model.latencies[func][a][p]),
                  static_cast<double>(model.bandwidths[func][a][p]));
    return text;
}

std::pair<int, int> pick(const TuningInputs& in, const TuningModel& model, int func, std::int64_t nBytes,
                         int commNChannels) {
    CollCall call;
    call.func = func;
    call.nBytes = nBytes;
    const TuningChoice choice = ncclTopoChooseAlgorithm(in, model, call, commNChannels);
    return {choice.algorithm, choice.protocol};
}

}  // namespace

class TestNcclTuningHandWorked : public QObject {
    Q_OBJECT

private slots:
    /// PCIe node, AllReduce: nsteps = 2(4−1) = 6, ratio 4/6; busBw = 2 × 6 = 12; hw = PCI (typeIntra PXB).
    void pcieNodeCells() {
        for (int minor : {22, 27}) {
            const TuningModel m = tune(pcieNode(minor));
            // Ring/LL: min(llMaxBw[Ampere][1 node] 87.7, 12 × 0.5) = 6 → × 4/6 = 4.0; 6.6 + 6 × 1.0 = 12.6.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("12.6/4.0"));
            // Ring/LL128: PXB inside is beyond NVB, so LL128 stays off; latency 14 + 6 × 2.5 = 29.0 is kept.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL128), std::string("29.0/0.0"));
            // Ring/Simple: 12 × 4/6 = 8.0; 8.4 + 6 × 5.7 = 42.6.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE), std::string("42.6/8.0"));
            // Tree/LL: min(12 × .92, 2 × 24.0) = 11.04; / 3.8 = 2.905; × .5 = 1.45; 6.8 + 2 × (3 × 1.0) = 12.8.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL), std::string("12.8/1.5"));
            // Max NThreads Ring/Simple: ring 2 × 6 = 12 ≤ PCI_BW 12 → 256.
            QCOMPARE(m.maxThreads[NCCL_ALGO_RING][NCCL_PROTO_SIMPLE], 256);
        }
        // Tree/Simple: 11.04 × .5 = 5.52. 2.22: 0 + 2 × (3 × 28) = 168.0; 2.27: 8.4 + 2 × (3 × 4.0) = 32.4.
        QCOMPARE(cell(tune(pcieNode(22)), ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_SIMPLE),
                 std::string("168.0/5.5"));
        QCOMPARE(cell(tune(pcieNode(27)), ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_SIMPLE),
                 std::string("32.4/5.5"));
    }

    /// PCIe node: Ring/LL 12.6 + n/4000 meets Ring/Simple 42.6 + n/8000 at n = 240000 B (Tree never wins:
    /// higher latency, lower bandwidth).
    void pcieNodeCrossoverLLToSimple() {
        for (int minor : {22, 27}) {
            const TuningInputs in = pcieNode(minor);
            const TuningModel m = tune(in);
            // 239000 B: LL 12.6 + 59.75 = 72.35 < Simple 42.6 + 29.875 = 72.475.
            QCOMPARE(pick(in, m, ncclFuncAllReduce, 239000, 2), std::make_pair(NCCL_ALGO_RING, NCCL_PROTO_LL));
            // 241000 B: LL 72.85 > Simple 72.725.
            QCOMPARE(pick(in, m, ncclFuncAllReduce, 241000, 2), std::make_pair(NCCL_ALGO_RING, NCCL_PROTO_SIMPLE));
        }
    }

    /// NVSwitch node, AllReduce: nsteps 14, ratio 8/14; busBw = 16 × 20 = 320; hw = NVLINK.
    void nvswitchNodeCells() {
        for (int minor : {22, 27}) {
            const TuningModel m = tune(nvswitchNode(minor));
            // Ring/LL: min(llMaxBw[Hopper][1 node] 141.0 (2.21+), 160) = 141 → × 8/14 = 80.57; 6.6 + 14 × 0.6 = 15.0.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("15.0/80.6"));
            // Ring/LL128 (NVL inside, sm90): min(320 × .92, 16 × 36.7) = 294.4 → 168.23; 14 + 14 × 1.9 = 40.6.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL128), std::string("40.6/168.2"));
            // Ring/Simple: 320 × 8/14 = 182.86; 8.4 + 14 × 3.4 = 56.0.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE), std::string("56.0/182.9"));
            // Tree/LL128: min(294.4 × 7/9, 16 × 36.7) = 228.98 → × .5 = 114.5; 14 + 2 × 7 × 1.25 = 31.5.
            QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL128), std::string("31.5/114.5"));
            // Broadcast Ring/LL: ratio 1 → 141.0; sameChannels → 6.6 + one 0.6 hop = 7.2.
            QCOMPARE(cell(m, ncclFuncBroadcast, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("7.2/141.0"));
        }
    }

    /// NVSwitch node: Ring/LL 15.0 + n/80571 meets Ring/LL128 40.6 + n/168229 near n ≈ 3.96 MB; Tree/LL128
    /// loses there (its correction at log2(n/64) = 15 is 0.6).
    void nvswitchNodeCrossoverLLToLL128() {
        for (int minor : {22, 27}) {
            const TuningInputs in = nvswitchNode(minor);
            const TuningModel m = tune(in);
            // 3900000 B: LL 15 + 48.40 = 63.40 < LL128 40.6 + 23.18 = 63.78.
            QCOMPARE(pick(in, m, ncclFuncAllReduce, 3900000, 16), std::make_pair(NCCL_ALGO_RING, NCCL_PROTO_LL));
            // 4020000 B: LL 15 + 49.89 = 64.89 > LL128 40.6 + 23.90 = 64.50.
            QCOMPARE(pick(in, m, ncclFuncAllReduce, 4020000, 16), std::make_pair(NCCL_ALGO_RING, NCCL_PROTO_LL128));
        }
    }

    /// Two nodes over IB, AllReduce: nsteps 30, ratio 16/30, busBw 8 × 24 = 192; netOverhead 1 µs (Intel),
    /// 3 µs for Simple. Inter steps 2·nNodes = 4 up to 2.22, 2(nNodes−1) = 2 from 2.23.
    void twoNodesOverIbCells() {
        const TuningModel m22 = tune(twoNodesOverIb(22));
        const TuningModel m27 = tune(twoNodesOverIb(27));
        // Ring/LL: min(llMaxBw[Intel][2 nodes] 39.0, 96) × 16/30 = 20.8.
        // 2.22: 6.6 + 26 × max(0.6, 1.0) + 4 × 2.7 = 43.4; 2.27: 6.6 + 28 × 1.0 + 2 × 2.7 = 40.0.
        QCOMPARE(cell(m22, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("43.4/20.8"));
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("40.0/20.8"));
        // Ring/LL128: min(192 × .92, 8 × 36.7) = 176.64 × 16/30 = 94.2.
        // 2.22: 14 + 26 × 1.9 + 4 × 4.0 = 79.4; 2.27: 14 + 28 × 1.9 + 2 × 4.0 = 75.2.
        QCOMPARE(cell(m22, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL128), std::string("79.4/94.2"));
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL128), std::string("75.2/94.2"));
        // Ring/Simple: 192 × 16/30 = 102.4. 2.22: 8.4 + 26 × max(3.4, 3.0) + 4 × 14 = 152.8; 2.27: 8.4 + 28 × 3.4 + 2 ×
        // 14 = 131.6.
        QCOMPARE(cell(m22, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE), std::string("152.8/102.4"));
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE), std::string("131.6/102.4"));
        // Tree/LL: min(192 × .92, 8 × 41.4) = 176.64; / 3.8 = 46.48 → llMaxBw 39.0 → × .5 = 19.5;
        // 6.8 + 2 × (7 × 0.6 + 1 × 5.0) = 25.2 (both releases).
        QCOMPARE(cell(m22, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL), std::string("25.2/19.5"));
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL), std::string("25.2/19.5"));
        // Tree/Simple: 176.64 × .5 = 88.3. 2.22: 2 × (7 × 28 + 28) = 448.0; 2.27: 8.4 + 2 × (7 × 4 + 14) = 92.4.
        QCOMPARE(cell(m22, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_SIMPLE), std::string("448.0/88.3"));
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_SIMPLE), std::string("92.4/88.3"));
        // Tree/LL128: min(176.64 × 120/128, 8 × 36.7) = 165.6 × .5 = 82.8; 14 + 2 × (7 × 1.25 + 8.5) = 48.5.
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL128), std::string("48.5/82.8"));
    }

    /// Two nodes, 2.27, AllReduce of 1 GiB on 16 channels: 2^30 / (16 × 16) ≥ 64 so Ring/Simple pays the plateau
    /// 131.6 × 1.4 = 184.24, plus 2^30 / 102400 = 10485.76 → 10670.0 µs; Tree/Simple (no correction past index
    /// 22) 92.4 + 2^30 / 88320 = 12249.9; Ring/LL128 75.2 + 2^30 / 94208 = 11472.9 — Ring/Simple wins.
    void twoNodesOverIbLargeAllReduce() {
        const TuningInputs in = twoNodesOverIb(27);
        const TuningModel m = tune(in);
        CollCall call;
        call.nBytes = std::int64_t(1) << 30;
        const TuningChoice choice = ncclTopoChooseAlgorithm(in, m, call, 16);
        QCOMPARE(std::make_pair(choice.algorithm, choice.protocol), std::make_pair(NCCL_ALGO_RING, NCCL_PROTO_SIMPLE));
        QVERIFY(qAbs(choice.time - 10670.0f) < 0.01f);
        const AlgoTime tree = ncclTopoGetAlgoTime(in, m, call, NCCL_ALGO_TREE, NCCL_PROTO_SIMPLE, 16);
        QVERIFY(qAbs(tree.time - 12249.9f) < 0.1f);
    }

    /// NCCL_PROTO=Simple masks LL and LL128 but keeps their latencies; without it they stay.
    void ncclProtoSimpleMasksLowLatencyProtocols() {
        TuningInputs in = nvswitchNode(27);
        QCOMPARE(cell(tune(in), ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("15.0/80.6"));
        in.env.ncclProto = "Simple";
        const TuningModel m = tune(in);
        QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("15.0/0.0"));
        QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL128), std::string("40.6/0.0"));
        QCOMPARE(cell(m, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE), std::string("56.0/182.9"));
        // And the pick below the LL → LL128 crossover becomes Ring/Simple.
        QCOMPARE(pick(in, m, ncclFuncAllReduce, 3900000, 16), std::make_pair(NCCL_ALGO_RING, NCCL_PROTO_SIMPLE));
    }

    /// NCCL_ALGO=Tree: 2.22 restores the Ring row of collectives left with nothing (Broadcast Ring/LL = min(39,
    /// 96) = 39.0); 2.27 leaves them at 0.0. AllReduce keeps only Tree in both.
    void ncclAlgoTreeAndTheRingFallback() {
        TuningInputs in22 = twoNodesOverIb(22), in27 = twoNodesOverIb(27);
        in22.env.ncclAlgo = in27.env.ncclAlgo = "Tree";
        const TuningModel m22 = tune(in22), m27 = tune(in27);
        // Broadcast Ring/LL latency: sameChannels → 6.6 + hwLat[NET][Ring][LL] 2.7 = 9.3.
        QCOMPARE(cell(m22, ncclFuncBroadcast, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("9.3/39.0"));
        QCOMPARE(cell(m27, ncclFuncBroadcast, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("9.3/0.0"));
        QCOMPARE(cell(m22, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("43.4/0.0"));
        QCOMPARE(cell(m27, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL), std::string("25.2/19.5"));
    }

    /// An unknown word: 2.22 ignores it (every algorithm off, Ring and Tree rescued), 2.24 refuses with NCCL's WARN.
    void unknownAlgorithmWord() {
        TuningInputs in22 = twoNodesOverIb(22), in24 = twoNodesOverIb(24);
        in22.env.ncclAlgo = in24.env.ncclAlgo = "Rign";
        QVERIFY(ncclTopoTuneModel(in22).ok());
        const auto refused = ncclTopoTuneModel(in24);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().message, std::string("Unrecognized element token \"Rign\" when parsing \"Rign\""));
    }

    /// 2.24+ per-collective syntax: "ring;allreduce:tree" keeps Ring for Broadcast and only Tree for AllReduce.
    void perCollectiveAlgorithmList() {
        TuningInputs in = twoNodesOverIb(24);
        in.env.ncclAlgo = "ring;allreduce:tree";
        const TuningModel m = tune(in);
        QCOMPARE(cell(m, ncclFuncBroadcast, NCCL_ALGO_RING, NCCL_PROTO_LL), std::string("9.3/39.0"));
        QCOMPARE(m.bandwidths[ncclFuncAllReduce][NCCL_ALGO_RING][NCCL_PROTO_SIMPLE], 0.0f);
        QVERIFY(m.bandwidths[ncclFuncAllReduce][NCCL_ALGO_TREE][NCCL_PROTO_SIMPLE] > 0.0f);
    }

    /// Release strings as NCCL prints them; outside 2.18 … 2.30 refused.
    void versionStrings() {
        const auto full = parseTuningVersion("2.29.7+cuda12.9");
        QVERIFY(full.ok());
        QCOMPARE(full.value().minor, 29);
        QCOMPARE(full.value().patch, 7);
        QCOMPARE(parseTuningVersion("2.22").value().patch, 3);  // the last patch of 2.22
        QCOMPARE(parseTuningVersion("2.27.3-1").value().patch, 3);
        QVERIFY(!parseTuningVersion("2.17.1").ok());
        QVERIFY(!parseTuningVersion("3.0").ok());
        QVERIFY(!parseTuningVersion("2.22x").ok());
    }

    /// One rank prints no table: Max NThreads are set, every cell stays 0/0.
    void oneRankPrintsNothing() {
        TuningInputs in = nvswitchNode(27);
        in.nRanks = in.maxLocalRanks = 1;
        const TuningModel m = tune(in);
        QVERIFY(!m.tablePrinted);
        QCOMPARE(m.maxThreads[NCCL_ALGO_TREE][NCCL_PROTO_LL128], 640);
        QCOMPARE(m.bandwidths[ncclFuncAllReduce][NCCL_ALGO_RING][NCCL_PROTO_SIMPLE], 0.0f);
    }

    /// NCCL_NTHREADS off the warp size takes the maximum, 512; NCCL_LL128_NTHREADS below 160 takes 160.
    void threadOverrides() {
        TuningInputs in = nvswitchNode(27);
        in.env.nThreads = 100;
        in.env.ll128NThreads = 128;
        const TuningModel m = tune(in);
        QCOMPARE(m.maxThreads[NCCL_ALGO_RING][NCCL_PROTO_SIMPLE], 512);
        QCOMPARE(m.maxThreads[NCCL_ALGO_RING][NCCL_PROTO_LL128], 160);
    }
};

QTEST_GUILESS_MAIN(TestNcclTuningHandWorked)
#include "tst_nccl_tuning_hand_worked.moc"
