#pragma once

// Small fixtures for the RDMA engine tests: scripts built in code, a runner
// that records every event, and lookups into the summary.

#include <functional>
#include <string>
#include <vector>

#include "rdma/rdma_engine.h"
#include "rdma/scenario_parser.h"
#include "sim/json.h"

namespace commviz::rdma::testing {

using sim::Json;

inline const Json kAllAccess = {"IBV_ACCESS_LOCAL_WRITE", "IBV_ACCESS_REMOTE_WRITE", "IBV_ACCESS_REMOTE_READ",
                                "IBV_ACCESS_REMOTE_ATOMIC"};
inline const Json kRemoteAccess = {"IBV_ACCESS_REMOTE_WRITE", "IBV_ACCESS_REMOTE_READ", "IBV_ACCESS_REMOTE_ATOMIC"};

inline Json regMr(const std::string& host, const std::string& mr, int length, Json fill = Json(),
                  Json access = kAllAccess) {
    Json j{{"host", host}, {"call", "ibv_reg_mr"}, {"mr", mr}, {"length", length}, {"access", access}};
    if (!fill.is_null()) j["fill"] = fill;
    return j;
}
inline Json createCq(const std::string& host, const std::string& cq, int cqe) {
    return {{"host", host}, {"call", "ibv_create_cq"}, {"cq", cq}, {"cqe", cqe}};
}
inline Json createQp(const std::string& host, const std::string& qp, const std::string& cq, int sendWr = 8,
                     int recvWr = 8, int sge = 1, int inlineData = 0, int sigAll = 0) {
    return {{"host", host},
            {"call", "ibv_create_qp"},
            {"qp", qp},
            {"qp_type", "IBV_QPT_RC"},
            {"send_cq", cq},
            {"recv_cq", cq},
            {"cap",
             {{"max_send_wr", sendWr},
              {"max_recv_wr", recvWr},
              {"max_send_sge", sge},
              {"max_recv_sge", sge},
              {"max_inline_data", inlineData}}},
            {"sq_sig_all", sigAll}};
}
inline Json connectQps(Json attr = Json::object()) {
    if (!attr.contains("qp_access_flags")) attr["qp_access_flags"] = kRemoteAccess;
    return {{"call", "connect"}, {"qps", {"qpA", "qpB"}}, {"attr", attr}};
}
inline Json sge(const std::string& mr, int length, int offset = 0) {
    return {{"mr", mr}, {"offset", offset}, {"length", length}};
}
inline Json postRecv(const std::string& host, const std::string& qp, Json wrs) {
    return {{"host", host}, {"call", "ibv_post_recv"}, {"qp", qp}, {"wr", wrs}};
}
inline Json recvWr(std::uint64_t id, Json sgList) { return {{"wr_id", id}, {"sg_list", sgList}}; }
inline Json postSend(const std::string& host, const std::string& qp, Json wrs) {
    return {{"host", host}, {"call", "ibv_post_send"}, {"qp", qp}, {"wr", wrs}};
}
inline Json sendWr(std::uint64_t id, const std::string& opcode, Json sgList, Json flags = {"IBV_SEND_SIGNALED"}) {
    return {{"wr_id", id}, {"opcode", opcode}, {"send_flags", flags}, {"sg_list", sgList}};
}
/// `wr` aimed at `mr` of the peer, `offset` bytes in (RDMA WRITE, READ and atomics).
inline Json withRemote(Json wr, const std::string& mr, int offset = 0) {
    wr["remote_mr"] = mr;
    wr["remote_offset"] = offset;
    return wr;
}
inline Json pollCq(const std::string& host, const std::string& cq, int min, int numEntries = 4) {
    return {{"host", host}, {"call", "ibv_poll_cq"}, {"cq", cq}, {"num_entries", numEntries}, {"min", min}};
}

inline Json modify(const std::string& host, const std::string& qp, Json attr, Json mask) {
    return {{"host", host}, {"call", "ibv_modify_qp"}, {"qp", qp}, {"attr", attr}, {"attr_mask", mask}};
}
inline Json toInit(const std::string& host, const std::string& qp) {
    return modify(
        host, qp,
        {{"qp_state", "IBV_QPS_INIT"}, {"pkey_index", 0}, {"port_num", 1}, {"qp_access_flags", kRemoteAccess}},
        {"IBV_QP_STATE", "IBV_QP_PKEY_INDEX", "IBV_QP_PORT", "IBV_QP_ACCESS_FLAGS"});
}
inline Json toRtr(const std::string& host, const std::string& qp, const std::string& peer, std::uint32_t rqPsn) {
    return modify(host, qp,
                  {{"qp_state", "IBV_QPS_RTR"},
                   {"path_mtu", "IBV_MTU_1024"},
                   {"dest_qp_num", peer},
                   {"rq_psn", rqPsn},
                   {"max_dest_rd_atomic", 1},
                   {"min_rnr_timer", 12},
                   {"ah_attr", {{"dlid", 1}}}},
                  {"IBV_QP_STATE", "IBV_QP_AV", "IBV_QP_PATH_MTU", "IBV_QP_DEST_QPN", "IBV_QP_RQ_PSN",
                   "IBV_QP_MAX_DEST_RD_ATOMIC", "IBV_QP_MIN_RNR_TIMER"});
}
inline Json toRts(const std::string& host, const std::string& qp, std::uint32_t sqPsn, int timeout = 14,
                  int retryCnt = 7) {
    return modify(host, qp,
                  {{"qp_state", "IBV_QPS_RTS"},
                   {"timeout", timeout},
                   {"retry_cnt", retryCnt},
                   {"rnr_retry", 7},
                   {"sq_psn", sqPsn},
                   {"max_rd_atomic", 1}},
                  {"IBV_QP_STATE", "IBV_QP_TIMEOUT", "IBV_QP_RETRY_CNT", "IBV_QP_RNR_RETRY", "IBV_QP_SQ_PSN",
                   "IBV_QP_MAX_QP_RD_ATOMIC"});
}

inline Json append(Json a, const Json& b) {
    for (const auto& x : b) a.push_back(x);
    return a;
}

/// Two hosts with one buffer, one CQ and one QP each (not yet connected).
inline Json preamble(int bufLen = 4096, int cqe = 16, int sendWr = 8, int recvWr = 8) {
    return Json::array({regMr("A", "bufA", bufLen, "Hello from A! "), regMr("B", "bufB", bufLen, "B memory. "),
                        createCq("A", "cqA", cqe), createCq("B", "cqB", cqe),
                        createQp("A", "qpA", "cqA", sendWr, recvWr), createQp("B", "qpB", "cqB", sendWr, recvWr)});
}

/// The preamble, the QPs connected, then A posts `wr` on qpA and waits for one completion on cqA.
inline Json postOneFromA(Json wr) {
    return append(preamble(),
                  Json::array({connectQps(), postSend("A", "qpA", {std::move(wr)}), pollCq("A", "cqA", 1)}));
}

inline Json scenario(Json script, Json extra = Json::object()) {
    Json doc{{"scene", "rdma"}, {"format", 1}, {"hosts", {"A", "B"}}};
    for (auto& [k, v] : extra.items()) doc[k] = v;
    doc["script"] = std::move(script);
    return doc;
}

struct Run {
    std::vector<sim::EventRecord> events;  ///< every event of every step, in order
    std::vector<std::size_t> stepOf;       ///< step number (1-based) of each event
    Json summary;
    std::size_t steps = 0;
    bool done = false;
    std::vector<RdmaEngine> finalEngine;  ///< the engine after the run (0 or 1 element)

    std::vector<sim::EventRecord> kind(const std::string& k) const {
        std::vector<sim::EventRecord> out;
        for (const auto& e : events)
            if (e.kind == k) out.push_back(e);
        return out;
    }
    const RdmaEngine& engine() const { return finalEngine.front(); }
    Json completion(const std::string& host, std::uint64_t wrId) const {
        for (const auto& c : summary["completions"])
            if (c["host"] == host && c["wr_id"] == wrId) return c;
        return Json();
    }
    Json call(std::size_t index) const { return summary["calls"][index]; }
    /// The fields of every packet host `from` put on the wire, in order.
    std::vector<Json> sentBy(const std::string& from) const {
        std::vector<Json> out;
        for (const auto& e : kind("packet_sent"))
            if (e.fields["from"] == from) out.push_back(e.fields);
        return out;
    }
};

/// Runs a scenario document to done (or `cap` steps); `check` sees the engine after every step.
inline Run run(const Json& doc, std::size_t cap = 100000, const std::function<void(const RdmaEngine&)>& check = {}) {
    Run r;
    auto setup = parseRdmaScenario(doc);
    if (!setup) {
        r.summary = Json{{"error", setup.error().message}};
        return r;
    }
    RdmaEngine engine(std::move(setup.value()));
    while (!engine.done() && r.steps < cap) {
        auto events = engine.step();
        ++r.steps;
        for (const auto& e : events) {
            r.events.push_back(RdmaEngine::describe(e));
            r.stepOf.push_back(r.steps);
        }
        if (check) check(engine);
    }
    r.done = engine.done();
    r.summary = engine.summary();
    r.finalEngine.push_back(std::move(engine));
    return r;
}

inline std::string parseError(const Json& doc) {
    auto setup = parseRdmaScenario(doc);
    return setup ? std::string() : setup.error().message;
}

}  // namespace commviz::rdma::testing
