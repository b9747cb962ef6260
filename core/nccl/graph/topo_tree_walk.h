#pragma once

#include <string>

#include "nccl/graph/topo_system.h"
#include "nccl/graph/topo_xml_reader.h"
#include "nccl/graph/xml_document.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// State of one reading: the file's name for messages, the keys, and the system
/// being built.
struct TopoBuild {
    const std::string& origin;
    const TopoAssumptions& assumptions;
    TopoSystem system;
};

/// First pass (NCCL topo.cc, ncclTopoAddCpu / ncclTopoAddPci / ncclTopoAddNic):
/// a CPU node per `cpu`, the PCI tree below it, GPUs and NICs with their NETs.
sim::Status addCpu(const XmlElement& cpu, TopoBuild& build);

/// Second pass (NCCL topo.cc, ncclTopoAddNvLinks / ncclTopoAddC2c /
/// ncclTopoAddPciLinks, ncclTopoConnectCpus).
sim::Status addNvLinks(const XmlElement& root, TopoBuild& build);
void addC2cAndPciLinks(const XmlElement& root, TopoBuild& build);
void connectCpus(TopoSystem& system);

/// For partial dumps with no `nvlink` at all: the NVLinks the `nvlink` key describes.
sim::Status addAssumedNvLinks(TopoBuild& build);

/// Index of the node with this bus id and type, or -1.
int findByBusId(const TopoSystem& system, NodeType type, const std::string& busId);

}  // namespace commviz::nccl_topology
