#include "rdma_vs_socket/why_rdma_text.h"

namespace commviz::views {

namespace {

using rdma_vs_socket::StageId;

double number(const sim::Json& fields, const char* key) {
    const auto it = fields.find(key);
    return it != fields.end() && it->is_number() ? it->get<double>() : 0.0;
}

std::string string(const sim::Json& fields, const char* key) {
    const auto it = fields.find(key);
    return it != fields.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The verbs lane narrates the same kinds for WRITE and SEND except the remote
// DMA, whose anchor tells which one ran.
// Payload bytes a CPU copied in this stage (the event's delta).
double copiedBytes(const sim::Json& fields) {
    const auto it = fields.find("delta");
    return it != fields.end() && it->is_object() ? number(*it, "cpu_copied_bytes") : 0.0;
}

bool isSendResponder(const sim::EventRecord& record) { return record.anchor.find("get_rwqe") != std::string::npos; }

}  // namespace

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

QString WhyRdmaText::stageLabel(StageId id) {
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

QString WhyRdmaText::narrate(const sim::EventRecord& r) {
    const sim::Json& f = r.fields;
    const QString took = duration(number(f, "cost_ns"));
    const QString at = duration(number(f, "end_ns"));
    const auto& kind = r.kind;
    if (kind == "message_done") {
        const bool socket = string(f, "lane") == "socket";
        const QString latency = duration(number(f, "latency_ns"));
        const int message = int(number(f, "message")) + 1;
        return socket ? tr("Message %1 done on the socket lane: %2 one way (illustrative).").arg(message).arg(latency)
                      : tr("Message %1 done on the verbs lane: %2 one way (illustrative).").arg(message).arg(latency);
    }
    // Socket lane [rdma.md §7, socket path 1-7].
    if (kind == "send_syscall")
        return tr("Host A's application calls send(): a system call switches the CPU from user space into the "
                  "kernel (%1).")
            .arg(took);
    if (kind == "copy_user_to_skb")
        return tr("Copy #1: the kernel copies %1 from the user buffer into socket buffers (skb), because it must "
                  "keep the data until TCP has it acknowledged (%2).")
            .arg(bytes(copiedBytes(f)), took);
    if (kind == "tcp_ip_transmit")
        return tr("The sender's CPU runs TCP/IP: headers, congestion and flow control, the retransmit queue (%1).")
            .arg(took);
    if (kind == "qdisc_driver_doorbell")
        return tr("The packet passes the qdisc; the NIC driver writes a descriptor and rings the NIC (%1).").arg(took);
    if (kind == "nic_dma_from_kernel")
        return tr("Host A's NIC DMAs the kernel's copy (not the user buffer) and transmits it (%1).").arg(took);
    if (kind == "wire_tcp") return tr("Ethernet / IPv4 / TCP segments cross the wire (%1).").arg(took);
    if (kind == "nic_dma_to_kernel_ring")
        return tr("Host B's NIC DMAs the frames into buffers of the kernel's receive ring (%1).").arg(took);
    if (kind == "interrupt_napi")
        return tr("The NIC raises an interrupt: a CPU on host B stops what it was doing to run the softirq and NAPI "
                  "poll (%1).")
            .arg(took);
    if (kind == "tcp_ip_receive_ack")
        return tr("Host B's kernel runs IP and TCP receive, queues the data on the socket and sends an ACK (%1).")
            .arg(took);
    if (kind == "wake_reader")
        return tr("The reader sleeping in recv() is woken: the scheduler switches to it — a context switch (%1).")
            .arg(took);
    if (kind == "recv_copy_to_user")
        return tr("Copy #2: recv() copies %1 from the socket buffers into the user buffer and returns; the data "
                  "has arrived at t = %2 (illustrative).")
            .arg(bytes(copiedBytes(f)), at);
    // Verbs lane, once per connection [rdma.md §7, verbs path 1].
    if (kind == "setup_open_device")
        return tr(
            "Setup, once: ibv_open_device and ibv_alloc_pd on both hosts go through the kernel (open the "
            "uverbs device, mmap the doorbell page).");
    if (kind == "setup_reg_mr")
        return tr(
            "Setup, once: ibv_reg_mr pins the user buffer and loads its address translation into the NIC — "
            "the expensive part of RDMA, paid before any data moves.");
    if (kind == "setup_create_cq_qp")
        return tr(
            "Setup, once: ibv_create_cq and ibv_create_qp; the queues are mapped into user space so later "
            "posts need no system call.");
    if (kind == "setup_connect_qp")
        return tr(
            "Setup, once: after QPN, PSN and rkey are exchanged out of band, ibv_modify_qp moves each QP "
            "RESET → INIT → RTR → RTS.");
    // Verbs lane, one message [rdma.md §7, verbs path 2-5].
    if (kind == "post_send_doorbell")
        return tr("ibv_post_send writes a WQE into the mapped send queue and rings the doorbell with an MMIO write "
                  "— no system call (%1).")
            .arg(took);
    if (kind == "nic_dma_from_user")
        return tr("Host A's NIC DMAs the payload straight from the registered user buffer: zero copy, no CPU (%1).")
            .arg(took);
    if (kind == "transport_offload")
        return tr("The NIC does the transport itself: segmentation by MTU, headers, PSNs, ACK tracking (%1).")
            .arg(took);
    if (kind == "wire_roce") return tr("RoCEv2 packets (UDP 4791, BTH with PSN) cross the same wire (%1).").arg(took);
    if (kind == "nic_dma_to_user")
        return isSendResponder(r)
                   ? tr("Host B's NIC takes a posted receive WQE and DMAs the data straight into that user buffer "
                        "(%1).")
                         .arg(took)
                   : tr("Host B's NIC checks the rkey and DMAs the data straight into the target user buffer; "
                        "host B's CPU and OS never notice (%1).")
                         .arg(took);
    if (kind == "ack_and_cqe")
        return tr("The ACK comes back and host A's NIC writes a CQE into the user-mapped completion queue (%1).")
            .arg(took);
    if (kind == "recv_cqe")
        return tr("Host B's NIC writes a receive CQE into the user-mapped completion queue (%1).").arg(took);
    if (kind == "poll_cq")
        return tr("ibv_poll_cq finds the CQE by reading memory — no interrupt, no system call; done at t = %1 "
                  "(illustrative).")
            .arg(at);
    return tr("%1 (%2)").arg(QString::fromStdString(kind), QString::fromStdString(r.anchor));
}

}  // namespace commviz::views
