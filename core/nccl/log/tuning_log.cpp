#include "nccl/log/tuning_log.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace commviz::nccl_tuning {

namespace {

constexpr int kAlgorithmsPerBlock = 3;

// printf into a string; every format here fits in a few hundred characters.
template <class... Args>
std::string format(const char* pattern, Args... args) {
    std::array<char, 512> buffer{};
    std::snprintf(buffer.data(), buffer.size(), pattern, args...);
    return std::string(buffer.data());
}

std::vector<std::string> blockLines(const TuningModel& model, int firstAlgo, int lastAlgo) {
    std::vector<std::string> lines;
    std::string line = "  Algorithm   |";
    for (int a = firstAlgo; a < lastAlgo; ++a) line += format(" %14s   %14s   %14s |", "", ncclAlgoStr(a).c_str(), "");
    lines.push_back(line);
    // The protocol header always repeats the three protocols three times, even in the PAT block.
    line = "  Protocol    |";
    for (int block = 0; block < kAlgorithmsPerBlock; ++block)
        for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p) line += format(" %14s |", ncclProtoStr(p).c_str());
    lines.push_back(line);
    line = " Max NThreads |";
    for (int a = firstAlgo; a < lastAlgo; ++a)
        for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p)
            line += format(" %14d |", model.maxThreads[static_cast<std::size_t>(a)][static_cast<std::size_t>(p)]);
    lines.push_back(line);
    for (int c = 0; c < NCCL_NUM_FUNCTIONS; ++c) {
        line = format("%13s |", ncclFuncStr(c).c_str());
        for (int a = firstAlgo; a < lastAlgo; ++a)
            for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p) {
                const auto ci = static_cast<std::size_t>(c), ai = static_cast<std::size_t>(a),
                           pi = static_cast<std::size_t>(p);
                line += format("%8.1f/%6.1f |", static_cast<double>(model.latencies[ci][ai][pi]),
                               static_cast<double>(model.bandwidths[ci][ai][pi]));
            }
        lines.push_back(line);
    }
    return lines;
}

}  // namespace

std::string ncclAlgoStr(int a) {
    static const std::array<const char*, kMaxAlgorithms> names{
        "Tree", "Ring", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree", "PAT"};
    return a >= 0 && a < kMaxAlgorithms ? names[static_cast<std::size_t>(a)] : "?";
}

std::string ncclProtoStr(int p) {
    static const std::array<const char*, NCCL_NUM_PROTOCOLS> names{"LL", "LL128", "Simple"};
    return p >= 0 && p < NCCL_NUM_PROTOCOLS ? names[static_cast<std::size_t>(p)] : "?";
}

std::string ncclFuncStr(int func) {
    static const std::array<const char*, NCCL_NUM_FUNCTIONS> names{"Broadcast", "Reduce", "AllGather", "ReduceScatter",
                                                                   "AllReduce"};
    return func >= 0 && func < NCCL_NUM_FUNCTIONS ? names[static_cast<std::size_t>(func)] : "?";
}

std::vector<std::string> tuningTableLines(const TuningModel& model) {
    std::vector<std::string> lines;
    if (!model.tablePrinted) return lines;
    // ≤2.22: two blocks (NCCL_NUM_ALGORITHMS/2 each); 2.23+: DIVUP(NCCL_NUM_ALGORITHMS, 3) blocks.
    for (int first = 0; first < model.nAlgorithms; first += kAlgorithmsPerBlock) {
        const int last = std::min(first + kAlgorithmsPerBlock, model.nAlgorithms);
        for (std::string& line : blockLines(model, first, last)) lines.push_back(std::move(line));
    }
    return lines;
}

std::string selectionLineWithTime(TuningVersion version, int func, std::int64_t nBytes, const TuningChoice& choice) {
    const std::string body = format("%ld Bytes -> Algo %d proto %d time %f", static_cast<long>(nBytes),
                                    choice.algorithm, choice.protocol, static_cast<double>(choice.printedTime));
    if (version.minor == 23) return ncclFuncStr(func) + ": " + body;
    return body;
}

std::string selectionLineWithChannels(int func, std::int64_t taskBytes, int algorithm, int protocol, int channelLo,
                                      int channelHi) {
    static const std::array<const char*, kMaxAlgorithms> algoNames{
        "TREE", "RING", "COLLNET_DIRECT", "COLLNET_CHAIN", "NVLS", "NVLS_TREE", "PAT"};
    static const std::array<const char*, NCCL_NUM_PROTOCOLS> protoNames{"LL", "LL128", "SIMPLE"};
    const bool known = algorithm >= 0 && algorithm < kMaxAlgorithms && protocol >= 0 && protocol < NCCL_NUM_PROTOCOLS;
    if (!known) return {};
    return format("%s: %ld Bytes -> Algo %s proto %s channel{Lo..Hi}={%d..%d}", ncclFuncStr(func).c_str(),
                  static_cast<long>(taskBytes), algoNames[static_cast<std::size_t>(algorithm)],
                  protoNames[static_cast<std::size_t>(protocol)], channelLo, channelHi);
}

}  // namespace commviz::nccl_tuning
