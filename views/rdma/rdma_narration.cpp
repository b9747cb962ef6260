#include "rdma/rdma_engine.h"
#include "rdma/rdma_event_fields.h"
#include "rdma/rdma_text.h"

namespace commviz::views {

using namespace rdma;
using Fields = RdmaEventFields;

const NarrationTable& RdmaText::table() {
    // One row per alternative of rdma::Event; tst_views_narration_table checks
    // it against RdmaEngine::eventKinds().
    static const NarrationTable kTable{
        {CallStarted::kKind, &callStarted},
        {CallReturned::kKind, &callReturned},
        {WrPosted::kKind, &wrPosted},
        {WqeWritten::kKind, &wqeWritten},
        {Doorbell::kKind, &doorbell},
        {WqeFetched::kKind, &wqeFetched},
        {DmaRead::kKind, &dmaRead},
        {PacketSent::kKind, &packetSent},
        {PacketArrived::kKind, &packetArrived},
        {PacketDropped::kKind, &packetDropped},
        {RecvWqeConsumed::kKind, &recvWqeConsumed},
        {MemoryWritten::kKind, &memoryWritten},
        {AckSent::kKind, &ackSent},
        {NakSent::kKind, &nakSent},
        {AckReceived::kKind, &ackReceived},
        {Retransmit::kKind, &retransmit},
        {RnrWait::kKind, &rnrWait},
        {Timeout::kKind, &timeout},
        {CqeWritten::kKind, &cqeWritten},
        {CqOverflow::kKind, &cqOverflow},
        {CqPolled::kKind, &cqPolled},
        {WcReturned::kKind, &wcReturned},
        {QpStateChanged::kKind, &qpStateChanged},
        {AsyncEventRaised::kKind, &asyncEvent},
        {SlotFreed::kKind, &slotFreed},
    };
    return kTable;
}

QString RdmaText::callStarted(const sim::EventRecord& r) {
    const Fields f{r.fields};
    if (f.s("host").isEmpty()) return tr("The script runs %1 (entry %2).").arg(f.s("call")).arg(f.n("index"));
    return tr("Host %1's CPU calls %2 (script entry %3).").arg(f.s("host"), f.s("call")).arg(f.n("index"));
}

QString RdmaText::callReturned(const sim::EventRecord& r) {
    const Fields f{r.fields};
    const QString host = f.s("host");
    // ret is the WC count for ibv_poll_cq, otherwise 0 or the errno name.
    QStringList s{host.isEmpty() ? tr("%1 returns %2.").arg(f.s("call"), f.s("ret"))
                                 : tr("%1 on host %2 returns %3.").arg(f.s("call"), host, f.s("ret"))};
    if (f.has("bad_wr")) s << tr("bad_wr points at wr_id %1.").arg(f.s("bad_wr"));
    const QString detail = translatedCoreText(r.fields, "detail");
    if (!detail.isEmpty()) s << tr("Reason: %1.").arg(detail);
    return joinSentences(s);
}

QString RdmaText::wrPosted(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("(1) The application on host %1 posts a %2 work request (wr_id %3) to %4 of %5.")
        .arg(f.s("host"), f.s("opcode"))
        .arg(f.n("wr_id"))
        .arg(f.s("queue").toUpper(), f.s("qp"));
}

QString RdmaText::wqeWritten(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("(2) The driver copies the WR into a WQE in %1 slot %2 of %3%4.")
        .arg(f.s("queue").toUpper())
        .arg(f.n("slot"))
        .arg(f.s("qp"), f.b("inline") ? tr(", payload inline") : QString());
}

QString RdmaText::doorbell(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("The driver rings the %1 doorbell of %2: producer index %3, the HCA now knows about the new WQE.")
        .arg(f.s("queue").toUpper(), f.s("qp"))
        .arg(f.n("producer_index"));
}

QString RdmaText::cqeWritten(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("(3) Host %1's HCA writes a CQE into CQ %2 slot %3: wr_id %4, %5.")
        .arg(f.s("host"), f.s("cq"))
        .arg(f.n("slot"))
        .arg(f.n("wr_id"))
        .arg(f.s("status"));
}

QString RdmaText::cqOverflow(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("CQ %1 on host %2 is full: the %3 completion of wr_id %4 is lost and the CQ breaks.")
        .arg(f.s("cq"), f.s("host"), f.s("lost_status"))
        .arg(f.n("wr_id"));
}

QString RdmaText::cqPolled(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("ibv_poll_cq on host %1 reads the CQE in CQ %2 slot %3 (wr_id %4).")
        .arg(f.s("host"), f.s("cq"))
        .arg(f.n("slot"))
        .arg(f.n("wr_id"));
}

QString RdmaText::wcReturned(const sim::EventRecord& r) {
    const Fields f{r.fields};
    if (f.s("status") != QLatin1String("IBV_WC_SUCCESS"))
        return tr("(4) The application on host %1 gets an error WC: wr_id %2, %3 (opcode and byte_len are not valid).")
            .arg(f.s("host"))
            .arg(f.n("wr_id"))
            .arg(f.s("status"));
    return tr("(4) The application on host %1 gets a WC: wr_id %2, %3, %4, %5 bytes.")
        .arg(f.s("host"))
        .arg(f.n("wr_id"))
        .arg(f.s("status"), f.s("opcode"))
        .arg(f.n("byte_len"));
}

QString RdmaText::qpStateChanged(const sim::EventRecord& r) {
    const Fields f{r.fields};
    QStringList s{tr("QP %1 on host %2 moves %3 → %4.").arg(f.s("qp"), f.s("host"), f.s("from"), f.s("to"))};
    const QString reason = translatedCoreText(r.fields, "reason");
    // ibv_modify_qp is its own reason: the sentence already says the application moved it.
    if (!reason.isEmpty() && reason != QLatin1String("ibv_modify_qp")) s << tr("Reason: %1.").arg(reason);
    return joinSentences(s);
}

QString RdmaText::asyncEvent(const sim::EventRecord& r) {
    const Fields f{r.fields};
    return tr("Host %1 gets async event %2 for %3 (ibv_get_async_event).")
        .arg(f.s("host"), f.s("event_type"), f.s("object"));
}

QString RdmaText::slotFreed(const sim::EventRecord& r) {
    const Fields f{r.fields};
    const auto wqes = f.fields.list("wqes");
    return tr("Host %1 hands %2 slot(s) of %3 %4 back to the driver (tail %5).")
        .arg(f.s("host"))
        .arg(wqes ? qint64(wqes->size()) : f.n("count"))
        .arg(f.s("qp"), f.s("queue").toUpper())
        .arg(f.n("tail"));
}

}  // namespace commviz::views
