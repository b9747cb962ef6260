#pragma once

#include <cstdint>
#include <vector>

namespace commviz::noc {

/// BookSim's sparse iSLIP allocator (allocators/islip.cpp): per iteration each
/// free output grants the first requesting free input at or after its grant
/// pointer, each input accepts the first granting output at or after its
/// accept pointer; pointers move past the match only in the first iteration.
/// The pointers are router state (passed in); requests and matches are
/// scratch reused across routers.
class IslipAllocator {
public:
    /// `findable`: keep an (input, output) index so find() is O(1) (switch allocation).
    void resize(int maxInputs, int maxOutputs, bool findable = false);
    /// Starts an allocation with `inputs` x `outputs` ports. Inline, and
    /// nearly free when nothing was requested since the last start (most
    /// routers on most cycles).
    void clear(int inputs, int outputs) {
        if (!m_requests.empty() || inputs != m_inputs || outputs != m_outputs) reset(inputs, outputs);
    }
    /// For an (input, output) pair already requested, its request index; -1 otherwise.
    int find(int input, int output) const {
        if (!m_pairIndex.empty()) return m_pairIndex[pair(input, output)];
        for (std::size_t i = 0; i < m_requests.size(); ++i)
            if (m_requests[i].input == input && m_requests[i].output == output) return int(i);
        return -1;
    }
    void add(int input, int output, int label, int priority) {
        if (!m_pairIndex.empty()) m_pairIndex[pair(input, output)] = int(m_requests.size());
        m_requests.push_back({input, output, label, priority});
    }
    void replace(int index, int label, int priority) {
        m_requests[std::size_t(index)].label = label;
        m_requests[std::size_t(index)].priority = priority;
    }
    int label(int index) const { return m_requests[std::size_t(index)].label; }
    int priority(int index) const { return m_requests[std::size_t(index)].priority; }
    void allocate(int iterations, std::int32_t* grantPointers, std::int32_t* acceptPointers);
    int outputAssigned(int input) const { return m_inMatch[std::size_t(input)]; }
    int inputAssigned(int output) const { return m_outMatch[std::size_t(output)]; }
    bool empty() const { return m_requests.empty(); }

private:
    void reset(int inputs, int outputs);
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
};

}  // namespace commviz::noc
