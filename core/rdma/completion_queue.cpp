#include "rdma/completion_queue.h"

namespace commviz::rdma {

bool CompletionQueue::push(Cqe& cqe, std::uint64_t nowNs) {
    if (overrun || full() || depth == 0) return false;
    cqe.index = head;
    cqe.slot = static_cast<std::uint32_t>(head % depth);
    cqe.id = id + "/cqe/" + std::to_string(head);
    cqe.writtenNs = nowNs;
    ring[cqe.slot] = cqe;
    ++head;
    return true;
}

const Cqe* CompletionQueue::peek() const {
    if (tail == head) return nullptr;
    const auto& slot = ring[tail % depth];
    return slot ? &*slot : nullptr;
}

std::optional<Cqe> CompletionQueue::pop() {
    if (tail == head) return std::nullopt;
    auto& slot = ring[tail % depth];
    std::optional<Cqe> out = std::move(slot);
    slot.reset();
    ++tail;
    return out;
}

void CompletionQueue::discardQp(const std::string& qpId) {
    std::vector<Cqe> kept;
    for (std::uint64_t i = tail; i < head; ++i) {
        auto& slot = ring[i % depth];
        if (slot && slot->qp != qpId) kept.push_back(*slot);
        slot.reset();
    }
    head = tail;
    for (auto& cqe : kept) {
        cqe.slot = static_cast<std::uint32_t>(head % depth);
        ring[cqe.slot] = cqe;
        ++head;
    }
}

const Cqe* CompletionQueue::find(const std::string& cqeId) const {
    for (const auto& slot : ring)
        if (slot && slot->id == cqeId) return &*slot;
    return nullptr;
}

}  // namespace commviz::rdma
