#include "rdma_vs_socket/rdma_vs_socket_text.h"

namespace commviz::views {

QString RdmaVsSocketText::about() {
    return tr(
        "<p>Two lanes share one clock. The socket lane follows one message through the Linux kernel: "
        "send(2) enters the kernel, tcp_sendmsg copies the user buffer into skbs, TCP/IP "
        "runs on the CPU, the driver rings the NIC, the receiving NIC DMAs into the kernel's RX ring, "
        "an interrupt starts NAPI, TCP receives and ACKs, the sleeping reader is woken and recv(2) copies "
        "the data out. The verbs lane pays its setup once (open device, ibv_reg_mr, CQ/QP, "
        "RESET→INIT→RTR→RTS, all through the kernel), then per message only ibv_post_send's MMIO "
        "doorbell, NIC DMA from the registered buffer, transport in the NIC, DMA into the remote "
        "buffer and a polled CQE.</p>"
        "<p><b>Times are illustrative, order-of-magnitude costs</b> chosen after commonly quoted "
        "figures (kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); they are not measurements of any "
        "machine. Stages are drawn one after another, while real hosts overlap them.</p>"
        "<p>Left out: TSO/GRO and zero-copy socket options (MSG_ZEROCOPY, io_uring), busy polling, "
        "interrupt coalescing, NUMA and cache effects, congestion, loss and retransmission, the "
        "out-of-band exchange of QPN/PSN/rkey, and the cost of pinning memory per page. One message "
        "is in flight per lane, like a ping-pong benchmark.</p>");
}

QString RdmaVsSocketText::duration(double ns) {
    if (ns < 1000) return tr("%1 ns").arg(ns, 0, 'f', 0);
    if (ns < 100'000) return tr("%1 µs").arg(ns / 1e3, 0, 'f', ns < 10'000 ? 2 : 1);
    if (ns < 1e6) return tr("%1 µs").arg(ns / 1e3, 0, 'f', 0);
    return tr("%1 ms").arg(ns / 1e6, 0, 'f', 2);
}

QString RdmaVsSocketText::bytes(double b) {
    const auto trim = [](double v) { return QString::number(v, 'f', v == std::floor(v) ? 0 : 1); };
    if (b >= 1024.0 * 1024.0) return tr("%1 MiB").arg(trim(b / (1024.0 * 1024.0)));
    if (b >= 1024.0) return tr("%1 KiB").arg(trim(b / 1024.0));
    return tr("%1 B").arg(qint64(b));
}

QString RdmaVsSocketText::modelNote() {
    return tr(
        "Illustrative order-of-magnitude times (kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); stages are drawn "
        "one after another, real hardware overlaps them. Not a benchmark.");
}

QString RdmaVsSocketText::laneTitle(rdma_vs_socket::Lane lane, rdma_vs_socket::VerbsOp op) {
    if (lane == rdma_vs_socket::Lane::Socket) return tr("Socket path — kernel TCP/IP, send() / recv()");
    return op == rdma_vs_socket::VerbsOp::Write ? tr("Verbs path — RDMA WRITE, kernel bypass, zero copy")
                                                : tr("Verbs path — RDMA SEND, kernel bypass, zero copy");
}

QString RdmaVsSocketText::stageLabel(rdma_vs_socket::StageId id) {
    using rdma_vs_socket::StageId;
    switch (id) {
        case StageId::SendSyscall:
            return tr("send()");
        case StageId::CopyUserToSkb:
            return tr("copy → skb");
        case StageId::TcpIpTransmit:
            return tr("TCP/IP tx");
        case StageId::QdiscDriverDoorbell:
            return tr("qdisc, driver");
        case StageId::NicDmaFromKernel:
            return tr("NIC DMA");
        case StageId::WireTcp:
            return tr("wire");
        case StageId::NicDmaToKernelRing:
            return tr("DMA → ring");
        case StageId::InterruptNapi:
            return tr("IRQ, NAPI");
        case StageId::TcpIpReceiveAck:
            return tr("TCP/IP rx");
        case StageId::WakeReader:
            return tr("wake reader");
        case StageId::RecvCopyToUser:
            return tr("recv() copy");
        case StageId::SetupOpenDevice:
            return tr("open device, PD");
        case StageId::SetupRegMr:
            return tr("ibv_reg_mr");
        case StageId::SetupCreateCqQp:
            return tr("create CQ, QP");
        case StageId::SetupConnectQp:
            return tr("QP → RTS");
        case StageId::PostSendDoorbell:
            return tr("ibv_post_send");
        case StageId::NicDmaFromUser:
            return tr("NIC DMA");
        case StageId::TransportOffload:
            return tr("transport");
        case StageId::WireRoce:
            return tr("wire");
        case StageId::NicDmaToUser:
            return tr("DMA → user");
        case StageId::AckAndCqe:
            return tr("ACK, CQE");
        case StageId::RecvCqe:
            return tr("recv CQE");
        case StageId::PollCq:
            return tr("ibv_poll_cq");
    }
    return {};
}

}  // namespace commviz::views
