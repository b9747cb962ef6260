#include "noc/islip_allocator.h"

#include <algorithm>

#include "sim/heap_bytes.h"

namespace commviz::noc {

std::size_t IslipAllocator::heapBytes() const {
    return sim::heapBytes(m_requests) + sim::heapBytes(m_inMatch) + sim::heapBytes(m_outMatch) +
           sim::heapBytes(m_grant) + sim::heapBytes(m_bestAccept) + sim::heapBytes(m_pairIndex) +
           sim::heapBytes(m_outRequests) + sim::heapBytes(m_pairLabel);
}

void IslipAllocator::resize(int maxInputs, int maxOutputs, bool findable) {
    m_findable = findable;
    m_inMatch.assign(std::size_t(maxInputs), -1);
    m_outMatch.assign(std::size_t(maxOutputs), -1);
    m_grant.assign(std::size_t(maxOutputs), -1);
    m_bestAccept.assign(std::size_t(maxInputs), -1);
    // Masks only for the switch allocator (findable): the pair table is copied
    // with every engine keyframe, and the VC allocator of the default router
    // runs on masks without this class (NocRouterStep::vcAllocByMask).
    m_outRequests.clear();
    m_pairLabel.clear();
    if (findable && maxInputs <= 64 && maxOutputs <= 64) {
        m_outRequests.assign(std::size_t(maxOutputs), 0);
        m_pairLabel.assign(std::size_t(maxInputs) * std::size_t(maxOutputs), {});
    }
}

void IslipAllocator::reset(int inputs, int outputs) {
    if (m_small) {
        for (std::uint64_t m = m_activeOutputs; m != 0; m &= m - 1) m_outRequests[std::size_t(std::countr_zero(m))] = 0;
        for (std::uint64_t m = m_matchedInputs; m != 0; m &= m - 1) m_inMatch[std::size_t(std::countr_zero(m))] = -1;
        for (std::uint64_t m = m_matchedOutputs; m != 0; m &= m - 1) m_outMatch[std::size_t(std::countr_zero(m))] = -1;
        m_activeOutputs = m_matchedInputs = m_matchedOutputs = 0;
    } else {
        for (const Request& r : m_requests) {
            m_inMatch[std::size_t(r.input)] = -1;
            m_outMatch[std::size_t(r.output)] = -1;
            if (!m_pairIndex.empty())
                m_pairIndex[std::size_t(r.input) * std::size_t(m_outputs) + std::size_t(r.output)] = -1;
        }
    }
    m_requests.clear();
    m_inputs = inputs;
    m_outputs = outputs;
    m_small = inputs <= 64 && outputs <= 64 && std::size_t(outputs) <= m_outRequests.size() &&
              std::size_t(inputs) * std::size_t(outputs) <= m_pairLabel.size();
    const std::size_t pairs = std::size_t(inputs) * std::size_t(outputs);
    if (!m_small && m_findable && pairs <= 4096 && m_pairIndex.size() < pairs) m_pairIndex.assign(pairs, -1);
    if (m_small || !m_findable || pairs > 4096) m_pairIndex.clear();
}

namespace {

// Round-robin distance from the pointer, without a division.
inline int distance(int port, int pointer, int size) {
    const int d = port - pointer;
    return d < 0 ? d + size : d;
}

}  // namespace

void IslipAllocator::allocateSmall(int iterations, std::int32_t* grantPointers, std::int32_t* acceptPointers) {
    m_matchedInputs = islipOnMasks<std::uint64_t>(m_outRequests.data(), m_activeOutputs, m_inputs, m_outputs,
                                                  iterations, grantPointers, acceptPointers, m_inMatch.data());
    m_matchedOutputs = 0;
    for (std::uint64_t m = m_matchedInputs; m != 0; m &= m - 1) {
        const int in = std::countr_zero(m);
        m_outMatch[std::size_t(m_inMatch[std::size_t(in)])] = in;
        m_matchedOutputs |= std::uint64_t(1) << m_inMatch[std::size_t(in)];
    }
}

void IslipAllocator::allocate(int iterations, std::int32_t* grantPointers, std::int32_t* acceptPointers) {
    if (m_small) {
        allocateSmall(iterations, grantPointers, acceptPointers);
        return;
    }
    const int inputs = m_inputs;
    const int outputs = m_outputs;
    for (int iter = 0; iter < iterations; ++iter) {
        // Grant: each unmatched output picks, round-robin from its pointer, an unmatched input.
        for (const Request& r : m_requests) {
            m_grant[std::size_t(r.output)] = -1;
            m_bestAccept[std::size_t(r.input)] = -1;
        }
        for (const Request& r : m_requests) {
            // Nothing is matched before the first iteration (clear() unmatched every port).
            if (iter > 0 && (m_outMatch[std::size_t(r.output)] != -1 || m_inMatch[std::size_t(r.input)] != -1))
                continue;
            std::int32_t& g = m_grant[std::size_t(r.output)];
            const int ptr = grantPointers[r.output];
            if (g < 0 || distance(r.input, ptr, inputs) < distance(g, ptr, inputs)) g = r.input;
        }
        // Accept: each input picks, round-robin from its pointer, one granting output.
        bool any = false;
        for (const Request& r : m_requests) {
            if (m_grant[std::size_t(r.output)] != r.input) continue;
            std::int32_t& a = m_bestAccept[std::size_t(r.input)];
            const int ptr = acceptPointers[r.input];
            if (a < 0 || distance(r.output, ptr, outputs) < distance(a, ptr, outputs)) a = r.output;
            any = true;
        }
        if (!any) break;
        for (const Request& r : m_requests) {
            const int out = m_bestAccept[std::size_t(r.input)];
            if (out != r.output || m_inMatch[std::size_t(r.input)] != -1) continue;
            m_inMatch[std::size_t(r.input)] = out;
            m_outMatch[std::size_t(out)] = r.input;
            if (iter == 0) {
                grantPointers[out] = r.input + 1 == inputs ? 0 : r.input + 1;
                acceptPointers[r.input] = out + 1 == outputs ? 0 : out + 1;
            }
        }
    }
}

}  // namespace commviz::noc
