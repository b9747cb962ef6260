// The HCA's side of the RDMA narration: requester, wire, responder, completer.

#include "rdma/rdma_event_fields.h"
#include "rdma/rdma_text.h"

namespace commviz::views {

using Fields = RdmaEventFields;

QString RdmaText::wqeFetched(const sim::EventRecord& r) {
    const Fields f{r.fields};
    if (f.has("error"))
        return tr("The requester of %1 fetches WQE %2 and fails it locally with %3.")
            .arg(f.s("qp"), f.s("wqe"), f.s("error"));
    return tr("The requester of %1 fetches WQE %2 (%3, wr_id %4): %5 packet(s) from PSN %6%7.")
        .arg(f.s("qp"), f.s("wqe"), f.s("opcode"))
        .arg(f.n("wr_id"))
        .arg(f.n("npackets"))
        .arg(f.psn("first_psn"), f.b("retry") ? tr(" (retry)") : QString());
}

QString RdmaText::dmaRead(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("Host %1's HCA DMA-reads %2 bytes from MR %3 — no CPU copy.")
        .arg(f.s("host"))
        .arg(f.n("length"))
        .arg(f.s("mr"));
}

QString RdmaText::packetSent(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("%1 → %2: packet %3 PSN %4%5 (%6 payload bytes) goes on the wire%7.")
        .arg(f.s("from"), f.s("to"), f.s("opcode"), f.psn("psn"), f.b("ack_req") ? tr(", AckReq") : QString())
        .arg(f.n("payload_bytes"))
        .arg(f.b("retransmission") ? tr(" as a retransmission") : QString());
}

QString RdmaText::packetArrived(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("Packet %1 PSN %2 arrives at host %3.").arg(f.s("opcode"), f.psn("psn"), f.s("host"));
}

QString RdmaText::packetDropped(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("Packet %1 is lost before host %2 (%3).")
        .arg(f.s("packet"), f.s("host"), translatedCoreText(r.fields, "reason"));
}

QString RdmaText::recvWqeConsumed(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("The responder of %1 consumes receive WQE %2 (wr_id %3) for the incoming message.")
        .arg(f.s("qp"), f.s("wqe"))
        .arg(f.n("wr_id"));
}

QString RdmaText::memoryWhat(const QString& code) {
    if (code == QLatin1String("send data")) return tr("SEND data");
    if (code == QLatin1String("rdma write")) return tr("RDMA WRITE data");
    if (code == QLatin1String("atomic")) return tr("atomic operation");
    if (code == QLatin1String("read response")) return tr("RDMA READ response data");
    if (code == QLatin1String("atomic result")) return tr("original value returned by the atomic");
    return code;
}

QString RdmaText::memoryWritten(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("Host %1's HCA writes %2 bytes into MR %3 at offset %4 (%5).")
        .arg(f.s("host"))
        .arg(f.n("length"))
        .arg(f.s("mr"))
        .arg(f.n("offset"))
        .arg(memoryWhat(f.s("what")));
}

QString RdmaText::ackSent(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("The responder of %1 answers with %2 for PSN %3%4.")
        .arg(f.s("qp"), f.s("opcode"), f.psn("psn"),
             f.b("duplicate") ? tr(" (duplicate, re-ACKed, not re-executed)") : QString());
}

QString RdmaText::nakSent(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("The responder of %1 sends a NAK for PSN %2: %3.")
        .arg(f.s("qp"), f.psn("psn"), translatedCoreText(r.fields, "reason"));
}

QString RdmaText::ackReceived(const sim::EventRecord& r) {
    const Fields f{r.fields};
    if (f.b("ignored"))
        return tr("The completer of %1 ignores a stale %2 for PSN %3.").arg(f.s("qp"), f.s("opcode"), f.psn("psn"));
    return tr("The completer of %1 takes %2 for PSN %3; it retires: %4.")
        .arg(f.s("qp"), f.s("opcode"), f.psn("psn"), f.list("acked").isEmpty() ? tr("nothing yet") : f.list("acked"));
}

QString RdmaText::retryReason(const QString& code) {
    if (code == QLatin1String("timeout")) return tr("the retransmit timer fired");
    if (code == QLatin1String("psn_seq_nak")) return tr("a PSN sequence error NAK");
    if (code == QLatin1String("rnr_nak")) return tr("an RNR NAK");
    if (code == QLatin1String("missing_read_response")) return tr("a READ response is missing");
    return code;
}

QString RdmaText::retransmit(const sim::EventRecord& r) {
    const Fields f{r.fields};
    const bool rnr = f.s("reason") == QLatin1String("rnr_nak");
    const QString why = retryReason(f.s("reason"));
    if (rnr && f.s("rnr_retry_left") == QLatin1String("infinite"))
        return tr("The requester of %1 goes back to PSN %2 and resends (%3; it retries forever, rnr_retry = 7).")
            .arg(f.s("qp"), f.psn("from_psn"), why);
    return tr("The requester of %1 goes back to PSN %2 and resends (%3; %4 retries left).")
        .arg(f.s("qp"), f.psn("from_psn"), why)
        .arg(rnr ? f.n("rnr_retry_left") : f.n("retry_left"));
}

QString RdmaText::rnrWait(const sim::EventRecord& r) {
    const Fields f{r.fields};
    if (f.s("rnr_retry_left") == QLatin1String("infinite"))
        return tr("RNR NAK: %1 backs off %2 µs (min_rnr_timer code %3) and retries forever (rnr_retry = 7).")
            .arg(f.s("qp"), f.usec("wait_ns"))
            .arg(f.n("min_rnr_timer"));
    return tr("RNR NAK: %1 backs off %2 µs (min_rnr_timer code %3); %4 RNR retries left.")
        .arg(f.s("qp"), f.usec("wait_ns"))
        .arg(f.n("min_rnr_timer"))
        .arg(f.n("rnr_retry_left"));
}

QString RdmaText::timeout(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("No ACK for PSN %1 within %2 µs: the retransmit timer of %3 fires (%4 retries left).")
        .arg(f.psn("psn"), f.usec("timeout_ns"), f.s("qp"))
        .arg(f.n("retry_left"));
}

}  // namespace commviz::views
