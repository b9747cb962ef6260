#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace commviz::noc {

/// The first set bit of `mask` at or after `pointer`, wrapping around: the
/// round-robin winner among the candidates (mask not empty, pointer below its width).
template <class Mask>
inline int firstFrom(Mask mask, int pointer) {
    const Mask after = mask >> pointer;
    return after != 0 ? pointer + std::countr_zero(after) : std::countr_zero(mask);
}

/// iSLIP (allocators/islip.cpp) on bit masks, for up to 64 inputs and outputs:
/// `requests[o]` holds the inputs requesting output o, `outputs` the outputs
/// with a request. Each iteration every unmatched output grants the first
/// unmatched requesting input at or after its grant pointer and every granted
/// input accepts the first granting output at or after its accept pointer;
/// pointers move past a match in the first iteration only. Writes inMatch[i]
/// for the matched inputs and returns them as a mask.
template <class Mask>
Mask islipOnMasks(const Mask* requests, Mask outputs, int inputs, int outputCount, int iterations,
                  std::int32_t* grantPointers, std::int32_t* acceptPointers, std::int32_t* inMatch) {
    if (iterations < 1) return 0;
    Mask grantsTo[sizeof(Mask) * 8];
    // The first iteration on its own (alloc_iters = 1 is the default): nothing
    // is matched yet, every granted input accepts, and the pointers move.
    Mask granted = 0;
    for (Mask m = outputs; m != 0; m &= m - 1) {
        const int out = std::countr_zero(m);
        const Mask candidates = requests[out];
        if (candidates == 0) continue;
        const int in = firstFrom(candidates, grantPointers[out]);
        const Mask bit = Mask(1) << in;
        grantsTo[in] = (granted & bit ? grantsTo[in] : 0) | Mask(1) << out;
        granted |= bit;
    }
    Mask matchedInputs = granted;
    Mask matchedOutputs = 0;
    for (Mask m = granted; m != 0; m &= m - 1) {
        const int in = std::countr_zero(m);
        const int out = firstFrom(grantsTo[in], acceptPointers[in]);
        inMatch[in] = out;
        matchedOutputs |= Mask(1) << out;
        grantPointers[out] = in + 1 == inputs ? 0 : in + 1;
        acceptPointers[in] = out + 1 == outputCount ? 0 : out + 1;
    }
    if (granted == 0) return 0;
    for (int iter = 1; iter < iterations; ++iter) {
        Mask regranted = 0;
        for (Mask m = outputs & ~matchedOutputs; m != 0; m &= m - 1) {
            const int out = std::countr_zero(m);
            const Mask candidates = requests[out] & ~matchedInputs;
            if (candidates == 0) continue;
            const int in = firstFrom(candidates, grantPointers[out]);
            const Mask bit = Mask(1) << in;
            grantsTo[in] = (regranted & bit ? grantsTo[in] : 0) | Mask(1) << out;
            regranted |= bit;
        }
        if (regranted == 0) break;
        for (Mask m = regranted; m != 0; m &= m - 1) {
            const int in = std::countr_zero(m);
            const int out = firstFrom(grantsTo[in], acceptPointers[in]);
            inMatch[in] = out;
            matchedInputs |= Mask(1) << in;
            matchedOutputs |= Mask(1) << out;
        }
    }
    return matchedInputs;
}

/// BookSim's sparse iSLIP allocator (allocators/islip.cpp): per iteration each
/// free output grants the first requesting free input at or after its grant
/// pointer, each input accepts the first granting output at or after its
/// accept pointer; pointers move past the match only in the first iteration.
/// The pointers are router state (passed in); requests and matches are
/// scratch reused across routers.
class IslipAllocator {
public:
    /// `findable`: keep an (input, output) index so find() is O(1), and up to
    /// 64 x 64 ports allocate on bit masks (switch allocation). Without it
    /// find() scans the request list and every size allocates from that list:
    /// the general path (NocConfig::general_paths).
    void resize(int maxInputs, int maxOutputs, bool findable = false);
    /// Starts an allocation with `inputs` x `outputs` ports. Inline, and
    /// nearly free when nothing was requested since the last start (most
    /// routers on most cycles).
    void clear(int inputs, int outputs) {
        if (m_activeOutputs != 0 || !m_requests.empty() || inputs != m_inputs || outputs != m_outputs)
            reset(inputs, outputs);
    }
    /// For an (input, output) pair already requested, its request index; -1 otherwise.
    int find(int input, int output) const {
        if (m_small) return m_outRequests[std::size_t(output)] >> input & 1 ? int(pair(input, output)) : -1;
        if (!m_pairIndex.empty()) return m_pairIndex[pair(input, output)];
        for (std::size_t i = 0; i < m_requests.size(); ++i)
            if (m_requests[i].input == input && m_requests[i].output == output) return int(i);
        return -1;
    }
    [[gnu::always_inline]] void add(int input, int output, int label, int priority) {
        if (m_small) {
            m_outRequests[std::size_t(output)] |= std::uint64_t(1) << input;
            m_activeOutputs |= std::uint64_t(1) << output;
            m_pairLabel[pair(input, output)] = {label, priority};
            return;
        }
        if (!m_pairIndex.empty()) m_pairIndex[pair(input, output)] = int(m_requests.size());
        m_requests.push_back({input, output, label, priority});
    }
    void replace(int index, int label, int priority) {
        if (m_small) {
            m_pairLabel[std::size_t(index)] = {label, priority};
            return;
        }
        m_requests[std::size_t(index)].label = label;
        m_requests[std::size_t(index)].priority = priority;
    }
    int label(int index) const {
        return m_small ? m_pairLabel[std::size_t(index)].label : m_requests[std::size_t(index)].label;
    }
    int priority(int index) const {
        return m_small ? m_pairLabel[std::size_t(index)].priority : m_requests[std::size_t(index)].priority;
    }
    void allocate(int iterations, std::int32_t* grantPointers, std::int32_t* acceptPointers);
    int outputAssigned(int input) const { return m_inMatch[std::size_t(input)]; }
    int inputAssigned(int output) const { return m_outMatch[std::size_t(output)]; }
    bool empty() const { return m_small ? m_activeOutputs == 0 : m_requests.empty(); }
    /// Bytes of its buffers on the heap.
    std::size_t heapBytes() const;

private:
    void reset(int inputs, int outputs);
    // Up to 64 inputs and outputs: requests as bit masks, so a round-robin
    // pick is a rotate and a count of trailing zeros.
    void allocateSmall(int iterations, std::int32_t* grantPointers, std::int32_t* acceptPointers);
    std::size_t pair(int input, int output) const {
        return std::size_t(input) * std::size_t(m_outputs) + std::size_t(output);
    }
    struct Request {
        std::int32_t input;
        std::int32_t output;
        std::int32_t label;
        std::int32_t priority;
    };
    bool m_findable = false;
    int m_inputs = 0;
    int m_outputs = 0;
    std::vector<Request> m_requests;
    std::vector<std::int32_t> m_inMatch;
    std::vector<std::int32_t> m_outMatch;
    std::vector<std::int32_t> m_grant;
    std::vector<std::int32_t> m_bestAccept;
    std::vector<std::int32_t> m_pairIndex;  // input*outputs+output -> request, for small allocators
    bool m_small = false;                   // inputs and outputs fit in 64-bit masks: no request list
    std::uint64_t m_activeOutputs = 0;      // outputs with a request (small mode)
    std::uint64_t m_matchedInputs = 0;
    std::uint64_t m_matchedOutputs = 0;
    std::vector<std::uint64_t> m_outRequests;  // per output: the inputs requesting it (small mode)
    struct PairLabel {
        std::int32_t label;
        std::int32_t priority;
    };
    std::vector<PairLabel> m_pairLabel;  // per (input, output) pair: its request (small mode)
};

}  // namespace commviz::noc
