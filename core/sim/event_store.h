#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace commviz::sim {

/// The typed events of a recording, in chunks of `chunkSteps` steps. Every
/// step's event count is kept (an index of 8 bytes a step), so rows can be
/// numbered without the events; a chunk's events may be dropped to save
/// memory and put back later by whoever can replay them (the Timeline).
///
/// Step n (1-based) lives in chunk (n - 1) / chunkSteps.
template <class Event>
class EventStore {
public:
    explicit EventStore(std::size_t chunkSteps) : m_chunkSteps(std::max<std::size_t>(1, chunkSteps)) {}

    std::size_t chunkSteps() const { return m_chunkSteps; }
    std::size_t steps() const { return m_end.size() - 1; }
    std::size_t chunkOf(std::size_t step) const { return (step - 1) / m_chunkSteps; }
    std::size_t chunkCount() const { return m_chunks.size(); }
    /// First and last step of chunk c.
    std::size_t firstStep(std::size_t chunk) const { return chunk * m_chunkSteps + 1; }
    std::size_t lastStep(std::size_t chunk) const { return std::min(steps(), (chunk + 1) * m_chunkSteps); }

    std::size_t count(std::size_t step) const { return std::size_t(m_end.at(step) - m_end.at(step - 1)); }
    /// Events of steps 1 .. step - 1: the 0-based index of step's first event.
    std::uint64_t before(std::size_t step) const { return m_end.at(step - 1); }
    std::uint64_t total() const { return m_end.back(); }
    /// The step that holds event `index` (0-based over the whole run).
    std::size_t stepOf(std::uint64_t index) const {
        return std::size_t(std::upper_bound(m_end.begin(), m_end.end(), index) - m_end.begin());
    }

    bool resident(std::size_t chunk) const { return m_chunks.at(chunk).resident; }
    /// Events of a step whose chunk is resident.
    std::span<const Event> of(std::size_t step) const {
        const Chunk& chunk = m_chunks.at(chunkOf(step));
        const std::size_t offset = std::size_t(m_end[step - 1] - m_end[firstStep(chunkOf(step)) - 1]);
        return {chunk.events.data() + offset, count(step)};
    }

    /// Records the next step's events.
    void append(std::vector<Event>&& events) {
        const std::size_t step = steps() + 1;
        m_end.push_back(m_end.back() + events.size());
        if (opensChunk(step)) {
            if (!m_chunks.empty()) trim(m_chunks.back());  // finished: no spare capacity kept
            m_chunks.emplace_back();
        }
        Chunk& chunk = m_chunks.back();
        m_bytes -= chunk.events.capacity() * sizeof(Event);
        chunk.events.insert(chunk.events.end(), std::make_move_iterator(events.begin()),
                            std::make_move_iterator(events.end()));
        m_bytes += chunk.events.capacity() * sizeof(Event);
    }

    /// Records the next step by its event count alone: a step in a dropped
    /// chunk, or the first step of a new chunk, which starts dropped. Whoever
    /// can replay the steps puts the events back when they are read.
    void appendCount(std::size_t count) {
        if (opensChunk(steps() + 1)) {
            if (!m_chunks.empty()) trim(m_chunks.back());
            m_chunks.push_back(Chunk{{}, false});
        }
        m_end.push_back(m_end.back() + count);
    }
    /// True when step `step` (the next to record) would open a new chunk.
    bool opensChunk(std::size_t step) const { return chunkOf(step) == m_chunks.size(); }

    /// Puts back a dropped chunk with all the events of its steps, in order.
    void restore(std::size_t chunk, std::vector<Event>&& events) {
        Chunk& target = m_chunks.at(chunk);
        if (target.resident) return;
        target.events = std::move(events);
        target.resident = true;
        m_bytes += target.events.capacity() * sizeof(Event);
        trim(target);
    }

    /// Drops the resident chunk farthest from `nearStep`, never one in `keep`
    /// nor the last (still being recorded). Returns false when none is left.
    bool dropFarthest(std::size_t nearStep, std::span<const std::size_t> keep) {
        const std::size_t near = nearStep == 0 ? 0 : chunkOf(nearStep);
        std::size_t best = m_chunks.size();
        std::size_t bestDistance = 0;
        for (std::size_t c = 0; c + 1 < m_chunks.size(); ++c) {
            if (!m_chunks[c].resident || m_chunks[c].events.empty()) continue;
            if (std::find(keep.begin(), keep.end(), c) != keep.end()) continue;
            const std::size_t distance = c > near ? c - near : near - c;
            if (best == m_chunks.size() || distance > bestDistance) best = c, bestDistance = distance;
        }
        if (best == m_chunks.size()) return false;
        Chunk& chunk = m_chunks[best];
        m_bytes -= chunk.events.capacity() * sizeof(Event);
        std::vector<Event>().swap(chunk.events);
        chunk.resident = false;
        ++m_dropped;
        return true;
    }

    /// Bytes of typed events held (allocated capacity, which is what memory
    /// costs) plus the index and chunk bookkeeping.
    std::size_t bytes() const {
        return m_bytes + m_end.capacity() * sizeof(std::uint64_t) + m_chunks.capacity() * sizeof(Chunk);
    }
    std::size_t eventBytes() const { return m_bytes; }
    /// How many times a chunk was dropped (for tests and benchmarks).
    std::size_t droppedChunks() const { return m_dropped; }

private:
    struct Chunk {
        std::vector<Event> events;
        bool resident = true;
    };

    /// Gives back a chunk's spare capacity (a growing vector holds up to twice its events).
    void trim(Chunk& chunk) {
        m_bytes -= chunk.events.capacity() * sizeof(Event);
        chunk.events.shrink_to_fit();
        m_bytes += chunk.events.capacity() * sizeof(Event);
    }

    std::size_t m_chunkSteps;
    std::vector<std::uint64_t> m_end{0};  // m_end[n]: events of steps 1..n
    std::vector<Chunk> m_chunks;
    std::size_t m_bytes = 0;
    std::size_t m_dropped = 0;
};

}  // namespace commviz::sim
