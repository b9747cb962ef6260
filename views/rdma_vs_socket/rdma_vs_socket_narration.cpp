// The "Why RDMA" scene's narration: one sentence per stage kind plus
// message_done (one message's end-to-end latency on its lane), in one table.

#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "rdma_vs_socket/rdma_vs_socket_text.h"
#include "shell/event_fields.h"

namespace commviz::views {

namespace {

using rdma_vs_socket::StageId;

// A stage's missing figure reads 0.
double number(const sim::Json& fields, const char* key) { return EventFields(fields).number(key).value_or(0.0); }

// Payload bytes a CPU copied in this stage (the event's delta).
double copiedBytes(const sim::Json& fields) {
    const auto delta = EventFields(fields).object("delta");
    return delta ? delta->number("cpu_copied_bytes").value_or(0.0) : 0.0;
}

// The verbs lane narrates the same kinds for WRITE and SEND except the remote
// DMA, whose anchor tells which one ran.
bool isSendResponder(const sim::EventRecord& record) { return record.anchor.find("get_rwqe") != std::string::npos; }

}  // namespace

const NarrationTable& RdmaVsSocketText::table() {
    // One row per kind in rdma_vs_socket::RdmaVsSocketEngine::eventKinds().
    using rdma_vs_socket::kind;
    static const NarrationTable kTable{
        {rdma_vs_socket::MessageDone::kKind, &messageDone},
        {kind(StageId::SendSyscall), &sendSyscall},
        {kind(StageId::CopyUserToSkb), &copyUserToSkb},
        {kind(StageId::TcpIpTransmit), &tcpIpTransmit},
        {kind(StageId::QdiscDriverDoorbell), &qdiscDriverDoorbell},
        {kind(StageId::NicDmaFromKernel), &nicDmaFromKernel},
        {kind(StageId::WireTcp), &wireTcp},
        {kind(StageId::NicDmaToKernelRing), &nicDmaToKernelRing},
        {kind(StageId::InterruptNapi), &interruptNapi},
        {kind(StageId::TcpIpReceiveAck), &tcpIpReceiveAck},
        {kind(StageId::WakeReader), &wakeReader},
        {kind(StageId::RecvCopyToUser), &recvCopyToUser},
        {kind(StageId::SetupOpenDevice), &setupOpenDevice},
        {kind(StageId::SetupRegMr), &setupRegMr},
        {kind(StageId::SetupCreateCqQp), &setupCreateCqQp},
        {kind(StageId::SetupConnectQp), &setupConnectQp},
        {kind(StageId::PostSendDoorbell), &postSendDoorbell},
        {kind(StageId::NicDmaFromUser), &nicDmaFromUser},
        {kind(StageId::TransportOffload), &transportOffload},
        {kind(StageId::WireRoce), &wireRoce},
        {kind(StageId::NicDmaToUser), &nicDmaToUser},
        {kind(StageId::AckAndCqe), &ackAndCqe},
        {kind(StageId::RecvCqe), &recvCqe},
        {kind(StageId::PollCq), &pollCq},
    };
    return kTable;
}

QString RdmaVsSocketText::messageDone(const sim::EventRecord& r) {
    const sim::Json& f = r.fields;
    const bool socket = EventFields(f).text("lane") == QLatin1String("socket");
    const QString latency = duration(number(f, "latency_ns"));
    const int message = int(number(f, "message")) + 1;
    return socket ? tr("Message %1 done on the socket lane: %2 one way (illustrative).").arg(message).arg(latency)
                  : tr("Message %1 done on the verbs lane: %2 one way (illustrative).").arg(message).arg(latency);
}

QString RdmaVsSocketText::sendSyscall(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Host A's application calls send(): a system call switches the CPU from user space into the "
              "kernel (%1).")
        .arg(took);
}

QString RdmaVsSocketText::copyUserToSkb(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    const sim::Json& f = r.fields;
    return tr("Copy #1: the kernel copies %1 from the user buffer into socket buffers (skb), because it must "
              "keep the data until TCP has it acknowledged (%2).")
        .arg(bytes(copiedBytes(f)), took);
}

QString RdmaVsSocketText::tcpIpTransmit(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("The sender's CPU runs TCP/IP: headers, congestion and flow control, the retransmit queue (%1).")
        .arg(took);
}

QString RdmaVsSocketText::qdiscDriverDoorbell(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("The packet passes the qdisc; the NIC driver writes a descriptor and rings the NIC (%1).").arg(took);
}

QString RdmaVsSocketText::nicDmaFromKernel(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Host A's NIC DMAs the kernel's copy (not the user buffer) and transmits it (%1).").arg(took);
}

QString RdmaVsSocketText::wireTcp(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Ethernet / IPv4 / TCP segments cross the wire (%1).").arg(took);
}

QString RdmaVsSocketText::nicDmaToKernelRing(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Host B's NIC DMAs the frames into buffers of the kernel's receive ring (%1).").arg(took);
}

QString RdmaVsSocketText::interruptNapi(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("The NIC raises an interrupt: a CPU on host B stops what it was doing to run the softirq and NAPI "
              "poll (%1).")
        .arg(took);
}

QString RdmaVsSocketText::tcpIpReceiveAck(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Host B's kernel runs IP and TCP receive, queues the data on the socket and sends an ACK (%1).")
        .arg(took);
}

QString RdmaVsSocketText::wakeReader(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("The reader sleeping in recv() is woken: the scheduler switches to it — a context switch (%1).")
        .arg(took);
}

QString RdmaVsSocketText::recvCopyToUser(const sim::EventRecord& r) {
    const QString at = duration(number(r.fields, "end_ns"));
    const sim::Json& f = r.fields;
    return tr("Copy #2: recv() copies %1 from the socket buffers into the user buffer and returns; the data "
              "has arrived at t = %2 (illustrative).")
        .arg(bytes(copiedBytes(f)), at);
}

QString RdmaVsSocketText::setupOpenDevice(const sim::EventRecord&) {
    return tr(
        "Setup, once: ibv_open_device and ibv_alloc_pd on both hosts go through the kernel (open the "
        "uverbs device, mmap the doorbell page).");
}

QString RdmaVsSocketText::setupRegMr(const sim::EventRecord&) {
    return tr(
        "Setup, once: ibv_reg_mr pins the user buffer and loads its address translation into the NIC — "
        "the expensive part of RDMA, paid before any data moves.");
}

QString RdmaVsSocketText::setupCreateCqQp(const sim::EventRecord&) {
    return tr(
        "Setup, once: ibv_create_cq and ibv_create_qp; the queues are mapped into user space so later "
        "posts need no system call.");
}

QString RdmaVsSocketText::setupConnectQp(const sim::EventRecord&) {
    return tr(
        "Setup, once: after QPN, PSN and rkey are exchanged out of band, ibv_modify_qp moves each QP "
        "RESET → INIT → RTR → RTS.");
}

QString RdmaVsSocketText::postSendDoorbell(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("ibv_post_send writes a WQE into the mapped send queue and rings the doorbell with an MMIO write "
              "— no system call (%1).")
        .arg(took);
}

QString RdmaVsSocketText::nicDmaFromUser(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Host A's NIC DMAs the payload straight from the registered user buffer: zero copy, no CPU (%1).")
        .arg(took);
}

QString RdmaVsSocketText::transportOffload(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("The NIC does the transport itself: segmentation by MTU, headers, PSNs, ACK tracking (%1).").arg(took);
}

QString RdmaVsSocketText::wireRoce(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("RoCEv2 packets (UDP 4791, BTH with PSN) cross the same wire (%1).").arg(took);
}

QString RdmaVsSocketText::nicDmaToUser(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return isSendResponder(r)
               ? tr("Host B's NIC takes a posted receive WQE and DMAs the data straight into that user buffer "
                    "(%1).")
                     .arg(took)
               : tr("Host B's NIC checks the rkey and DMAs the data straight into the target user buffer; "
                    "host B's CPU and OS never notice (%1).")
                     .arg(took);
}

QString RdmaVsSocketText::ackAndCqe(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("The ACK comes back and host A's NIC writes a CQE into the user-mapped completion queue (%1).").arg(took);
}

QString RdmaVsSocketText::recvCqe(const sim::EventRecord& r) {
    const QString took = duration(number(r.fields, "cost_ns"));
    return tr("Host B's NIC writes a receive CQE into the user-mapped completion queue (%1).").arg(took);
}

QString RdmaVsSocketText::pollCq(const sim::EventRecord& r) {
    const QString at = duration(number(r.fields, "end_ns"));
    return tr("ibv_poll_cq finds the CQE by reading memory — no interrupt, no system call; done at t = %1 "
              "(illustrative).")
        .arg(at);
}

}  // namespace commviz::views
