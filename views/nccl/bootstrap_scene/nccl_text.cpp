#include "nccl/bootstrap_scene/nccl_text.h"

#include "nccl/bootstrap_scene/nccl_engine.h"

namespace commviz::views {

QString NcclText::about() {
    const QString model =
        tr("<p>The bootstrap follows NCCL's bootstrap.cc in two versions: <b>classic</b> (2.22 and earlier: the root "
           "waits for every rank, then three unidirectional ring allgathers of n−1 rounds: peer addresses, proxy "
           "addresses and, since 2.20, the proxy UDS ids) and <b>2.30</b> (the root "
           "answers as soon as both neighbours have checked in, several roots, one packed bidirectional allgather of "
           "⌊n/2⌋ rounds). Message order, contents, the 128-byte ncclUniqueId, the fault behaviour and the INFO/WARN "
           "lines follow NCCL's bootstrap.cc, init.cc and socket.cc.</p>"
           "<p><b>Connections:</b> with runtime connect (NCCL_RUNTIME_CONNECT with cuMem, the default of 2.22 and "
           "2.30, key runtime_connect) ring and tree links are built at the first collective, after Init COMPLETE, "
           "so the log shows no Channel … via … or Connected all rings lines before it; runtime_connect=false "
           "shows the eager connect.</p>"
           "<p><b>The machine:</b> each node holds A100-class GPUs (compute capability 8.0) joined by NVLink, so "
           "P2P links read (via P2P/CUMEM/read) and NVLS multicast is not available; two CPU sockets of 32 cores "
           "with two hardware threads each, the GPUs split evenly between them (the affinity and proxy core lines "
           "follow from this); IB NICs with GPUDirect RDMA. NCCL reads these from the driver and sysfs; here they "
           "are made up, as is the RAS client socket, at its default localhost port 28028. The log is that of a "
           "launcher calling ncclCommInitRank between ncclGroupStart and ncclGroupEnd, as nccl-tests and PyTorch "
           "do, so the init job runs on a thread of its own.</p>"
           "<p><b>Simplified:</b> ranks move through the phases together, so what a real run overlaps (early ring "
           "connects while late ranks still check in) is shown one after the other; within a round messages are "
           "drawn in rank order. The size headers each ring transfer exchanges first, TCP itself and socket "
           "options are not drawn. initTransportsRank is coarse: one step per stage over a simple topology (nodes × "
           "GPUs × NICs), without the real channel search. Times in the log are from a stated model, not "
           "measurements. Above 64 ranks the view aggregates: the ring is a density band and only the selected rank "
           "and its neighbours are drawn in detail.</p>");
    const QString scale =
        tr("<p><b>At scale:</b> up to 131,072 ranks and 1,024 roots. A ring allgather of more than 1,024 rounds "
           "(classic above 1,025 ranks, 2.30 above 2,049) takes 1,024 steps, each a span of consecutive rounds: "
           "131,072 ranks step 128 rounds at a time in classic, 64 in 2.30.</p>");
    return model + scale +
           tr("<p><b>With topo_file</b> (NCCL_TOPO_FILE: a path or a bundled server such as "
              "dgx_h100_nvswitch_8nic.xml) every node is a copy of that server: its GPUs (ranks fill them in "
              "the file's rank order, cudaDev = the GPU's dev) with their PCI bus ids, its NICs (the NET/IB line, "
              "Net device counts), and nodes = nranks / GPUs (whole servers only, at most 4,096 ranks; nodes, "
              "gpus_per_node and nics_per_node cannot be set beside it). initTransportsRank's channels, each "
              "channel's ring order, the trees, the transport of every connection (P2P, SHM, NET/IB/n/GDRDMA), "
              "the channel counts and the PXN/GDR flags come from the NCCL topology model of the nccl-topology "
              "scene, so the Channel, Ring, Trees and connection lines are those `commviz nccl-topo` prints. "
              "The affinity lines take the local cpu's affinity from the file (the process runs on every CPU it "
              "lists). Still made up: the proxy thread cores (two of the GPU's CPUs each), NVLS (never "
              "available), the timings and the thresholds line.</p>");
}

QString NcclText::phaseLabel(int phase) {
    switch (nccl::Phase(phase)) {
        case nccl::Phase::UniqueId:
            return tr("unique id");
        case nccl::Phase::Distribute:
            return tr("id distribution");
        case nccl::Phase::CheckIn:
            return tr("check-in with the root");
        case nccl::Phase::RingConnect:
            return tr("ring connect");
        case nccl::Phase::AllGather:
            return tr("ring allgather");
        case nccl::Phase::Init:
            return tr("initTransportsRank");
        case nccl::Phase::Finished:
            return tr("finished");
    }
    return {};
}

QString NcclText::runLabel(int phase, bool complete) {
    if (nccl::Phase(phase) == nccl::Phase::Finished && !complete) return tr("stopped (hang or failure)");
    return phaseLabel(phase);
}

QString NcclText::gatherName(int gather, bool classic) {
    if (!classic) return tr("ring info");
    switch (gather) {
        case 0:
            return tr("peer addresses");
        case 1:
            return tr("proxy addresses");
        default:
            return tr("proxy UDS ids");
    }
}

QString NcclText::payloadName(const QString& payload) {
    if (payload == QLatin1String("proxy_addresses")) return gatherName(1, true);
    if (payload == QLatin1String("proxy_uds_addresses")) return gatherName(2, true);
    if (payload == QLatin1String("ring_info")) return gatherName(0, false);
    return gatherName(0, true);
}

QString NcclText::stageLabel(nccl::InitStage stage) { return QString::fromLatin1(nccl::stageAnchor(stage)); }

}  // namespace commviz::views
