// The NCCL topology scene's narration: one sentence per kind of
// TopologyEngine::eventKinds(), filled from the event's fields.

#include "nccl/topology_scene/topology_events.h"
#include "nccl/topology_scene/topology_text.h"
#include "shell/event_fields.h"

namespace commviz::views {

namespace {

using nccl_topology::ChannelsPostsetEvent;
using nccl_topology::GraphSearchedEvent;
using nccl_topology::LogReadEvent;
using nccl_topology::PathsComputedEvent;
using nccl_topology::SystemReadEvent;
using nccl_topology::TransportsConnectedEvent;

QString number(const sim::EventRecord& record, const char* key) { return EventFields(record).count(key); }
QString word(const sim::EventRecord& record, const char* key) { return EventFields(record).word(key); }
QString gbps(const sim::EventRecord& record, const char* key) {
    return QString::number(EventFields(record).number(key).value_or(0), 'f', 1);
}

QString systemRead(const sim::EventRecord& record) {
    QString out = TopologyText::tr(
                      "ncclTopoGetSystemFromXml reads %1: %2 GPUs, %3 NICs, %4 CPUs (NUMA domains), %5 PCI "
                      "switches and %6 NVSwitch nodes, joined by %7 one-way links.")
                      .arg(word(record, "file"), number(record, "gpus"), number(record, "nics"), number(record, "cpus"),
                           number(record, "pcis"), number(record, "nvswitches"), number(record, "links"));
    if (EventFields(record).integer("assumed").value_or(0) > 0)
        out = joinSentences(
            {out,
             TopologyText::tr("%1 values the file leaves out are assumed from keys.").arg(number(record, "assumed"))});
    return out;
}

QString pathsComputed(const sim::EventRecord& record) {
    return TopologyText::tr(
               "ncclTopoComputePaths finds the path between every pair of devices: between GPUs from %1 to %2, "
               "%3 to %4 GB/s; P2P is allowed up to %5.")
        .arg(word(record, "best_type"), word(record, "worst_type"), gbps(record, "min_bw"), gbps(record, "max_bw"),
             word(record, "p2p_level"));
}

QString graphSearched(const sim::EventRecord& record) {
    const EventFields fields(record);
    QString out = fields.flag("from_file").value_or(false)
                      ? TopologyText::tr(
                            "The graph file gives the %1 graph: %2 channels, %3 GB/s inside the "
                            "server and %4 GB/s between servers, type %5/%6.")
                      : TopologyText::tr(
                            "ncclTopoCompute searches the %1 pattern: %2 channels, %3 GB/s inside "
                            "the server and %4 GB/s between servers, type %5/%6.");
    out = out.arg(word(record, "pattern"), number(record, "nchannels"), gbps(record, "bw_intra"),
                  gbps(record, "bw_inter"), word(record, "type_intra"), word(record, "type_inter"));
    // ncclTopoCompute relaxes BALANCED_TREE to TREE when the balanced search finds nothing better.
    if (const auto kept = fields.text("kept_pattern"); kept && *kept != word(record, "pattern"))
        out = joinSentences({out, TopologyText::tr("The graph it keeps has the %1 pattern.").arg(*kept)});
    if (fields.flag("fell_back").value_or(false))
        out = joinSentences({out, TopologyText::tr("No path was found, so NCCL falls back to the simple order.")});
    return out;
}

// The first WARN, decoded when it is an IB completion (an ibv_wc_status), with the RDMA example to open.
QString firstWarn(const sim::EventRecord& record) {
    const EventFields fields(record);
    const auto line = fields.integer("first_warn_line");
    if (!line) return {};
    const QString where = TopologyText::tr("The first WARN (line %1, rank %2) is marked with ! on that rank's GPU.")
                              .arg(*line)
                              .arg(number(record, "first_warn_rank"));
    const auto status = fields.integer("wc_status");
    if (!status) return where;
    QString decoded = TopologyText::tr("It is an IB completion with status %1, an ibv_wc_status.").arg(*status);
    if (*status == 12)
        decoded = TopologyText::tr(
            "It is an IB completion with status 12, IBV_WC_RETRY_EXC_ERR: the sending HCA resent a packet "
            "retry_cnt times without an ACK and gave up, so the peer, its port or the fabric lost them.");
    else if (*status == 13)
        decoded = TopologyText::tr(
            "It is an IB completion with status 13, IBV_WC_RNR_RETRY_EXC_ERR: the receiver had no receive "
            "posted, rnr_retry times.");
    if (const auto scenario = fields.text("rdma_scenario"))
        decoded = joinSentences(
            {decoded,
             TopologyText::tr(
                 "The RDMA scene shows it happen: pick RDMA in the Scenes list, then File ▸ Open Example ▸ %1.")
                 .arg(*scenario)});
    return joinSentences({where, decoded});
}

// Which servers the log is drawn on, and where a given topology does not fit it.
QString logServers(const sim::EventRecord& record) {
    const EventFields fields(record);
    if (fields.flag("servers_from_log").value_or(false))
        return TopologyText::tr(
            "No topology was given, so the servers are the log's own: its hosts, its ranks' bus ids and the NET "
            "devices its connections name; what a log does not say is listed as assumed.");
    QStringList clauses;
    if (const auto ranks = fields.integer("log_ranks_per_host"))
        clauses << TopologyText::tr("the log has %1 ranks per host, the topology %2 GPUs per server")
                       .arg(*ranks)
                       .arg(number(record, "topology_gpus"));
    if (const auto missing = fields.integer("missing_bus_ids"))
        clauses << TopologyText::tr("%1 of the log's bus ids are not in the topology").arg(*missing);
    if (clauses.isEmpty()) return {};
    return TopologyText::tr("The log does not fit the topology: %1; GPUs without a rank in the log are faded.")
        .arg(clauses.join(QStringLiteral("; ")));
}

QString logRead(const sim::EventRecord& record) {
    const QString read =
        TopologyText::tr(
            "The NCCL_DEBUG=INFO log of NCCL %1 is read: %2 ranks on %3 hosts, %4 channels, %5 connections, "
            "%6 warnings, %7 lines not understood.")
            .arg(word(record, "version"), number(record, "ranks"), number(record, "hosts"), number(record, "channels"),
                 number(record, "connections"), number(record, "warns"), number(record, "unread"));
    return joinSentences({read, logServers(record), firstWarn(record)});
}

QString channelsPostset(const sim::EventRecord& record) {
    const QStringList ring = EventFields(record).list("ring0").value_or(QStringList());
    return TopologyText::tr("ncclTopoPostset joins %1 servers: %3 ranks, %2 channel(s) in all; channel 0's ring is %4.")
        .arg(number(record, "nnodes"), number(record, "channels"), number(record, "nranks"),
             ring.isEmpty() ? QStringLiteral("—") : ring.join(QLatin1Char(' ')));
}

QString transportsConnected(const sim::EventRecord& record) {
    return TopologyText::tr(
               "ncclTransportP2pSetup connects %1 ring and tree links: %2 through P2P, %3 through shared memory, "
               "%4 through the network.")
        .arg(number(record, "connections"), number(record, "p2p"), number(record, "shm"), number(record, "net"));
}

}  // namespace

const NarrationTable& TopologyText::table() {
    static const NarrationTable t{
        {SystemReadEvent::kKind, &systemRead},           {PathsComputedEvent::kKind, &pathsComputed},
        {GraphSearchedEvent::kKind, &graphSearched},     {LogReadEvent::kKind, &logRead},
        {ChannelsPostsetEvent::kKind, &channelsPostset}, {TransportsConnectedEvent::kKind, &transportsConnected}};
    return t;
}

}  // namespace commviz::views
