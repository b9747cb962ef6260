#include "collectives/block_layout.h"

#include <utility>

namespace commviz::collectives {

BlockLayout evenBlocks(std::int64_t count, int parts) {
    BlockLayout layout(std::size_t(parts), count / parts);
    const std::int64_t early = count % parts;
    for (std::int64_t block = 0; block < early; ++block) ++layout[std::size_t(block)];
    return layout;
}

namespace {

void halve(std::int64_t window, int levels, BlockLayout& out) {
    if (levels == 0) {
        out.push_back(window);
        return;
    }
    halve(window / 2, levels - 1, out);
    halve(window - window / 2, levels - 1, out);
}

}  // namespace

BlockLayout halvingBlocks(std::int64_t count, int levels) {
    BlockLayout layout;
    layout.reserve(std::size_t(1) << levels);
    halve(count, levels, layout);
    return layout;
}

Message makeMessage(const BlockLayout& layout, std::int64_t elementBytes, int src, int dst,
                    std::vector<BlockRange> blocks, bool reduce) {
    std::int64_t elements = 0;
    for (const auto& range : blocks)
        for (int block = range.first; block < range.first + range.count; ++block)
            elements += layout[std::size_t(block)];
    return {src, dst, elements * elementBytes, std::move(blocks), reduce};
}

std::vector<BlockRange> wrappedRange(int first, int count, int total) {
    first = ((first % total) + total) % total;
    if (first + count <= total) return {{first, count}};
    return {{first, total - first}, {0, first + count - total}};
}

std::int64_t segmentCount(std::int64_t segsize, std::int64_t elementBytes, std::int64_t count) {
    if (segsize < elementBytes || segsize >= elementBytes * count) return count;
    std::int64_t segcount = segsize / elementBytes;
    if (segsize % elementBytes > elementBytes / 2) ++segcount;
    return segcount;
}

std::string segmentLimitError(std::int64_t segsize, std::int64_t segcount, std::int64_t count) {
    const std::int64_t segments = (count + segcount - 1) / segcount;
    if (segments <= kMaxSegments) return {};
    return "with segsize=" + std::to_string(segsize) + " cuts the vector into " + std::to_string(segments) +
           " segments; allowed: at most " + std::to_string(kMaxSegments) + " (use a larger segsize)";
}

int floorPowerOfTwo(int value) {
    int power = 1;
    while (power * 2 <= value) power *= 2;
    return power;
}

int ceilLog2(int value) {
    int log = 0;
    while ((1 << log) < value) ++log;
    return log;
}

}  // namespace commviz::collectives
