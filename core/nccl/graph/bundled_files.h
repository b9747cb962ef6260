#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace commviz::nccl_topology {

/// The servers in resources/topologies, compiled in so that a bare file name
/// (`topo_file=pcie_4gpu_2socket.xml`) works wherever commviz runs.
std::vector<std::string> bundledTopologyNames();
/// The text of one bundled server; nullopt when no bundled file has that name.
std::optional<std::string_view> bundledTopology(std::string_view name);

/// The example INFO logs in resources/nccl_logs, compiled in the same way
/// (`log_file=nccl_2.22_2node_16gpu.log`).
std::vector<std::string> bundledLogNames();
std::optional<std::string_view> bundledLog(std::string_view name);

/// A file name without a directory, which may name a bundled file.
inline bool isBareName(std::string_view file) { return file.find('/') == std::string_view::npos; }

/// The scene's default server.
inline constexpr std::string_view kDefaultTopology = "dgx_h100_nvswitch_8nic.xml";

}  // namespace commviz::nccl_topology
