#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collectives/schedule.h"

namespace commviz::collectives {

/// `count` elements cut into `parts` blocks the way Open MPI's
/// COLL_BASE_COMPUTE_BLOCKCOUNT does (ompi/mca/coll/base/coll_base_util.h): the
/// first count % parts blocks hold one element more.
BlockLayout evenBlocks(std::int64_t count, int parts);

/// `count` elements cut by halving `levels` times, the left half being the
/// smaller one (floor), as Rabenseifner's window halving does in Open MPI
/// coll_base_allreduce.c, ompi_coll_base_allreduce_intra_redscat_allgather.
BlockLayout halvingBlocks(std::int64_t count, int levels);

/// A message carrying `blocks` of `layout`, its byte count made exact.
Message makeMessage(const BlockLayout& layout, std::int64_t elementBytes, int src, int dst,
                    std::vector<BlockRange> blocks, bool reduce);

/// The blocks [first, first + count) taken modulo `total` (one or two ranges).
std::vector<BlockRange> wrappedRange(int first, int count, int total);

/// Elements per segment as Open MPI's COLL_BASE_COMPUTED_SEGCOUNT rounds them
/// (coll_base_util.h): to the nearest element; the whole count when segsize is
/// 0 or not below the vector.
std::int64_t segmentCount(std::int64_t segsize, std::int64_t elementBytes, std::int64_t count);

/// The most segments a segmented algorithm may cut the vector into (a tiny
/// segsize on a huge vector): every segment is a block of the layout, which
/// each rank's buffer and every message index.
inline constexpr std::int64_t kMaxSegments = std::int64_t(1) << 22;

/// Why cutting `count` elements into segments of `segcount` is refused, as the
/// end of an "algorithm=NAME …" message; empty when the count is within kMaxSegments.
std::string segmentLimitError(std::int64_t segsize, std::int64_t segcount, std::int64_t count);

/// Largest power of two not above `value` (value >= 1).
int floorPowerOfTwo(int value);
/// ⌈log2 value⌉ for value >= 1.
int ceilLog2(int value);

}  // namespace commviz::collectives
