// TrafficManager::_SingleSim and Run as a state machine that advances between
// cycles, so the same run can be stepped cycle by cycle or batched.

#include <cmath>

#include "noc/noc_engine.h"

namespace commviz::noc {

RateStats rateOf(const std::vector<std::int64_t>& counts, double cycles) {
    RateStats out;
    std::int64_t sum = counts.empty() ? 0 : counts[0];
    std::int64_t lo = sum;
    std::int64_t hi = sum;
    for (std::size_t i = 1; i < counts.size(); ++i) {  // _ComputeStats: first minimum / maximum wins
        sum += counts[i];
        if (counts[i] < lo) lo = counts[i], out.minNode = int(i);
        if (counts[i] > hi) hi = counts[i], out.maxNode = int(i);
    }
    out.average = double(sum) / cycles / double(counts.size());
    out.min = double(lo) / cycles;
    out.max = double(hi) / cycles;
    return out;
}

void NocEngine::clearStats() {
    for (SampleStats* s : {&m_plat, &m_nlat, &m_flat, &m_frag, &m_hops}) s->clear();
    m_slowestPacket = -1;
    m_slowestFlit = -1;
    for (auto* counts : {&m_sentPackets, &m_sentFlits, &m_acceptedPackets, &m_acceptedFlits})
        std::fill(counts->begin(), counts->end(), 0);
    m_resetTime = m_time;
}

bool NocEngine::packetsOutstanding() const {
    if (m_measuredInFlight > 0) return true;
    for (const Source& s : m_sources)
        if (!s.qdrained) return true;
    return false;
}

// Average latency of measured packets counting those still in flight at their
// current age, as _SingleSim computes it for latency_thres.
double NocEngine::inFlightInclusiveLatency() const {
    const double latency = m_plat.sum + double(m_inFlight) * double(m_time) - double(m_inFlightCtimeSum);
    const double count = double(m_plat.count + m_inFlight);
    return latency / count;
}

void NocEngine::settle() {
    const NocConfig& c = *m_config;
    for (;;) {
        switch (m_phase) {
            case NocPhase::WarmingUp:
            case NocPhase::Running:
                if (m_inPeriod && m_cycleInPeriod < c.sample_period) return;
                if (m_inPeriod) {
                    m_inPeriod = false;
                    endPeriod();
                    if (done()) return;
                }
                if (m_totalPhases < c.max_samples && (!m_measuring || m_converged < 3)) {
                    beginPeriod();
                    return;
                }
                finishSampling();
                continue;
            case NocPhase::DrainingMeasured:
                if (packetsOutstanding()) return;
                m_phase = NocPhase::DrainingAll;
                m_emptyNetwork = true;
                notePhaseChanged();
                continue;
            case NocPhase::DrainingAll:
                if (m_inFlight > 0) return;
                m_phase = NocPhase::DrainingCredits;
                continue;
            case NocPhase::DrainingCredits:
                if (m_creditsOutstanding > 0) return;
                finishRun();
                return;
            case NocPhase::Done:
                return;
        }
    }
}

void NocEngine::beginPeriod() {
    if (m_clearLast || (!m_measuring && m_totalPhases % 2 == 0)) {
        m_clearLast = false;
        clearStats();
    }
    m_inPeriod = true;
    m_cycleInPeriod = 0;
}

void NocEngine::endPeriod() {
    const NocConfig& c = *m_config;
    const double cycles = double(m_time - m_resetTime);
    PeriodStats ps;
    ps.index = m_totalPhases;
    ps.time = m_time;
    ps.warmingUp = !m_measuring;
    ps.plat = m_plat;
    ps.nlat = m_nlat;
    ps.flat = m_flat;
    ps.frag = m_frag;
    ps.slowestPacket = m_slowestPacket;
    ps.slowestFlit = m_slowestFlit;
    ps.injectedPackets = rateOf(m_sentPackets, cycles);
    ps.acceptedPackets = rateOf(m_acceptedPackets, cycles);
    ps.injectedFlits = rateOf(m_sentFlits, cycles);
    ps.acceptedFlits = rateOf(m_acceptedFlits, cycles);
    ps.injectedLength = ps.injectedFlits.average / ps.injectedPackets.average;
    ps.acceptedLength = ps.acceptedFlits.average / ps.acceptedPackets.average;
    ps.inFlightFlits = m_inFlight;
    ps.measuredInFlightFlits = m_measuredInFlight;

    const double latency = m_plat.average();
    const double accepted = ps.acceptedFlits.average;
    ps.latencyChange = std::fabs((latency - m_prevLatency) / latency);
    ps.throughputChange = std::fabs((accepted - m_prevAccepted) / accepted);
    m_prevLatency = latency;
    m_prevAccepted = accepted;
    m_report.periods.push_back(ps);
    noteEvent([&] { return NocEvent{NocEventKind::PeriodEnded, -1, -1, -1, -1, -1, -1, -1, ps.index}; });

    const bool measureLatency = c.sim_type == SimType::Latency;
    const bool latencyExceeded = c.latency_thres >= 0.0 && inFlightInclusiveLatency() > c.latency_thres;
    const double latThres = m_measuring ? c.stopping_thres : c.warmup_thres;
    const double accThres = m_measuring ? c.acc_stopping_thres : c.acc_warmup_thres;
    const bool latencyMoved = latThres >= 0.0 && ps.latencyChange > latThres;
    const bool throughputMoved = accThres >= 0.0 && ps.throughputChange > accThres;
    if (measureLatency && latencyExceeded) {
        m_report.abortLatency = c.latency_thres;
        m_report.tooManyPeriods = true;
        m_report.outcome = NocOutcome::Unstable;
        m_phase = NocPhase::Done;
        notePhaseChanged();
        return;
    }
    const bool settled = (!measureLatency || !latencyMoved) && !throughputMoved;
    if (!m_measuring) {
        if (c.warmup_periods > 0 ? m_totalPhases + 1 >= c.warmup_periods : settled) {
            m_report.warmedUpAt = m_time;
            m_clearLast = true;
            m_measuring = true;
            m_phase = NocPhase::Running;
            notePhaseChanged();
        }
    } else {
        m_converged = settled ? m_converged + 1 : 0;
    }
    ++m_totalPhases;
}

void NocEngine::finishSampling() {
    if (!m_measuring) {
        m_report.tooManyPeriods = true;
        m_report.outcome = NocOutcome::Unstable;
        m_phase = NocPhase::Done;
        return;
    }
    ++m_converged;
    m_measuring = false;
    m_draining = true;
    m_drainTime = m_time;
    if (m_config->sim_type == SimType::Latency) {
        m_report.drainedMeasured = true;
        m_phase = NocPhase::DrainingMeasured;
        m_emptySteps = 0;
    } else {
        m_phase = NocPhase::DrainingAll;
        m_emptyNetwork = true;
    }
    notePhaseChanged();
}

void NocEngine::finishRun() {
    const double cycles = double(m_drainTime - m_resetTime);
    OverallStats& o = m_report.overall;
    o.plat = m_plat;
    o.nlat = m_nlat;
    o.flat = m_flat;
    o.frag = m_frag;
    o.hops = m_hops.average();
    o.injectedPackets = rateOf(m_sentPackets, cycles);
    o.acceptedPackets = rateOf(m_acceptedPackets, cycles);
    o.injectedFlits = rateOf(m_sentFlits, cycles);
    o.acceptedFlits = rateOf(m_acceptedFlits, cycles);
    o.timeTaken = m_time;
    m_report.outcome = NocOutcome::Completed;
    m_phase = NocPhase::Done;
    notePhaseChanged();
}

NocReport runNocBatch(const NocConfig& config, const std::function<void(const NocReport&, std::size_t)>& periodEnded) {
    NocEngine engine(config, false);
    std::size_t reported = 0;  // periods handed to periodEnded
    while (!engine.done()) {
        engine.advance();
        if (!periodEnded) continue;
        while (reported < engine.report().periods.size()) periodEnded(engine.report(), reported++);
    }
    return engine.report();
}

}  // namespace commviz::noc
