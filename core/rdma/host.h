#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rdma/completion_queue.h"
#include "rdma/memory_region.h"
#include "rdma/queue_pair.h"
#include "rdma/work_request.h"

namespace commviz::rdma {

/// An async event as ibv_get_async_event() would return it.
struct AsyncEventRecord {
    AsyncEventType type = AsyncEventType::CqErr;
    std::string object;  ///< CQ or QP id
    std::uint64_t timeNs = 0;
};

/// One machine: its device context (ibv_context) with one port and one PD, the
/// verbs objects created on it, and what its application has seen.
struct Host {
    std::string name;  ///< "A"
    std::uint32_t index = 0;
    std::string pd;  ///< "A/pd"
    std::uint32_t lid = 0;
    std::vector<MemoryRegion> mrs;
    std::vector<CompletionQueue> cqs;
    std::vector<QueuePair> qps;
    std::vector<WorkRequest> wrs;     ///< the application's WR list
    std::vector<WorkCompletion> wcs;  ///< WCs polled, in order
    std::vector<AsyncEventRecord> asyncEvents;
    std::uint32_t nextQpn = 16;  ///< rxe RXE_MIN_QP_INDEX
    std::uint32_t nextCqn = 1;
    std::uint32_t nextMr = 1;
    std::uint64_t nextVa = 0;

    MemoryRegion* mrByName(const std::string& name);
    MemoryRegion* mrById(const std::string& id);
    MemoryRegion* mrByLkey(std::uint32_t lkey);
    MemoryRegion* mrByRkey(std::uint32_t rkey);
    CompletionQueue* cqById(const std::string& id);
    CompletionQueue* cqByName(const std::string& name);
    QueuePair* qpByName(const std::string& name);
    QueuePair* qpByQpn(std::uint32_t qpn);
    const MemoryRegion* mrByName(const std::string& name) const;
    const CompletionQueue* cqByName(const std::string& name) const;
    const QueuePair* qpByName(const std::string& name) const;
    const QueuePair* qpByQpn(std::uint32_t qpn) const;
};

}  // namespace commviz::rdma
