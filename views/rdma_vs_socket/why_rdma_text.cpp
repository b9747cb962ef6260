#include "rdma_vs_socket/why_rdma_text.h"

namespace commviz::views {

QString WhyRdmaText::duration(double ns) {
    if (ns < 1000) return tr("%1 ns").arg(ns, 0, 'f', 0);
    if (ns < 100'000) return tr("%1 µs").arg(ns / 1e3, 0, 'f', ns < 10'000 ? 2 : 1);
    if (ns < 1e6) return tr("%1 µs").arg(ns / 1e3, 0, 'f', 0);
    return tr("%1 ms").arg(ns / 1e6, 0, 'f', 2);
}

QString WhyRdmaText::bytes(double b) {
    const auto trim = [](double v) { return QString::number(v, 'f', v == std::floor(v) ? 0 : 1); };
    if (b >= 1024.0 * 1024.0) return tr("%1 MiB").arg(trim(b / (1024.0 * 1024.0)));
    if (b >= 1024.0) return tr("%1 KiB").arg(trim(b / 1024.0));
    return tr("%1 B").arg(qint64(b));
}

QString WhyRdmaText::modelNote() {
    return tr(
        "Illustrative order-of-magnitude times (reference: kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); "
        "stages are drawn one after another, real hardware overlaps them. Not a benchmark.");
}

QString WhyRdmaText::laneTitle(rdma_vs_socket::Lane lane, rdma_vs_socket::VerbsOp op) {
    if (lane == rdma_vs_socket::Lane::Socket) return tr("Socket path — kernel TCP/IP, send() / recv()");
    return op == rdma_vs_socket::VerbsOp::Write ? tr("Verbs path — RDMA WRITE, kernel bypass, zero copy")
                                                : tr("Verbs path — RDMA SEND, kernel bypass, zero copy");
}

QString WhyRdmaText::stageLabel(rdma_vs_socket::StageId id) {
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
