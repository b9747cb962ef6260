#include "rdma/rdma_footprint.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace commviz::rdma {

namespace {

// Heap bytes owned by a value, beyond sizeof the value itself. Declared first
// so the container templates below find every overload.
std::size_t heap(const std::string& s);
std::size_t heap(const sim::Text& t);
std::size_t heap(const Sge& s);
std::size_t heap(const SendWr& wr);
std::size_t heap(const RecvWr& wr);
std::size_t heap(const Wqe& w);
std::size_t heap(const Packet& p);
std::size_t heap(const Cqe& c);
std::size_t heap(const CompStep& s);
std::size_t heap(const RespJob& j);
std::size_t heap(const QueuePair& q);
std::size_t heap(const CompletionQueue& c);
std::size_t heap(const MemoryRegion& m);
std::size_t heap(const WorkRequest& r);
std::size_t heap(const WorkCompletion& c);
std::size_t heap(const AsyncEventRecord& a);
std::size_t heap(const CallResult& c);
std::size_t heap(const SlotFreed& s);
std::size_t heap(const Host& h);

// Trivially copyable values own no heap.
template <class T>
requires std::is_trivially_copyable_v<T> std::size_t heap(const T&) { return 0; }

template <class T>
std::size_t heap(const std::optional<T>& o) {
    return o ? heap(*o) : 0;
}

// A shared_ptr's target counts only while this copy alone holds it.
template <class T>
std::size_t heap(const std::shared_ptr<T>& p) {
    return p && p.use_count() == 1 ? sizeof(T) + heap(*p) + 2 * sizeof(long) : 0;
}

template <class T>
std::size_t heap(const std::vector<T>& v) {
    std::size_t n = v.capacity() * sizeof(T);
    for (const auto& item : v) n += heap(item);
    return n;
}

// libstdc++ deques hold 512-byte blocks (one element each when larger) and a map of block pointers.
template <class T>
std::size_t heap(const std::deque<T>& d) {
    const std::size_t perBlock = std::max<std::size_t>(1, 512 / sizeof(T));
    const std::size_t blocks = d.size() / perBlock + 1;
    std::size_t n = blocks * perBlock * sizeof(T) + (blocks + 8) * sizeof(void*);
    for (const auto& item : d) n += heap(item);
    return n;
}

// A red-black tree node: three pointers and a colour, then the value.
template <class T>
std::size_t heap(const std::set<T>& s) {
    return s.size() * (4 * sizeof(void*) + sizeof(T));
}

std::size_t heap(const std::string& s) {
    const char* data = s.data();
    const char* self = reinterpret_cast<const char*>(&s);
    const bool inside = data >= self && data < self + sizeof(s);  // short-string buffer
    return inside ? 0 : s.capacity() + 1;
}

std::size_t heap(const sim::Text& t) { return heap(t.context) + heap(t.source) + heap(t.args) + heap(t.subject); }

std::size_t heap(const Sge& s) { return heap(s.mr); }
std::size_t heap(const SendWr& wr) { return heap(wr.sgList); }
std::size_t heap(const RecvWr& wr) { return heap(wr.sgList); }

std::size_t heap(const Wqe& w) { return heap(w.id) + heap(w.wr) + heap(w.send) + heap(w.recv) + heap(w.inlineData); }

std::size_t heap(const Packet& p) {
    return heap(p.id) + heap(p.from) + heap(p.to) + heap(p.payload) + heap(p.wqe) + heap(p.dropReason);
}

std::size_t heap(const Cqe& c) { return heap(c.id) + heap(c.qp) + heap(c.wqe); }
std::size_t heap(const CompStep& s) { return heap(s.packet) + heap(s.reason) + heap(s.data); }
std::size_t heap(const RespJob& j) { return heap(j.pkt) + heap(j.steps) + heap(j.reason) + heap(j.readChunk); }

std::size_t heap(const QueuePair& q) {
    std::size_t n = heap(q.id) + heap(q.name) + heap(q.host) + heap(q.sendCq) + heap(q.recvCq);
    n += heap(q.sq.id) + heap(q.sq.ring) + heap(q.rq.id) + heap(q.rq.ring);
    n += heap(q.resp.input) + heap(q.resp.job) + heap(q.resp.resources);
    n += heap(q.comp.input) + heap(q.comp.steps);
    return n;
}

std::size_t heap(const CompletionQueue& c) { return heap(c.id) + heap(c.name) + heap(c.host) + heap(c.ring); }
std::size_t heap(const MemoryRegion& m) { return heap(m.id) + heap(m.name) + heap(m.host) + m.bytes.unsharedBytes(); }
std::size_t heap(const WorkRequest& r) { return heap(r.id) + heap(r.qp) + heap(r.send) + heap(r.recv) + heap(r.wqe); }
std::size_t heap(const WorkCompletion& c) { return heap(c.id) + heap(c.cq) + heap(c.cqe); }
std::size_t heap(const AsyncEventRecord& a) { return heap(a.object); }
std::size_t heap(const CallResult& c) { return heap(c.host) + heap(c.call) + heap(c.detail); }
std::size_t heap(const SlotFreed& s) {
    return heap(s.anchor) + heap(s.host) + heap(s.qp) + heap(s.queue) + heap(s.wqes) + heap(s.freedSlots);
}

std::size_t heap(const Host& h) {
    return heap(h.name) + heap(h.pd) + heap(h.mrs) + heap(h.cqs) + heap(h.qps) + heap(h.wrs) + heap(h.wcs) +
           heap(h.asyncEvents);
}

}  // namespace

std::size_t footprintBytes(const RdmaWorld& w) {
    std::size_t n = sizeof(RdmaWorld);
    n += heap(w.calls) + heap(w.hosts);
    n += heap(w.wire.dropSerials) + heap(w.wire.inFlight) + heap(w.wire.recent);
    n += heap(w.agenda.pending());
    n += heap(w.cpu.waitCq) + heap(w.cpu.polled) + heap(w.cpu.toFree);
    return n;
}

}  // namespace commviz::rdma
