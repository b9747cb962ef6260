#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rdma/verbs_enums.h"

namespace commviz::rdma {

/// RETH: RDMA extended transport header (16 bytes).
struct Reth {
    std::uint64_t va = 0;
    std::uint32_t rkey = 0;
    std::uint32_t dmaLen = 0;
};
/// AETH: ACK extended transport header (4 bytes).
struct Aeth {
    std::uint8_t syndrome = 0;
    std::uint32_t msn = 0;
};
/// AtomicETH (28 bytes).
struct AtomicEth {
    std::uint64_t va = 0;
    std::uint32_t rkey = 0;
    std::uint64_t swapAdd = 0;
    std::uint64_t compare = 0;
};

enum class PacketFate : std::uint8_t { InFlight, Delivered, Dropped };

/// One RC packet on the wire: BTH plus the extension headers its opcode carries.
struct Packet {
    std::string id;  ///< "pkt/17": the 17th packet put on the wire
    std::uint64_t serial = 0;
    std::string from;  ///< host names
    std::string to;
    std::uint32_t srcQpn = 0;  ///< sending QP (not in the RC BTH; kept for the view)
    // BTH
    BthOpcode opcode = BthOpcode::SendOnly;
    bool se = false;
    bool ackReq = false;
    std::uint16_t pkey = 0xffff;
    std::uint32_t destQp = 0;
    std::uint32_t psn = 0;
    // extension headers
    std::optional<Reth> reth;
    std::optional<std::uint32_t> immDt;
    std::optional<Aeth> aeth;
    std::optional<AtomicEth> atomicEth;
    std::optional<std::uint64_t> atomicAckEth;
    std::vector<std::uint8_t> payload;
    // on the wire
    std::string wqe;  ///< the WQE it carries (requests) or answers
    bool retransmission = false;
    std::uint32_t wireBytes = 0;
    std::uint64_t sentNs = 0;
    std::uint64_t departNs = 0;
    std::uint64_t arriveNs = 0;
    PacketFate fate = PacketFate::InFlight;
    std::string dropReason;
};

/// Responses go to the requester's completer; everything else to the responder.
bool isResponse(BthOpcode op);
bool isReadResponse(BthOpcode op);
bool isFirstOrOnly(BthOpcode op);
bool isLastOrOnly(BthOpcode op);
bool isSendOpcode(BthOpcode op);
bool isWriteOpcode(BthOpcode op);
bool hasImmediate(BthOpcode op);
/// Bytes on an InfiniBand link: LRH 8 + BTH 12 + extension headers + payload
/// padded to 4 + ICRC 4 + VCRC 2.
std::uint32_t wireBytesOf(const Packet& p);

}  // namespace commviz::rdma
