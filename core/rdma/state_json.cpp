#include "rdma/state_json.h"

#include "rdma/hca_states.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

using sim::Json;

namespace {
template <class Bytes>
std::string hexOf(const Bytes& bytes, std::size_t limit) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < bytes.size() && i < limit; ++i) {
        s.push_back(kDigits[bytes[i] >> 4]);
        s.push_back(kDigits[bytes[i] & 15]);
    }
    return s;
}
}  // namespace

std::string hexBytes(const std::vector<std::uint8_t>& bytes, std::size_t limit) { return hexOf(bytes, limit); }
std::string hexBytes(const PagedBytes& bytes, std::size_t limit) { return hexOf(bytes, limit); }

std::string hexValue(std::uint64_t v) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    do {
        s.insert(s.begin(), kDigits[v & 15]);
        v >>= 4;
    } while (v);
    return "0x" + s;
}

Json toJson(const MemoryRegion& mr) {
    return {{"id", mr.id},
            {"name", mr.name},
            {"host", mr.host},
            {"addr", hexValue(mr.addr)},
            {"length", mr.length()},
            {"lkey", hexValue(mr.lkey)},
            {"rkey", hexValue(mr.rkey)},
            {"access", accessNameList(mr.access)},
            {"bytes_hex", hexBytes(mr.bytes, 4096)}};
}

namespace {

// The ibv_wc fields a CQE and a WC both hold, wr_id to wc_flags, appended to
// `j`; `errorBlanks`: an error completion's opcode and byte_len read null, as
// they are not valid in one.
template <class Completion>
void addWcFields(Json& j, const Completion& c, bool errorBlanks) {
    const bool valid = !errorBlanks || c.status == WcStatus::Success;
    j["wr_id"] = c.wrId;
    j["status"] = std::string(verbsName(c.status));
    j["status_str"] = std::string(wcStatusStr(c.status));
    j["opcode"] = valid ? Json(std::string(verbsName(c.opcode))) : Json();
    j["vendor_err"] = c.vendorErr;
    j["byte_len"] = valid ? Json(c.byteLen) : Json();
    j["qp_num"] = c.qpNum;
    j["wc_flags"] = wcFlagNameList(c.wcFlags);
}

}  // namespace

Json toJson(const Cqe& c) {
    Json j{{"id", c.id}, {"slot", c.slot}, {"index", c.index},
           {"qp", c.qp}, {"wqe", c.wqe},   {"queue", c.fromSq ? "sq" : "rq"}};
    addWcFields(j, c, false);
    j["written_ns"] = c.writtenNs;
    if (c.wcFlags & bits(WcFlag::WithImm)) j["imm_data"] = c.immData;
    return j;
}

Json toJson(const CompletionQueue& cq) {
    Json entries = Json::array();
    for (std::uint32_t i = 0; i < cq.ring.size(); ++i) {
        const auto& s = cq.ring[i];
        // owner: a slot holding an unpolled CQE belongs to software; empty ones to the HCA
        entries.push_back({{"slot", i}, {"owner", s ? "sw" : "hw"}, {"cqe", s ? Json(s->id) : Json()}});
    }
    return {{"id", cq.id},           {"name", cq.name},   {"host", cq.host},
            {"cqn", cq.cqn},         {"depth", cq.depth}, {"cqe_requested", cq.requested},
            {"head", cq.head},       {"tail", cq.tail},   {"occupancy", cq.occupancy()},
            {"overrun", cq.overrun}, {"lost", cq.lost},   {"slots", entries}};
}

Json toJson(const SendWr& wr) {
    Json sg = Json::array();
    for (const auto& s : wr.sgList)
        sg.push_back({{"mr", s.mr}, {"addr", hexValue(s.addr)}, {"length", s.length}, {"lkey", hexValue(s.lkey)}});
    Json j{{"wr_id", wr.wrId},
           {"opcode", std::string(verbsName(wr.opcode))},
           {"send_flags", sendFlagNameList(wr.sendFlags)},
           {"sg_list", sg},
           {"num_sge", wr.sgList.size()}};
    if (wr.immData) j["imm_data"] = *wr.immData;
    if (wr.opcode != WrOpcode::Send && wr.opcode != WrOpcode::SendWithImm) {
        j["remote_addr"] = hexValue(wr.remoteAddr);
        j["rkey"] = hexValue(wr.rkey);
    }
    if (wr.opcode == WrOpcode::AtomicCmpAndSwp || wr.opcode == WrOpcode::AtomicFetchAndAdd) {
        j["compare_add"] = wr.compareAdd;
        j["swap"] = wr.swap;
    }
    return j;
}

Json toJson(const RecvWr& wr) {
    Json sg = Json::array();
    for (const auto& s : wr.sgList)
        sg.push_back({{"mr", s.mr}, {"addr", hexValue(s.addr)}, {"length", s.length}, {"lkey", hexValue(s.lkey)}});
    return {{"wr_id", wr.wrId}, {"sg_list", sg}, {"num_sge", wr.sgList.size()}};
}

Json toJson(const Wqe& w) {
    Json j{{"id", w.id},
           {"wr", w.wr},
           {"index", w.pos},
           {"slot", w.slot},
           {"state", std::string(wqeStateName(w.state))},
           {"completed", w.completed},
           {"status", std::string(verbsName(w.status))}};
    if (w.isSend) {
        j["wr_fields"] = toJson(w.send);
        j["signaled"] = w.signaled;
        j["inline_bytes"] = w.inlineData.size();
        if (w.psnAssigned) {
            j["first_psn"] = w.firstPsn;
            j["last_psn"] = w.lastPsn;
            j["npackets"] = w.npackets;
            j["next_packet"] = w.nextPacket;
        }
    } else {
        j["wr_fields"] = toJson(w.recv);
        j["bytes_received"] = w.bytesReceived;
    }
    return j;
}

Json toJson(const WorkQueue& wq) {
    Json entries = Json::array();
    for (std::uint32_t i = 0; i < wq.ring.size(); ++i) {
        const auto& s = wq.ring[i];
        entries.push_back({{"slot", i},
                           {"wqe", s ? Json(s->id) : Json()},
                           {"state", s ? Json(std::string(wqeStateName(s->state))) : Json("free")}});
    }
    return {{"id", wq.id},     {"depth", wq.depth},           {"head", wq.head},
            {"tail", wq.tail}, {"occupancy", wq.occupancy()}, {"slots", entries}};
}

Json toJson(const QueuePair& q) {
    const auto& a = q.attr;
    return {
        {"id", q.id},
        {"name", q.name},
        {"host", q.host},
        {"qp_num", q.qpn},
        {"qp_type", std::string(verbsName(q.type))},
        {"state", std::string(verbsName(q.state))},
        {"sq_sig_all", q.sqSigAll},
        {"send_cq", q.sendCq},
        {"recv_cq", q.recvCq},
        {"cap",
         {{"max_send_wr", q.cap.max_send_wr},
          {"max_recv_wr", q.cap.max_recv_wr},
          {"max_send_sge", q.cap.max_send_sge},
          {"max_recv_sge", q.cap.max_recv_sge},
          {"max_inline_data", q.cap.max_inline_data}}},
        {"attr",
         {{"pkey_index", a.pkey_index},
          {"port_num", a.port_num},
          {"qp_access_flags", accessNameList(a.qp_access_flags)},
          {"path_mtu", std::string(verbsName(a.path_mtu))},
          {"dest_qp_num", a.dest_qp_num},
          {"rq_psn", a.rq_psn},
          {"sq_psn", a.sq_psn},
          {"max_dest_rd_atomic", a.max_dest_rd_atomic},
          {"min_rnr_timer", a.min_rnr_timer},
          {"timeout", a.timeout},
          {"retry_cnt", a.retry_cnt},
          {"rnr_retry", a.rnr_retry},
          {"max_rd_atomic", a.max_rd_atomic}}},
        {"requester", {{"state", requesterStateName(q.req.state)}, {"psn", q.req.psn}, {"wqe_index", q.req.wqePos}}},
        {"responder",
         {{"state", responderStateName(q.resp.state)},
          {"psn", q.resp.psn},
          {"msn", q.resp.msn},
          {"rq_index", q.resp.rqPos},
          {"queued_packets", q.resp.input.size()}}},
        {"completer",
         {{"state", completerStateName(q.comp.state)},
          {"psn", q.comp.psn},
          {"wqe_index", q.comp.wqePos},
          {"retry_left", q.comp.retryLeft},
          // rnr_retry = 7 means retry forever, as the rnr_wait and retransmit events say
          {"rnr_retry_left", q.attr.rnr_retry == 7 ? Json("infinite") : Json(q.comp.rnrRetryLeft)},
          {"timer_armed", q.comp.timerArmed},
          {"timer_deadline_ns", q.comp.timerArmed ? Json(q.comp.timerDeadline) : Json()},
          {"rnr_waiting", q.comp.rnrWaiting}}},
        {"sq", toJson(q.sq)},
        {"rq", toJson(q.rq)}};
}

Json toJson(const WorkRequest& wr) {
    static constexpr const char* kFate[] = {"posted", "rejected", "not_posted", "discarded"};
    Json j{{"id", wr.id},
           {"qp", wr.qp},
           {"call", wr.callIndex},
           {"kind", wr.isSend ? "ibv_send_wr" : "ibv_recv_wr"},
           {"fate", kFate[static_cast<int>(wr.fate)]},
           {"wqe", wr.wqe.empty() ? Json() : Json(wr.wqe)}};
    j["fields"] = wr.isSend ? toJson(wr.send) : toJson(wr.recv);
    return j;
}

Json toJson(const WorkCompletion& wc) {
    Json j{{"id", wc.id}, {"cq", wc.cq}, {"cqe", wc.cqe}, {"call", wc.callIndex}};
    addWcFields(j, wc, true);
    if (wc.wcFlags & bits(WcFlag::WithImm)) j["imm_data"] = wc.immData;
    if (wc.status != WcStatus::Success)
        j["note"] = "only wr_id, status, qp_num and vendor_err are valid in an error completion";
    return j;
}

Json toJson(const Packet& p) {
    static constexpr const char* kFate[] = {"in_flight", "delivered", "dropped"};
    Json bth{{"opcode", std::string(verbsName(p.opcode))},
             {"opcode_value", hexValue(static_cast<std::uint8_t>(p.opcode))},
             {"se", p.se},
             {"pkey", hexValue(p.pkey)},
             {"dest_qp", p.destQp},
             {"ack_req", p.ackReq},
             {"psn", p.psn}};
    Json j{{"id", p.id}, {"from", p.from}, {"to", p.to}, {"src_qp", p.srcQpn}, {"bth", bth}};
    if (p.reth)
        j["reth"] = {{"va", hexValue(p.reth->va)}, {"rkey", hexValue(p.reth->rkey)}, {"dma_len", p.reth->dmaLen}};
    if (p.immDt) j["immdt"] = *p.immDt;
    if (p.aeth)
        j["aeth"] = {{"syndrome", aethSyndromeName(p.aeth->syndrome)},
                     {"syndrome_value", hexValue(p.aeth->syndrome)},
                     {"msn", p.aeth->msn}};
    if (p.atomicEth)
        j["atomic_eth"] = {{"va", hexValue(p.atomicEth->va)},
                           {"rkey", hexValue(p.atomicEth->rkey)},
                           {"swap_add", p.atomicEth->swapAdd},
                           {"compare", p.atomicEth->compare}};
    if (p.atomicAckEth) j["atomic_ack_eth"] = {{"orig_data", *p.atomicAckEth}};
    j["payload_bytes"] = p.payload.size();
    j["payload_hex"] = hexBytes(p.payload, 64);
    j["wire_bytes"] = p.wireBytes;
    j["wqe"] = p.wqe;
    j["retransmission"] = p.retransmission;
    j["sent_ns"] = p.sentNs;
    j["depart_ns"] = p.departNs;
    j["arrive_ns"] = p.arriveNs;
    j["fate"] = kFate[static_cast<int>(p.fate)];
    if (!p.dropReason.empty()) j["drop_reason"] = p.dropReason;
    return j;
}

Json toJson(const CallResult& c) {
    Json ret = c.retIsCount ? Json(c.ret) : c.ret == 0 ? Json(0) : Json(errnoName(c.ret));
    Json j{{"index", c.index}, {"call", c.call}};
    if (!c.host.empty()) j["host"] = c.host;
    j["ret"] = c.finished ? ret : Json();
    j["bad_wr"] = c.badWr ? Json(*c.badWr) : Json();
    if (!c.detail.empty()) j["detail"] = c.detail.english();
    if (!c.finished) j["finished"] = false;
    return j;
}

}  // namespace commviz::rdma
