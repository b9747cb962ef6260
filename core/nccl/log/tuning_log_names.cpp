// Names and numbers shared by the tuning log reader: NCCL's ncclFuncStr / ncclAlgoStr / ncclProtoStr,
// the upper-case names of the 2.24+ selection line (ncclAlgoToString, ncclProtoToString) and the path
// type names of graph/paths.cc (topoPathTypeStr) in every release.
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

#include "nccl/log/tuning_log_reader_internal.h"

namespace commviz::nccl_tuning {

namespace {

bool sameWord(std::string_view left, std::string_view right) {
    if (left.size() != right.size()) return false;
    for (std::size_t index = 0; index < left.size(); ++index)
        if (std::tolower(static_cast<unsigned char>(left[index])) !=
            std::tolower(static_cast<unsigned char>(right[index])))
            return false;
    return true;
}

template <std::size_t Count>
int indexOf(const std::array<std::string_view, Count>& names, std::string_view name) {
    for (std::size_t index = 0; index < Count; ++index)
        if (sameWord(names[index], name)) return static_cast<int>(index);
    return -1;
}

}  // namespace

int ncclFuncIndex(std::string_view name) {
    constexpr std::array<std::string_view, NCCL_NUM_FUNCTIONS> names{"Broadcast", "Reduce", "AllGather",
                                                                     "ReduceScatter", "AllReduce"};
    return indexOf(names, tuning_log_detail::trimmed(name));
}

int ncclAlgoIndex(std::string_view name) {
    constexpr std::array<std::string_view, kMaxAlgorithms> names{
        "Tree", "Ring", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree", "PAT"};
    constexpr std::array<std::string_view, kMaxAlgorithms> upper{
        "TREE", "RING", "COLLNET_DIRECT", "COLLNET_CHAIN", "NVLS", "NVLS_TREE", "PAT"};
    name = tuning_log_detail::trimmed(name);
    if (sameWord(name, "CollNet")) return NCCL_ALGO_COLLNET_DIRECT;  // ≤2.13: one CollNet algorithm
    const int index = indexOf(names, name);
    return index >= 0 ? index : indexOf(upper, name);
}

int ncclProtoIndex(std::string_view name) {
    constexpr std::array<std::string_view, NCCL_NUM_PROTOCOLS> names{"LL", "LL128", "Simple"};
    return indexOf(names, tuning_log_detail::trimmed(name));
}

std::optional<PathType> pathTypeIndex(std::string_view name) {
    constexpr std::array<std::string_view, 12> names{"LOC", "NVL", "NVB", "C2C", "PIX", "PXB",
                                                     "P2C", "PXN", "PHB", "SYS", "NET", "DIS"};
    const int index = indexOf(names, tuning_log_detail::trimmed(name));
    if (index < 0) return std::nullopt;
    return static_cast<PathType>(index);
}

namespace tuning_log_detail {

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const std::size_t last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

std::vector<std::string_view> splitKeep(std::string_view text, char separator) {
    std::vector<std::string_view> pieces;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        pieces.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return pieces;
}

std::optional<float> readFloat(std::string_view text) {
    text = trimmed(text);
    if (text.empty() || text.size() > 40) return std::nullopt;
    const std::string copy(text);
    char* end = nullptr;
    const float value = std::strtof(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<long long> readInteger(std::string_view text) {
    text = trimmed(text);
    if (text.empty() || text.size() > 18) return std::nullopt;  // at most 18 digits: no overflow
    long long value = 0;
    bool negative = text.front() == '-';
    if (negative) text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    for (char digit : text) {
        if (digit < '0' || digit > '9') return std::nullopt;
        value = value * 10 + (digit - '0');
    }
    return negative ? -value : value;
}

}  // namespace tuning_log_detail

}  // namespace commviz::nccl_tuning
