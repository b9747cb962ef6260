#include "rdma/host.h"

namespace commviz::rdma {

namespace {
template <class V, class Pred>
auto* findIn(V& items, Pred pred) {
    for (auto& item : items)
        if (pred(item)) return &item;
    return static_cast<decltype(&items.front())>(nullptr);
}
}  // namespace

MemoryRegion* Host::mrByName(const std::string& n) {
    return findIn(mrs, [&](const MemoryRegion& m) { return m.name == n; });
}
MemoryRegion* Host::mrById(const std::string& i) {
    return findIn(mrs, [&](const MemoryRegion& m) { return m.id == i; });
}
MemoryRegion* Host::mrByLkey(std::uint32_t k) {
    return findIn(mrs, [&](const MemoryRegion& m) { return m.lkey == k; });
}
MemoryRegion* Host::mrByRkey(std::uint32_t k) {
    return findIn(mrs, [&](const MemoryRegion& m) { return m.rkey == k; });
}
CompletionQueue* Host::cqById(const std::string& i) {
    return findIn(cqs, [&](const CompletionQueue& c) { return c.id == i; });
}
CompletionQueue* Host::cqByName(const std::string& n) {
    return findIn(cqs, [&](const CompletionQueue& c) { return c.name == n; });
}
QueuePair* Host::qpByName(const std::string& n) {
    return findIn(qps, [&](const QueuePair& q) { return q.name == n; });
}
QueuePair* Host::qpByQpn(std::uint32_t qpn) {
    return findIn(qps, [&](const QueuePair& q) { return q.qpn == qpn; });
}
const MemoryRegion* Host::mrByName(const std::string& n) const {
    return findIn(mrs, [&](const MemoryRegion& m) { return m.name == n; });
}
const CompletionQueue* Host::cqByName(const std::string& n) const {
    return findIn(cqs, [&](const CompletionQueue& c) { return c.name == n; });
}
const QueuePair* Host::qpByName(const std::string& n) const {
    return findIn(qps, [&](const QueuePair& q) { return q.name == n; });
}
const QueuePair* Host::qpByQpn(std::uint32_t qpn) const {
    return findIn(qps, [&](const QueuePair& q) { return q.qpn == qpn; });
}

}  // namespace commviz::rdma
