#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nccl/graph/topo_keys.h"
#include "nccl/log/info_log_reader.h"
#include "nccl/log/topo_log.h"
#include "nccl/topology_scene/log_servers.h"
#include "nccl/topology_scene/topology_events.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// The files the scene reads, besides the model keys.
struct TopologyFiles {
    std::string topoFile;   ///< a path, or the name of a bundled server (bundled_files.h)
    std::string graphFile;  ///< NCCL_GRAPH_FILE; empty: search
    std::string logFile;    ///< NCCL_DEBUG=INFO log; empty: draw the model's own channels
};

/// Everything one run of the scene computes up front; the engine reveals it a
/// stage per step and every copy of the engine shares it.
struct TopologyRun {
    TopoKeys keys;
    TopologyFiles files;
    TopologyModel model;  ///< system, paths, graphs and the comm with its connections
    bool ringFromFile = false;
    bool treeFromFile = false;
    std::optional<InfoLog> log;            ///< when log_file is set
    bool serversFromLog = false;           ///< the log came without a topology: its servers are drawn
    LogMismatch mismatch;                  ///< where the log and the given topology disagree
    std::vector<std::string> logFileText;  ///< its first lines, for the log pane
    std::vector<TopoLogLine> lines;        ///< the lines NCCL would print (topologyLog)
    std::vector<std::string> formatted;    ///< the same with NCCL's prefix (formatLogLine)
    std::vector<TopologyStage> stages;     ///< in step order

    /// The channels drawn: the log's when one is loaded, else the model's.
    const CommGraphs& comm() const { return log ? log->comm : model.comm; }
};

/// The scene's own keys: topo_file, graph_file, log_file.
const std::vector<sim::ParamSpec>& topologyFileKeys();

/// Reads the files and runs NCCL's stages (paths, searches or the graph file,
/// postset, transports, log lines). Bad files fail with the reader's message.
sim::Result<TopologyRun> buildTopologyRun(const sim::ParamValues& values);

/// "GPU 0", "NIC 1", "NET 0 (mlx5_0)", "CPU 1", "PCI 0000:15:00.0", "NVS 0".
std::string nodeLabel(const TopoSystem& system, int node);

}  // namespace commviz::nccl_topology
