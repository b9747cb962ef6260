#pragma once

#include <cstdint>
#include <vector>

#include "noc/allocator_choice.h"
#include "sim/rng.h"

namespace commviz::noc {

/// What a router keeps of one allocator between cycles; the allocator moves it.
/// inPointers / outPointers are the per-input and per-output pointers every
/// pointer-based allocator has (the same arrays iSLIP uses): the separable
/// allocators' round-robin arbiters, select's accept and grant pointers, LOA's
/// request and grant pointers. `order` holds the matrix arbiters' priorities
/// (matrixOrderSize entries), `diagonal` wavefront's priority diagonal.
struct AllocatorMemory {
    std::int32_t* inPointers = nullptr;
    std::int32_t* outPointers = nullptr;
    std::int32_t* order = nullptr;
    std::int32_t* diagonal = nullptr;
};

/// A matrix arbiter (arbiters/matrix_arb.cpp) keeps a full priority order of
/// its requesters: a winner drops below everyone. We store that order as a
/// stamp per requester, lower winning; a winner takes the next stamp of the
/// allocator's clock. The fresh matrix lets higher indices win, so a requester
/// j starts at -j. Layout: the input arbiters (inputs x outputs), the output
/// arbiters (outputs x inputs), then the clock.
std::size_t matrixOrderSize(int inputs, int outputs);
void initMatrixOrder(std::int32_t* order, int inputs, int outputs);

/// BookSim's allocators other than iSLIP (src/allocators/): separable input-
/// and output-first with round-robin or matrix arbiters, wavefront and
/// rr_wavefront, select, PIM and LOA, on the same request interface as
/// IslipAllocator (clear, add, find / replace for the switch allocator's
/// superseding requests, then allocate and read the matches).
class BookSimAllocator {
public:
    /// `findable`: keep an (input, output) index so find() is O(1) (the switch
    /// allocator's superseding requests); without it find() scans the requests.
    void resize(int maxInputs, int maxOutputs, bool findable = false);
    /// Starts an allocation with `inputs` x `outputs` ports.
    void clear(int inputs, int outputs);
    int find(int input, int output) const;
    void add(int input, int output, int label, int priority);
    void replace(int index, int label, int priority) {
        m_requests[std::size_t(index)].label = label;
        m_requests[std::size_t(index)].priority = priority;
    }
    int label(int index) const { return m_requests[std::size_t(index)].label; }
    int priority(int index) const { return m_requests[std::size_t(index)].priority; }
    /// One Allocate() of the chosen allocator; PIM draws from `rng` in
    /// BookSim's order (each output, then each input, every iteration).
    void allocate(const AllocatorChoice& choice, const AllocatorMemory& memory, sim::Rng& rng);
    int outputAssigned(int input) const { return m_inMatch[std::size_t(input)]; }
    int inputAssigned(int output) const { return m_outMatch[std::size_t(output)]; }
    std::size_t heapBytes() const;

private:
    struct Request {
        std::int32_t input;
        std::int32_t output;
        std::int32_t label;
        std::int32_t priority;
    };
    void separable(bool inputFirst, ArbiterKind arbiter, const AllocatorMemory& memory);
    void wavefront(bool skipDiagonals, const AllocatorMemory& memory);
    void select(int iterations, const AllocatorMemory& memory);
    void pim(int iterations, sim::Rng& rng);
    void loa(const AllocatorMemory& memory);
    void match(int input, int output) {
        m_inMatch[std::size_t(input)] = output;
        m_outMatch[std::size_t(output)] = input;
    }

    int m_inputs = 0;
    int m_outputs = 0;
    bool m_dirty = false;
    std::vector<Request> m_requests;
    std::vector<std::int32_t> m_pairIndex;  ///< input * outputs + output -> request, when small enough
    std::vector<std::int32_t> m_inMatch;
    std::vector<std::int32_t> m_outMatch;
    // scratch per input and per output
    std::vector<std::int32_t> m_inBest;
    std::vector<std::int32_t> m_outBest;
    std::vector<std::int32_t> m_inOffset;
    std::vector<std::int32_t> m_outOffset;
    std::vector<std::int32_t> m_grants;
    std::vector<std::uint64_t> m_order;  ///< wavefront: the requests' sort keys
};

}  // namespace commviz::noc
