// RdmaEngine::describe: the generic face of each typed event (kind, anchor,
// object ids, fields) for the event list, JSON output and narration.

#include "rdma/rdma_engine.h"
#include "rdma/state_json.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {

using sim::EventRecord;
using sim::Json;

Json optU64(const std::optional<std::uint64_t>& v) { return v ? Json(*v) : Json(); }
Json optU32(const std::optional<std::uint32_t>& v) { return v ? Json(*v) : Json(); }

/// `fields` plus what a CQE and the WC polled from it share. An error
/// completion's opcode and byte_len are not valid (man ibv_poll_cq).
template <class Completion>
Json withCompletion(const Completion& e, Json fields) {
    const bool success = e.status == WcStatus::Success;
    fields["status"] = std::string(verbsName(e.status));
    fields["opcode"] = success ? Json(std::string(verbsName(e.opcode))) : Json();
    fields["byte_len"] = success ? Json(e.byteLen) : Json();
    fields["qp_num"] = e.qpNum;
    fields["imm_data"] = optU32(e.immData);
    return fields;
}

std::vector<std::string> ids(std::initializer_list<std::string> list) {
    std::vector<std::string> out;
    for (const auto& s : list)
        if (!s.empty()) out.push_back(s);
    return out;
}

/// A text from core as two fields: `key` in English (what `run --json` and the
/// event list print) and `key_text` with its template and values (what views translate).
void addText(Json& fields, const std::string& key, const sim::Text& text) {
    if (text.empty()) return;
    fields[key] = text.english();
    fields[key + "_text"] = text.toJson();
}

Json withText(Json fields, const std::string& key, const sim::Text& text) {
    addText(fields, key, text);
    return fields;
}

struct Describe {
    EventRecord operator()(const CallStarted& e) const {
        return {std::string(CallStarted::kKind),
                e.anchor,
                ids({"call/" + std::to_string(e.index)}),
                {{"index", e.index}, {"host", e.host}, {"call", e.call}}};
    }
    EventRecord operator()(const CallReturned& e) const {
        Json ret = e.retIsCount ? Json(e.ret) : e.ret == 0 ? Json(0) : Json(errnoName(e.ret));
        Json f{{"index", e.index}, {"host", e.host}, {"call", e.call}, {"ret", ret}, {"bad_wr", optU64(e.badWr)}};
        addText(f, "detail", e.detail);
        return {std::string(CallReturned::kKind), e.anchor, ids({"call/" + std::to_string(e.index)}), f};
    }
    EventRecord operator()(const WrPosted& e) const {
        return {std::string(WrPosted::kKind),
                e.anchor,
                ids({e.wr, e.qp}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"queue", e.queue},
                 {"wr", e.wr},
                 {"wr_id", e.wrId},
                 {"opcode", e.opcode}}};
    }
    EventRecord operator()(const WqeWritten& e) const {
        return {std::string(WqeWritten::kKind),
                e.anchor,
                ids({e.wqe, e.wr, e.qp + "/" + e.queue}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"queue", e.queue},
                 {"wqe", e.wqe},
                 {"wr", e.wr},
                 {"slot", e.slot},
                 {"wr_id", e.wrId},
                 {"opcode", e.opcode},
                 {"inline", e.inlineData}}};
    }
    EventRecord operator()(const Doorbell& e) const {
        return {std::string(Doorbell::kKind),
                e.anchor,
                ids({e.qp + "/" + e.queue}),
                {{"host", e.host}, {"qp", e.qp}, {"queue", e.queue}, {"producer_index", e.producerIndex}}};
    }
    EventRecord operator()(const WqeFetched& e) const {
        Json f{{"host", e.host},
               {"qp", e.qp},
               {"wqe", e.wqe},
               {"slot", e.slot},
               {"wr_id", e.wrId},
               {"opcode", e.opcode},
               {"first_psn", e.firstPsn},
               {"npackets", e.npackets},
               {"retry", e.retry}};
        if (e.error) f["error"] = std::string(verbsName(*e.error));
        return {std::string(WqeFetched::kKind), e.anchor, ids({e.wqe, e.qp + "/requester"}), f};
    }
    EventRecord operator()(const DmaRead& e) const {
        return {std::string(DmaRead::kKind),
                e.anchor,
                ids({e.mr, e.wqe, e.qp}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"mr", e.mr},
                 {"wqe", e.wqe},
                 {"addr", hexValue(e.addr)},
                 {"length", e.length}}};
    }
    EventRecord operator()(const PacketSent& e) const {
        return {std::string(PacketSent::kKind),
                e.anchor,
                ids({e.packet, e.qp, e.wqe, "wire"}),
                {{"packet", e.packet},
                 {"from", e.from},
                 {"to", e.to},
                 {"qp", e.qp},
                 {"wqe", e.wqe},
                 {"opcode", e.opcode},
                 {"psn", e.psn},
                 {"dest_qp", e.destQp},
                 {"ack_req", e.ackReq},
                 {"se", e.se},
                 {"payload_bytes", e.payloadBytes},
                 {"depart_ns", e.departNs},
                 {"arrive_ns", e.arriveNs},
                 {"retransmission", e.retransmission}}};
    }
    EventRecord operator()(const PacketArrived& e) const {
        return {std::string(PacketArrived::kKind),
                e.anchor,
                ids({e.packet, e.qp}),
                {{"packet", e.packet}, {"host", e.host}, {"qp", e.qp}, {"opcode", e.opcode}, {"psn", e.psn}}};
    }
    EventRecord operator()(const PacketDropped& e) const {
        return {std::string(PacketDropped::kKind), e.anchor, ids({e.packet, e.qp}),
                withText({{"packet", e.packet}, {"host", e.host}, {"qp", e.qp}}, "reason", e.reason)};
    }
    EventRecord operator()(const RecvWqeConsumed& e) const {
        return {std::string(RecvWqeConsumed::kKind),
                e.anchor,
                ids({e.wqe, e.packet, e.qp + "/responder"}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"wqe", e.wqe},
                 {"slot", e.slot},
                 {"wr_id", e.wrId},
                 {"packet", e.packet}}};
    }
    EventRecord operator()(const MemoryWritten& e) const {
        return {std::string(MemoryWritten::kKind),
                e.anchor,
                ids({e.mr, e.packet, e.qp}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"mr", e.mr},
                 {"packet", e.packet},
                 {"addr", hexValue(e.addr)},
                 {"offset", e.offset},
                 {"length", e.length},
                 {"what", e.what}}};
    }
    EventRecord operator()(const AckSent& e) const {
        return {std::string(AckSent::kKind),
                e.anchor,
                ids({e.packet, e.qp + "/responder"}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"packet", e.packet},
                 {"opcode", e.opcode},
                 {"psn", e.psn},
                 {"syndrome", aethSyndromeName(e.syndrome)},
                 {"msn", e.msn},
                 {"duplicate", e.duplicate}}};
    }
    EventRecord operator()(const NakSent& e) const {
        return {std::string(NakSent::kKind), e.anchor, ids({e.packet, e.qp + "/responder"}),
                withText({{"host", e.host},
                          {"qp", e.qp},
                          {"packet", e.packet},
                          {"psn", e.psn},
                          {"syndrome", aethSyndromeName(e.syndrome)},
                          {"syndrome_value", hexValue(e.syndrome)}},
                         "reason", e.reason)};
    }
    EventRecord operator()(const AckReceived& e) const {
        std::vector<std::string> objs = ids({e.packet, e.qp + "/completer"});
        objs.insert(objs.end(), e.acked.begin(), e.acked.end());
        Json f{{"host", e.host}, {"qp", e.qp},       {"packet", e.packet},  {"opcode", e.opcode},
               {"psn", e.psn},   {"acked", e.acked}, {"ignored", e.ignored}};
        f["syndrome"] = e.syndrome ? Json(aethSyndromeName(*e.syndrome)) : Json();
        return {std::string(AckReceived::kKind), e.anchor, objs, f};
    }
    EventRecord operator()(const Retransmit& e) const {
        return {std::string(Retransmit::kKind),
                e.anchor,
                ids({e.wqe, e.qp + "/requester"}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"wqe", e.wqe},
                 {"from_psn", e.fromPsn},
                 {"reason", e.reason},
                 {"retry_left", e.retryLeft},
                 {"rnr_retry_left", e.rnrInfinite ? Json("infinite") : Json(e.rnrRetryLeft)}}};
    }
    EventRecord operator()(const RnrWait& e) const {
        return {std::string(RnrWait::kKind),
                e.anchor,
                ids({e.qp + "/completer"}),
                {{"host", e.host},
                 {"qp", e.qp},
                 {"psn", e.psn},
                 {"min_rnr_timer", e.timerCode},
                 {"wait_ns", e.waitNs},
                 {"rnr_retry_left", e.infinite ? Json("infinite") : Json(e.rnrRetryLeft)}}};
    }
    EventRecord operator()(const Timeout& e) const {
        return {
            std::string(Timeout::kKind),
            e.anchor,
            ids({e.qp + "/completer"}),
            {{"host", e.host}, {"qp", e.qp}, {"psn", e.psn}, {"retry_left", e.retryLeft}, {"timeout_ns", e.timeoutNs}}};
    }
    EventRecord operator()(const CqeWritten& e) const {
        return {std::string(CqeWritten::kKind), e.anchor, ids({e.cqe, e.cq, e.wqe}),
                withCompletion(e, {{"host", e.host},
                                   {"cq", e.cq},
                                   {"cqe", e.cqe},
                                   {"slot", e.slot},
                                   {"qp", e.qp},
                                   {"wqe", e.wqe},
                                   {"wr_id", e.wrId}})};
    }
    EventRecord operator()(const CqOverflow& e) const {
        return {std::string(CqOverflow::kKind),
                e.anchor,
                ids({e.cq, e.wqe}),
                {{"host", e.host},
                 {"cq", e.cq},
                 {"qp", e.qp},
                 {"wqe", e.wqe},
                 {"wr_id", e.wrId},
                 {"lost_status", std::string(verbsName(e.status))},
                 {"first", e.first}}};
    }
    EventRecord operator()(const CqPolled& e) const {
        return {std::string(CqPolled::kKind),
                e.anchor,
                ids({e.cqe, e.cq}),
                {{"host", e.host}, {"cq", e.cq}, {"cqe", e.cqe}, {"slot", e.slot}, {"wr_id", e.wrId}}};
    }
    EventRecord operator()(const WcReturned& e) const {
        return {std::string(WcReturned::kKind), e.anchor, ids({e.wc, e.cq}),
                withCompletion(e, {{"host", e.host}, {"cq", e.cq}, {"wc", e.wc}, {"wr_id", e.wrId}})};
    }
    EventRecord operator()(const QpStateChanged& e) const {
        return {std::string(QpStateChanged::kKind), e.anchor, ids({e.qp}),
                withText({{"host", e.host},
                          {"qp", e.qp},
                          {"qp_num", e.qpn},
                          {"from", std::string(verbsName(e.from))},
                          {"to", std::string(verbsName(e.to))}},
                         "reason", e.reason)};
    }
    EventRecord operator()(const AsyncEventRaised& e) const {
        return {std::string(AsyncEventRaised::kKind),
                e.anchor,
                ids({e.object}),
                {{"host", e.host}, {"event_type", std::string(verbsName(e.type))}, {"object", e.object}}};
    }
    EventRecord operator()(const SlotFreed& e) const {
        std::vector<std::string> objs = e.wqes;
        objs.push_back(e.qp + "/" + e.queue);
        return {std::string(SlotFreed::kKind),
                e.anchor,
                objs,
                {{"host", e.host},
                 {"qp", e.qp},
                 {"queue", e.queue},
                 {"wqes", e.wqes},
                 {"slots", e.freedSlots},
                 {"tail", e.tail}}};
    }
};

}  // namespace

sim::EventRecord RdmaEngine::describe(const Event& event) { return std::visit(Describe{}, event); }

}  // namespace commviz::rdma
