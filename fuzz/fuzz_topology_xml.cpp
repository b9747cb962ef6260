// libFuzzer target: an NCCL topology file (NCCL_TOPO_FILE / NCCL_TOPO_DUMP_FILE),
// read as parseTopoXml reads one, then NCCL's paths and P2P/GDR checks over the
// system it describes, as the topology scene computes them.
//
// Input: byte 0 picks the assumptions for a partial dump (how NVLinks are
// filled, GDR on or off); the rest is the XML text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_xml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz::nccl_topology;
    if (size < 1) return 0;
    TopoAssumptions assumptions;
    assumptions.nvlink = static_cast<NvLinkFill>(data[0] % 3);
    assumptions.gdr = (data[0] & 0x4) != 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto system = parseTopoXml(text, "fuzz-topology.xml", assumptions);
    if (!system) return 0;
    const TopoPaths paths = computePaths(system.value());
    const PathMatrix gpus = pathMatrix(system.value(), paths, NodeType::GPU, NodeType::GPU);
    const PathMatrix nets = pathMatrix(system.value(), paths, NodeType::GPU, NodeType::NET);
    for (int gpu : gpus.rows) {
        for (int peer : gpus.columns) (void)checkP2p(system.value(), paths, gpu, peer);
        for (int net : nets.columns) (void)checkGdr(system.value(), paths, gpu, net, true);
        (void)localCpu(system.value(), paths, gpu);
    }
    return 0;
}
