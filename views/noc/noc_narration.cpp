// The NoC scene's narration: one sentence per kind of NocEngine::eventKinds(),
// filled from the event's fields.

#include "noc/noc_event_kinds.h"
#include "noc/noc_text.h"
#include "shell/event_fields.h"

namespace commviz::views {

namespace kinds = noc::kinds;

namespace {

// To the logic a missing field reads -1, which no router, port, VC or packet is; in a sentence "?".
int field(const sim::EventRecord& r, const char* key) { return int(EventFields(r).integer(key).value_or(-1)); }
QString num(const sim::EventRecord& r, const char* key) { return EventFields(r).count(key); }

// Ports are not known from the record alone; the narration names them by number
// and the renderer draws where they are. 2d = +dimension d, 2d+1 = -d, 2n = local.
QString port(const sim::EventRecord& r, const char* key) {
    const int p = field(r, key);
    return QString::number(p);
}

QString packetCreated(const sim::EventRecord& r) {
    return NocText::tr("Node %1 creates packet %2 for node %3; it waits in the source queue until it can inject.")
        .arg(num(r, "router"), num(r, "packet"), num(r, "value"));
}
QString flitInjected(const sim::EventRecord& r) {
    return NocText::tr(
               "Node %1 injects flit %2 of packet %3 into VC %4 of its router's local input (it held a credit).")
        .arg(num(r, "router"), num(r, "flit"), num(r, "packet"), num(r, "vc"));
}
QString flitBuffered(const sim::EventRecord& r) {
    return NocText::tr("Router %1 writes flit %2 into input port %3, VC %4 (input queuing).")
        .arg(num(r, "router"), num(r, "flit"), port(r, "port"), num(r, "vc"));
}
QString routeComputed(const sim::EventRecord& r) {
    return NocText::tr("RC: router %1 routes the head flit in input %2 VC %3 to output port %4.")
        .arg(num(r, "router"), port(r, "port"), num(r, "vc"), port(r, "out_port"));
}
QString vcAllocated(const sim::EventRecord& r) {
    return NocText::tr("VA: router %1 grants output %2 VC %3 to the packet in input %4 VC %5.")
        .arg(num(r, "router"), port(r, "out_port"), num(r, "out_vc"), port(r, "port"), num(r, "vc"));
}
QString switchAllocated(const sim::EventRecord& r) {
    if (field(r, "value") == 1)  // hold_switch_for_packet: no allocation, the packet's connection is kept
        return NocText::tr(
                   "Held connection: router %1 sends flit %2 from input %3 VC %4 to output %5 over the crossbar "
                   "connection its packet keeps; no switch allocation is needed.")
            .arg(num(r, "router"), num(r, "flit"), port(r, "port"), num(r, "vc"), port(r, "out_port"));
    return NocText::tr(
               "SA: router %1 gives the crossbar to flit %2 (input %3 VC %4 to output %5); it leaves the buffer "
               "and its slot's credit will go upstream.")
        .arg(num(r, "router"), num(r, "flit"), port(r, "port"), num(r, "vc"), port(r, "out_port"));
}
QString flitSent(const sim::EventRecord& r) {
    return NocText::tr("ST: router %1 puts flit %2 on output port %3; link traversal starts.")
        .arg(num(r, "router"), num(r, "flit"), port(r, "port"));
}
QString flitEjected(const sim::EventRecord& r) {
    return NocText::tr("Node %1 ejects flit %2 of packet %3, %4 cycles after it was injected.")
        .arg(num(r, "router"), num(r, "flit"), num(r, "packet"), num(r, "value"));
}
QString creditSent(const sim::EventRecord& r) {
    return NocText::tr("Router %1 sends a credit upstream from input port %2: a buffer slot is free again.")
        .arg(num(r, "router"), port(r, "port"));
}
QString periodEnded(const sim::EventRecord& r) {
    return NocText::tr("Sample period %1 ends; BookSim prints its statistics and checks convergence.")
        .arg(num(r, "value"));
}
QString phaseChanged(const sim::EventRecord& r) {
    return NocText::tr("The run is now %1.").arg(NocText::phaseName(field(r, "value")));
}
QString deadlock(const sim::EventRecord& r) {
    return NocText::tr("Deadlock: %1 virtual channels each wait for a buffer slot held by the next; the run stops.")
        .arg(num(r, "value"));
}

}  // namespace

const NarrationTable& NocText::table() {
    static const NarrationTable t{
        {kinds::kPacketCreated, &packetCreated}, {kinds::kFlitInjected, &flitInjected},
        {kinds::kFlitBuffered, &flitBuffered},   {kinds::kRouteComputed, &routeComputed},
        {kinds::kVcAllocated, &vcAllocated},     {kinds::kSwitchAllocated, &switchAllocated},
        {kinds::kFlitSent, &flitSent},           {kinds::kFlitEjected, &flitEjected},
        {kinds::kCreditSent, &creditSent},       {kinds::kPeriodEnded, &periodEnded},
        {kinds::kPhaseChanged, &phaseChanged},   {kinds::kDeadlock, &deadlock},
    };
    return t;
}

}  // namespace commviz::views
