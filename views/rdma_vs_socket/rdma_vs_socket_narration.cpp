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

// The time a stage sentence shows: how long the stage took, or when it ended.
constexpr const char* kTook = "cost_ns";
constexpr const char* kAt = "end_ns";

// One stage's sentence (context "RdmaVsSocketText") and its figures: the bytes
// a CPU copied first when `copied`, then the time under `timeKey` unless null.
struct StageSentence {
    StageId stage;
    const char* timeKey;
    bool copied;
    const char* source;
};

constexpr StageSentence kStageSentences[] = {
    {StageId::SendSyscall, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Host A's application calls send(): a system call switches the CPU from user space into the "
                       "kernel (%1).")},
    {StageId::CopyUserToSkb, kTook, true,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Copy #1: the kernel copies %1 from the user buffer into socket buffers (skb), because it must "
                       "keep the data until TCP has it acknowledged (%2).")},
    {StageId::TcpIpTransmit, kTook, false,
     QT_TRANSLATE_NOOP(
         "RdmaVsSocketText",
         "The sender's CPU runs TCP/IP: headers, congestion and flow control, the retransmit queue (%1).")},
    {StageId::QdiscDriverDoorbell, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "The packet passes the qdisc; the NIC driver writes a descriptor and rings the NIC (%1).")},
    {StageId::NicDmaFromKernel, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Host A's NIC DMAs the kernel's copy (not the user buffer) and transmits it (%1).")},
    {StageId::WireTcp, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText", "Ethernet / IPv4 / TCP segments cross the wire (%1).")},
    {StageId::NicDmaToKernelRing, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Host B's NIC DMAs the frames into buffers of the kernel's receive ring (%1).")},
    {StageId::InterruptNapi, kTook, false,
     QT_TRANSLATE_NOOP(
         "RdmaVsSocketText",
         "The NIC raises an interrupt: a CPU on host B stops what it was doing to run the softirq and NAPI "
         "poll (%1).")},
    {StageId::TcpIpReceiveAck, kTook, false,
     QT_TRANSLATE_NOOP(
         "RdmaVsSocketText",
         "Host B's kernel runs IP and TCP receive, queues the data on the socket and sends an ACK (%1).")},
    {StageId::WakeReader, kTook, false,
     QT_TRANSLATE_NOOP(
         "RdmaVsSocketText",
         "The reader sleeping in recv() is woken: the scheduler switches to it — a context switch (%1).")},
    {StageId::RecvCopyToUser, kAt, true,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Copy #2: recv() copies %1 from the socket buffers into the user buffer and returns; the data "
                       "has arrived at t = %2 (illustrative).")},
    {StageId::SetupOpenDevice, nullptr, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Setup, once: ibv_open_device and ibv_alloc_pd on both hosts go through the kernel (open the "
                       "uverbs device, mmap the doorbell page).")},
    {StageId::SetupRegMr, nullptr, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Setup, once: ibv_reg_mr pins the user buffer and loads its address translation into the NIC — "
                       "the expensive part of RDMA, paid before any data moves.")},
    {StageId::SetupCreateCqQp, nullptr, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Setup, once: ibv_create_cq and ibv_create_qp; the queues are mapped into user space so later "
                       "posts need no system call.")},
    {StageId::SetupConnectQp, nullptr, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Setup, once: after QPN, PSN and rkey are exchanged out of band, ibv_modify_qp moves each QP "
                       "RESET → INIT → RTR → RTS.")},
    {StageId::PostSendDoorbell, kTook, false,
     QT_TRANSLATE_NOOP(
         "RdmaVsSocketText",
         "ibv_post_send writes a WQE into the mapped send queue and rings the doorbell with an MMIO write "
         "— no system call (%1).")},
    {StageId::NicDmaFromUser, kTook, false,
     QT_TRANSLATE_NOOP(
         "RdmaVsSocketText",
         "Host A's NIC DMAs the payload straight from the registered user buffer: zero copy, no CPU (%1).")},
    {StageId::TransportOffload, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "The NIC does the transport itself: segmentation by MTU, headers, PSNs, ACK tracking (%1).")},
    {StageId::WireRoce, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText", "RoCEv2 packets (UDP 4791, BTH with PSN) cross the same wire (%1).")},
    {StageId::AckAndCqe, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "The ACK comes back and host A's NIC writes a CQE into the user-mapped completion queue (%1).")},
    {StageId::RecvCqe, kTook, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "Host B's NIC writes a receive CQE into the user-mapped completion queue (%1).")},
    {StageId::PollCq, kAt, false,
     QT_TRANSLATE_NOOP("RdmaVsSocketText",
                       "ibv_poll_cq finds the CQE by reading memory — no interrupt, no system call; done at t = %1 "
                       "(illustrative).")},
};

constexpr StageSentence sentenceOf(StageId id) {
    for (const StageSentence& s : kStageSentences)
        if (s.stage == id) return s;
    throw "a stage without a row in kStageSentences";  // a compile error: sentenceOf runs at compile time
}

template <StageId id>
QString stageSentence(const sim::EventRecord& r) {
    static constexpr StageSentence s = sentenceOf(id);
    const QString text = QCoreApplication::translate("RdmaVsSocketText", s.source);
    if (!s.timeKey) return text;
    const QString time = RdmaVsSocketText::duration(number(r.fields, s.timeKey));
    return s.copied ? text.arg(RdmaVsSocketText::bytes(copiedBytes(r.fields)), time) : text.arg(time);
}

}  // namespace

const NarrationTable& RdmaVsSocketText::table() {
    // One row per kind in rdma_vs_socket::RdmaVsSocketEngine::eventKinds().
    using rdma_vs_socket::kind;
    static const NarrationTable kTable{
        {rdma_vs_socket::MessageDone::kKind, &messageDone},
        {kind(StageId::SendSyscall), &stageSentence<StageId::SendSyscall>},
        {kind(StageId::CopyUserToSkb), &stageSentence<StageId::CopyUserToSkb>},
        {kind(StageId::TcpIpTransmit), &stageSentence<StageId::TcpIpTransmit>},
        {kind(StageId::QdiscDriverDoorbell), &stageSentence<StageId::QdiscDriverDoorbell>},
        {kind(StageId::NicDmaFromKernel), &stageSentence<StageId::NicDmaFromKernel>},
        {kind(StageId::WireTcp), &stageSentence<StageId::WireTcp>},
        {kind(StageId::NicDmaToKernelRing), &stageSentence<StageId::NicDmaToKernelRing>},
        {kind(StageId::InterruptNapi), &stageSentence<StageId::InterruptNapi>},
        {kind(StageId::TcpIpReceiveAck), &stageSentence<StageId::TcpIpReceiveAck>},
        {kind(StageId::WakeReader), &stageSentence<StageId::WakeReader>},
        {kind(StageId::RecvCopyToUser), &stageSentence<StageId::RecvCopyToUser>},
        {kind(StageId::SetupOpenDevice), &stageSentence<StageId::SetupOpenDevice>},
        {kind(StageId::SetupRegMr), &stageSentence<StageId::SetupRegMr>},
        {kind(StageId::SetupCreateCqQp), &stageSentence<StageId::SetupCreateCqQp>},
        {kind(StageId::SetupConnectQp), &stageSentence<StageId::SetupConnectQp>},
        {kind(StageId::PostSendDoorbell), &stageSentence<StageId::PostSendDoorbell>},
        {kind(StageId::NicDmaFromUser), &stageSentence<StageId::NicDmaFromUser>},
        {kind(StageId::TransportOffload), &stageSentence<StageId::TransportOffload>},
        {kind(StageId::WireRoce), &stageSentence<StageId::WireRoce>},
        {kind(StageId::NicDmaToUser), &nicDmaToUser},
        {kind(StageId::AckAndCqe), &stageSentence<StageId::AckAndCqe>},
        {kind(StageId::RecvCqe), &stageSentence<StageId::RecvCqe>},
        {kind(StageId::PollCq), &stageSentence<StageId::PollCq>},
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

}  // namespace commviz::views
