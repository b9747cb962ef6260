#include "rdma/rdma_narration.h"

namespace commviz::views {

namespace {

/// Field access that never throws: missing fields read as empty / 0.
struct Fields {
    const sim::Json& f;
    QString s(const char* key) const {
        const auto it = f.find(key);
        if (it == f.end() || it->is_null()) return {};
        if (it->is_string()) return QString::fromStdString(it->get<std::string>());
        return QString::fromStdString(it->dump());
    }
    qint64 n(const char* key) const {
        const auto it = f.find(key);
        if (it == f.end()) return 0;
        if (it->is_number()) return it->get<qint64>();
        if (it->is_boolean()) return it->get<bool>() ? 1 : 0;
        return 0;
    }
    bool b(const char* key) const {
        const auto it = f.find(key);
        return it != f.end() && ((it->is_boolean() && it->get<bool>()) || (it->is_number() && it->get<double>() != 0));
    }
    bool has(const char* key) const { return f.contains(key) && !f[key].is_null(); }
    QString psn(const char* key) const { return QStringLiteral("0x%1").arg(n(key), 6, 16, QChar('0')); }
    QString list(const char* key) const {
        const auto it = f.find(key);
        if (it == f.end() || !it->is_array()) return s(key);
        QStringList out;
        for (const auto& v : *it)
            out << (v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump()));
        return out.join(QStringLiteral(", "));
    }
};

QString usec(qint64 ns) { return QString::number(double(ns) / 1000.0, 'g', 4); }

}  // namespace

QString RdmaNarration::narrate(const sim::EventRecord& record) {
    const Fields f{record.fields};
    const std::string& k = record.kind;
    const QString host = f.s("host");
    if (k == "call_started") {
        if (host.isEmpty()) return tr("The script runs %1 (entry %2).").arg(f.s("call")).arg(f.n("index"));
        return tr("Host %1's CPU calls %2 (script entry %3).").arg(host, f.s("call")).arg(f.n("index"));
    }
    if (k == "call_returned") {
        // ret is the WC count for ibv_poll_cq, otherwise 0 or the errno name.
        QString s = host.isEmpty() ? tr("%1 returns %2.").arg(f.s("call"), f.s("ret"))
                                   : tr("%1 on host %2 returns %3.").arg(f.s("call"), host, f.s("ret"));
        if (f.has("bad_wr")) s += QLatin1Char(' ') + tr("bad_wr points at wr_id %1.").arg(f.s("bad_wr"));
        if (!f.s("detail").isEmpty()) s += QLatin1Char(' ') + tr("Reason: %1.").arg(f.s("detail"));
        return s;
    }
    if (k == "wr_posted")
        return tr("(1) The application on host %1 posts a %2 work request (wr_id %3) to %4 of %5.")
            .arg(host, f.s("opcode"))
            .arg(f.n("wr_id"))
            .arg(f.s("queue").toUpper(), f.s("qp"));
    if (k == "wqe_written")
        return tr("(2) The driver copies the WR into a WQE in %1 slot %2 of %3%4.")
            .arg(f.s("queue").toUpper())
            .arg(f.n("slot"))
            .arg(f.s("qp"), f.b("inline") ? tr(", payload inline") : QString());
    if (k == "doorbell")
        return tr("The driver rings the %1 doorbell of %2: producer index %3, the HCA now knows about the new WQE.")
            .arg(f.s("queue").toUpper(), f.s("qp"))
            .arg(f.n("producer_index"));
    if (k == "wqe_fetched") {
        if (f.has("error"))
            return tr("The requester of %1 fetches WQE %2 and fails it locally with %3.")
                .arg(f.s("qp"), f.s("wqe"), f.s("error"));
        return tr("The requester of %1 fetches WQE %2 (%3, wr_id %4): %5 packet(s) from PSN %6%7.")
            .arg(f.s("qp"), f.s("wqe"), f.s("opcode"))
            .arg(f.n("wr_id"))
            .arg(f.n("npackets"))
            .arg(f.psn("first_psn"), f.b("retry") ? tr(" (retry)") : QString());
    }
    if (k == "dma_read")
        return tr("Host %1's HCA DMA-reads %2 bytes from MR %3 — no CPU copy.")
            .arg(host)
            .arg(f.n("length"))
            .arg(f.s("mr"));
    if (k == "packet_sent")
        return tr("%1 → %2: packet %3 PSN %4%5 (%6 payload bytes) goes on the wire%7.")
            .arg(f.s("from"), f.s("to"), f.s("opcode"), f.psn("psn"), f.b("ack_req") ? tr(", AckReq") : QString())
            .arg(f.n("payload_bytes"))
            .arg(f.b("retransmission") ? tr(" as a retransmission") : QString());
    if (k == "packet_arrived") return tr("Packet %1 PSN %2 arrives at host %3.").arg(f.s("opcode"), f.psn("psn"), host);
    if (k == "packet_dropped")
        return tr("Packet %1 is lost before host %2 (%3).").arg(f.s("packet"), host, f.s("reason"));
    if (k == "recv_wqe_consumed")
        return tr("The responder of %1 consumes receive WQE %2 (wr_id %3) for the incoming message.")
            .arg(f.s("qp"), f.s("wqe"))
            .arg(f.n("wr_id"));
    if (k == "memory_written")
        return tr("Host %1's HCA writes %2 bytes into MR %3 at offset %4 (%5).")
            .arg(host)
            .arg(f.n("length"))
            .arg(f.s("mr"))
            .arg(f.n("offset"))
            .arg(f.s("what"));
    if (k == "ack_sent")
        return tr("The responder of %1 answers with %2 for PSN %3%4.")
            .arg(f.s("qp"), f.s("opcode"), f.psn("psn"),
                 f.b("duplicate") ? tr(" (duplicate, re-ACKed, not re-executed)") : QString());
    if (k == "nak_sent")
        return tr("The responder of %1 sends a NAK for PSN %2: %3.").arg(f.s("qp"), f.psn("psn"), f.s("reason"));
    if (k == "ack_received") {
        if (f.b("ignored"))
            return tr("The completer of %1 ignores a stale %2 for PSN %3.").arg(f.s("qp"), f.s("opcode"), f.psn("psn"));
        return tr("The completer of %1 takes %2 for PSN %3; it retires: %4.")
            .arg(f.s("qp"), f.s("opcode"), f.psn("psn"),
                 f.list("acked").isEmpty() ? tr("nothing yet") : f.list("acked"));
    }
    if (k == "retransmit") {
        const bool rnr = f.s("reason") == QLatin1String("rnr_nak");
        if (rnr && f.s("rnr_retry_left") == QLatin1String("infinite"))
            return tr("The requester of %1 goes back to PSN %2 and resends (%3; it retries forever, rnr_retry = 7).")
                .arg(f.s("qp"), f.psn("from_psn"), f.s("reason"));
        return tr("The requester of %1 goes back to PSN %2 and resends (%3; %4 retries left).")
            .arg(f.s("qp"), f.psn("from_psn"), f.s("reason"))
            .arg(rnr ? f.n("rnr_retry_left") : f.n("retry_left"));
    }
    if (k == "rnr_wait") {
        if (f.s("rnr_retry_left") == QLatin1String("infinite"))
            return tr("RNR NAK: %1 backs off %2 µs (min_rnr_timer code %3) and retries forever (rnr_retry = 7).")
                .arg(f.s("qp"), usec(f.n("wait_ns")))
                .arg(f.n("min_rnr_timer"));
        return tr("RNR NAK: %1 backs off %2 µs (min_rnr_timer code %3); %4 RNR retries left.")
            .arg(f.s("qp"), usec(f.n("wait_ns")))
            .arg(f.n("min_rnr_timer"))
            .arg(f.n("rnr_retry_left"));
    }
    if (k == "timeout")
        return tr("No ACK for PSN %1 within %2 µs: the retransmit timer of %3 fires (%4 retries left).")
            .arg(f.psn("psn"), usec(f.n("timeout_ns")), f.s("qp"))
            .arg(f.n("retry_left"));
    if (k == "cqe_written")
        return tr("(3) Host %1's HCA writes a CQE into CQ %2 slot %3: wr_id %4, %5.")
            .arg(host, f.s("cq"))
            .arg(f.n("slot"))
            .arg(f.n("wr_id"))
            .arg(f.s("status"));
    if (k == "cq_overflow")
        return tr("CQ %1 on host %2 is full: the %3 completion of wr_id %4 is lost and the CQ breaks.")
            .arg(f.s("cq"), host, f.s("lost_status"))
            .arg(f.n("wr_id"));
    if (k == "cq_polled")
        return tr("ibv_poll_cq on host %1 reads the CQE in CQ %2 slot %3 (wr_id %4).")
            .arg(host, f.s("cq"))
            .arg(f.n("slot"))
            .arg(f.n("wr_id"));
    if (k == "wc_returned" && f.s("status") != QLatin1String("IBV_WC_SUCCESS"))
        return tr("(4) The application on host %1 gets an error WC: wr_id %2, %3 (opcode and byte_len are not valid).")
            .arg(host)
            .arg(f.n("wr_id"))
            .arg(f.s("status"));
    if (k == "wc_returned")
        return tr("(4) The application on host %1 gets a WC: wr_id %2, %3, %4, %5 bytes.")
            .arg(host)
            .arg(f.n("wr_id"))
            .arg(f.s("status"), f.s("opcode"))
            .arg(f.n("byte_len"));
    if (k == "qp_state_changed") {
        QString s = tr("QP %1 on host %2 moves %3 → %4.").arg(f.s("qp"), host, f.s("from"), f.s("to"));
        if (!f.s("reason").isEmpty()) s += QLatin1Char(' ') + tr("Reason: %1.").arg(f.s("reason"));
        return s;
    }
    if (k == "async_event")
        return tr("Host %1 gets async event %2 for %3 (ibv_get_async_event).")
            .arg(host, f.s("event_type"), f.s("object"));
    if (k == "slot_freed")
        return tr("Host %1 hands %2 slot(s) of %3 %4 back to the driver (tail %5).")
            .arg(host)
            .arg(record.fields.contains("wqes") && record.fields["wqes"].is_array()
                     ? qint64(record.fields["wqes"].size())
                     : f.n("count"))
            .arg(f.s("qp"), f.s("queue").toUpper())
            .arg(f.n("tail"));
    return tr("%1 (%2).").arg(QString::fromStdString(record.kind), QString::fromStdString(record.anchor));
}

}  // namespace commviz::views
