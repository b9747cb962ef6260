// Rabenseifner's reduce: ompi_coll_base_reduce_intra_redscat_gather.

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/ompi_reduce.h"

namespace commviz::collectives {

namespace {

// The p' = 2^⌊lg p⌋ ranks left after the extra ones are folded: the first
// `extra` even ranks, then every rank from 2 x extra on.
struct PowerOfTwoGroup {
    int size = 1;
    int extra = 0;
    int steps = 0;
    int real(int vrank) const { return vrank < extra ? vrank * 2 : vrank + extra; }
    /// Leaves vrank holds after `halvings` steps of vector halving: bit s of
    /// vrank picks the right half at step s.
    BlockRange window(int vrank, int halvings) const {
        BlockRange range{0, size >> halvings};
        for (int step = 0; step < halvings; ++step)
            if ((vrank >> step) & 1) range.first += size >> (step + 1);
        return range;
    }
};

// Step 1: ranks below 2 x extra pair up; each reduces one half, and the odd
// one returns its reduced right half to the even one, which stays in.
std::vector<Phase> foldExtraRanks(const PowerOfTwoGroup& group, const BlockLayout& layout, std::int64_t elementBytes) {
    const BlockRange left{0, group.size / 2}, right{group.size / 2, group.size / 2};
    const int extra = group.extra;
    Phase swapHalves{extra > 0 ? 1 : 0, [=](int) {
                         Round round;
                         for (int odd = 1; odd < 2 * extra; odd += 2) {
                             round.push_back(makeMessage(layout, elementBytes, odd - 1, odd, {right}, true));
                             round.push_back(makeMessage(layout, elementBytes, odd, odd - 1, {left}, true));
                         }
                         return round;
                     }};
    Phase giveBack{extra > 0 ? 1 : 0, [=](int) {
                       Round round;
                       for (int odd = 1; odd < 2 * extra; odd += 2)
                           round.push_back(makeMessage(layout, elementBytes, odd, odd - 1, {right}, false));
                       return round;
                   }};
    return {swapHalves, giveBack};
}

// Step 2: at step s every vrank sends its partner (distance 2^s) the half of
// its window the partner keeps, and reduces the half it keeps.
Phase halvingReduceScatter(const PowerOfTwoGroup& group, const BlockLayout& layout, std::int64_t elementBytes) {
    return {group.steps, [=](int step) {
                Round round;
                for (int vrank = 0; vrank < group.size; ++vrank) {
                    const int partner = vrank ^ (1 << step);
                    round.push_back(makeMessage(layout, elementBytes, group.real(vrank), group.real(partner),
                                                {group.window(partner, step + 1)}, true));
                }
                return round;
            }};
}

// Step 3: binomial gather to vroot, distance halving: at step s the vranks that
// agree with vroot above bit s but not at it send their window and drop out.
// An odd root folded out in step 1 stands in for vrank 0, which first hands it its leaf.
Phase binomialGather(const PowerOfTwoGroup& group, const BlockLayout& layout, std::int64_t elementBytes, int root) {
    const bool rootStandsIn = root < 2 * group.extra && root % 2 == 1;
    const int vroot = root < 2 * group.extra ? (rootStandsIn ? 0 : root / 2) : root - group.extra;
    auto real = [group, rootStandsIn, root](int vrank) {
        return vrank == 0 && rootStandsIn ? root : group.real(vrank);
    };
    return {group.steps, [=](int index) {
                const int step = group.steps - 1 - index;
                Round round;
                if (index == 0 && rootStandsIn)
                    round.push_back(makeMessage(layout, elementBytes, 0, root, {group.window(0, group.steps)}, false));
                for (int vrank = 0; vrank < group.size; ++vrank)
                    if (((vrank ^ vroot) >> step) == 1)
                        round.push_back(makeMessage(layout, elementBytes, group.real(vrank), real(vrank ^ (1 << step)),
                                                    {group.window(vrank, step + 1)}, false));
                return round;
            }};
}

}  // namespace

Schedule reduceRabenseifner(const ScheduleRequest& request) {
    const int size = floorPowerOfTwo(request.ranks);
    if (size < 2 || request.count < size || !request.commutative) {
        Schedule linear = reduceLinear(request);
        linear.redirectedFrom = "rabenseifner";
        return linear;
    }
    const PowerOfTwoGroup group{size, request.ranks - size, ceilLog2(size)};
    Schedule schedule = namedSchedule("rabenseifner", 7, halvingBlocks(request.count, group.steps));
    std::vector<Phase> phases = foldExtraRanks(group, schedule.layout, request.elementBytes);
    phases.push_back(halvingReduceScatter(group, schedule.layout, request.elementBytes));
    phases.push_back(binomialGather(group, schedule.layout, request.elementBytes, request.root));
    setPhases(schedule, std::move(phases));
    return schedule;
}

}  // namespace commviz::collectives
