#include "nccl/graph/topo_types.h"

#include <array>
#include <cctype>
#include <cstdlib>

namespace commviz::nccl_topology {

namespace {
constexpr std::array<std::string_view, 12> kPathNames = {"LOC", "NVL", "NVB", "C2C", "PIX", "PXB",
                                                         "P2C", "PXN", "PHB", "SYS", "NET", "DIS"};
}

std::string_view nodeTypeName(NodeType type) {
    constexpr std::array<std::string_view, 6> names = {"GPU", "PCI", "NVS", "CPU", "NIC", "NET"};
    return names[static_cast<size_t>(type)];
}

std::string_view linkTypeName(LinkType type) {
    switch (type) {
        case LinkType::LOC:
            return "LOC";
        case LinkType::NVL:
            return "NVL";
        case LinkType::C2C:
            return "C2C";
        case LinkType::PCI:
            return "PCI";
        case LinkType::SYS:
            return "SYS";
        case LinkType::NET:
            return "NET";
    }
    return "?";
}

std::string_view pathTypeName(PathType type) { return kPathNames[static_cast<size_t>(type)]; }

std::optional<PathType> parsePathTypeName(std::string_view text) {
    for (size_t i = 0; i < kPathNames.size(); ++i)
        if (kPathNames[i] == text) return static_cast<PathType>(i);
    return std::nullopt;
}

std::optional<PathType> parseLevel(std::string_view text) {
    if (auto named = parsePathTypeName(text); named && *named <= PathType::SYS) return named;
    if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
    // Old numbering kept by NCCL for compatibility: 0 LOC, 1 PIX, 2 PXB, 3 PHB, 4+ SYS.
    constexpr std::array<PathType, 6> oldToNew = {PathType::LOC, PathType::PIX, PathType::PXB,
                                                  PathType::PHB, PathType::SYS, PathType::SYS};
    long old = std::strtol(std::string(text).c_str(), nullptr, 0);
    return oldToNew[static_cast<size_t>(std::min<long>(old, 5))];
}

float nvLinkBandwidth(int sm) {
    if (sm >= 100) return bw::kSm100NvLink;
    if (sm >= 90) return bw::kSm90NvLink;
    if (sm == 86) return bw::kSm86NvLink;
    if (sm >= 80) return bw::kSm80NvLink;
    if (sm >= 70) return bw::kSm70NvLink;
    if (sm >= 60) return bw::kSm60NvLink;
    return bw::kSm80NvLink;
}

int maxNvLinks(int sm) { return sm < 60 ? 0 : sm < 70 ? 4 : sm < 80 ? 6 : sm < 90 ? 12 : 18; }

int pciLaneSpeed(std::string_view linkSpeed) {
    struct Entry {
        std::string_view text;
        int speed;
    };
    constexpr std::array<Entry, 11> table = {{{"2.5 GT/s", 15},
                                              {"5 GT/s", 30},
                                              {"8 GT/s", 60},
                                              {"16 GT/s", 120},
                                              {"32 GT/s", 240},
                                              {"2.5 GT/s PCIe", 15},
                                              {"5.0 GT/s PCIe", 30},
                                              {"8.0 GT/s PCIe", 60},
                                              {"16.0 GT/s PCIe", 120},
                                              {"32.0 GT/s PCIe", 240},
                                              {"64.0 GT/s PCIe", 480}}};
    for (const Entry& entry : table)
        if (entry.text == linkSpeed) return entry.speed;
    return 60;
}

float pciBandwidth(int width, std::string_view linkSpeed) {
    if (width == 0) width = 16;
    return static_cast<float>(width * pciLaneSpeed(linkSpeed)) / 80.0f;
}

NodeType nodeTypeOfPciClass(std::string_view pciClass) {
    if (pciClass == "0x060400" || pciClass == "0x080100") return NodeType::PCI;
    if (pciClass == "0x068000") return NodeType::NVS;
    if (pciClass == "0x068001") return NodeType::CPU;
    if (pciClass.substr(0, 4) == "0x03") return NodeType::GPU;
    if (pciClass.substr(0, 4) == "0x02") return NodeType::NIC;
    return NodeType::PCI;
}

}  // namespace commviz::nccl_topology
