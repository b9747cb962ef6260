#include "noc/islip_allocator.h"

#include <algorithm>

namespace commviz::noc {

void IslipAllocator::resize(int maxInputs, int maxOutputs, bool findable) {
    m_findable = findable;
    m_inMatch.assign(std::size_t(maxInputs), -1);
    m_outMatch.assign(std::size_t(maxOutputs), -1);
    m_grant.assign(std::size_t(maxOutputs), -1);
    m_bestAccept.assign(std::size_t(maxInputs), -1);
}

void IslipAllocator::reset(int inputs, int outputs) {
    for (const Request& r : m_requests) {
        m_inMatch[std::size_t(r.input)] = -1;
        m_outMatch[std::size_t(r.output)] = -1;
        if (!m_pairIndex.empty())
            m_pairIndex[std::size_t(r.input) * std::size_t(m_outputs) + std::size_t(r.output)] = -1;
    }
    m_requests.clear();
    m_inputs = inputs;
    m_outputs = outputs;
    const std::size_t pairs = std::size_t(inputs) * std::size_t(outputs);
    if (m_findable && pairs <= 4096 && m_pairIndex.size() < pairs) m_pairIndex.assign(pairs, -1);
    if (!m_findable || pairs > 4096) m_pairIndex.clear();
}

namespace {

// Round-robin distance from the pointer, without a division.
inline int distance(int port, int pointer, int size) {
    const int d = port - pointer;
    return d < 0 ? d + size : d;
}

}  // namespace

void IslipAllocator::allocate(int iterations, std::int32_t* grantPointers, std::int32_t* acceptPointers) {
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
