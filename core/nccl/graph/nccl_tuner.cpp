#include "nccl/graph/nccl_tuner.h"

#include <array>
#include <cstdio>

namespace commviz::collectives {

namespace {

int floorLog2(std::int64_t value) {
    if (value <= 0) return -1;
    int log = 0;
    while (value > 1) {
        value >>= 1;
        ++log;
    }
    return log;
}

int protocolIndex(NcclProtocol protocol) {
    return protocol == NcclProtocol::Ll ? 0 : protocol == NcclProtocol::Ll128 ? 1 : 2;
}

// NCCL src/graph/tuning.cc, treeCorrectionFactor: powers of two from 64 B (LL, LL128, Simple).
double treeCorrection(NcclProtocol protocol, std::int64_t bytes) {
    static constexpr double factor[3][23] = {
        {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0},
        {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0},
        {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9}};
    const int logSize = floorLog2(bytes >> 6);
    return logSize >= 0 && logSize < 23 ? factor[protocolIndex(protocol)][logSize] : 1.0;
}

double busBandwidth(const ScheduleRequest& request, bool tree) {
    double busBw = request.nchannels * request.linkGBps;
    const NcclProtocol protocol = request.protocol;
    if (!tree && protocol == NcclProtocol::Ll) busBw *= 0.5;
    if (!tree && protocol == NcclProtocol::Ll128) busBw *= 0.92;
    if (tree) busBw *= 0.92;
    if (tree && protocol == NcclProtocol::Ll) busBw /= 3.8;
    if (tree && protocol == NcclProtocol::Ll128) busBw *= 120.0 / 128.0;
    return busBw;
}

double stepLatency(const ScheduleRequest& request, NcclAlgorithm algorithm) {
    // With one rank per node NCCL prices every network step with the Tree row.
    if (request.hardware == NcclHardware::Net) algorithm = NcclAlgorithm::Tree;
    return ncclStepLatencyUs(request.hardware, algorithm, request.protocol);
}

std::string fixed(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

const char* protocolName(NcclProtocol protocol) {
    return protocol == NcclProtocol::Ll ? "LL" : protocol == NcclProtocol::Ll128 ? "LL128" : "Simple";
}

const char* hardwareName(NcclHardware hardware) {
    return hardware == NcclHardware::Nvlink ? "NVLink" : hardware == NcclHardware::Pci ? "PCI" : "network";
}

}  // namespace

// Columns LL, LL128, Simple, as NCCL orders its protocols.
using PerProtocol = std::array<double, 3>;

double ncclStepLatencyUs(NcclHardware hardware, NcclAlgorithm algorithm, NcclProtocol protocol) {
    static constexpr PerProtocol tree[3] = {{0.6, 1.25, 4.0}, {1.0, 1.9, 4.0}, {5.0, 8.5, 14.0}};
    static constexpr PerProtocol ring[3] = {{0.6, 1.9, 3.4}, {1.0, 2.5, 5.7}, {2.7, 4.0, 14.0}};
    const auto& table = algorithm == NcclAlgorithm::Tree ? tree : ring;
    return table[int(hardware)][std::size_t(ncclProtocolIndex(protocol))];
}

double ncclBaseLatencyUs(NcclAlgorithm algorithm, NcclProtocol protocol) {
    static constexpr PerProtocol tree{6.8, 14.0, 8.4};
    static constexpr PerProtocol ring{6.6, 14.0, 8.4};
    return (algorithm == NcclAlgorithm::Tree ? tree : ring)[std::size_t(ncclProtocolIndex(protocol))];
}

double ncclTunerTimeUs(const ScheduleRequest& request, const std::string& algorithm) {
    const double p = request.ranks;
    const auto bytes = double(request.bytes());
    if (algorithm == "tree") {
        const double latency = ncclBaseLatencyUs(NcclAlgorithm::Tree, request.protocol) +
                               2.0 * floorLog2(request.ranks) * stepLatency(request, NcclAlgorithm::Tree);
        const double algBw = busBandwidth(request, true) * 0.5 * treeCorrection(request.protocol, request.bytes());
        return latency + bytes / (1000.0 * algBw);
    }
    const double steps = 2.0 * (p - 1);
    double latency =
        ncclBaseLatencyUs(NcclAlgorithm::Ring, request.protocol) + steps * stepLatency(request, NcclAlgorithm::Ring);
    // The ring's plateau on several nodes (GPUs of compute capability 8.0 or newer).
    if (request.protocol == NcclProtocol::Simple && request.hardware == NcclHardware::Net &&
        bytes / (request.nchannels * p) >= 64)
        latency *= 1.4;
    return latency + bytes / (1000.0 * busBandwidth(request, false) * p / steps);
}

NcclChoice ncclTunerChoice(const ScheduleRequest& request) {
    const std::string collective(name(request.collective));
    if (request.collective != Collective::Allreduce)
        return {"ring", "NCCL " + collective + ": ring, the only algorithm modelled" +
                            (request.collective == Collective::Bcast || request.collective == Collective::Reduce
                                 ? " (NCCL has no other)"
                                 : " (PAT, NVLS and CollNet are not)")};
    if (request.ranks < 2) return {"ring", "1 rank: nothing to send; ring"};
    const double ring = ncclTunerTimeUs(request, "ring"), tree = ncclTunerTimeUs(request, "tree");
    const std::string choice = tree <= ring ? "tree" : "ring";
    return {choice, std::string("NCCL tuning.cc model, ") + protocolName(request.protocol) + " on " +
                        hardwareName(request.hardware) + ", ranks as nodes, no GPU caps: tree " + fixed(tree) +
                        " us, ring " + fixed(ring) + " us -> " + choice};
}

}  // namespace commviz::collectives
