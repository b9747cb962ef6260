#include "rdma/wire.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace commviz::rdma {

const Packet& Wire::transmit(Packet p, int direction, std::uint64_t nowNs) {
    p.serial = ++sent;
    p.id = "pkt/" + std::to_string(p.serial);
    p.wireBytes = wireBytesOf(p);
    const auto serialize = static_cast<std::uint64_t>(std::ceil(p.wireBytes * 8.0 / (gbps > 0 ? gbps : 1.0)));
    p.sentNs = nowNs;
    p.departNs = std::max(nowNs, busyUntil[direction]);
    busyUntil[direction] = p.departNs + serialize;
    p.arriveNs = p.departNs + serialize + latencyNs;
    p.fate = PacketFate::InFlight;
    if (p.retransmission) ++retransmissions;
    inFlight.push_back(p.id);
    recent.push_back(std::make_shared<Packet>(std::move(p)));
    if (recent.size() > kHistory) recent.pop_front();
    return *recent.back();
}

Packet* Wire::find(const std::string& id) {
    for (auto it = recent.rbegin(); it != recent.rend(); ++it) {
        auto& p = *it;
        if (p->id != id) continue;
        if (p.use_count() > 1)
            p = std::make_shared<Packet>(*p);
        else
            std::atomic_thread_fence(std::memory_order_acquire);  // see PagedBytes::writablePage
        return p.get();
    }
    return nullptr;
}

const Packet* Wire::find(const std::string& id) const {
    for (auto it = recent.rbegin(); it != recent.rend(); ++it)
        if ((*it)->id == id) return it->get();
    return nullptr;
}

void Wire::land(const std::string& id, PacketFate fate, std::string reason) {
    inFlight.erase(std::remove(inFlight.begin(), inFlight.end(), id), inFlight.end());
    if (fate == PacketFate::Dropped)
        ++dropped;
    else
        ++delivered;
    if (Packet* p = find(id)) {
        p->fate = fate;
        p->dropReason = std::move(reason);
    }
}

}  // namespace commviz::rdma
