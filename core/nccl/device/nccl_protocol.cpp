#include "nccl/device/nccl_protocol.h"

namespace commviz::collectives {

namespace {

// NCCL src/include/device.h, ncclProtoGrainSize: chunks are whole grains.
std::int64_t grainBytes(NcclProtocol protocol) {
    switch (protocol) {
        case NcclProtocol::Ll:
            return 16;
        case NcclProtocol::Ll128:
            return 32 * 8 / 16 * 15 * 8;  // WARP_SIZE x 8 shared elements per thread, 15 of 16 carry data
        default:
            return 512;
    }
}

// NCCL src/init.cc, DEFAULT_LL_BUFFSIZE, DEFAULT_LL128_BUFFSIZE, DEFAULT_BUFFSIZE,
// divided by NCCL_STEPS = 8.
std::int64_t stepBytes(NcclProtocol protocol) {
    switch (protocol) {
        case NcclProtocol::Ll:
            return 8 * 512 * 8 * 16 / 8;  // lines per thread x threads x steps x 16-byte line
        case NcclProtocol::Ll128:
            return 120 * 640 * 8 * 8 / 8;  // elements per thread x threads x steps x 8 bytes
        default:
            return (std::int64_t(1) << 22) / 8;
    }
}

int floorLog2(std::int64_t value) {
    int log = 0;
    while (value > 1) {
        value >>= 1;
        ++log;
    }
    return log;
}

}  // namespace

double ncclProtocolEfficiency(NcclProtocol protocol) {
    switch (protocol) {
        case NcclProtocol::Ll:
            return 0.5;
        case NcclProtocol::Ll128:
            return 120.0 / 128.0;
        default:
            return 1.0;
    }
}

std::int64_t ncclStepDataBytes(NcclProtocol protocol) {
    const std::int64_t step = stepBytes(protocol);
    if (protocol == NcclProtocol::Ll) return step / 2;
    if (protocol == NcclProtocol::Ll128) return step / 16 * 15;
    return step;
}

std::int64_t ncclChunkBytes(NcclAlgorithm algorithm, bool multiStepRing, NcclProtocol protocol,
                            std::int64_t channelBytes, int ranks, int nNodes) {
    std::int64_t chunk = ncclStepDataBytes(protocol);
    if (protocol == NcclProtocol::Simple && algorithm == NcclAlgorithm::Ring && multiStepRing) chunk *= 4;
    if (algorithm == NcclAlgorithm::Tree && protocol == NcclProtocol::Ll128) {
        if (nNodes <= 0) nNodes = ranks;
        const double ppn = double(ranks) / double(nNodes);
        const double steps = 1 + floorLog2(nNodes) + 0.1 * ppn;
        while (double(channelBytes / chunk) < steps * 64 / ppn && chunk > 131072) chunk /= 2;
        while (double(channelBytes / chunk) < steps * 16 / ppn && chunk > 32768) chunk /= 2;
    }
    return chunk / grainBytes(protocol) * grainBytes(protocol);
}

}  // namespace commviz::collectives
