#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nccl/graph/topo_types.h"

namespace commviz::nccl_topology {

struct TopoLink {
    LinkType type = LinkType::LOC;
    float bw = 0.0f;  ///< GB/s
    int remote = -1;  ///< index into TopoSystem::nodes
};

enum class CpuArch { Unknown, X86, Arm, Power };
enum class CpuVendor { Unknown, Intel, Amd, Zhaoxin };

/// One node of the graph; only the fields of its type are meaningful.
struct TopoNode {
    NodeType type = NodeType::PCI;
    int line = 0;        ///< where the file declares it (0 when made up, e.g. the NVSwitch)
    std::string busId;   ///< PCI address, for GPU, PCI and NIC nodes
    std::string device;  ///< PCI vendor:device as written, for display
    // GPU
    int dev = -1;  ///< NVML index for a GPU, plugin index for a NET
    int rank = -1;
    int sm = 0;
    bool gdr = false;
    // CPU
    int numaId = -1;
    CpuArch arch = CpuArch::Unknown;
    CpuVendor vendor = CpuVendor::Unknown;
    int familyId = 0;
    int modelId = 0;
    std::string affinity;
    // NET
    std::string name;
    float bw = 0.0f;  ///< GB/s, speed(Mb/s) / 8000
    int port = 0;
    std::string guid;
    int maxConn = 0;
    float latency = 0.0f;

    std::vector<TopoLink> links;
};

/// A node of a type, declared at `line`, with a PCI address when it has one.
TopoNode makeNode(NodeType type, int line = 0, std::string busId = {});

/// A value the file did not give and that NCCL would have probed from the
/// hardware (NVML, sysfs, the net plugin): we took it from a key or a default.
struct AssumedValue {
    int line = 0;
    std::string element;
    std::string what;   ///< e.g. "sm", "nvlink count", "speed"
    std::string value;  ///< as used
};

/// An element or attribute the reader does not know; kept and listed, never fatal.
struct UnknownItem {
    int line = 0;
    std::string element;
    std::string attribute;  ///< empty when the whole element is unknown
};

/// The server as NCCL's topology graph holds it after ncclTopoGetSystemFromXml.
struct TopoSystem {
    std::vector<TopoNode> nodes;
    std::vector<AssumedValue> assumed;
    std::vector<UnknownItem> unknown;

    /// Indices of all nodes of a type, in creation order (NCCL's per-type index).
    std::vector<int> ofType(NodeType type) const;
    int addNode(TopoNode node);
    /// Adds a link each way; a second link of the same type to the same node adds
    /// its bandwidth, as ncclTopoConnectNodes does.
    void connect(int from, int to, LinkType type, float bw);
    void connectOneWay(int from, int to, LinkType type, float bw);
};

/// The low bits of NCCL's node id: the PCI address as a number for GPU, PCI and
/// NIC nodes, the NUMA id of a CPU, the plugin index of a NET, 0 for the NVSwitch.
long topoLocalId(const TopoNode& node);

}  // namespace commviz::nccl_topology
