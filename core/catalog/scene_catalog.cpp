#include "catalog/scene_catalog.h"

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_scene_model.h"
#include "nccl/bootstrap_scene/nccl_engine.h"
#include "nccl/bootstrap_scene/nccl_scene_model.h"
#include "nccl/topology_scene/nccl_topo_command.h"
#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_scene_model.h"
#include "noc/noc_command.h"
#include "noc/noc_engine.h"
#include "noc/noc_scene_model.h"
#include "rdma/rdma_engine.h"
#include "rdma/rdma_scene_model.h"
#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "rdma_vs_socket/rdma_vs_socket_scene_model.h"
#include "sim/translatable.h"

namespace commviz::catalog {

namespace {

std::vector<SceneEntry> makeScenes() {
    std::vector<SceneEntry> scenes;
    scenes.push_back({
        .model = rdma::sceneModel(),
        .name = QT_TRANSLATE_NOOP("commviz::scenes", "RDMA verbs queues"),
        .description = QT_TRANSLATE_NOOP("commviz::scenes",
                                         "Follow a work request from ibv_post_send through the SQ, the HCA and the "
                                         "wire to a CQE and a polled WC."),
        .eventKinds = &rdma::RdmaEngine::eventKinds,
    });
    scenes.push_back({
        .model = rdma_vs_socket::sceneModel(),
        .name = QT_TRANSLATE_NOOP("commviz::scenes", "Why RDMA: sockets vs verbs"),
        .description = QT_TRANSLATE_NOOP("commviz::scenes",
                                         "Race one message through send()/recv() and the kernel TCP/IP stack against "
                                         "ibv_post_send, counting copies, syscalls, context switches and interrupts."),
        .eventKinds = &rdma_vs_socket::RdmaVsSocketEngine::eventKinds,
    });
    scenes.push_back({
        .model = nccl::sceneModel(),
        .name = QT_TRANSLATE_NOOP("commviz::scenes", "NCCL bootstrap: unique id, root and ring"),
        .description =
            QT_TRANSLATE_NOOP("commviz::scenes",
                              "Watch ncclGetUniqueId, the check-ins with the root, the ring and its "
                              "allgather, message by message, from 1 to 131,072 ranks, with NCCL's INFO log."),
        .eventKinds = &nccl::NcclEngine::eventKinds,
    });
    scenes.push_back({
        .model = noc::sceneModel(),
        .name = QT_TRANSLATE_NOOP("commviz::scenes", "Network-on-chip (BookSim2 iq router)"),
        .description = QT_TRANSLATE_NOOP("commviz::scenes",
                                         "BookSim2's networks, faithfully: mesh, torus, butterfly, cmesh, flattened "
                                         "butterfly, fat tree, dragonfly or any graph, one cycle per step: flits in "
                                         "virtual channels, the RC, VA, SA, ST pipeline, credits flowing back, "
                                         "warm-up, measurement and drain."),
        .eventKinds = &noc::NocEngine::eventKinds,
        .commands = {{"noc", "noc CONFIG [key=value | --set key=value]... [--json]",
                      "Run a BookSim2 config file on the batch path and print BookSim's statistics",
                      &noc::runNocCommand}},
        // File > Open and --scenario read BookSim config files as they are, like `commviz noc CONFIG`.
        .foreign = {{"cfg"}, &noc::scenarioFromBookSimConfig},
    });
    scenes.push_back({
        .model = collectives::sceneModel(),
        .name = QT_TRANSLATE_NOOP("commviz::scenes", "Collectives (Open MPI and NCCL)"),
        .description = QT_TRANSLATE_NOOP("commviz::scenes",
                                         "Allreduce, broadcast, allgather and the other collectives round by round, "
                                         "as Open MPI's coll/tuned and NCCL schedule them: real data moving between "
                                         "ranks, partial sums building up, and the time each algorithm takes."),
        .eventKinds = &collectives::CollectivesEngine::eventKinds,
    });
    scenes.push_back({
        .model = nccl_topology::sceneModel(),
        .name = QT_TRANSLATE_NOOP("commviz::scenes", "NCCL topology (paths, rings, trees)"),
        .description = QT_TRANSLATE_NOOP("commviz::scenes",
                                         "A server's NCCL topology XML as NCCL reads it: CPUs, PCI switches, GPUs, "
                                         "NICs and NVSwitches, the paths between them, the rings and trees NCCL "
                                         "searches, and the lines NCCL_DEBUG=INFO prints; or an INFO log read back "
                                         "and drawn."),
        .eventKinds = &nccl_topology::TopologyEngine::eventKinds,
        .commands = {{"nccl-topo", "nccl-topo FILE.xml [key=value | --set key=value]... [--json]",
                      "Print the INFO/GRAPH lines NCCL would print for a topology file, or its paths and graphs as "
                      "JSON",
                      &nccl_topology::runNcclTopoCommand},
                     {"nccl-log", "nccl-log FILE.log [key=value | --set key=value]... [--json]",
                      "Read an NCCL_DEBUG=INFO log: version, ranks, rings, trees, transports, unread lines, and its "
                      "TUNING table and selection lines explained by NCCL's tuner",
                      &nccl_topology::runNcclLogCommand}},
    });
    return scenes;
}

}  // namespace

const std::vector<SceneEntry>& scenes() {
    static const std::vector<SceneEntry> all = makeScenes();
    return all;
}

const SceneEntry* findScene(std::string_view id) {
    for (const SceneEntry& entry : scenes())
        if (entry.model.id == id) return &entry;
    return nullptr;
}

const SceneCommand* findCommand(std::string_view name) {
    for (const SceneEntry& entry : scenes())
        for (const SceneCommand& command : entry.commands)
            if (command.name == name) return &command;
    return nullptr;
}

std::string sceneIds() {
    std::string ids;
    for (const SceneEntry& entry : scenes()) ids += (ids.empty() ? "" : ", ") + entry.model.id;
    return ids;
}

}  // namespace commviz::catalog
