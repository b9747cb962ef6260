// RdmaEngine::summary and ::inspect.

#include <algorithm>

#include "rdma/rdma_engine.h"
#include "rdma/state_json.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

using sim::Json;

sim::Json RdmaEngine::summary() const {
    const auto& w = m_world;
    Json calls = Json::array();
    for (const auto& c : w.calls) calls.push_back(toJson(c));
    // completions in the order the application polled them
    struct Polled {
        std::size_t call;
        std::size_t order;
        const Host* host;
        const WorkCompletion* wc;
    };
    std::vector<Polled> polled;
    for (const auto& h : w.hosts)
        for (std::size_t i = 0; i < h.wcs.size(); ++i) polled.push_back({h.wcs[i].callIndex, i, &h, &h.wcs[i]});
    std::stable_sort(polled.begin(), polled.end(), [](const Polled& a, const Polled& b) { return a.call < b.call; });
    Json completions = Json::array();
    for (const auto& p : polled) {
        const auto* cq = [&]() -> const CompletionQueue* {
            for (const auto& c : p.host->cqs)
                if (c.id == p.wc->cq) return &c;
            return nullptr;
        }();
        Json j{{"host", p.host->name},
               {"cq", cq ? cq->name : p.wc->cq},
               {"wr_id", p.wc->wrId},
               {"status", std::string(verbsName(p.wc->status))},
               // status != SUCCESS: only wr_id, status, qp_num, vendor_err are valid (man ibv_poll_cq)
               {"opcode", p.wc->status == WcStatus::Success ? Json(std::string(verbsName(p.wc->opcode))) : Json()},
               {"byte_len", p.wc->status == WcStatus::Success ? Json(p.wc->byteLen) : Json()},
               {"qp_num", p.wc->qpNum}};
        if (p.wc->wcFlags & bits(WcFlag::WithImm)) j["imm_data"] = p.wc->immData;
        completions.push_back(std::move(j));
    }
    Json async = Json::array();
    Json qpStates = Json::object();
    Json memory = Json::object();
    for (const auto& h : w.hosts) {
        for (const auto& e : h.asyncEvents) {
            std::string object = e.object;
            for (const auto& q : h.qps)
                if (q.id == e.object) object = q.name;
            for (const auto& c : h.cqs)
                if (c.id == e.object) object = c.name;
            async.push_back({{"host", h.name},
                             {"event_type", std::string(verbsName(e.type))},
                             {"object", object},
                             {"time_ns", e.timeNs}});
        }
        for (const auto& q : h.qps) qpStates[q.name] = std::string(verbsName(q.state));
        for (const auto& m : h.mrs) memory[m.name] = hexBytes(m.bytes, 64);
    }
    return {{"calls", calls},
            {"completions", completions},
            {"async_events", async},
            {"qp_states", qpStates},
            {"memory", memory},
            {"sim_time_ns", w.now},
            {"packets", w.wire.sent},
            {"retransmissions", w.wire.retransmissions},
            {"dropped_packets", w.wire.dropped},
            {"steps", w.steps}};
}

sim::Json RdmaEngine::inspect(const std::string& id) const {
    const auto& w = m_world;
    if (id == "wire") {
        Json inflight = Json::array();
        for (const auto& pid : w.wire.inFlight)
            if (const Packet* p = w.wire.find(pid)) inflight.push_back(toJson(*p));
        return {{"id", "wire"},    {"latency_ns", w.wire.latencyNs}, {"gbps", w.wire.gbps},
                {"now_ns", w.now}, {"packets_sent", w.wire.sent},    {"in_flight", inflight}};
    }
    if (id.rfind("pkt/", 0) == 0) {
        const Packet* p = w.wire.find(id);
        return p ? toJson(*p) : Json();
    }
    if (id.rfind("call/", 0) == 0) {
        for (const auto& c : w.calls)
            if ("call/" + std::to_string(c.index) == id) return toJson(c);
        return Json();
    }
    for (const auto& h : w.hosts) {
        if (id == h.name)
            return {{"id", h.name},        {"pd", h.pd},          {"lid", h.lid},
                    {"mrs", h.mrs.size()}, {"cqs", h.cqs.size()}, {"qps", h.qps.size()}};
        if (id.rfind(h.name + "/", 0) != 0) continue;
        for (const auto& m : h.mrs)
            if (m.id == id) return toJson(m);
        for (const auto& wr : h.wrs)
            if (wr.id == id) return toJson(wr);
        for (const auto& wc : h.wcs)
            if (wc.id == id) return toJson(wc);
        for (const auto& c : h.cqs) {
            if (c.id == id) return toJson(c);
            if (const Cqe* e = c.find(id)) return toJson(*e);
        }
        for (const auto& q : h.qps) {
            if (q.id == id) return toJson(q);
            if (id == q.sq.id) return toJson(q.sq);
            if (id == q.rq.id) return toJson(q.rq);
            if (id == q.id + "/requester") return toJson(q)["requester"];
            if (id == q.id + "/responder") return toJson(q)["responder"];
            if (id == q.id + "/completer") return toJson(q)["completer"];
            for (const auto* wq : {&q.sq, &q.rq})
                for (const auto& s : wq->ring)
                    if (s && s->id == id) return toJson(*s);
        }
    }
    return Json();
}

}  // namespace commviz::rdma
