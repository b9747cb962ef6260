#pragma once

#include <string>
#include <vector>

#include "nccl/graph/topo_system.h"
#include "nccl/graph/topo_xml_reader.h"
#include "nccl/log/info_log_reader.h"

// A log drawn on a server: the servers a log describes when no topology is given, and where a log and
// a given topology disagree.
namespace commviz::nccl_topology {

/// Topology XML (NCCL_TOPO_FILE's format) for one server as the log shows it: the GPUs of the host with
/// the most ranks, by their bus ids (`busId 41000` is 0000:41:00.0), nvmlDev and rank, each on its own
/// PCI slot under one CPU; one NIC per NET device the connections name (`NET/IB/1`). What a log does
/// not say (the PCIe tree, NVLink, the CPU) is left out or made plain; the GPUs' sm and the NICs' speed
/// come from the keys gpu_sm and nic_speed. The caller lists what was assumed. Empty when the log names
/// no rank with a bus id.
std::string serverXmlFromLog(const InfoLog& log, const TopoAssumptions& assumptions);

/// The ranks on each host, in rank order.
std::vector<std::vector<int>> ranksPerHost(const InfoLog& log);

/// Where a log and a given topology disagree.
struct LogMismatch {
    int logRanksPerHost = 0;                 ///< ranks on the busiest host of the log
    int topologyGpus = 0;                    ///< GPUs of one server of the topology
    std::vector<std::string> missingBusIds;  ///< bus ids the log names and the topology lacks
    int nonConsecutiveHost = -1;             ///< a host (index in log.hosts order) whose ranks have gaps
    bool any() const { return logRanksPerHost != topologyGpus || !missingBusIds.empty() || nonConsecutiveHost >= 0; }
};

LogMismatch logTopologyMismatch(const InfoLog& log, const TopoSystem& system);

/// The mismatch in English sentences, for `summary.warnings`; empty when they agree.
std::vector<std::string> mismatchSentences(const LogMismatch& mismatch);

/// `busId 41000` (NCCL's int64 form, printed with %lx) as 0000:41:00.0; empty when not hexadecimal.
std::string busIdFromLog(const std::string& printed);

}  // namespace commviz::nccl_topology
