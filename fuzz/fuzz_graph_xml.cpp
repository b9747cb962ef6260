// libFuzzer target: an NCCL graph file (NCCL_GRAPH_FILE / NCCL_GRAPH_DUMP_FILE),
// read as parseGraphXml reads one, and each graph's pattern named as the
// scene prints it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "nccl/graph/graph_xml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz::nccl_topology;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto file = parseGraphXml(text, "fuzz-graph.xml");
    if (!file) return 0;
    for (const TopoGraph& graph : file.value().graphs) (void)graphPatternName(graph.pattern);
    return 0;
}
