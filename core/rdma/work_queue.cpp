#include "rdma/work_queue.h"

namespace commviz::rdma {

Wqe* WorkQueue::at(std::uint64_t pos) {
    if (depth == 0 || pos < tail || pos >= head) return nullptr;
    auto& slot = ring[pos % depth];
    return slot && slot->pos == pos ? &*slot : nullptr;
}

const Wqe* WorkQueue::at(std::uint64_t pos) const {
    if (depth == 0 || pos < tail || pos >= head) return nullptr;
    const auto& slot = ring[pos % depth];
    return slot && slot->pos == pos ? &*slot : nullptr;
}

Wqe& WorkQueue::push(Wqe wqe) {
    wqe.pos = head;
    wqe.slot = static_cast<std::uint32_t>(head % depth);
    auto& slot = ring[wqe.slot];
    slot = std::move(wqe);
    ++head;
    return *slot;
}

std::vector<Wqe> WorkQueue::freeUpTo(std::uint64_t upTo) {
    std::vector<Wqe> freed;
    while (tail < upTo && tail < head) {
        auto& slot = ring[tail % depth];
        if (slot) freed.push_back(std::move(*slot));
        slot.reset();
        ++tail;
    }
    return freed;
}

void WorkQueue::clear() {
    ring.assign(depth, std::nullopt);
    tail = head;
}

}  // namespace commviz::rdma
