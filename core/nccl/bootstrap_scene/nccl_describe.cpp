// NcclEngine::describe: the generic face of each typed event, in the shape of the
// `commviz run --json` contract (kinds extinfo, next_addr, ring_connect,
// allgather; src/dst as ranks or "root" / "root0", …).

#include <string>

#include "nccl/bootstrap_scene/nccl_engine.h"
#include "sim/enum_names.h"

namespace commviz::nccl {

namespace {

using sim::Json;

Json rootName(int root, int nroots) {
    if (root < 0) return "roots";
    return nroots > 1 ? "root" + std::to_string(root) : std::string("root");
}
std::string rootObject(int root, int nroots) {
    return nroots > 1 ? "root:" + std::to_string(root) : std::string("root");
}
std::string rankObject(int rank) { return "rank:" + std::to_string(rank); }

constexpr sim::EnumNames<Payload::ProxyUdsAddresses> kPayloadNames({"peer_addresses", "proxy_addresses", "ring_info",
                                                                    "proxy_uds_addresses"});
const char* payloadName(Payload payload) { return kPayloadNames(payload, "").data(); }

const char* kindName(MessageKind kind) {
    switch (kind) {
        case MessageKind::ExtInfo:
            return kind::kExtInfo.data();
        case MessageKind::NextAddr:
            return kind::kNextAddr.data();
        case MessageKind::RingConnect:
            return kind::kRingConnect.data();
        case MessageKind::AllGather:
            return kind::kAllGather.data();
        case MessageKind::BadMagic:
            return kind::kBadMagic.data();
    }
    return "";
}

sim::EventRecord describeExtInfo(const ExtInfoSent& e) {
    const bool stale = e.what == CheckIn::BadMagic;
    // The struct the rank sends: classic {rank, nranks, addresses}; 2.30 adds iroot, nroots, offset.
    Json extInfo{{"rank", e.infoRank}, {"nranks", e.reportedNranks}};
    if (e.v230) {
        extInfo["iroot"] = e.root;
        extInfo["nroots"] = e.nroots;
        extInfo["offset"] = 0;
    }
    return {std::string(stale ? kind::kBadMagic : kind::kExtInfo),
            stale ? "socketFinalizeAccept" : "sendToRoot",
            {rankObject(e.src), rootObject(e.root, e.nroots)},
            {{"src", e.src},
             {"dst", rootName(e.root, e.nroots)},
             {"extInfo", extInfo},
             {"check_in", checkInName(e.what)},
             {"outcome", outcomeName(e.outcome)},
             {"stagger_us", e.staggerUs}}};
}

sim::EventRecord describeBatch(const MessageBatch& b) {
    Json fields{{"count", b.count}, {"macro_step", true}};
    std::vector<std::string> objects;
    const char* anchor = "bootstrapRoot";
    switch (b.kind) {
        case MessageKind::ExtInfo:
        case MessageKind::BadMagic:
            fields["src"] = "ranks";
            fields["dst"] = rootName(b.root, b.nroots);
            if (b.outcome != Outcome::Accepted) fields["outcome"] = outcomeName(b.outcome);
            anchor = "sendToRoot";
            objects.push_back(rootObject(b.root, b.nroots));
            break;
        case MessageKind::NextAddr:
            fields["src"] = rootName(b.root, b.nroots);
            fields["dst"] = "ranks";
            objects.push_back(rootObject(b.root, b.nroots));
            break;
        case MessageKind::RingConnect:
            anchor = "socketRingConnect";
            break;
        case MessageKind::AllGather:
            anchor = b.payload == Payload::RingInfo ? "socketRingAllGather" : "bootstrapRingAllGather";
            fields["round"] = b.round;
            // A span of rounds (detail=rounds above kMaxRoundSteps): rounds round … round_last.
            if (b.rounds > 1) {
                fields["rounds"] = b.rounds;
                fields["round_last"] = b.lastRound();
            }
            fields["payload"] = payloadName(b.payload);
            if (b.payload == Payload::RingInfo) fields["directions"] = b.oneWay ? "next" : "next+prev";
            break;
    }
    return {kindName(b.kind), anchor, objects, fields};
}

struct Describer {
    sim::EventRecord operator()(const UniqueIdCreated& e) const {
        return {
            std::string(kind::kUniqueId),
            e.fromEnv ? "bootstrapGetUniqueId" : "ncclGetUniqueId",
            {e.nroots > 1 ? "unique_id:" + std::to_string(e.root) : std::string("unique_id"), rankObject(e.hostRank)},
            {{"root", rootName(e.root, e.nroots)},
             {"host_rank", e.hostRank},
             {"from_env", e.fromEnv},
             {"root_thread", !e.interfaceFound ? "not started"
                             : e.fromEnv       ? "started by rank 0 in ncclCommInitRank"
                                               : "started now"},
             {"interface_found", e.interfaceFound},
             {"result", e.interfaceFound ? "ncclSuccess"
                        : e.fromEnv      ? "ncclSystemError"
                                         : "ncclInvalidUsage"}}};
    }
    sim::EventRecord operator()(const IdDistributed& e) const {
        const char* method = e.fromEnv                           ? "NCCL_COMM_ID"
                             : e.method == Distribution::InitAll ? "ncclCommInitAll"
                                                                 : "MPI_Bcast";
        return {std::string(kind::kIdDistribution),
                method,
                {},
                {{"method", method}, {"nranks", e.nranks}, {"ids", e.nroots}}};
    }
    sim::EventRecord operator()(const ExtInfoSent& e) const { return describeExtInfo(e); }
    sim::EventRecord operator()(const NextAddrSent& e) const {
        return {std::string(kind::kNextAddr),
                e.nroots > 1 ? "rootSend" : "bootstrapRoot",
                {rootObject(e.root, e.nroots), rankObject(e.dst), rankObject(e.peer)},
                {{"src", rootName(e.root, e.nroots)}, {"dst", e.dst}, {"peer", e.peer}}};
    }
    sim::EventRecord operator()(const RingConnected& e) const {
        return {std::string(kind::kRingConnect),
                "socketRingConnect",
                {rankObject(e.src), rankObject(e.dst)},
                {{"src", e.src}, {"dst", e.dst}}};
    }
    sim::EventRecord operator()(const AllGatherSent& e) const {
        Json fields{{"src", e.src},
                    {"dst", e.dst},
                    {"round", e.round},
                    {"slice", e.slice},
                    {"payload", payloadName(e.payload)}};
        if (e.bidirectional) fields["direction"] = e.direction == Direction::Next ? "next" : "prev";
        return {std::string(kind::kAllGather),
                e.bidirectional ? "socketRingAllGather" : "bootstrapRingAllGather",
                {rankObject(e.src), rankObject(e.dst)},
                fields};
    }
    sim::EventRecord operator()(const MessageBatch& b) const { return describeBatch(b); }
    sim::EventRecord operator()(const RootConnectFailed& e) const {
        Json fields{{"dst", rootName(e.root, e.nroots)},
                    {"ranks", e.ranks},
                    {"errno", "ECONNREFUSED"},
                    {"attempts", e.classic ? 20000 : 35}};
        if (e.rank >= 0) fields["src"] = e.rank;
        return {std::string(kind::kRootConnectFailed), e.classic ? "socketStartConnect" : "ncclOsSocketPollConnect",
                e.rank >= 0 ? std::vector<std::string>{rankObject(e.rank)} : std::vector<std::string>{}, fields};
    }
    sim::EventRecord operator()(const InitStageDone& e) const {
        return {std::string(kind::kInitStage),
                stageAnchor(e.stage),
                {},
                {{"stage", stageName(e.stage)}, {"messages", e.messages}, {"failed", e.failed}}};
    }
    sim::EventRecord operator()(const Stopped& e) const {
        Json fields{{"blocked_ranks", e.blockedRanks}};
        if (e.idFailed) fields["failed_call"] = "ncclGetUniqueId";
        return {std::string(e.hang ? kind::kHang : kind::kInitFailed), e.idFailed ? "ncclGetUniqueId" : "bootstrapInit",
                e.idFailed ? std::vector<std::string>{"unique_id"} : std::vector<std::string>{}, fields};
    }
};

}  // namespace

sim::EventRecord NcclEngine::describe(const Event& event) { return std::visit(Describer{}, event); }

std::vector<std::string> NcclEngine::eventKinds() {
    return {std::string(kind::kUniqueId),  std::string(kind::kIdDistribution),    std::string(kind::kExtInfo),
            std::string(kind::kBadMagic),  std::string(kind::kNextAddr),          std::string(kind::kRingConnect),
            std::string(kind::kAllGather), std::string(kind::kRootConnectFailed), std::string(kind::kInitStage),
            std::string(kind::kHang),      std::string(kind::kInitFailed)};
}

}  // namespace commviz::nccl
