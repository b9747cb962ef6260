// BookSim2's allocators (src/allocators/) and the arbiters of its separable
// ones (src/arbiters/), on a request list. Where BookSim scans ports in
// round-robin order from a pointer and takes the first best, we keep the best
// seen under the same order (priority, then distance from the pointer), so
// the result does not depend on the order requests were added in.

#include "noc/booksim_allocator.h"

#include <algorithm>

#include "sim/heap_bytes.h"

namespace commviz::noc {

namespace {

// Round-robin distance of `port` from `pointer` among `size` ports.
inline int distance(int port, int pointer, int size) {
    const int d = port - pointer;
    return d < 0 ? d + size : d;
}

// One arbiter of a separable allocator over `size` requesters: round-robin
// (RoundRobinArbiter: higher priority, then nearest at or after the pointer)
// or matrix (MatrixArbiter: higher priority, then the one no other beats).
struct ArbiterView {
    int size;
    std::int32_t* pointer;  // round-robin
    std::int32_t* stamps;   // matrix: per requester, lower wins
    std::int32_t* clock;

    bool prefers(int a, int pa, int b, int pb) const {
        if (pa != pb) return pa > pb;
        if (stamps) return stamps[a] < stamps[b];
        return distance(a, *pointer, size) < distance(b, *pointer, size);
    }
    // UpdateState after `selected` won: the pointer moves past it, or it drops below everyone.
    void update(int selected) const {
        if (stamps)
            stamps[selected] = ++*clock;
        else
            *pointer = selected + 1 == size ? 0 : selected + 1;
    }
};

}  // namespace

std::size_t matrixOrderSize(int inputs, int outputs) { return 2 * std::size_t(inputs) * std::size_t(outputs) + 1; }

void initMatrixOrder(std::int32_t* order, int inputs, int outputs) {
    std::size_t at = 0;
    for (int arbiter = 0; arbiter < inputs; ++arbiter)
        for (int j = 0; j < outputs; ++j) order[at++] = -j;
    for (int arbiter = 0; arbiter < outputs; ++arbiter)
        for (int j = 0; j < inputs; ++j) order[at++] = -j;
    order[at] = 0;
}

std::size_t BookSimAllocator::heapBytes() const {
    std::size_t bytes = sim::heapBytes(m_requests) + sim::heapBytes(m_pairIndex) + sim::heapBytes(m_order);
    for (const auto* scratch : {&m_inMatch, &m_outMatch, &m_inBest, &m_outBest, &m_inOffset, &m_outOffset, &m_grants})
        bytes += sim::heapBytes(*scratch);
    return bytes;
}

void BookSimAllocator::resize(int maxInputs, int maxOutputs, bool findable) {
    for (auto* perInput : {&m_inMatch, &m_inBest, &m_inOffset}) perInput->assign(std::size_t(maxInputs), -1);
    for (auto* perOutput : {&m_outMatch, &m_outBest, &m_outOffset, &m_grants})
        perOutput->assign(std::size_t(maxOutputs), -1);
    m_pairIndex.clear();
    if (findable) m_pairIndex.assign(std::size_t(maxInputs) * std::size_t(maxOutputs), -1);
    m_inputs = maxInputs;
    m_outputs = maxOutputs;
    m_requests.clear();
    m_dirty = false;
}

void BookSimAllocator::clear(int inputs, int outputs) {
    if (m_dirty) {
        for (const Request& r : m_requests)
            if (!m_pairIndex.empty())
                m_pairIndex[std::size_t(r.input) * std::size_t(m_outputs) + std::size_t(r.output)] = -1;
        std::fill(m_inMatch.begin(), m_inMatch.begin() + m_inputs, -1);
        std::fill(m_outMatch.begin(), m_outMatch.begin() + m_outputs, -1);
        m_requests.clear();
        m_dirty = false;
    }
    m_inputs = inputs;
    m_outputs = outputs;
}

int BookSimAllocator::find(int input, int output) const {
    if (!m_pairIndex.empty()) return m_pairIndex[std::size_t(input) * std::size_t(m_outputs) + std::size_t(output)];
    for (std::size_t i = 0; i < m_requests.size(); ++i)
        if (m_requests[i].input == input && m_requests[i].output == output) return int(i);
    return -1;
}

void BookSimAllocator::add(int input, int output, int label, int priority) {
    m_dirty = true;
    if (!m_pairIndex.empty())
        m_pairIndex[std::size_t(input) * std::size_t(m_outputs) + std::size_t(output)] = int(m_requests.size());
    m_requests.push_back({input, output, label, priority});
}

void BookSimAllocator::allocate(const AllocatorChoice& choice, const AllocatorMemory& memory, sim::Rng& rng) {
    m_dirty = true;
    switch (choice.kind) {
        case AllocatorKind::SeparableInputFirst:
            return separable(true, choice.arbiter, memory);
        case AllocatorKind::SeparableOutputFirst:
            return separable(false, choice.arbiter, memory);
        case AllocatorKind::Wavefront:
            return wavefront(false, memory);
        case AllocatorKind::RrWavefront:
            return wavefront(true, memory);
        case AllocatorKind::Select:
            return select(choice.iterations, memory);
        case AllocatorKind::Pim:
            return pim(choice.iterations, rng);
        case AllocatorKind::Loa:
            return loa(memory);
        case AllocatorKind::Islip:
            return;  // IslipAllocator's
    }
}

// SeparableInputFirstAllocator::Allocate: every input's arbiter picks one of
// its requests; every output's arbiter picks among the inputs that picked it;
// both arbiters of a match update. SeparableOutputFirstAllocator: the same
// with the outputs' arbiters first. Each arbiter's choice depends only on its
// requests, so one pass over the request list per stage gives BookSim's result.
void BookSimAllocator::separable(bool inputFirst, ArbiterKind arbiter, const AllocatorMemory& memory) {
    const bool matrix = arbiter == ArbiterKind::Matrix;
    const std::size_t inputs = std::size_t(m_inputs);
    const std::size_t outputs = std::size_t(m_outputs);
    std::int32_t* clock = matrix ? memory.order + 2 * inputs * outputs : nullptr;
    auto inputArbiter = [&](int in) {
        return ArbiterView{m_outputs, memory.inPointers + in,
                           matrix ? memory.order + std::size_t(in) * outputs : nullptr, clock};
    };
    auto outputArbiter = [&](int out) {
        return ArbiterView{m_inputs, memory.outPointers + out,
                           matrix ? memory.order + inputs * outputs + std::size_t(out) * inputs : nullptr, clock};
    };
    // The first stage's arbiter of a request, its requester there, and the same for the second stage.
    auto firstPick = [&](const Request& r) -> std::int32_t& {
        return inputFirst ? m_inBest[std::size_t(r.input)] : m_outBest[std::size_t(r.output)];
    };
    auto secondPick = [&](const Request& r) -> std::int32_t& {
        return inputFirst ? m_outBest[std::size_t(r.output)] : m_inBest[std::size_t(r.input)];
    };
    auto prefers = [&](bool atInput, const Request& r, const Request& best) {
        return atInput ? inputArbiter(r.input).prefers(r.output, r.priority, best.output, best.priority)
                       : outputArbiter(r.output).prefers(r.input, r.priority, best.input, best.priority);
    };
    for (const Request& r : m_requests) m_inBest[std::size_t(r.input)] = m_outBest[std::size_t(r.output)] = -1;
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        const Request& r = m_requests[i];
        std::int32_t& best = firstPick(r);
        if (best < 0 || prefers(inputFirst, r, m_requests[std::size_t(best)])) best = std::int32_t(i);
    }
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        const Request& r = m_requests[i];
        if (firstPick(r) != std::int32_t(i)) continue;
        std::int32_t& best = secondPick(r);
        if (best < 0 || prefers(!inputFirst, r, m_requests[std::size_t(best)])) best = std::int32_t(i);
    }
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        const Request& r = m_requests[i];
        if (secondPick(r) != std::int32_t(i)) continue;
        match(r.input, r.output);
        inputArbiter(r.input).update(r.output);
        outputArbiter(r.output).update(r.input);
    }
}

// Wavefront::Allocate: per priority class, highest first, the diagonals of
// the square request matrix from the priority diagonal on, each diagonal by
// output; a request on a free row and column is granted. Step p of the wave
// visits input (diagonal + p - output) mod square, so a request's step is
// (input + output - diagonal) mod square. The diagonal moves on by one
// (rr_wavefront: to just after the first grant's) whenever there were requests.
void BookSimAllocator::wavefront(bool skipDiagonals, const AllocatorMemory& memory) {
    if (m_requests.empty()) return;
    const int square = std::max(m_inputs, m_outputs);
    const int diagonal = *memory.diagonal;
    // One sort key per request: the priority class (highest first) above the
    // visit position step * square + output, from which the input follows.
    m_order.resize(m_requests.size());
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        const Request& r = m_requests[i];
        int step = r.input + r.output - diagonal;
        step = step < 0 ? step + square : step >= square ? step - square : step;
        const std::uint32_t rank = ~(std::uint32_t(r.priority) ^ 0x80000000u);  // higher priority sorts first
        m_order[i] = std::uint64_t(rank) << 32 | std::uint32_t(step * square + r.output);
    }
    std::sort(m_order.begin(), m_order.end());
    int firstDiagonal = -1;
    for (const std::uint64_t key : m_order) {
        const int position = int(key & 0xffffffffu);
        const int step = position / square;
        const int output = position - step * square;
        int input = diagonal + step - output;
        input = input < 0 ? input + square : input >= square ? input - square : input;
        if (m_inMatch[std::size_t(input)] != -1 || m_outMatch[std::size_t(output)] != -1) continue;
        match(input, output);
        if (firstDiagonal < 0) firstDiagonal = input + output;
    }
    *memory.diagonal = ((skipDiagonals ? firstDiagonal : diagonal) + 1) % square;
}

// SelAlloc::Allocate: iSLIP that honours priorities. Each free output grants
// the highest-priority free input, ties to the first from its grant pointer;
// each input accepts the highest-priority granting output, ties to the first
// from its accept pointer; pointers move in the first iteration only. As in
// BookSim the grants are kept from one iteration to the next, and an output
// that finds no free input keeps its old grant.
void BookSimAllocator::select(int iterations, const AllocatorMemory& memory) {
    const int inputs = m_inputs;
    const int outputs = m_outputs;
    std::fill(m_grants.begin(), m_grants.begin() + outputs, -1);
    for (int iter = 0; iter < iterations; ++iter) {
        for (const Request& r : m_requests) m_outBest[std::size_t(r.output)] = m_inBest[std::size_t(r.input)] = -1;
        for (std::size_t i = 0; i < m_requests.size(); ++i) {
            const Request& r = m_requests[i];
            if (m_outMatch[std::size_t(r.output)] != -1 || m_inMatch[std::size_t(r.input)] != -1) continue;
            std::int32_t& best = m_outBest[std::size_t(r.output)];
            const int pointer = memory.outPointers[r.output];
            if (best < 0) {
                best = std::int32_t(i);
                continue;
            }
            const Request& b = m_requests[std::size_t(best)];
            if (r.priority > b.priority ||
                (r.priority == b.priority && distance(r.input, pointer, inputs) < distance(b.input, pointer, inputs)))
                best = std::int32_t(i);
        }
        for (const Request& r : m_requests) {
            const std::int32_t best = m_outBest[std::size_t(r.output)];
            if (best >= 0) m_grants[std::size_t(r.output)] = m_requests[std::size_t(best)].input;
        }
        for (std::size_t i = 0; i < m_requests.size(); ++i) {
            const Request& r = m_requests[i];
            if (m_grants[std::size_t(r.output)] != r.input) continue;
            std::int32_t& best = m_inBest[std::size_t(r.input)];
            const int pointer = memory.inPointers[r.input];
            if (best < 0) {
                best = std::int32_t(i);
                continue;
            }
            const Request& b = m_requests[std::size_t(best)];
            if (r.priority > b.priority || (r.priority == b.priority && distance(r.output, pointer, outputs) <
                                                                            distance(b.output, pointer, outputs)))
                best = std::int32_t(i);
        }
        for (std::size_t i = 0; i < m_requests.size(); ++i) {
            const Request& r = m_requests[i];
            if (m_inBest[std::size_t(r.input)] != std::int32_t(i)) continue;
            match(r.input, r.output);
            if (iter == 0) {
                memory.outPointers[r.output] = r.input + 1 == inputs ? 0 : r.input + 1;
                memory.inPointers[r.input] = r.output + 1 == outputs ? 0 : r.output + 1;
            }
        }
    }
}

// PIM::Allocate: every output draws a random starting input and grants the
// first free requesting one from there; then every input draws a random
// starting output and accepts the first grant from there. Every port draws,
// requests or not, as BookSim's RandomInt(ports - 1) does.
void BookSimAllocator::pim(int iterations, sim::Rng& rng) {
    const int inputs = m_inputs;
    const int outputs = m_outputs;
    for (int iter = 0; iter < iterations; ++iter) {
        for (int out = 0; out < outputs; ++out) {
            m_outOffset[std::size_t(out)] = std::int32_t(rng.below(std::uint64_t(inputs)));
            m_grants[std::size_t(out)] = -1;
        }
        for (const Request& r : m_requests) {
            if (m_inMatch[std::size_t(r.input)] != -1 || m_outMatch[std::size_t(r.output)] != -1) continue;
            std::int32_t& grant = m_grants[std::size_t(r.output)];
            const int offset = m_outOffset[std::size_t(r.output)];
            if (grant < 0 || distance(r.input, offset, inputs) < distance(grant, offset, inputs)) grant = r.input;
        }
        for (int in = 0; in < inputs; ++in) {
            m_inOffset[std::size_t(in)] = std::int32_t(rng.below(std::uint64_t(outputs)));
            m_inBest[std::size_t(in)] = -1;
        }
        for (int out = 0; out < outputs; ++out) {
            const int in = m_grants[std::size_t(out)];
            if (in < 0) continue;
            std::int32_t& accept = m_inBest[std::size_t(in)];
            const int offset = m_inOffset[std::size_t(in)];
            if (accept < 0 || distance(out, offset, outputs) < distance(accept, offset, outputs)) accept = out;
        }
        for (int in = 0; in < inputs; ++in)
            if (m_inBest[std::size_t(in)] >= 0) match(in, m_inBest[std::size_t(in)]);
    }
}

// LOA::Allocate: count each output's requests; each input asks for its
// loneliest requested output (fewest requests, ties to the first from its
// request pointer); each output grants the first asking input from its grant
// pointer, and both pointers of a grant move on by one.
void BookSimAllocator::loa(const AllocatorMemory& memory) {
    const int inputs = m_inputs;
    const int outputs = m_outputs;
    std::vector<std::int32_t>& counts = m_outBest;
    std::vector<std::int32_t>& granted = m_outOffset;
    std::vector<std::int32_t>& asks = m_inBest;
    for (const Request& r : m_requests) {
        counts[std::size_t(r.output)] = 0;
        granted[std::size_t(r.output)] = -1;
        asks[std::size_t(r.input)] = -1;
    }
    for (const Request& r : m_requests) ++counts[std::size_t(r.output)];
    for (const Request& r : m_requests) {
        std::int32_t& ask = asks[std::size_t(r.input)];
        const int pointer = memory.inPointers[r.input];
        if (ask < 0) {
            ask = r.output;
            continue;
        }
        const int mine = counts[std::size_t(r.output)];
        const int theirs = counts[std::size_t(ask)];
        if (mine < theirs || (mine == theirs && distance(r.output, pointer, outputs) < distance(ask, pointer, outputs)))
            ask = r.output;
    }
    for (const Request& r : m_requests) {
        if (asks[std::size_t(r.input)] != r.output) continue;
        std::int32_t& grant = granted[std::size_t(r.output)];
        const int pointer = memory.outPointers[r.output];
        if (grant < 0 || distance(r.input, pointer, inputs) < distance(grant, pointer, inputs)) grant = r.input;
    }
    for (const Request& r : m_requests) {
        if (granted[std::size_t(r.output)] != r.input) continue;
        match(r.input, r.output);
        memory.inPointers[r.input] = (memory.inPointers[r.input] + 1) % outputs;
        memory.outPointers[r.output] = (memory.outPointers[r.output] + 1) % inputs;
    }
}

}  // namespace commviz::noc
