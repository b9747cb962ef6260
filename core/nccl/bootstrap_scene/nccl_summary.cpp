// NcclEngine::summary and inspect: the state as JSON, including who waits on whom
// when the bootstrap hangs.

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/message_inspect.h"
#include "nccl/bootstrap_scene/nccl_engine.h"
#include "sim/enum_names.h"

namespace commviz::nccl {

namespace {

using sim::Json;

constexpr std::size_t kListCap = 64;  // longer lists are cut; their *_count says how many

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
    return buf;
}

Json rootName(int root, int nroots) { return nroots > 1 ? "root" + std::to_string(root) : std::string("root"); }

constexpr sim::EnumNames<RootStatus::NotStarted> kStatusNames({"accepting", "sweeping", "finished", "stopped",
                                                               "not_started"});
const char* statusName(RootStatus s) { return kStatusNames(s, "").data(); }

void append(Json& list, Json item) {
    if (list.size() < kListCap) list.push_back(std::move(item));
}

int parseInt(std::string_view text) {
    int value = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() ? value : -1;
}

}  // namespace

// Who waits on whom. The bootstrap has no timeout: a rank whose reply never comes
// waits in accept on its root-callback socket; a rank whose prev never connected
// waits in the ring accept; a rank inside the allgather waits on the neighbour
// whose data cannot come (d hops from a rank that never entered it: round d - 1).
static Json blockedJson(const NcclEngine& e, std::size_t& total) {
    const Config& c = e.config();
    const int n = c.nranks;
    Json list = Json::array();
    total = 0;
    for (int k = 0; k < c.nroots; ++k) {
        const RootState& R = e.root(k);
        if (R.status == RootStatus::Stopped) {
            ++total;
            append(list, {{"who", rootName(k, c.nroots)}, {"where", "bootstrapRoot returned after its WARN"}});
        } else if (R.status == RootStatus::Accepting) {
            ++total;
            Json waits = Json::array();
            const int first = firstRankFromRoot(k, n, c.nroots);
            const int count = nRankFromRoot(k, n, c.nroots) + (c.nroots > 1 ? 1 : 0);
            for (int local = 0; local < count; ++local) {
                const int r = (first + local) % n;
                const bool extra = local == count - 1 && c.nroots > 1;
                if (extra ? (r == c.missing_rank || e.failed(r)) : !e.checkedIn(r)) append(waits, r);
            }
            append(list, {{"who", rootName(k, c.nroots)},
                          {"where", "bootstrapRoot: accept, waiting for check-ins"},
                          {"waits_on", waits},
                          {"received", R.received},
                          {"expected", R.nrecv > 0 ? R.nrecv : nRankFromRoot(k, n, c.nroots)}});
        }
    }
    if (e.phase() != Phase::Finished || e.complete()) return list;
    const bool duringInit = e.nextStage() != InitStage::AllGather1;
    std::vector<int> stuckBehind(std::size_t(n), n), stuckAhead(std::size_t(n), n);
    auto enters = [&](int r) {
        return r != c.missing_rank && !e.failed(r) && e.gotReply(r) && e.ringConnected(wrap(r - 1, n));
    };
    for (int pass = 0; pass < 2; ++pass)
        for (int i = 0; i < n; ++i) {
            const int r = i, rb = n - 1 - i;
            const int prev = wrap(r - 1, n), next = (rb + 1) % n;
            stuckBehind[std::size_t(r)] = !enters(prev) ? 1 : std::min(n, stuckBehind[std::size_t(prev)] + 1);
            stuckAhead[std::size_t(rb)] = !enters(next) ? 1 : std::min(n, stuckAhead[std::size_t(next)] + 1);
        }
    for (int r = 0; r < n; ++r) {
        if (r == c.missing_rank || e.failed(r)) continue;
        Json entry{{"who", r}};
        if (duringInit) {
            entry["where"] = "bootstrapAllGather (AllGather3): waiting for ranks that failed";
        } else if (!e.gotReply(r)) {
            entry["where"] = "bootstrapInit: accept on listenSockRoot, waiting for the root's reply";
            entry["waits_on"] = rootName(e.world().rootOf(r), c.nroots);
        } else if (!e.ringConnected(wrap(r - 1, n))) {
            entry["where"] = "socketRingConnect: accept, waiting for prev to connect";
            entry["waits_on"] = wrap(r - 1, n);
        } else {
            const int behind = stuckBehind[std::size_t(r)];
            const int ahead = c.version == Version::Classic ? n : stuckAhead[std::size_t(r)];
            const bool fromPrev = behind <= ahead;
            entry["where"] = "bootstrapRingAllGather: round " + std::to_string(std::min(behind, ahead) - 1) +
                             ", waiting for the slice from " + (fromPrev ? "prev" : "next");
            entry["waits_on"] = fromPrev ? wrap(r - 1, n) : (r + 1) % n;
        }
        ++total;
        append(list, entry);
    }
    return list;
}

// Which ranks know whose address. Up to 64 ranks every rank's row of n slots; above,
// three rows only (the log rank, else rank 0, and its ring neighbours), each with the
// ring range of slices it holds and its neighbours' addresses: O(1), never n × n.
static Json tablesJson(const NcclEngine& e) {
    const World& w = e.world();
    const int n = w.config.nranks;
    Json tables = Json::array();
    auto address = [&](int rank, int peer) { return e.knows(rank, peer) ? Json(w.listenAddress(peer)) : Json(); };
    if (n <= kSmallRanks) {
        for (int r = 0; r < n; ++r) {
            Json addresses = Json::array();
            for (int j = 0; j < n; ++j) addresses.push_back(address(r, j));
            tables.push_back({{"rank", r}, {"known", e.started(r) ? e.known(r).count() : 0}, {"addresses", addresses}});
        }
        return tables;
    }
    const int chosen = std::max(w.config.log_rank, 0);
    for (int r : {wrap(chosen - 1, n), chosen, (chosen + 1) % n}) {
        const KnownRange range = e.known(r);
        const bool open = e.started(r);
        const int prev = wrap(r - 1, n), next = (r + 1) % n;
        // The slices held run round the ring from r - back to r + forward (mod n).
        const Json slices = open ? Json{{"from", wrap(r - range.back, n)}, {"to", (r + range.forward) % n}} : Json();
        tables.push_back({{"rank", r},
                          {"known", open ? range.count() : 0},
                          {"slices", slices},
                          {"own", address(r, r)},
                          {"prev", {{"rank", prev}, {"address", address(r, prev)}}},
                          {"next", {{"rank", next}, {"address", address(r, next)}}}});
    }
    return tables;
}

sim::Json NcclEngine::summary() const {
    const World& w = *m_world;
    const Config& c = w.config;
    const int n = c.nranks;
    Json s;
    s["complete"] = m_complete;
    s["phase"] = phaseName(m_phase);
    s["version"] = versionName(c.version);
    s["nranks"] = n;
    s["nroots"] = c.nroots;
    s["detail"] = c.detail == Detail::Messages ? "messages" : "rounds";
    s["unique_id"] = inspect("unique_id");
    std::uint64_t total = 0;
    for (auto v : m_counts) total += v;
    s["messages"] = {
        {"extinfo", messages(MessageKind::ExtInfo)},          {"next_addr", messages(MessageKind::NextAddr)},
        {"ring_connect", messages(MessageKind::RingConnect)}, {"allgather", messages(MessageKind::AllGather)},
        {"bad_magic", messages(MessageKind::BadMagic)},       {"total", total}};
    Json payloads = c.version == Version::Classic
                        ? Json::array({"peer_addresses", "proxy_addresses", "proxy_uds_addresses"})
                        : Json::array({"ring_info"});
    s["allgather"] = {{"gathers", gathers()}, {"rounds_per_gather", roundsPerGather()}, {"payloads", payloads}};
    if (idFailed()) {
        // ncclGetUniqueId returned the error: the program stops before MPI_Bcast; nobody waits.
        s["reason"] = std::string("ncclGetUniqueId failed (") + w.idFailureResult() + "): " +
                      (c.comm_id.empty() ? "Bootstrap : no socket interface found"
                                         : "NET/Socket : No usable listening interface found");
    }
    std::size_t blockedTotal = 0;
    s["blocked"] =
        m_phase == Phase::Finished && !m_complete && !idFailed() ? blockedJson(*this, blockedTotal) : Json::array();
    s["blocked_count"] = blockedTotal;
    Json missing = Json::array(), failedRanks = Json::array();
    std::size_t failedCount = 0;
    if (c.missing_rank >= 0) missing.push_back(c.missing_rank);
    for (int r = 0; r < n; ++r)
        if (failed(r)) ++failedCount, append(failedRanks, r);
    s["missing"] = missing;
    s["failed"] = failedRanks;
    s["failed_count"] = failedCount;
    Json roots = Json::array();
    for (int k = 0; k < c.nroots && k < int(kListCap); ++k)
        roots.push_back(inspect(c.nroots > 1 ? "root:" + std::to_string(k) : "root"));
    s["roots"] = roots;
    s["tables"] = idFailed() ? Json::array() : tablesJson(*this);  // no rank ever opened a socket
    if (c.log) s["log"] = formatLog(w, m_log);
    return s;
}

sim::Json NcclEngine::inspect(const std::string& id) const {
    const World& w = *m_world;
    const Config& c = w.config;
    if (id == "unique_id" || id.rfind("unique_id:", 0) == 0) {
        const int k = id == "unique_id" ? 0 : parseInt(std::string_view(id).substr(10));
        if (k < 0 || k >= c.nroots) return nullptr;
        const UniqueId& uid = w.id(k);
        if (w.idFailed())
            return {{"filled", false},
                    {"result", w.idFailureResult()},
                    {"interface", nullptr},
                    {"root_host_rank", w.rootHostRank(k)},
                    {"note", "bootstrapNetInit found no interface: ncclGetUniqueId returned before filling the id"}};
        return {{"magic", hex64(uid.magic())},
                {"addr", socketString(uid.ipv4(), uid.port())},
                {"nRanks", 0},
                {"interface", w.interfaceName()},
                {"root_host_rank", w.rootHostRank(k)},
                {"comm_hash", hex64(uid.commHash())},
                {"layout",
                 {{{"field", "magic"}, {"offset", kMagicOffset}, {"bytes", 8}},
                  {{"field", "addr"}, {"offset", kAddrOffset}, {"bytes", kAddrBytes}},
                  {{"field", "nRanks"}, {"offset", kNRanksOffset}, {"bytes", 4}}}},
                {"hex", uid.hex()}};
    }
    if (id == "root" || id.rfind("root:", 0) == 0) {
        const int k = id == "root" ? 0 : parseInt(std::string_view(id).substr(5));
        if (k < 0 || k >= c.nroots) return nullptr;
        const RootState& R = m_roots[std::size_t(k)];
        return {{"root", rootName(k, c.nroots)},
                {"host_rank", w.rootHostRank(k)},
                {"address", w.idFailed() ? Json() : Json(socketString(w.id(k).ipv4(), w.id(k).port()))},
                {"nranks", R.nranks},
                {"received", R.received},
                {"expected", R.nrecv},
                {"answers", R.n2send},
                {"status", statusName(R.status)}};
    }
    if (id.rfind("msg:", 0) == 0) return inspectMessage(w, id);
    if (id.rfind("rank:", 0) == 0) {
        const int r = parseInt(std::string_view(id).substr(5));
        if (r < 0 || r >= c.nranks) return nullptr;
        const RankPlacement p = w.topology.placement(r);
        const std::uint32_t ip = w.interfaceAddress(p.node);
        Json sockets{{"ring_listen", socketString(ip, w.port(r, SocketKind::RingListen))},
                     {"root_callback", socketString(ip, w.port(r, SocketKind::RootCallback))},
                     {"proxy", socketString(ip, w.port(r, SocketKind::Proxy))}};
        if (c.version == Version::V2_30) sockets["p2p_listen"] = socketString(ip, w.port(r, SocketKind::P2pListen));
        return {{"rank", r},
                {"host", w.hostName(p.node)},
                {"pid", w.pid(r)},
                {"cudaDev", p.gpu},
                {"busId", w.topology.busId(p.gpu)},
                {"root", rootName(w.rootOf(r), c.nroots)},
                {"prev", wrap(r - 1, c.nranks)},
                {"next", (r + 1) % c.nranks},
                {"missing", r == c.missing_rank},
                {"checked_in", checkedIn(r)},
                {"got_next_addr", gotReply(r)},
                {"ring_connected", ringConnected(r)},
                {"failed", failed(r)},
                {"started", started(r)},
                {"known", started(r) ? known(r).count() : 0},
                {"sockets", sockets}};
    }
    return nullptr;
}

}  // namespace commviz::nccl
