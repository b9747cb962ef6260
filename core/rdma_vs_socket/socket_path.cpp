#include "rdma_vs_socket/socket_path.h"

#include <algorithm>

namespace commviz::rdma_vs_socket {

namespace {

StageDef stage(StageId id, Place where, Place from, Place to, double cost, std::string_view anchor) {
    return makeStage(Lane::Socket, id, where, from, to, cost, anchor);
}

}  // namespace

std::vector<StageDef> socketPlan(std::int64_t bytes, const SocketCosts& c, const perftest::LinkModel& link) {
    const double copyNs = bytes / (c.memcpy_gbps / 8.0);
    const double dmaNs = bytes / (link.pcie_gbps / 8.0);
    const std::int64_t segments = std::max<std::int64_t>(1, (bytes + c.mss - 1) / c.mss);
    const double wireNs = link.propagation_ns + (bytes + segments * c.segment_overhead) / (link.link_gbps / 8.0);

    std::vector<StageDef> plan;
    // 1. send(): the only way into the kernel's socket layer is a system call.
    plan.push_back(
        stage(StageId::SendSyscall, kKernelA, kUserA, kKernelA, c.syscall_ns, "send(2) → __sys_sendto → tcp_sendmsg"));
    plan.back().delta.syscalls = 1;
    // 2. Copy #1: the kernel must own the bytes until they are ACKed (it may
    //    retransmit), so it copies the user buffer into socket buffers.
    plan.push_back(stage(StageId::CopyUserToSkb, kKernelA, kUserA, kKernelA, c.skb_alloc_ns + copyNs,
                         "tcp_sendmsg_locked → skb_copy_to_page_nocache"));
    plan.back().moves_payload = true;
    plan.back().delta.copies = 1;
    plan.back().delta.cpu_copied_bytes = bytes;
    // 3. TCP/IP on the CPU: headers, congestion and flow control, retransmit queue.
    plan.push_back(stage(StageId::TcpIpTransmit, kKernelA, kKernelA, kKernelA, c.tcp_tx_ns,
                         "tcp_write_xmit → __tcp_transmit_skb → ip_queue_xmit"));
    // 4. Queueing discipline, then the driver writes a descriptor and rings the NIC.
    plan.push_back(stage(StageId::QdiscDriverDoorbell, kKernelA, kKernelA, kNicA, c.qdisc_driver_ns,
                         "dev_queue_xmit → sch_direct_xmit → mlx5e_xmit"));
    // 5. The NIC DMAs the *kernel* buffer (TSO segments it) and transmits.
    plan.push_back(stage(StageId::NicDmaFromKernel, kNicA, kKernelA, kNicA, c.nic_dma_ns + dmaNs,
                         "mlx5e_sq_xmit_wqe (NIC DMA-reads the skb)"));
    plan.back().moves_payload = true;
    // 6. Ethernet/IPv4/TCP segments on the wire.
    plan.push_back(stage(StageId::WireTcp, kWire, kNicA, kNicB, wireNs, "Ethernet / IPv4 / TCP segments"));
    plan.back().moves_payload = true;
    // 7. The receiving NIC DMAs the frames into buffers of the kernel's RX ring.
    plan.push_back(stage(StageId::NicDmaToKernelRing, kNicB, kNicB, kKernelB, c.nic_dma_ns + dmaNs,
                         "mlx5e_post_rx_wqes (RX ring the NIC fills)"));
    plan.back().moves_payload = true;
    // 8. Interrupt, softirq, NAPI poll: a CPU is pulled away to notice the frames.
    plan.push_back(stage(StageId::InterruptNapi, kKernelB, kNicB, kKernelB, c.interrupt_ns,
                         "mlx5e_completion_event → napi_schedule → net_rx_action → mlx5e_napi_poll"));
    plan.back().delta.interrupts = 1;
    // 9. IP and TCP receive on the CPU; the data is queued on the socket, an ACK goes back.
    plan.push_back(stage(StageId::TcpIpReceiveAck, kKernelB, kKernelB, kKernelB, c.tcp_rx_ns,
                         "ip_rcv → tcp_v4_rcv → tcp_rcv_established → tcp_send_ack"));
    // 10. The reader sleeps in recv(); the scheduler wakes it and switches to it.
    plan.push_back(stage(StageId::WakeReader, kKernelB, kKernelB, kUserB, c.wakeup_ns,
                         "sock_def_readable → try_to_wake_up → schedule"));
    plan.back().delta.context_switches = 1;
    // 11. Copy #2: recv() copies from the socket buffers into the user buffer and
    //     returns. The recv() call was entered before the data came (and slept);
    //     it is counted once, here, where it returns with the data.
    plan.push_back(stage(StageId::RecvCopyToUser, kKernelB, kKernelB, kUserB, c.recv_syscall_ns + copyNs,
                         "recv(2) → tcp_recvmsg → skb_copy_datagram_iter"));
    plan.back().moves_payload = true;
    plan.back().delivers = true;
    plan.back().delta.copies = 1;
    plan.back().delta.syscalls = 1;
    plan.back().delta.cpu_copied_bytes = bytes;
    return plan;
}

}  // namespace commviz::rdma_vs_socket
