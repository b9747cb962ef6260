// What one more copy of the engine costs: every buffer it owns on the heap,
// counted as the allocator hands it out, so the Timeline's keyframes stay
// within the memory budget (the network shape is shared and not counted).

#include "noc/noc_engine.h"
#include "sim/heap_bytes.h"

namespace commviz::noc {

namespace {

using sim::heapBytes;

std::size_t heapBytes(const RouterState& router) {
    std::size_t bytes = router.routeQ.heapBytes() + router.vaQ.heapBytes() + router.saQ.heapBytes() +
                        router.crossbar.heapBytes() + router.procCredits.heapBytes();
    bytes += heapBytes(router.outputBuffer) + heapBytes(router.creditBuffer);
    for (const auto& fifo : router.outputBuffer) bytes += fifo.heapBytes();
    for (const auto& fifo : router.creditBuffer) bytes += fifo.heapBytes();
    bytes += heapBytes(router.pendingCredit) + heapBytes(router.inbox);
    for (const auto* grants :
         {&router.vaGrant, &router.vaAccept, &router.saGrant, &router.saAccept, &router.swRrOffset})
        bytes += heapBytes(*grants);
    return bytes;
}

std::size_t heapBytes(const RouterAllocatorOrders& orders) {
    return heapBytes(orders.vaOrder) + heapBytes(orders.saOrder);
}

std::size_t heapBytes(const SwitchHold& hold) {
    return heapBytes(hold.in) + heapBytes(hold.out) + heapBytes(hold.vc) + hold.queue.heapBytes();
}

std::size_t heapBytes(const std::string& text) {
    return text.capacity() > 15 ? sim::allocatedBytes(text.capacity() + 1) : 0;  // longer than the SSO buffer
}

template <class T>
std::size_t nestedHeapBytes(const std::vector<T>& items) {
    std::size_t bytes = heapBytes(items);
    for (const T& item : items) bytes += heapBytes(item);
    return bytes;
}

std::size_t heapBytes(const NocReport& report) {
    return heapBytes(report.periods) + nestedHeapBytes(report.deadlockCycle);
}

}  // namespace

std::size_t NocEngineState::heapBytes() const {
    std::size_t bytes = sim::heapBytes(m_events) + sim::heapBytes(m_inputVcs) + sim::heapBytes(m_outputVcs);
    bytes += nestedHeapBytes(m_flitWheel) + nestedHeapBytes(m_creditWheel);
    bytes += sim::heapBytes(m_ejected) + sim::heapBytes(m_work) + sim::heapBytes(m_inWork);
    bytes += m_vaAlloc.heapBytes() + m_saAlloc.heapBytes() + nestedHeapBytes(m_holds);
    bytes += m_vaOther.heapBytes() + m_saOther.heapBytes() + nestedHeapBytes(m_allocatorOrders);
    bytes += sim::heapBytes(m_sources) + sim::heapBytes(m_injectionVcs) + sim::heapBytes(m_packets) +
             sim::heapBytes(m_freePackets) + sim::heapBytes(m_dueAt) + sim::heapBytes(m_sendingNodes);
    for (const auto* counts : {&m_sentPackets, &m_sentFlits, &m_acceptedPackets, &m_acceptedFlits})
        bytes += sim::heapBytes(*counts);
    return bytes + noc::heapBytes(m_report);
}

std::size_t NocEngine::footprintBytes() const {
    return sizeof(*this) + NocEngineState::heapBytes() + sim::heapBytes(m_buffers) + nestedHeapBytes(m_routers);
}

std::size_t NocKeyframe::footprintBytes() const {
    return sizeof(*this) + state.heapBytes() + sim::heapBytes(flits) + sim::heapBytes(routers);
}

}  // namespace commviz::noc
