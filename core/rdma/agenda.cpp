#include "rdma/agenda.h"

#include <algorithm>

namespace commviz::rdma {

namespace {
// std heap is a max-heap: "less" means "later".
bool later(const Action& a, const Action& b) { return a.timeNs != b.timeNs ? a.timeNs > b.timeNs : a.seq > b.seq; }
}  // namespace

void Agenda::push(Action a) {
    a.seq = m_seq++;
    m_heap.push_back(a);
    std::push_heap(m_heap.begin(), m_heap.end(), later);
}

Action Agenda::pop() {
    std::pop_heap(m_heap.begin(), m_heap.end(), later);
    Action a = m_heap.back();
    m_heap.pop_back();
    return a;
}

bool Agenda::hasHardwareWork() const {
    return std::any_of(m_heap.begin(), m_heap.end(), [](const Action& a) { return a.kind != ActionKind::Cpu; });
}

void Agenda::cancel(ActionKind kind, std::uint32_t host, std::uint32_t qpn) {
    const auto before = m_heap.size();
    m_heap.erase(std::remove_if(m_heap.begin(), m_heap.end(),
                                [&](const Action& a) { return a.kind == kind && a.host == host && a.qpn == qpn; }),
                 m_heap.end());
    if (m_heap.size() != before) std::make_heap(m_heap.begin(), m_heap.end(), later);
}

}  // namespace commviz::rdma
