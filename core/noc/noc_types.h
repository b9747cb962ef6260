#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

#include "sim/heap_bytes.h"

namespace commviz::noc {

/// BookSim's per-VC state machine at a router input (Dally & Towles, ch. 16).
enum class VcState : std::uint8_t { Idle, Routing, VcAlloc, Active };

/// One flit as it moves: the packet it belongs to (a slot in the packet
/// table), BookSim's global flit id, its injection time and current VC.
struct Flit {
    std::int32_t id = 0;
    std::int32_t packet = 0;
    std::int32_t itime = 0;
    std::int16_t vc = -1;
    std::int16_t hops = 0;
    bool head = false;
    bool tail = false;
};

/// One route choice: an output port and the VC range the routing function
/// allows, plus the second (port, VC range) BookSim's OutputSet can hold:
/// min_adapt_torus offers its adaptive VC and its dateline escape VC, possibly
/// on different ports. The VC allocator requests every VC of both ranges at
/// once; BookSim's set priorities (adaptive 1, escape 0) are not kept because
/// its iSLIP allocator, the only one commviz models, ignores them.
struct RouteSet {
    std::int16_t port = -1;
    std::int16_t vcStart = 0;
    std::int16_t vcEnd = 0;
    std::int16_t altPort = -1;  ///< -1: the set has one range
    std::int16_t altVcStart = 0;
    std::int16_t altVcEnd = -1;

    int parts() const { return altPort < 0 ? 1 : 2; }
    int portOf(int part) const { return part == 0 ? port : altPort; }
    int startOf(int part) const { return part == 0 ? vcStart : altVcStart; }
    int endOf(int part) const { return part == 0 ? vcEnd : altVcEnd; }
};

/// What every flit of a packet shares. BookSim keeps this in the head flit.
struct Packet {
    std::int32_t pid = 0;
    std::int32_t src = 0;
    std::int32_t dest = 0;
    std::int32_t ctime = 0;       ///< creation (queue) time
    std::int32_t itime = -1;      ///< head injection time
    std::int32_t headAtime = -1;  ///< head arrival time, for fragmentation
    std::int32_t firstFlitId = 0;
    std::int16_t size = 1;
    std::int8_t partition = 0;  ///< torus dateline class chosen when turning into a dimension
    std::int8_t phase = 0;      ///< valiant / romm: 0 towards the intermediate node, 1 towards dest
    std::int32_t intm = -1;     ///< valiant / romm intermediate node, drawn at the first router
    bool record = false;        ///< created in the measurement window
    RouteSet lookahead;         ///< next router's route when routing_delay = 0
};

/// Downstream buffer state kept at an output (BookSim's BufferState, private policy).
struct OutputVc {
    std::int32_t inUseBy = -1;  ///< input*num_vcs + vc holding it, -1 when free
    std::int16_t occupancy = 0;
    bool tailSent = false;
};

/// An input VC: its state, route, assigned output and its flit FIFO (stored
/// in the router's flat buffer array at [index * vc_buf_size]).
struct InputVc {
    VcState state = VcState::Idle;
    RouteSet route;
    std::int16_t outPort = -1;
    std::int16_t outVc = -1;
    std::int16_t head = 0;
    std::int16_t count = 0;
};

/// A pipeline-stage entry as BookSim queues them: -1 until the stage starts
/// (then the cycle it completes) and the stage's result.
struct StageEntry {
    std::int32_t time = -1;
    std::int16_t input = 0;
    std::int16_t vc = 0;
    std::int32_t result = -1;
};

struct CrossbarEntry {
    std::int32_t time = -1;
    Flit flit;
    std::int16_t input = 0;   ///< expanded input
    std::int16_t output = 0;  ///< expanded output
};

/// Small FIFO: a ring over a power-of-two array that doubles when full
/// (copyable; push and pop are O(1) with no division and no shifting). The
/// capacity is kept beside the indices so a push compares two integers. It
/// holds one pointer, not a vector's three: a router's queues then sit in
/// fewer cache lines, which the router loop reads on every visit.
template <class T>
class Fifo {
public:
    Fifo() = default;
    Fifo(const Fifo& other) { *this = other; }
    Fifo(Fifo&& other) noexcept { *this = std::move(other); }
    Fifo& operator=(const Fifo& other) {
        if (this == &other) return *this;
        if (m_capacity != other.m_capacity) allocate(other.m_capacity);
        if (m_capacity != 0) std::copy_n(other.m_items.get(), m_capacity, m_items.get());
        m_head = other.m_head;
        m_size = other.m_size;
        return *this;
    }
    Fifo& operator=(Fifo&& other) noexcept {
        if (this == &other) return *this;
        m_items = std::move(other.m_items);
        m_head = std::exchange(other.m_head, 0);
        m_size = std::exchange(other.m_size, 0);
        m_mask = std::exchange(other.m_mask, 0);
        m_capacity = std::exchange(other.m_capacity, 0);
        return *this;
    }

    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    T& front() { return m_items[m_head]; }
    const T& front() const { return m_items[m_head]; }
    T& at(std::size_t i) { return m_items[(m_head + std::uint32_t(i)) & m_mask]; }
    const T& at(std::size_t i) const { return m_items[(m_head + std::uint32_t(i)) & m_mask]; }
    void push(const T& item) {
        if (m_size == m_capacity) [[unlikely]]
            grow();
        m_items[(m_head + m_size) & m_mask] = item;
        ++m_size;
    }
    void pop() {
        m_head = (m_head + 1) & m_mask;
        --m_size;
    }
    std::size_t heapBytes() const { return sim::allocatedBytes(std::size_t(m_capacity) * sizeof(T)); }
    std::size_t capacity() const { return m_capacity; }
    /// Empties the FIFO with exactly `capacity` slots (0 or a power of two, as
    /// a FIFO grows): a keyframe's FIFO comes back with the storage it had.
    void reset(std::size_t capacity) {
        if (m_capacity != capacity) allocate(std::uint32_t(capacity));
        m_head = 0;
        m_size = 0;
    }

private:
    void allocate(std::uint32_t capacity) {
        m_items = capacity == 0 ? nullptr : std::make_unique<T[]>(capacity);
        m_capacity = capacity;
        m_mask = capacity == 0 ? 0 : capacity - 1;
    }
    [[gnu::noinline]] void grow() {
        Fifo bigger;
        bigger.allocate(m_capacity == 0 ? 4 : m_capacity * 2);
        for (std::uint32_t i = 0; i < m_size; ++i) bigger.m_items[i] = at(i);
        bigger.m_size = m_size;
        *this = std::move(bigger);
    }

    std::unique_ptr<T[]> m_items;
    std::uint32_t m_head = 0;
    std::uint32_t m_size = 0;
    std::uint32_t m_mask = 0;
    std::uint32_t m_capacity = 0;
};

}  // namespace commviz::noc
