#include "rdma/scenario_parser.h"

#include <algorithm>
#include <map>

#include "rdma/psn.h"
#include "rdma/rdma_scene_model.h"
#include "rdma/scenario_fields.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {

using sim::Json;

enum class ObjKind { Mr, Cq, Qp };
struct Declared {
    ObjKind kind;
    std::string host;
    std::size_t index;
};

const std::vector<std::string> kCalls = {"ibv_reg_mr",    "ibv_create_cq", "ibv_create_qp", "ibv_modify_qp",
                                         "ibv_post_recv", "ibv_post_send", "ibv_poll_cq",   "connect",
                                         "fault",         "usleep"};

std::string kindName(ObjKind k) { return k == ObjKind::Mr ? "an MR" : k == ObjKind::Cq ? "a CQ" : "a QP"; }

class Parser {
public:
    explicit Parser(const Json& doc) : m_doc(doc) {}

    RdmaSetup run() {
        ScenarioFields top(m_doc, "scenario");
        // Every key --set takes is a field here too, checked the same way.
        std::vector<std::string> allowed{"scene", "format", "title", "description", "notes", "hosts", "script"};
        for (const auto& spec : rdmaParams()) allowed.push_back(spec.key);
        top.allowOnly(allowed);
        if (auto keys = scenarioKeyFields(m_doc); !keys) top.fail(keys.error().message);
        RdmaSetup setup;
        if (auto seed = top.optU64("seed")) setup.config.seed = *seed;
        if (auto lat = top.optInteger("wire_latency_ns", 0, 1'000'000'000)) setup.config.wireLatencyNs = *lat;
        if (top.has("link_gbps")) {
            const auto& v = top.raw("link_gbps");
            if (!v.is_number() || v.get<double>() < 1 || v.get<double>() > 800)
                top.fail("'link_gbps' must be a number from 1 to 800");
            setup.config.linkGbps = v.get<double>();
        }
        if (!top.has("hosts") || !top.raw("hosts").is_array() || top.raw("hosts").size() != 2)
            top.fail("\"hosts\" must list exactly two host names, e.g. [\"A\", \"B\"]");
        for (const auto& h : top.raw("hosts")) {
            if (!h.is_string() || h.get<std::string>().empty() || h.get<std::string>().find('/') != std::string::npos)
                top.fail("\"hosts\" entries must be non-empty names without '/'");
            setup.script.hosts.push_back(h.get<std::string>());
        }
        if (setup.script.hosts[0] == setup.script.hosts[1]) top.fail("\"hosts\" must name two different hosts");
        m_hosts = setup.script.hosts;
        if (!top.has("script") || !top.raw("script").is_array()) top.fail("\"script\" must be a list of calls");
        const auto& script = top.raw("script");
        for (std::size_t i = 0; i < script.size(); ++i) setup.script.calls.push_back(parseCall(script[i], i));
        return setup;
    }

private:
    ScriptCall parseCall(const Json& entry, std::size_t index) {
        const std::string at = "script[" + std::to_string(index) + "]";
        ScenarioFields base(entry, at);
        if (!base.has("call") || !base.raw("call").is_string())
            base.fail("missing \"call\"; allowed " + joinNames(kCalls));
        ScriptCall call;
        call.index = index;
        call.call = base.raw("call").get<std::string>();
        if (std::find(kCalls.begin(), kCalls.end(), call.call) == kCalls.end())
            base.fail("unknown call '" + call.call + "'; allowed " + joinNames(kCalls));
        ScenarioFields f(entry, at + " " + call.call);
        if (call.call != "connect" && call.call != "fault") {
            call.host = f.name("host");
            if (std::find(m_hosts.begin(), m_hosts.end(), call.host) == m_hosts.end())
                f.fail("unknown host '" + call.host + "'; allowed " + joinNames(m_hosts));
        }
        m_index = index;
        if (call.call == "ibv_reg_mr")
            call.args = regMr(f, call.host);
        else if (call.call == "ibv_create_cq")
            call.args = createCq(f, call.host);
        else if (call.call == "ibv_create_qp")
            call.args = createQp(f, call.host);
        else if (call.call == "ibv_modify_qp")
            call.args = modifyQp(f, call.host);
        else if (call.call == "ibv_post_recv")
            call.args = postRecv(f, call.host);
        else if (call.call == "ibv_post_send")
            call.args = postSend(f, call.host);
        else if (call.call == "ibv_poll_cq")
            call.args = pollCq(f, call.host);
        else if (call.call == "connect")
            call.args = connect(f);
        else if (call.call == "fault")
            call.args = fault(f);
        else
            call.args = usleep(f);
        return call;
    }

    static std::vector<std::string> common(std::vector<std::string> keys) {
        keys.insert(keys.begin(), {"call", "host", "comment"});
        return keys;
    }

    void declare(const ScenarioFields& f, const std::string& name, ObjKind kind, const std::string& host) {
        if (m_declared.count(name))
            f.fail("name '" + name + "' is already used by script[" + std::to_string(m_declared[name].index) + "]");
        m_declared[name] = {kind, host, m_index};
    }

    // A name used by this call must be created by an earlier call, of the right kind.
    const Declared& use(const ScenarioFields& f, const std::string& field, const std::string& name, ObjKind kind,
                        const std::string& host, bool sameHost) {
        auto it = m_declared.find(name);
        if (it == m_declared.end()) f.fail(field + " '" + name + "' is not created by an earlier call");
        if (it->second.kind != kind) f.fail(field + " '" + name + "' is not " + kindName(kind));
        if (sameHost && it->second.host != host)
            f.fail(field + " '" + name + "' belongs to host " + it->second.host + ", not " + host);
        if (!sameHost && it->second.host == host)
            f.fail(field + " '" + name + "' must be on the other host (it is on " + host + ")");
        return it->second;
    }

    RegMrCall regMr(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"mr", "length", "access", "fill"}));
        RegMrCall c;
        c.mr = f.name("mr");
        c.length = static_cast<std::uint64_t>(f.integer("length", 0, 16 * 1024 * 1024));
        c.access = f.flags("access", parseAccessFlag, accessFlagNames());
        if (f.has("fill")) {
            const auto& v = f.raw("fill");
            if (v.is_string()) {
                const auto text = v.get<std::string>();
                c.fill.assign(text.begin(), text.end());
            } else if (v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
                // A 64-bit value at offset 0, little-endian (x86 host order), rest zero.
                const auto value = v.get<std::uint64_t>();
                for (int i = 0; i < 8; ++i) c.fill.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
                c.fillRepeat = false;
            } else {
                f.fail("'fill' must be text (repeated over the buffer) or an unsigned 64-bit value");
            }
        }
        declare(f, c.mr, ObjKind::Mr, host);
        return c;
    }

    CreateCqCall createCq(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"cq", "cqe"}));
        CreateCqCall c;
        c.cq = f.name("cq");
        c.cqe = f.integer("cqe", -1'000'000, 1'000'000);
        declare(f, c.cq, ObjKind::Cq, host);
        return c;
    }

    CreateQpCall createQp(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"qp", "qp_type", "send_cq", "recv_cq", "cap", "sq_sig_all"}));
        CreateQpCall c;
        c.qp = f.name("qp");
        if (auto t = f.optName("qp_type")) {
            auto type = parseQpType(*t);
            if (!type || *type != QpType::Rc) f.fail("qp_type '" + *t + "' is not modelled; allowed IBV_QPT_RC");
        }
        c.sendCq = f.name("send_cq");
        c.recvCq = f.name("recv_cq");
        use(f, "send_cq", c.sendCq, ObjKind::Cq, host, true);
        use(f, "recv_cq", c.recvCq, ObjKind::Cq, host, true);
        if (f.has("cap")) {
            auto cap = f.object("cap");
            cap.allowOnly({"max_send_wr", "max_recv_wr", "max_send_sge", "max_recv_sge", "max_inline_data"});
            auto get = [&](const char* key, std::uint32_t dflt) {
                auto v = cap.optInteger(key, 0, 1'000'000);
                return v ? static_cast<std::uint32_t>(*v) : dflt;
            };
            c.cap.max_send_wr = get("max_send_wr", 1);
            c.cap.max_recv_wr = get("max_recv_wr", 1);
            c.cap.max_send_sge = get("max_send_sge", 1);
            c.cap.max_recv_sge = get("max_recv_sge", 1);
            c.cap.max_inline_data = get("max_inline_data", 0);
        }
        c.sqSigAll = f.optBool("sq_sig_all").value_or(false);
        declare(f, c.qp, ObjKind::Qp, host);
        return c;
    }

    std::uint32_t mtuValue(const ScenarioFields& f, const std::string& key) {
        const auto& v = f.raw(key);
        if (v.is_string()) {
            auto m = parseMtu(v.get<std::string>());
            if (!m) f.fail("unknown path_mtu '" + v.get<std::string>() + "'; allowed " + joinNames(mtuNames()));
            return static_cast<std::uint32_t>(*m);
        }
        if (v.is_number_integer()) {
            const auto n = v.get<std::int64_t>();
            for (std::uint32_t e = 1; e <= 5; ++e)
                if (n == static_cast<std::int64_t>(mtuBytes(static_cast<Mtu>(e)))) return e;
            if (n >= 0 && n <= 255) return static_cast<std::uint32_t>(n);  // raw enum value, checked by the call
        }
        f.fail("'" + key + "' must be one of " + joinNames(mtuNames()) + " (or 256, 512, 1024, 2048, 4096)");
    }

    ModifyQpCall modifyQp(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"qp", "attr", "attr_mask"}));
        ModifyQpCall c;
        c.qp = f.name("qp");
        use(f, "qp", c.qp, ObjKind::Qp, host, true);
        c.attrMask = f.flags("attr_mask", parseQpAttrMask, qpAttrMaskNames());
        if (!f.has("attr")) return c;
        auto a = f.object("attr");
        a.allowOnly({"qp_state", "cur_qp_state", "pkey_index", "port_num", "qp_access_flags", "path_mtu", "dest_qp_num",
                     "rq_psn", "sq_psn", "max_dest_rd_atomic", "min_rnr_timer", "timeout", "retry_cnt", "rnr_retry",
                     "max_rd_atomic", "en_sqd_async_notify", "ah_attr"});
        auto state = [&](const char* key) -> std::optional<QpState> {
            auto n = a.optName(key);
            if (!n) return std::nullopt;
            auto s = parseQpState(*n);
            if (!s) a.fail("unknown " + std::string(key) + " '" + *n + "'; allowed " + joinNames(qpStateNames()));
            return s;
        };
        auto u8 = [&](const char* key) -> std::optional<std::uint32_t> {
            auto v = a.optInteger(key, 0, 255);
            return v ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*v)) : std::nullopt;
        };
        auto u32 = [&](const char* key) -> std::optional<std::uint32_t> {
            auto v = a.optInteger(key, 0, 0xffffffffLL);
            return v ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*v)) : std::nullopt;
        };
        auto& s = c.attr;
        s.qpState = state("qp_state");
        s.curQpState = state("cur_qp_state");
        s.pkeyIndex = u32("pkey_index");
        s.portNum = u8("port_num");
        if (a.has("qp_access_flags")) s.qpAccessFlags = a.flags("qp_access_flags", parseAccessFlag, accessFlagNames());
        if (a.has("path_mtu")) s.pathMtu = mtuValue(a, "path_mtu");
        if (a.has("dest_qp_num")) {
            if (a.raw("dest_qp_num").is_string()) {
                s.destQpName = a.name("dest_qp_num");
                use(a, "dest_qp_num", s.destQpName, ObjKind::Qp, host, false);
            } else {
                s.destQpNum = u32("dest_qp_num");
            }
        }
        s.rqPsn = u32("rq_psn");
        s.sqPsn = u32("sq_psn");
        s.maxDestRdAtomic = u8("max_dest_rd_atomic");
        s.minRnrTimer = u8("min_rnr_timer");
        s.timeout = u8("timeout");
        s.retryCnt = u8("retry_cnt");
        s.rnrRetry = u8("rnr_retry");
        s.maxRdAtomic = u8("max_rd_atomic");
        s.enSqdAsyncNotify = a.optBool("en_sqd_async_notify");
        if (a.has("ah_attr")) {
            auto ah = a.object("ah_attr");
            ah.allowOnly({"dlid", "sl", "src_path_bits", "port_num", "is_global", "grh", "static_rate"});
            if (auto d = ah.optInteger("dlid", 0, 0xffff))
                s.dlid = static_cast<std::uint32_t>(*d);
            else
                s.dlid = 0;
        }
        return c;
    }

    std::vector<SgeSpec> sgList(const ScenarioFields& wr, const std::string& host) {
        std::vector<SgeSpec> out;
        if (!wr.has("sg_list")) return out;
        for (auto& sge : wr.list("sg_list", "sg_list")) {
            sge.allowOnly({"mr", "offset", "length", "lkey"});
            SgeSpec s;
            s.mr = sge.name("mr");
            use(sge, "mr", s.mr, ObjKind::Mr, host, true);
            s.offset = static_cast<std::uint64_t>(sge.optInteger("offset", 0, 0xffffffffLL).value_or(0));
            if (!sge.has("length")) sge.fail("missing 'length'");
            s.length = static_cast<std::uint32_t>(sge.integer("length", 0, 0x7fffffffLL));
            if (auto k = sge.optInteger("lkey", 0, 0xffffffffLL)) s.lkey = static_cast<std::uint32_t>(*k);
            out.push_back(s);
        }
        return out;
    }

    PostRecvCall postRecv(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"qp", "wr"}));
        PostRecvCall c;
        c.qp = f.name("qp");
        use(f, "qp", c.qp, ObjKind::Qp, host, true);
        for (auto& wr : f.list("wr", "wr")) {
            wr.allowOnly({"wr_id", "sg_list"});
            RecvWrSpec r;
            r.wrId = wr.optU64("wr_id").value_or(0);
            r.sgList = sgList(wr, host);
            c.wr.push_back(std::move(r));
        }
        return c;
    }

    PostSendCall postSend(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"qp", "wr"}));
        PostSendCall c;
        c.qp = f.name("qp");
        use(f, "qp", c.qp, ObjKind::Qp, host, true);
        for (auto& wr : f.list("wr", "wr")) {
            wr.allowOnly({"wr_id", "opcode", "send_flags", "sg_list", "imm_data", "remote_mr", "remote_offset", "rkey",
                          "remote_addr", "compare_add", "swap"});
            SendWrSpec s;
            s.wrId = wr.optU64("wr_id").value_or(0);
            const auto op = wr.name("opcode");
            auto parsed = parseWrOpcode(op);
            if (!parsed) wr.fail("unknown opcode '" + op + "'; allowed " + joinNames(wrOpcodeNames()));
            s.opcode = *parsed;
            s.sendFlags = wr.flags("send_flags", parseSendFlag, sendFlagNames());
            s.sgList = sgList(wr, host);
            if (auto imm = wr.optInteger("imm_data", 0, 0xffffffffLL)) s.immData = static_cast<std::uint32_t>(*imm);
            if (auto mr = wr.optName("remote_mr")) {
                s.remoteMr = *mr;
                use(wr, "remote_mr", s.remoteMr, ObjKind::Mr, host, false);
            }
            s.remoteOffset = wr.optU64("remote_offset").value_or(0);
            if (auto k = wr.optInteger("rkey", 0, 0xffffffffLL)) s.rkey = static_cast<std::uint32_t>(*k);
            s.remoteAddr = wr.optU64("remote_addr");
            s.compareAdd = wr.optU64("compare_add").value_or(0);
            s.swap = wr.optU64("swap").value_or(0);
            // A zero-initialised ibv_send_wr has remote_addr 0: an explicit rkey is
            // enough to aim at the peer (the bad-rkey example needs nothing else).
            const bool remote = s.opcode != WrOpcode::Send && s.opcode != WrOpcode::SendWithImm;
            if (remote && s.remoteMr.empty() && !s.rkey)
                wr.fail("opcode " + op + " needs 'remote_mr' or 'rkey' ('remote_addr' is 0 when left out)");
            c.wr.push_back(std::move(s));
        }
        return c;
    }

    PollCqCall pollCq(const ScenarioFields& f, const std::string& host) {
        f.allowOnly(common({"cq", "num_entries", "min"}));
        PollCqCall c;
        c.cq = f.name("cq");
        use(f, "cq", c.cq, ObjKind::Cq, host, true);
        c.numEntries = static_cast<std::uint32_t>(f.optInteger("num_entries", 1, 4096).value_or(1));
        c.min = static_cast<std::uint32_t>(f.optInteger("min", 0, 1'000'000).value_or(0));
        return c;
    }

    ConnectCall connect(const ScenarioFields& f) {
        f.allowOnly({"call", "comment", "qps", "attr"});
        ConnectCall c;
        if (!f.has("qps") || !f.raw("qps").is_array() || f.raw("qps").size() != 2 || !f.raw("qps")[0].is_string() ||
            !f.raw("qps")[1].is_string())
            f.fail("'qps' must name two QPs, one on each host, e.g. [\"qpA\", \"qpB\"]");
        for (int i = 0; i < 2; ++i) {
            c.qps[i] = f.raw("qps")[i].get<std::string>();
            auto it = m_declared.find(c.qps[i]);
            if (it == m_declared.end() || it->second.kind != ObjKind::Qp)
                f.fail("qps[" + std::to_string(i) + "] '" + c.qps[i] + "' is not a QP created by an earlier call");
        }
        if (m_declared[c.qps[0]].host == m_declared[c.qps[1]].host) f.fail("'qps' must name one QP on each host");
        if (!f.has("attr")) return c;
        auto a = f.object("attr");
        a.allowOnly({"path_mtu", "min_rnr_timer", "max_dest_rd_atomic", "timeout", "retry_cnt", "rnr_retry",
                     "max_rd_atomic", "qp_access_flags", "sq_psn"});
        auto& at = c.attr;
        if (a.has("path_mtu")) {
            const auto v = mtuValue(a, "path_mtu");
            if (v < 1 || v > 5) a.fail("'path_mtu' must be one of " + joinNames(mtuNames()));
            at.pathMtu = static_cast<Mtu>(v);
        }
        auto get = [&](const char* key, std::int64_t max, std::uint32_t& out) {
            if (auto v = a.optInteger(key, 0, max)) out = static_cast<std::uint32_t>(*v);
        };
        get("min_rnr_timer", 31, at.minRnrTimer);
        get("max_dest_rd_atomic", 128, at.maxDestRdAtomic);
        get("timeout", 31, at.timeout);
        get("retry_cnt", 7, at.retryCnt);
        get("rnr_retry", 7, at.rnrRetry);
        get("max_rd_atomic", 128, at.maxRdAtomic);
        if (a.has("qp_access_flags")) at.qpAccessFlags = a.flags("qp_access_flags", parseAccessFlag, accessFlagNames());
        if (a.has("sq_psn")) {
            const auto& v = a.raw("sq_psn");
            auto psn = [](const Json& x) -> std::optional<std::uint32_t> {
                if (!x.is_number_integer() || x.get<std::int64_t>() < 0 || x.get<std::int64_t>() > kPsnMask)
                    return std::nullopt;
                return static_cast<std::uint32_t>(x.get<std::int64_t>());
            };
            if (v.is_array() && v.size() == 2 && psn(v[0]) && psn(v[1])) {
                at.sqPsn[0] = psn(v[0]);
                at.sqPsn[1] = psn(v[1]);
            } else if (psn(v)) {
                at.sqPsn[0] = at.sqPsn[1] = psn(v);
            } else {
                a.fail("'sq_psn' must be a PSN (0 to 16777215) or a list of two PSNs (one per QP)");
            }
        }
        return c;
    }

    FaultCall fault(const ScenarioFields& f) {
        f.allowOnly({"call", "comment", "drop_packet"});
        FaultCall c;
        if (!f.has("drop_packet")) f.fail("missing 'drop_packet' (the Nth packet put on the wire, from 1)");
        const auto& v = f.raw("drop_packet");
        std::vector<Json> items;
        if (v.is_array())
            items.assign(v.begin(), v.end());
        else
            items.push_back(v);
        for (const auto& item : items) {
            if (!item.is_number_integer() || item.get<std::int64_t>() < 1)
                f.fail("'drop_packet' must be a packet number from 1 (or a list of them)");
            c.dropPackets.push_back(item.get<std::uint64_t>());
        }
        return c;
    }

    UsleepCall usleep(const ScenarioFields& f) {
        f.allowOnly(common({"usec"}));
        UsleepCall c;
        c.usec = static_cast<std::uint64_t>(f.integer("usec", 0, 60'000'000));
        return c;
    }

    const Json& m_doc;
    std::vector<std::string> m_hosts;
    std::map<std::string, Declared> m_declared;
    std::size_t m_index = 0;
};

}  // namespace

sim::Result<RdmaSetup> parseRdmaScenario(const sim::Json& doc) {
    try {
        return Parser(doc).run();
    } catch (const ScenarioError& e) {
        return sim::fail(e.message);
    } catch (const sim::Json::exception& e) {
        return sim::fail(std::string("scenario: ") + e.what());
    }
}

}  // namespace commviz::rdma
