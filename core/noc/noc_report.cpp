#include "noc/noc_report.h"

#include <sstream>

namespace commviz::noc {

namespace {

void stat3(std::ostream& os, const char* label, const SampleStats& s, const char* suffix) {
    os << label << " average = " << s.average() << suffix << "\n";
    os << "\tminimum = " << s.min << suffix << "\n";
    os << "\tmaximum = " << s.max << suffix << "\n";
}

void rate3(std::ostream& os, const char* label, const RateStats& r) {
    os << label << r.average << "\n";
    os << "\tminimum = " << r.min << " (at node " << r.minNode << ")\n";
    os << "\tmaximum = " << r.max << " (at node " << r.maxNode << ")\n";
}

void overallRate(std::ostream& os, const char* label, const RateStats& r) {
    os << label << " average = " << r.average << " (1 samples)\n";
    os << "\tminimum = " << r.min << " (1 samples)\n";
    os << "\tmaximum = " << r.max << " (1 samples)\n";
}

void period(std::ostream& os, const PeriodStats& p) {
    os << "Class 0:\n";
    stat3(os, "Packet latency", p.plat, "");
    stat3(os, "Network latency", p.nlat, "");
    os << "Slowest packet = " << p.slowestPacket << "\n";
    stat3(os, "Flit latency", p.flat, "");
    os << "Slowest flit = " << p.slowestFlit << "\n";
    stat3(os, "Fragmentation", p.frag, "");
    rate3(os, "Injected packet rate average = ", p.injectedPackets);
    rate3(os, "Accepted packet rate average = ", p.acceptedPackets);
    rate3(os, "Injected flit rate average = ", p.injectedFlits);
    rate3(os, "Accepted flit rate average= ", p.acceptedFlits);  // BookSim's missing space
    os << "Injected packet length average = " << p.injectedLength << "\n";
    os << "Accepted packet length average = " << p.acceptedLength << "\n";
    os << "Total in-flight flits = " << p.inFlightFlits << " (" << p.measuredInFlightFlits << " measured)\n";
    os << "latency change    = " << p.latencyChange << "\n";
    os << "throughput change = " << p.throughputChange << "\n";
}

}  // namespace

std::string formatBookSimReport(const NocReport& report) {
    std::string text;
    for (std::size_t i = 0; i < report.periods.size(); ++i) text += formatBookSimPeriod(report, i);
    return text + formatBookSimEnding(report);
}

std::string formatBookSimPeriod(const NocReport& report, std::size_t index) {
    std::ostringstream os;
    const PeriodStats& p = report.periods.at(index);
    period(os, p);
    if (report.warmedUpAt == p.time) os << "Warmed up ...Time used is " << p.time << " cycles\n";
    return os.str();
}

std::string formatBookSimEnding(const NocReport& report) {
    std::ostringstream os;
    if (report.outcome == NocOutcome::Deadlocked) {
        os << "Deadlock: a cycle of virtual channels each waiting on the next:";
        for (const std::string& vc : report.deadlockCycle) os << " " << vc;
        os << "\n";
        return os.str();
    }
    if (report.outcome == NocOutcome::Unstable) {
        if (report.abortLatency > 0) {
            os << "Average latency for class 0 exceeded " << report.abortLatency << " cycles. Aborting simulation.\n";
        }
        if (report.tooManyPeriods) os << "Too many sample periods needed to converge\n";
        os << "Simulation unstable, ending ...\n";
        return os.str();
    }
    if (report.outcome != NocOutcome::Completed) return os.str();
    if (report.drainedMeasured) os << "Draining all recorded packets ...\n";
    os << "Draining remaining packets ...\n";
    const OverallStats& o = report.overall;
    os << "Time taken is " << o.timeTaken << " cycles\n";
    os << "====== Overall Traffic Statistics ======\n";
    os << "====== Traffic class 0 ======\n";
    stat3(os, "Packet latency", o.plat, " (1 samples)");
    stat3(os, "Network latency", o.nlat, " (1 samples)");
    stat3(os, "Flit latency", o.flat, " (1 samples)");
    stat3(os, "Fragmentation", o.frag, " (1 samples)");
    overallRate(os, "Injected packet rate", o.injectedPackets);
    overallRate(os, "Accepted packet rate", o.acceptedPackets);
    overallRate(os, "Injected flit rate", o.injectedFlits);
    overallRate(os, "Accepted flit rate", o.acceptedFlits);
    os << "Injected packet size average = " << o.injectedFlits.average / o.injectedPackets.average << " (1 samples)\n";
    os << "Accepted packet size average = " << o.acceptedFlits.average / o.acceptedPackets.average << " (1 samples)\n";
    os << "Hops average = " << o.hops << " (1 samples)\n";
    return os.str();
}

sim::Json reportJson(const NocReport& report) {
    const char* outcome[] = {"running", "completed", "unstable", "deadlocked"};
    sim::Json out{{"outcome", outcome[int(report.outcome)]}, {"sample_periods", report.periods.size()}};
    if (report.outcome == NocOutcome::Completed) {
        const OverallStats& o = report.overall;
        auto three = [](const SampleStats& s) {
            return sim::Json{{"average", s.average()}, {"minimum", s.min}, {"maximum", s.max}};
        };
        auto rate = [](const RateStats& r) {
            return sim::Json{{"average", r.average}, {"minimum", r.min}, {"maximum", r.max}};
        };
        out["packet_latency"] = three(o.plat);
        out["network_latency"] = three(o.nlat);
        out["flit_latency"] = three(o.flat);
        out["fragmentation"] = three(o.frag);
        out["injected_packet_rate"] = rate(o.injectedPackets);
        out["accepted_packet_rate"] = rate(o.acceptedPackets);
        out["injected_flit_rate"] = rate(o.injectedFlits);
        out["accepted_flit_rate"] = rate(o.acceptedFlits);
        out["hops_average"] = o.hops;
        out["time_taken"] = o.timeTaken;
    }
    if (!report.deadlockCycle.empty()) out["deadlock_cycle"] = report.deadlockCycle;
    return out;
}

}  // namespace commviz::noc
