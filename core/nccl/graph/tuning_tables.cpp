#include "nccl/graph/tuning_tables.h"

namespace commviz::nccl_tuning {

namespace {

using Row = PerProtocol<float>;

// tuning.cc baseLat: 2.18 keeps CollNet and NVLS rows, 2.19 zeroes them, 2.23 gives Tree/Simple 8.4,
// 2.28 gives PAT 8.0 in every protocol.
PerAlgorithm<float> baseLatencies(TuningVersion version) {
    PerAlgorithm<float> base{};
    base[NCCL_ALGO_TREE] = Row{6.8f, 14.0f, version.atLeast(23) ? 8.4f : 0.0f};
    base[NCCL_ALGO_RING] = Row{6.6f, 14.0f, 8.4f};
    if (version.minor == 18) {
        base[NCCL_ALGO_COLLNET_DIRECT] = Row{6.8f, 14.0f, 0.0f};
        base[NCCL_ALGO_COLLNET_CHAIN] = Row{6.8f, 14.0f, 0.0f};
        base[NCCL_ALGO_NVLS] = Row{0.0f, 0.0f, 23.0f};
        base[NCCL_ALGO_NVLS_TREE] = Row{0.0f, 0.0f, 23.0f};
    }
    if (version.atLeast(28)) base[NCCL_ALGO_PAT] = Row{8.0f, 8.0f, 8.0f};
    return base;
}

// Simple's latency alone: CollNet, NVLS and PAT rows have no LL or LL128 cell.
constexpr Row simpleOnly(float latency) { return Row{0.0f, 0.0f, latency}; }

// tuning.cc hwLat for 2.18, one row per hardware class, the algorithms in NCCL's order (Tree, Ring,
// CollNetDirect, CollNetChain, NVLS, NVLSTree, PAT). Tree/Simple costs 28 µs on every class in 2.18.1,
// 4 / 6 / 14 from 2.18.3.
std::array<PerAlgorithm<float>, 3> hardwareLatencies218(TuningVersion version) {
    constexpr Row none{};
    const auto treeSimple = [&version](float from2_18_3) { return version.is2_18_1() ? 28.0f : from2_18_3; };
    return {{
        {{{.6f, 1.25f, treeSimple(4.0f)}, {.6f, 1.9f, 3.4f}, simpleOnly(8.0f), simpleOnly(4.75f), none, none, none}},
        {{{1.0f, 1.9f, treeSimple(6.0f)}, {1.0f, 2.5f, 5.7f}, simpleOnly(8.0f), simpleOnly(8.0f), none, none, none}},
        {{{5.0f, 8.5f, treeSimple(14.0f)},
          {2.7f, 4.0f, 14.0f},
          simpleOnly(10.7f),
          simpleOnly(14.0f),
          simpleOnly(18.0f),
          simpleOnly(19.0f),
          none}},
    }};
}

// tuning.cc hwLat for 2.19 – 2.30: Tree/Simple 28 until 2.22 (4/4/14 after), NVLS on NVLink 23 → 25 in
// 2.21, NVLSTree over the network 14 → 20.9 and PAT 4/4/14 in 2.28.
std::array<PerAlgorithm<float>, 3> hardwareLatencies(TuningVersion version) {
    if (version.minor == 18) return hardwareLatencies218(version);
    const auto treeSimple = [&version](float from23) { return version.atLeast(23) ? from23 : 28.0f; };
    const float nvlsOnNvlink = version.atLeast(21) ? 25.0f : 23.0f;
    const bool v28 = version.atLeast(28);
    const auto pat = [v28](float latency) { return v28 ? simpleOnly(latency) : Row{}; };
    return {{
        {{{.6f, 1.25f, treeSimple(4.0f)},
          {.6f, 1.9f, 3.4f},
          simpleOnly(3.7f),
          simpleOnly(2.8f),
          simpleOnly(nvlsOnNvlink),
          simpleOnly(nvlsOnNvlink),
          pat(4.0f)}},
        {{{1.0f, 1.9f, treeSimple(4.0f)},
          {1.0f, 2.5f, 5.7f},
          simpleOnly(3.7f),
          simpleOnly(2.8f),
          Row{},
          Row{},
          pat(4.0f)}},
        {{{5.0f, 8.5f, treeSimple(14.0f)},
          {2.7f, 4.0f, 14.0f},
          simpleOnly(31.0f),
          simpleOnly(30.0f),
          simpleOnly(18.0f),
          simpleOnly(v28 ? 20.9f : 14.0f),
          pat(14.0f)}},
    }};
}

// tuning.cc llMaxBws, perChMax*Bws: Hopper LL row raised in 2.21, Blackwell rows from 2.25 (twice Hopper),
// replaced in 2.28, ring LL128 Blackwell 40.0 in 2.29.7, NVLSTree Blackwell N4 80.0 in 2.30.
void fillCaps(TuningVersion version, TuningTables& tables) {
    tables.llMaxBws = {{{39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {87.7, 22.5, 19.0}, {}}};
    if (version.atLeast(21)) tables.llMaxBws[2] = {141.0, 45.0, 35.0};
    tables.perChMaxRingLL128Bws = {{{20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 36.7}, {}}};
    tables.perChMaxTreeLL128Bws = {{{20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 29.0}, {}}};
    tables.perChMaxTreeBws = {{{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {}}};
    if (version.is2_18_1()) {  // one LL128 cap per architecture for ring and tree; Hopper tree N4 33.0
        tables.perChMaxTreeLL128Bws[2] = {36.7, 36.7, 36.7};
        tables.perChMaxTreeBws[2] = {38.7, 41.4, 33.0};
    }
    if (!version.atLeast(25)) return;
    tables.llMaxBws[3] = {2 * 141.0, 2 * 45.0, 2 * 35.0};
    if (!version.atLeast(28)) {
        tables.perChMaxRingLL128Bws[3] = {2 * 36.7, 2 * 36.7, 2 * 36.7};
        tables.perChMaxTreeLL128Bws[3] = {2 * 36.7, 2 * 36.7, 2 * 29.0};
        tables.perChMaxTreeBws[3] = {2 * 38.7, 2 * 41.4, 2 * 36.0};
        return;
    }
    const bool ringLL128Is40 = version.atLeast(30) || (version.minor == 29 && version.patch >= 7);
    tables.perChMaxRingLL128Bws[3] =
        ringLL128Is40 ? std::array<double, 3>{40.0, 40.0, 40.0} : std::array<double, 3>{2 * 36.7, 34.6, 2 * 36.7};
    tables.perChMaxTreeLL128Bws[3] = {55.6, 31.67, 20.0};
    tables.perChMaxTreeBws[3] = {70.0, 42.8, 24.0};
    tables.perChMaxNVLSTreeBws = {
        {{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {0.0, 57.7, 45.5}, {0.0, 96.0, version.atLeast(30) ? 80.0 : 43.8}}};
    tables.nvlsEfficiency = {0.0f, 0.0f, 0.85f, 0.74f};
}

}  // namespace

TuningTables tuningTables(TuningVersion version) {
    TuningTables tables;
    tables.baseLat = baseLatencies(version);
    tables.hwLat = hardwareLatencies(version);
    fillCaps(version, tables);
    // tuning.cc treeCorrectionFactor: 23 entries, a 24th copy of the last one from 2.29.
    tables.treeCorrectionFactor = {{
        {1.0f, 1.0f, 1.0f, 1.0f, .9f, .8f, .7f, .7f,  .7f,  .7f,  .6f,  .5f,
         .4f,  .4f,  .5f,  .6f,  .7f, .8f, .9f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f},
        {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, .9f, .8f, .8f, .8f, .7f,  .6f,  .6f,
         .6f,  .6f,  .6f,  .6f,  .8f,  .9f, .9f, .9f, .9f, 1.0f, 1.0f, 1.0f},
        {.9f, .9f, .9f, .9f, .9f, .9f, .9f, .8f, .7f, .6f, .6f, .5f,
         .5f, .5f, .5f, .6f, .7f, .8f, .7f, .7f, .8f, .9f, .9f, .9f},
    }};
    return tables;
}

}  // namespace commviz::nccl_tuning
