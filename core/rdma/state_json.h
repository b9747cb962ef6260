#pragma once

// JSON views of the engine's objects, shared by summary() and inspect().

#include <string>

#include "rdma/host.h"
#include "rdma/packet.h"
#include "rdma/script.h"
#include "sim/json.h"

namespace commviz::rdma {

std::string hexBytes(const std::vector<std::uint8_t>& bytes, std::size_t limit);
std::string hexBytes(const PagedBytes& bytes, std::size_t limit);
std::string hexValue(std::uint64_t v);

sim::Json toJson(const MemoryRegion& mr);
sim::Json toJson(const CompletionQueue& cq);
sim::Json toJson(const Cqe& cqe);
sim::Json toJson(const QueuePair& qp);
sim::Json toJson(const WorkQueue& wq);
sim::Json toJson(const Wqe& wqe);
sim::Json toJson(const WorkRequest& wr);
sim::Json toJson(const WorkCompletion& wc);
sim::Json toJson(const Packet& p);
sim::Json toJson(const CallResult& c);
sim::Json toJson(const SendWr& wr);
sim::Json toJson(const RecvWr& wr);

}  // namespace commviz::rdma
