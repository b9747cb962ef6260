#include "nccl/bootstrap_scene/nccl_side_by_side.h"

#include <algorithm>

namespace commviz::views {

nccl::Config NcclOtherVersion::otherConfig(const nccl::Config& main) {
    nccl::Config other = main;
    other.version = main.version == nccl::Version::Classic ? nccl::Version::V2_30 : nccl::Version::Classic;
    if (other.version == nccl::Version::Classic) other.nroots = 1;  // several roots exist only from 2.23
    return other;
}

double NcclOtherVersion::position(const nccl::NcclEngine& e) {
    using nccl::MessageKind;
    const double n = e.config().nranks;
    double within = 0;
    switch (e.phase()) {
        case nccl::Phase::CheckIn:
            // Classic answers after all check-ins, 2.30 as it goes: both send n extInfos and n replies.
            within = double(e.messages(MessageKind::ExtInfo) + e.messages(MessageKind::NextAddr)) / (2 * n);
            break;
        case nccl::Phase::RingConnect:
            within = double(e.messages(MessageKind::RingConnect)) / n;
            break;
        case nccl::Phase::AllGather: {
            // Every rank receives n − 1 slices per gather: classic gathers three times, 2.30 once.
            const double gathers = e.gathers();
            within = n > 1 ? double(e.messages(MessageKind::AllGather)) / (gathers * n * (n - 1)) : 0;
            break;
        }
        case nccl::Phase::Init:
            within = double(int(e.nextStage())) / nccl::kInitStages;
            break;
        default:
            break;
    }
    return int(e.phase()) + std::clamp(within, 0.0, 0.999);
}

const nccl::NcclEngine& NcclOtherVersion::alignedWith(const nccl::NcclEngine& main) {
    const nccl::Config wanted = otherConfig(main.config());
    if (!m_engine || !(wanted == m_config)) {
        m_config = wanted;
        m_engine.emplace(wanted);
        m_phaseStarts.assign(1, *m_engine);
        m_events.clear();
    }
    const double target = position(main);
    if (position(*m_engine) > target) {
        // Back to the last phase start not past the target (the first is the very beginning).
        auto start = m_phaseStarts.begin();
        for (auto it = m_phaseStarts.begin(); it != m_phaseStarts.end(); ++it)
            if (position(*it) <= target) start = it;
        m_engine = *start;
        m_events.clear();
    }
    while (!m_engine->done() && position(*m_engine) < target) {
        const nccl::Phase before = m_engine->phase();
        m_events = m_engine->step();
        if (m_engine->phase() != before && int(m_engine->phase()) >= int(m_phaseStarts.back().phase()) &&
            m_engine->phase() != m_phaseStarts.back().phase())
            m_phaseStarts.push_back(*m_engine);
    }
    return *m_engine;
}

}  // namespace commviz::views
