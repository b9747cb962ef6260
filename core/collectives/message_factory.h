#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "collectives/block_layout.h"
#include "collectives/schedule.h"

namespace commviz::collectives {

/// Makes the messages of one schedule. Phases capture it by value: it shares
/// one copy of the layout, or none when every block has the same size
/// (alltoall's p x p blocks are 16.7M at 4,096 ranks).
class MessageFactory {
public:
    MessageFactory(const BlockLayout& layout, std::int64_t elementBytes)
        : m_layout(std::make_shared<const BlockLayout>(layout)), m_elementBytes(elementBytes) {}
    /// Blocks of `elementsPerBlock` elements each.
    static MessageFactory uniform(std::int64_t elementsPerBlock, std::int64_t elementBytes) {
        return MessageFactory(elementsPerBlock, elementBytes);
    }

    Message operator()(int src, int dst, std::vector<BlockRange> blocks, bool reduce) const {
        if (m_layout) return makeMessage(*m_layout, m_elementBytes, src, dst, std::move(blocks), reduce);
        std::int64_t count = 0;
        for (const auto& range : blocks) count += range.count;
        return {src, dst, count * m_uniformElements * m_elementBytes, std::move(blocks), reduce};
    }

private:
    MessageFactory(std::int64_t elementsPerBlock, std::int64_t elementBytes)
        : m_elementBytes(elementBytes), m_uniformElements(elementsPerBlock) {}

    std::shared_ptr<const BlockLayout> m_layout;
    std::int64_t m_elementBytes = 1;
    std::int64_t m_uniformElements = 0;
};

}  // namespace commviz::collectives
