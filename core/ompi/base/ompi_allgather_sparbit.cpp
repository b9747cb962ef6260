// Open MPI's Sparbit allgather (ompi/mca/coll/base/coll_base_allgather.c,
// ompi_coll_base_allgather_intra_sparbit; Loch & Koslovski 2022), ID 7.

#include <cstdint>

#include "collectives/message_factory.h"
#include "collectives/phases.h"
#include "ompi/base/ompi_allgather.h"

namespace commviz::collectives {

namespace {

int mod(int value, int p) { return ((value % p) + p) % p; }

int trailingZeros(int value) {
    int zeros = 0;
    while (((value >> zeros) & 1) == 0) ++zeros;
    return zeros;
}

/// Blocks each rank sends at each step: data_expected doubles every step,
/// less one at the distances Open MPI's ignore_steps mask marks (those
/// blocks would otherwise arrive twice when p is not a power of two).
std::vector<int> blocksPerStep(int p) {
    const int steps = ceilLog2(p);
    const int lastIgnore = trailingZeros(p);
    const std::uint32_t ignoreSteps = (~(std::uint32_t(p) >> lastIgnore) | 1u) << lastIgnore;
    std::vector<int> counts;
    int expected = 1;
    for (int step = 0; step < steps; ++step) {
        const std::uint32_t distance = 1u << (steps - 1 - step);
        const int excluded = (distance & ignoreSteps) == distance ? 1 : 0;
        counts.push_back(expected - excluded);
        expected = 2 * expected - excluded;
    }
    return counts;
}

}  // namespace

// Step i: distance l / 2^i; rank r sends blocks r, r - 2d, r - 4d, … one
// isend each (a tag per block) to r + d.
Schedule allgatherSparbit(const ScheduleRequest& request) {
    const int p = request.ranks;
    Schedule schedule = namedSchedule("sparbit", 7, BlockLayout(std::size_t(p), request.count));
    const auto counts = blocksPerStep(p);
    const auto message = MessageFactory::uniform(request.count, request.elementBytes);
    const int steps = int(counts.size());
    setPhases(schedule, {{steps, [p, steps, counts, message](int step) {
                              const int distance = 1 << (steps - 1 - step);
                              Round round;
                              for (int rank = 0; rank < p; ++rank)
                                  for (int transfer = 0; transfer < counts[std::size_t(step)]; ++transfer)
                                      round.push_back(message(rank, (rank + distance) % p,
                                                              {{mod(rank - 2 * transfer * distance, p), 1}}, false));
                              return round;
                          }}});
    return schedule;
}

}  // namespace commviz::collectives
