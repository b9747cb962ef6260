// Keyframes without the empty room. Only the flits between a VC's head and
// head + count are ever read, so a keyframe keeps those and restore() writes
// them back at the same positions (the other slots keep whatever they held,
// as they do in a running engine). The routers' queues, a few dozen small
// heap blocks per router, go into one byte string: their items and their
// capacities, so a restored engine owns the same storage and counts the same
// footprint as the one the keyframe was made from.

#include <cstring>
#include <type_traits>
#include <utility>

#include "noc/noc_engine.h"
#include "sim/heap_bytes.h"

namespace commviz::noc {

namespace {

class RouterWriter {
public:
    explicit RouterWriter(std::vector<std::byte>& out) : m_out(out) {}

    template <class T>
    void value(const T& item) {
        static_assert(std::is_trivially_copyable_v<T>);
        const auto* bytes = reinterpret_cast<const std::byte*>(&item);
        m_out.insert(m_out.end(), bytes, bytes + sizeof(T));
    }
    template <class T>
    void vector(const std::vector<T>& items) {
        value(std::uint32_t(items.size()));
        value(std::uint32_t(items.capacity()));
        for (const T& item : items) {
            if constexpr (std::is_same_v<T, std::pair<std::int16_t, Flit>>)
                value(item.first), value(item.second);
            else
                value(item);
        }
    }
    template <class T>
    void fifo(const Fifo<T>& queue) {
        value(std::uint32_t(queue.capacity()));
        value(std::uint32_t(queue.size()));
        for (std::size_t i = 0; i < queue.size(); ++i) value(queue.at(i));
    }

    void router(const RouterState& state) {
        value(state.active);
        value(state.pendingCreditPorts);
        value(state.outputPorts);
        value(state.creditPorts);
        value(state.busyOutputVcs);
        fifo(state.routeQ);
        fifo(state.vaQ);
        fifo(state.saQ);
        fifo(state.crossbar);
        fifo(state.procCredits);
        value(std::uint32_t(state.outputBuffer.size()));
        for (const auto& queue : state.outputBuffer) fifo(queue);
        value(std::uint32_t(state.creditBuffer.size()));
        for (const auto& queue : state.creditBuffer) fifo(queue);
        vector(state.pendingCredit);
        vector(state.inbox);
        for (const auto* pointers :
             {&state.vaGrant, &state.vaAccept, &state.saGrant, &state.saAccept, &state.swRrOffset})
            vector(*pointers);
    }

private:
    std::vector<std::byte>& m_out;
};

class RouterReader {
public:
    explicit RouterReader(const std::vector<std::byte>& in) : m_next(in.data()) {}

    template <class T>
    T value() {
        T item;
        std::memcpy(&item, m_next, sizeof(T));
        m_next += sizeof(T);
        return item;
    }
    template <class T>
    void vector(std::vector<T>& items) {
        const auto size = value<std::uint32_t>();
        const auto capacity = value<std::uint32_t>();
        if (items.capacity() != capacity) {
            std::vector<T> fresh;
            fresh.reserve(capacity);
            items.swap(fresh);
        }
        items.clear();
        for (std::uint32_t i = 0; i < size; ++i) {
            if constexpr (std::is_same_v<T, std::pair<std::int16_t, Flit>>) {
                const auto port = value<std::int16_t>();
                items.emplace_back(port, value<Flit>());
            } else {
                items.push_back(value<T>());
            }
        }
    }
    template <class T>
    void fifo(Fifo<T>& queue) {
        queue.reset(value<std::uint32_t>());
        const auto size = value<std::uint32_t>();
        for (std::uint32_t i = 0; i < size; ++i) queue.push(value<T>());
    }
    template <class T>
    void fifos(std::vector<Fifo<T>>& queues) {
        queues.resize(value<std::uint32_t>());
        for (auto& queue : queues) fifo(queue);
    }

    void router(RouterState& state) {
        state.active = value<bool>();
        state.pendingCreditPorts = value<std::uint32_t>();
        state.outputPorts = value<std::uint32_t>();
        state.creditPorts = value<std::uint32_t>();
        state.busyOutputVcs = value<std::uint64_t>();
        fifo(state.routeQ);
        fifo(state.vaQ);
        fifo(state.saQ);
        fifo(state.crossbar);
        fifo(state.procCredits);
        fifos(state.outputBuffer);
        fifos(state.creditBuffer);
        vector(state.pendingCredit);
        vector(state.inbox);
        for (auto* pointers : {&state.vaGrant, &state.vaAccept, &state.saGrant, &state.saAccept, &state.swRrOffset})
            vector(*pointers);
    }

private:
    const std::byte* m_next;
};

}  // namespace

NocKeyframe NocEngine::keyframe() const {
    NocKeyframe key{static_cast<const NocEngineState&>(*this), {}, {}};
    std::size_t held = 0;
    for (const InputVc& iv : m_inputVcs) held += std::size_t(iv.count);
    key.flits.reserve(held);
    for (std::size_t index = 0; index < m_inputVcs.size(); ++index) {
        const InputVc& iv = m_inputVcs[index];
        for (int i = 0; i < iv.count; ++i)
            key.flits.push_back(m_buffers[index * std::size_t(m_bufSize) + std::size_t((iv.head + i) % m_bufSize)]);
    }
    RouterWriter writer(key.routers);
    for (const RouterState& state : m_routers) writer.router(state);
    key.routers.shrink_to_fit();
    return key;
}

void NocEngine::restore(const NocKeyframe& key) {
    static_cast<NocEngineState&>(*this) = key.state;
    m_buffers.resize(m_inputVcs.size() * std::size_t(m_bufSize));  // the same size unless restored into a fresh shape
    std::size_t next = 0;
    for (std::size_t index = 0; index < m_inputVcs.size(); ++index) {
        const InputVc& iv = m_inputVcs[index];
        for (int i = 0; i < iv.count; ++i)
            m_buffers[index * std::size_t(m_bufSize) + std::size_t((iv.head + i) % m_bufSize)] = key.flits[next++];
    }
    m_routers.resize(std::size_t(m_net->routers()));
    RouterReader reader(key.routers);
    for (RouterState& state : m_routers) reader.router(state);
}

}  // namespace commviz::noc
