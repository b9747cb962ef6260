// The NCCL bootstrap scene's narration: one sentence per event kind, typed by
// the kind names core declares (nccl::kind), filled from the event's fields.

#include "nccl/bootstrap_scene/nccl_text.h"
#include "shell/event_fields.h"

namespace commviz::views {

namespace {

// A missing field reads "?" in a sentence (EventFields::word); a missing round reads -1 to the logic.
QString field(const sim::EventRecord& r, const char* key) { return EventFields(r).word(key); }
int intField(const sim::EventRecord& r, const char* key) { return int(EventFields(r).integer(key).value_or(-1)); }
bool isBatch(const sim::EventRecord& r) { return EventFields(r).has("macro_step"); }

}  // namespace

const NarrationTable& NcclText::table() {
    static const NarrationTable table{
        {nccl::kind::kUniqueId, &NcclText::uniqueId},
        {nccl::kind::kIdDistribution, &NcclText::idDistribution},
        {nccl::kind::kExtInfo, &NcclText::extInfo,
         [](int n) {
             return countedPhrase(n, tr("1 extInfo message to the root"), tr("%1 extInfo messages to the root"));
         }},
        {nccl::kind::kBadMagic, &NcclText::badMagic},
        {nccl::kind::kNextAddr, &NcclText::nextAddr,
         [](int n) {
             return countedPhrase(n, tr("1 next-rank address sent back"), tr("%1 next-rank addresses sent back"));
         }},
        {nccl::kind::kRingConnect, &NcclText::ringConnect,
         [](int n) { return countedPhrase(n, tr("1 ring connection made"), tr("%1 ring connections made")); }},
        {nccl::kind::kAllGather, &NcclText::allGather,
         [](int n) {
             return countedPhrase(n, tr("1 allgather message around the ring"),
                                  tr("%1 allgather messages around the ring"));
         }},
        {nccl::kind::kRootConnectFailed, &NcclText::rootConnectFailed},
        {nccl::kind::kInitStage, &NcclText::initStage},
        {nccl::kind::kHang, &NcclText::hang},
        {nccl::kind::kInitFailed, &NcclText::initFailed},
    };
    return table;
}

QString NcclText::uniqueId(const sim::EventRecord& r) {
    if (!EventFields(r).flag("interface_found").value_or(true))
        return tr("Rank %1 calls ncclGetUniqueId, but bootstrapNetInit finds no usable interface: WARN, and the call "
                  "returns %2 before any id is filled. No root thread starts.")
            .arg(field(r, "host_rank"), field(r, "result"));
    if (EventFields(r).flag("from_env").value_or(false))
        return tr(
            "NCCL_COMM_ID is set: every process builds the same ncclUniqueId itself (magic 0x0280028002800280, "
            "the given address); rank 0 will start the root thread inside ncclCommInitRank.");
    return tr("Rank %1 calls ncclGetUniqueId: bootstrapGetUniqueId draws a random magic, binds the root's listen "
              "socket and starts the root thread (bootstrapRoot) in this process; the id holds magic and address.")
        .arg(field(r, "host_rank"));
}

QString NcclText::idDistribution(const sim::EventRecord& r) {
    const QString method = field(r, "method");
    if (method == QLatin1String("ncclCommInitAll"))
        return tr("ncclCommInitAll: one process drives all %1 GPUs and hands the id to each ncclCommInitRankDev "
                  "inside one group.")
            .arg(field(r, "nranks"));
    if (method == QLatin1String("NCCL_COMM_ID"))
        return tr("No broadcast is needed: all %1 ranks read the same NCCL_COMM_ID.").arg(field(r, "nranks"));
    return tr("MPI_Bcast copies the 128 bytes of the id (%1 of them) from rank 0 to all %2 ranks; every rank then "
              "calls ncclCommInitRank.")
        .arg(field(r, "ids"), field(r, "nranks"));
}

QString NcclText::extInfo(const sim::EventRecord& r) {
    if (isBatch(r) && field(r, "outcome") == QLatin1String("dropped"))
        return tr("%1 more ranks connect to %2 and send their extInfo, but its thread has stopped: the connections "
                  "wait in its backlog and are never read.")
            .arg(field(r, "count"), field(r, "dst"));
    if (isBatch(r) && field(r, "outcome") == QLatin1String("refused"))
        return tr("%1 ranks find %2 gone: their connections are refused.").arg(field(r, "count"), field(r, "dst"));
    if (isBatch(r))
        return tr("%1 ranks connect to %2 and send their extInfo (rank, nranks, callback and ring listen addresses).")
            .arg(field(r, "count"), field(r, "dst"));
    const QString checkIn = field(r, "check_in");
    const QString outcome = field(r, "outcome");
    if (checkIn == QLatin1String("extra"))
        return tr("Rank %1 also checks in with %2, the previous root, so that root learns the ring address its last "
                  "rank needs.")
            .arg(field(r, "src"), field(r, "dst"));
    if (outcome == QLatin1String("root_warn"))
        return tr("Rank %1's extInfo does not match what %2 already holds: the root prints its WARN and its thread "
                  "stops; ranks still waiting on it will hang.")
            .arg(field(r, "src"), field(r, "dst"));
    if (outcome == QLatin1String("refused"))
        return tr("Rank %1 finds %2 already gone: its connection is refused.").arg(field(r, "src"), field(r, "dst"));
    return tr("Rank %1 connects to %2, sends its extInfo (rank, nranks, the callback socket and its ring listen "
              "address) and closes the connection.")
        .arg(field(r, "src"), field(r, "dst"));
}

QString NcclText::badMagic(const sim::EventRecord& r) {
    if (isBatch(r)) return tr("%1 stale connections reach %2 and are dropped.").arg(field(r, "count"), field(r, "dst"));
    return tr("A stale client (rank %1 of another job) connects to %2 with the wrong magic: socketFinalizeAccept "
              "drops it and accepting goes on.")
        .arg(field(r, "src"), field(r, "dst"));
}

QString NcclText::nextAddr(const sim::EventRecord& r) {
    if (isBatch(r))
        return tr("%1 calls back %2 ranks, giving each the ring address of the rank after it.")
            .arg(field(r, "src"), field(r, "count"));
    return tr("%1 connects to rank %2's callback socket and sends it the ring listen address of rank %3, its next "
              "rank on the ring.")
        .arg(field(r, "src"), field(r, "dst"), field(r, "peer"));
}

QString NcclText::ringConnect(const sim::EventRecord& r) {
    if (isBatch(r))
        return tr("%1 ranks connect to their next rank and accept their previous one: the ring is closed.")
            .arg(field(r, "count"));
    return tr("Rank %1 connects its ring send socket to rank %2's listen socket; rank %2 accepts it as its recv "
              "socket.")
        .arg(field(r, "src"), field(r, "dst"));
}

QString NcclText::allGather(const sim::EventRecord& r) {
    const int round = intField(r, "round");
    // Classic runs three allgathers one after the other: say which one this message belongs to.
    const QString payload = field(r, "payload");
    const QString which =
        payload == QLatin1String("ring_info") ? QString() : tr("Allgather of the %1.").arg(payloadName(payload));
    // A space between English sentences, none after a Chinese full stop.
    const auto after = [&which](const QString& sentence) {
        return which.isEmpty() ? sentence : tr("%1 %2", "one sentence, then the next").arg(which, sentence);
    };
    if (isBatch(r) && EventFields(r).has("round_last"))
        return after(tr("Allgather rounds %1 to %2: %3 messages; in each round every rank forwards a slice to its "
                        "neighbour at once.")
                         .arg(round)
                         .arg(intField(r, "round_last"))
                         .arg(field(r, "count")));
    if (isBatch(r))
        return after(tr("Allgather round %1: %2 messages, every rank forwards a slice to its neighbour at once.")
                         .arg(round)
                         .arg(field(r, "count")));
    const QString direction = field(r, "direction");
    if (direction == QLatin1String("prev"))
        return tr("Round %1, backward ring: rank %2 sends slice %3 to its previous rank %4.")
            .arg(round)
            .arg(field(r, "src"), field(r, "slice"), field(r, "dst"));
    return after(tr("Round %1: rank %2 sends slice %3 to its next rank %4.")
                     .arg(round)
                     .arg(field(r, "src"), field(r, "slice"), field(r, "dst")));
}

QString NcclText::rootConnectFailed(const sim::EventRecord& r) {
    return tr("Connecting to %1 is refused (%2) %3 times; the rank gives up with a WARN and ncclCommInitRank "
              "fails.")
        .arg(field(r, "dst"), field(r, "errno"), field(r, "attempts"));
}

QString NcclText::initStage(const sim::EventRecord& r) {
    if (EventFields(r).flag("failed").value_or(false))
        return tr("%1 fails on every rank: the communicator is not created.").arg(QString::fromStdString(r.anchor));
    return tr("initTransportsRank: %1 runs on every rank (%2 bootstrap messages).")
        .arg(QString::fromStdString(r.anchor), field(r, "messages"));
}

QString NcclText::hang(const sim::EventRecord& r) {
    return tr("Nothing more can happen: %1 ranks wait forever. The bootstrap has no global timeout, so the job "
              "hangs; the summary says who waits on whom.")
        .arg(field(r, "blocked_ranks"));
}

QString NcclText::initFailed(const sim::EventRecord& r) {
    if (field(r, "failed_call") == QLatin1String("ncclGetUniqueId"))
        return tr("ncclGetUniqueId failed: the program has no id to broadcast, so no rank calls ncclCommInitRank.");
    return tr("ncclCommInitRank returns an error: the communicator was not created.");
}

}  // namespace commviz::views
