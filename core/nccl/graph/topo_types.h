#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace commviz::nccl_topology {

/// Node kinds of NCCL's topology graph (NCCL src/graph/topo.h: GPU, PCI, NVS,
/// CPU, NIC, NET). A CPU node is a NUMA domain; a NIC is one PCI function and a
/// NET one port or device as the network plugin shows it.
enum class NodeType { GPU, PCI, NVS, CPU, NIC, NET };

/// Link kinds with NCCL's numbering, kept equal to the matching path types
/// (NCCL src/graph/topo.h, LINK_*).
enum class LinkType { LOC = 0, NVL = 1, C2C = 3, PCI = 4, SYS = 9, NET = 10 };

/// Path kinds ordered best to worst as in NCCL 2.28+ (NCCL src/include/graph.h,
/// PATH_*): a path's type is the worst step along it.
enum class PathType { LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, NET, DIS };

/// Bandwidths in GB/s, NCCL src/graph/topo.h.
namespace bw {
inline constexpr float kLoc = 5000.0f;
inline constexpr float kSm60NvLink = 18.0f;
inline constexpr float kSm70NvLink = 20.0f;
inline constexpr float kSm80NvLink = 20.0f;
inline constexpr float kSm86NvLink = 12.0f;
inline constexpr float kSm90NvLink = 20.6f;
inline constexpr float kSm100NvLink = 40.1f;
inline constexpr float kAmd = 16.0f;
inline constexpr float kBroadwellQpi = 6.0f;
inline constexpr float kSkylakeQpi = 10.0f;
inline constexpr float kSapphireRapidsQpi = 22.0f;
inline constexpr float kEmeraldRapidsQpi = 40.0f;
inline constexpr float kZhaoxinZpi = 6.0f;
inline constexpr float kYongfengZpi = 9.0f;
inline constexpr float kPower9 = 32.0f;
inline constexpr float kArm = 6.0f;
}  // namespace bw

std::string_view nodeTypeName(NodeType type);
std::string_view linkTypeName(LinkType type);
std::string_view pathTypeName(PathType type);

/// Reads a level as NCCL_P2P_LEVEL / NCCL_NET_GDR_LEVEL do (NCCL src/graph/paths.cc,
/// ncclGetLevel): a path name from LOC to SYS, or the old numbers 0-5.
std::optional<PathType> parseLevel(std::string_view text);

/// Path name as written in graph files (`typeintra="NVL"`), LOC to DIS.
std::optional<PathType> parsePathTypeName(std::string_view text);

/// Per-link NVLink bandwidth for a compute capability (NCCL topo.h, ncclTopoNVLinkBw).
float nvLinkBandwidth(int sm);

/// Most NVLinks a GPU of this generation has (4/6/12/18 for sm60/70/80/90+), the
/// cap NCCL puts on what it reads from NVML (NCCL src/graph/xml.cc, ncclTopoGetXmlFromGpu).
int maxNvLinks(int sm);

/// Per-lane PCIe speed in units of 100 Mb/s from a sysfs `link_speed` string; an
/// unknown string gives 60 (Gen3), as NCCL's table does (NCCL topo.cc, kvDictPciGen).
int pciLaneSpeed(std::string_view linkSpeed);

/// PCIe link bandwidth in GB/s: width × lane speed / 80; width 0 counts as 16.
float pciBandwidth(int width, std::string_view linkSpeed);

/// What a PCI class code makes a device (NCCL topo.cc, kvDictPciClass): bridges
/// and unknown classes are PCI, 0x068000 an NVSwitch, 0x068001 a CPU, 0x03… a GPU,
/// 0x02… a NIC.
NodeType nodeTypeOfPciClass(std::string_view pciClass);

}  // namespace commviz::nccl_topology
