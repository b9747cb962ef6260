#include "rdma/packet.h"

namespace commviz::rdma {

bool isResponse(BthOpcode op) {
    return op == BthOpcode::Acknowledge || op == BthOpcode::AtomicAcknowledge || isReadResponse(op);
}

bool isReadResponse(BthOpcode op) {
    return op == BthOpcode::RdmaReadResponseFirst || op == BthOpcode::RdmaReadResponseMiddle ||
           op == BthOpcode::RdmaReadResponseLast || op == BthOpcode::RdmaReadResponseOnly;
}

bool isFirstOrOnly(BthOpcode op) {
    switch (op) {
        case BthOpcode::SendFirst:
        case BthOpcode::SendOnly:
        case BthOpcode::SendOnlyWithImmediate:
        case BthOpcode::RdmaWriteFirst:
        case BthOpcode::RdmaWriteOnly:
        case BthOpcode::RdmaWriteOnlyWithImmediate:
        case BthOpcode::RdmaReadResponseFirst:
        case BthOpcode::RdmaReadResponseOnly:
            return true;
        default:
            return false;
    }
}

bool isLastOrOnly(BthOpcode op) {
    switch (op) {
        case BthOpcode::SendLast:
        case BthOpcode::SendLastWithImmediate:
        case BthOpcode::SendOnly:
        case BthOpcode::SendOnlyWithImmediate:
        case BthOpcode::RdmaWriteLast:
        case BthOpcode::RdmaWriteLastWithImmediate:
        case BthOpcode::RdmaWriteOnly:
        case BthOpcode::RdmaWriteOnlyWithImmediate:
        case BthOpcode::RdmaReadResponseLast:
        case BthOpcode::RdmaReadResponseOnly:
            return true;
        default:
            return false;
    }
}

bool isSendOpcode(BthOpcode op) {
    return op == BthOpcode::SendFirst || op == BthOpcode::SendMiddle || op == BthOpcode::SendLast ||
           op == BthOpcode::SendLastWithImmediate || op == BthOpcode::SendOnly ||
           op == BthOpcode::SendOnlyWithImmediate;
}

bool isWriteOpcode(BthOpcode op) {
    return op == BthOpcode::RdmaWriteFirst || op == BthOpcode::RdmaWriteMiddle || op == BthOpcode::RdmaWriteLast ||
           op == BthOpcode::RdmaWriteLastWithImmediate || op == BthOpcode::RdmaWriteOnly ||
           op == BthOpcode::RdmaWriteOnlyWithImmediate;
}

bool hasImmediate(BthOpcode op) {
    return op == BthOpcode::SendLastWithImmediate || op == BthOpcode::SendOnlyWithImmediate ||
           op == BthOpcode::RdmaWriteLastWithImmediate || op == BthOpcode::RdmaWriteOnlyWithImmediate;
}

std::uint32_t wireBytesOf(const Packet& p) {
    std::uint32_t n = 8 + 12;  // LRH + BTH
    if (p.reth) n += 16;
    if (p.immDt) n += 4;
    if (p.aeth) n += 4;
    if (p.atomicEth) n += 28;
    if (p.atomicAckEth) n += 8;
    n += (static_cast<std::uint32_t>(p.payload.size()) + 3u) & ~3u;
    return n + 4 + 2;  // ICRC + VCRC
}

}  // namespace commviz::rdma
