#pragma once

#include <cstdint>
#include <vector>

#include "perftest/link_model.h"
#include "rdma_vs_socket/stage.h"

namespace commviz::rdma_vs_socket {

/// Illustrative costs of the kernel TCP path on a datacenter host. They are
/// order-of-magnitude only, chosen so one small message costs ≈ 11.5 µs one
/// way, the figure commonly quoted for a kernel TCP round through the stack
/// (a few µs per small packet in the stack, 10+ µs one way). Not a benchmark.
struct SocketCosts {
    double syscall_ns = 300;       ///< send(2) entry: mode switch, fd lookup, socket lock
    double skb_alloc_ns = 200;     ///< sk_stream_alloc_skb and friends before the copy
    double memcpy_gbps = 80;       ///< ≈ 10 GB/s for one core copying cache-cold data
    double tcp_tx_ns = 1500;       ///< TCP/IP headers, cwnd/rwnd checks, retransmit queue
    double qdisc_driver_ns = 800;  ///< qdisc, driver descriptor, doorbell
    double nic_dma_ns = 500;       ///< descriptor fetch + DMA setup on each NIC
    double interrupt_ns = 2000;    ///< IRQ, softirq, NAPI poll scheduling
    double tcp_rx_ns = 2000;       ///< GRO, IP and TCP receive, ACK generation
    double wakeup_ns = 3000;       ///< waking the sleeping reader and switching to it
    double recv_syscall_ns = 500;  ///< recv(2) return path around the copy
    int mss = 1448;                ///< MTU 1500 − IPv4 20 − TCP 20 − timestamps 12
    /// Per segment on the wire: Ethernet 14 + IPv4 20 + TCP 32 + FCS 4 + framing 20.
    int segment_overhead = 90;
};

/// The socket lane's eleven stages for one message of `bytes` (Linux
/// net/socket.c __sys_sendto, net/ipv4/tcp.c tcp_sendmsg / tcp_recvmsg). The
/// wire uses the same link rate and propagation as the
/// verbs lane, so only the host software differs.
std::vector<StageDef> socketPlan(std::int64_t bytes, const SocketCosts& costs = {},
                                 const perftest::LinkModel& link = {});

}  // namespace commviz::rdma_vs_socket
