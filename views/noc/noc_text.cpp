#include "noc/noc_text.h"

#include <map>

#include "noc/noc_event_kinds.h"

namespace commviz::views {

namespace kinds = noc::kinds;

QString NocText::about() {
    return tr(
        "<p>Each step is one cycle of BookSim2's input-queued virtual-channel router (<code>router = "
        "iq</code>) on a k-ary n-mesh or torus, a k-ary n-fly butterfly, a concentrated mesh (cmesh), an on-chip "
        "flattened butterfly (flatfly), a fat tree, a quad tree, tree4, a dragonfly (dragonflynew) or any network "
        "(anynet): head flits go "
        "through route computation, VC allocation and switch allocation (iSLIP by default), every flit crosses the "
        "crossbar and the link, and each flit that leaves "
        "an input buffer sends a credit back upstream. The keys are BookSim's, with BookSim's defaults, "
        "except <code>routing_function</code>, which starts at <code>dim_order</code> because BookSim's "
        "default <code>none</code> cannot run.</p>"
        "<p>The run follows BookSim's TrafficManager: Bernoulli or on_off sources with infinite source queues, "
        "sample periods of <code>sample_period</code> cycles, warm-up, convergence within "
        "<code>stopping_thres</code>, the <code>latency_thres</code> abort and the drain. "
        "<code>commviz noc CONFIG</code> prints the same statistics in BookSim's layout.</p>"
        "<p>What differs: the random-number stream is not BookSim's (Knuth's generator), so statistics agree "
        "within a few percent, not digit for digit. Modelled: the dor / dim_order, min_adapt, valiant "
        "and romm routing functions on the mesh and torus, dest_tag on the fly, dor, dor_no_express, xy_yx and "
        "xy_yx_no_express on the cmesh, ran_min, xyyx, adaptive_xyyx, valiant, ugal, ugal_xyyx and ugal_pni on "
        "the flatfly, nca and anca on the fat tree, nca on the quad tree and tree4, min and ugal on the dragonfly, "
        "min on an anynet (its network_file's routers on a circle, its channels as lines, BookSim's one shortest "
        "path per router and node); BookSim's iSLIP, separable (input or output first, round-robin or matrix "
        "arbiters), wavefront, select, PIM and LOA allocators; Bernoulli and on_off injection and one traffic "
        "class. Other BookSim keys are refused by name. BookSim2's own valiant_torus aborts on an "
        "assert (it reads "
        "an uninitialised dateline class when a packet goes straight on); commviz keeps the class chosen on "
        "turning into the dimension. "
        "The deadlock detector (a cycle of VCs each waiting on the next) stops the run instead of BookSim's "
        "warning; <code>dateline = 0</code> is a commviz key that removes the torus dateline classes so you "
        "can see that deadlock.</p>");
}

QString NocText::portName(int p, int ports) {
    if (p == ports - 1) return tr("local");
    static const char* dims = "xyz";
    const QChar dim = QLatin1Char(dims[(p / 2) % 3]);
    return (p % 2 == 0 ? QStringLiteral("+") : QStringLiteral("−")) + dim;
}

QString NocText::portName(int p, const noc::NocConfig& config) {
    // A fly's ports, and an anynet's (nodes first, then channels, as many as each router has).
    if (config.topology == noc::Topology::Fly || config.topology == noc::Topology::AnyNet) return QString::number(p);
    if (config.topology == noc::Topology::FlatFly)  // c node ports, then the express links by number
        return p < config.c ? tr("n%1", "a cmesh router's node port").arg(p) : QString::number(p);
    if (config.topology == noc::Topology::Tree4)  // tree4.cpp: a router's ports down, then up (none at the top)
        return QStringLiteral("%1").arg(p);
    if (config.topology == noc::Topology::QTree)  // qtree.cpp: the children's ports, then the parent's
        return p < config.k ? QStringLiteral("↓%1").arg(p) : QStringLiteral("↑");
    if (config.topology == noc::Topology::FatTree)  // fattree.cpp: ports below k lead down, the rest up
        return p < config.k ? QStringLiteral("↓%1").arg(p) : QStringLiteral("↑%1").arg(p - config.k);
    if (config.topology == noc::Topology::DragonFlyNew) {  // k nodes, 2k - 1 in the group, k global
        if (p < config.k) return tr("n%1", "a dragonfly router's node port").arg(p);
        if (p < 3 * config.k - 1) return tr("l%1", "a dragonfly router's port to its group").arg(p - config.k);
        return tr("g%1", "a dragonfly router's global port").arg(p - 3 * config.k + 1);
    }
    if (config.topology == noc::Topology::CMesh)  // c node ports, then a 2-D mesh's four
        return p < config.c ? tr("n%1", "a cmesh router's node port").arg(p) : portName(p - config.c, 5);
    return portName(p, config.ports());
}

QString NocText::phaseName(int phase) {
    switch (phase) {
        case 0:
            return tr("warming up");
        case 1:
            return tr("measuring");
        case 2:
            return tr("draining measured packets");
        case 3:
            return tr("draining the network");
        case 4:
            return tr("waiting for the last credits");
        case 5:
            return tr("done");
    }
    return QString::number(phase);
}

QString NocText::cycleSummary(std::size_t cycle, const std::vector<sim::EventRecord>& records) {
    std::map<std::string, int> count;
    for (const auto& r : records) ++count[r.kind];
    const auto n = [&](std::string_view kind) { return count[std::string(kind)]; };
    QStringList parts;
    if (const int c = n(kinds::kPacketCreated))
        parts << countedPhrase(c, tr("1 packet created"), tr("%1 packets created"));
    if (const int c = n(kinds::kFlitInjected))
        parts << countedPhrase(c, tr("1 flit injected"), tr("%1 flits injected"));
    if (const int c = n(kinds::kFlitBuffered))
        parts << countedPhrase(c, tr("1 flit buffered"), tr("%1 flits buffered"));
    if (const int c = n(kinds::kRouteComputed))
        parts << countedPhrase(c, tr("1 route computed"), tr("%1 routes computed"));
    if (const int c = n(kinds::kVcAllocated)) parts << countedPhrase(c, tr("1 VC allocated"), tr("%1 VCs allocated"));
    if (const int c = n(kinds::kSwitchAllocated))
        parts << countedPhrase(c, tr("1 switch grant"), tr("%1 switch grants"));
    if (const int c = n(kinds::kFlitSent))
        parts << countedPhrase(c, tr("1 flit sent on links"), tr("%1 flits sent on links"));
    if (const int c = n(kinds::kFlitEjected)) parts << countedPhrase(c, tr("1 flit ejected"), tr("%1 flits ejected"));
    if (const int c = n(kinds::kCreditSent))
        parts << countedPhrase(c, tr("1 credit returned"), tr("%1 credits returned"));
    // Run-level moments (a period's end, a new phase, a deadlock) are said in full.
    QStringList moments;
    for (const auto& r : records)
        if (r.kind == kinds::kPeriodEnded || r.kind == kinds::kPhaseChanged || r.kind == kinds::kDeadlock)
            moments << table().narrate(r);
    if (parts.isEmpty() && moments.isEmpty()) return tr("Cycle %1: nothing moves.").arg(cycle);
    if (parts.isEmpty()) return tr("Cycle %1:").arg(cycle) + QLatin1Char(' ') + joinSentences(moments);
    return joinSentences(QStringList{tr("Cycle %1: %2.").arg(cycle).arg(parts.join(tr(", ")))} + moments);
}

}  // namespace commviz::views
