#include "collectives/cost_model.h"

#include <algorithm>

namespace commviz::collectives {

const std::vector<LinkPreset>& linkPresets() {
    static const std::vector<LinkPreset> presets{
        {"nvlink4", {1.0, 450.0, 1000.0}}, {"pcie4x16", {2.0, 32.0, 100.0}}, {"ib400", {2.0, 50.0, 100.0}},
        {"ib200", {2.0, 25.0, 100.0}},     {"eth100", {10.0, 12.5, 100.0}},
    };
    return presets;
}

std::optional<LinkCost> findLinkPreset(std::string_view name) {
    for (const auto& preset : linkPresets())
        if (preset.name == name) return preset.cost;
    return std::nullopt;
}

std::vector<std::string> linkNames() {
    std::vector<std::string> names;
    for (const auto& preset : linkPresets()) names.push_back(preset.name);
    names.emplace_back("custom");
    return names;
}

double messageTimeUs(const LinkCost& cost, const Message& message) {
    // GB/s = 10^3 bytes per µs.
    const double bytes = double(message.bytes);
    double time = cost.alpha_us + bytes / (cost.beta_GBps * 1e3);
    if (message.reduce) time += bytes / (cost.gamma_GBps * 1e3);
    return time;
}

std::vector<double> CriticalPath::apply(const LinkCost& cost, const Round& round) {
    std::vector<double> sendFree = m_clock, recvFree = m_clock, ends;
    ends.reserve(round.size());
    for (const Message& message : round) {
        const auto src = std::size_t(message.src), dst = std::size_t(message.dst);
        const double start = std::max(sendFree[src], recvFree[dst]);
        const double end = start + messageTimeUs(cost, message);
        sendFree[src] = end;
        recvFree[dst] = end;
        ends.push_back(end);
    }
    for (std::size_t rank = 0; rank < m_clock.size(); ++rank)
        m_clock[rank] = std::max({m_clock[rank], sendFree[rank], recvFree[rank]});
    return ends;
}

double CriticalPath::timeUs() const {
    return m_clock.empty() ? 0.0 : *std::max_element(m_clock.begin(), m_clock.end());
}

}  // namespace commviz::collectives
