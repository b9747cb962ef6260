#pragma once

#include <cstdint>
#include <string_view>

#include "sim/result.h"

namespace commviz::perftest {

/// The three verbs perftest measures per size: ib_write_*, ib_send_*, ib_read_*.
enum class Opcode { Write, Send, Read };

/// "RDMA_WRITE", "SEND", "RDMA_READ" (the IBV_WR_* names without the prefix).
std::string_view opcodeName(Opcode op);
/// "ib_write", "ib_send", "ib_read": the perftest tool family for the opcode.
std::string_view toolName(Opcode op);

/// Bytes each RoCEv2 (IPv4) packet carries besides its payload, after Linux
/// include/rdma/ib_pack.h and drivers/infiniband/sw/rxe/rxe_hdr.h (BTH, RETH,
/// AETH lengths) and the RoCEv2 UDP encapsulation (port 4791). All fields are editable so a view can show
/// "what if" (IPv6: ip = 40; VLAN: add 4 to ethernet).
struct HeaderBytes {
    int ethernet = 14;   ///< MAC header (dst 6, src 6, EtherType 2)
    int ip = 20;         ///< IPv4 without options
    int udp = 8;         ///< destination port 4791
    int bth = 12;        ///< Base Transport Header
    int icrc = 4;        ///< invariant CRC over the IB headers and payload
    int fcs = 4;         ///< Ethernet frame check sequence
    int framing = 20;    ///< preamble 7 + SFD 1 + inter-frame gap 12: on the wire, not in the frame
    int reth = 16;       ///< RDMA Extended Transport Header: first/only WRITE packet and the READ request
    int aeth = 4;        ///< ACK Extended Transport Header: ACKs and READ response first/last/only
    int min_frame = 64;  ///< Ethernet minimum frame (header to FCS); shorter frames are padded

    /// Bytes on the wire per packet without extension headers or payload:
    /// ethernet + ip + udp + bth + icrc + fcs + framing = 82 with the defaults.
    int perPacket() const { return ethernet + ip + udp + bth + icrc + fcs + framing; }
};

/// The documented model behind the perftest-style charts. Every time constant is
/// order-of-magnitude for a ConnectX-4/5-class 100 GbE NIC in a PCIe Gen3 x16
/// slot; the fixed latency terms are calibrated so that the model reproduces the
/// published ib_send_lat / ib_send_bw measurements (perftest src/send_lat.c and
/// src/send_bw.c runs; see perftest_model.h).
struct LinkModel {
    double link_gbps = 100;  ///< Ethernet line rate, 10^9 bit/s
    /// Effective DMA rate between NIC and host memory. PCIe Gen3 x16 is 126 Gb/s
    /// raw; after TLP headers roughly the line rate. Bounds throughput too.
    double pcie_gbps = 100;
    int mtu = 4096;  ///< IB path MTU: 256, 512, 1024, 2048 or 4096 (payload bytes per packet)
    HeaderBytes headers;

    // One-way fixed costs, ns. Only their sum (790 ns) is calibrated against the
    // 32 B inline ib_send_lat measurement (≈ 0.8 µs); the split is illustrative.
    double post_ns = 100;    ///< ibv_post_send: build the WQE, MMIO doorbell (perftest README: ~10 Mpps per thread)
    double nic_tx_ns = 200;  ///< HCA requester: WQE processing, segmentation, headers, PSN
    double propagation_ns = 200;  ///< PHY/MAC both ends, a few metres of cable, one cut-through switch
    double nic_rx_ns = 140;       ///< HCA responder: header checks, rkey/PSN validation
    double cqe_ns = 100;          ///< CQE written across PCIe into the host CQ ring
    double poll_ns = 50;          ///< ibv_poll_cq sees the new CQE (half a poll loop + cache miss)
    /// Extra PCIe read round trip when data is not inline: the HCA must fetch
    /// the WQE and then DMA-read the payload from host memory. Calibrated so
    /// 1 KiB ib_send_lat ≈ 1.5 µs (a published perftest measurement).
    double dma_fetch_ns = 480;

    // perftest defaults [perftest_parameters.h].
    int inline_send = 236;           ///< DEF_INLINE_SEND_RC_UC, latency tests only
    int inline_write = 220;          ///< DEF_INLINE_WRITE, latency tests only (bw tests use 0)
    int tx_depth = 128;              ///< DEF_TX_BW: WRs in flight in *_bw
    int cq_mod = 100;                ///< DEF_CQ_MOD: one signaled WR per 100
    int max_rd_atomic = 16;          ///< outstanding READs (perftest asks the device: max_qp_rd_atom, 16 on ConnectX)
    int iterations = 1000;           ///< DEF_ITERS: ib_send_bw, ib_read_bw
    int iterations_write_bw = 5000;  ///< DEF_ITERS_WB: ib_write_bw
};

/// Checks ranges: rates > 0, MTU one of the IB path MTUs, costs >= 0, depths >= 1.
sim::Status validate(const LinkModel& model);

/// How one message of `bytes` crosses the wire in the direction that carries
/// its payload (requester → responder for WRITE/SEND, responder → requester for
/// READ responses).
struct WireCost {
    std::int64_t packets = 0;     ///< ceil(bytes / MTU), at least 1 (rxe_req.c, next_opcode)
    std::int64_t payload = 0;     ///< bytes
    std::int64_t wire_bytes = 0;  ///< everything serialised: framing, headers, padding, payload
    double efficiency = 0;        ///< payload / wire_bytes
};

/// Packets and bytes on the wire, packet by packet: each carries MTU bytes
/// except the last; payload padded to 4 bytes (BTH PadCnt); RETH on the first
/// WRITE packet; AETH on READ_RESPONSE_FIRST/LAST/ONLY; frames padded to 64 B.
WireCost wireCost(const LinkModel& model, Opcode op, std::int64_t bytes);

/// Bytes on the wire of a packet with no payload and `extension` extra header
/// bytes (an ACK: extension = aeth; a READ request: extension = reth).
std::int64_t controlPacketBytes(const LinkModel& model, int extension);

/// Inline threshold perftest's latency test uses for the opcode (READ: 0).
int inlineThreshold(const LinkModel& model, Opcode op);

}  // namespace commviz::perftest
