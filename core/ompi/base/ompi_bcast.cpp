#include "ompi/base/ompi_bcast.h"

#include <algorithm>

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "ompi/base/tree_phases.h"

namespace commviz::collectives {

namespace {

// Segments of segcount elements, the last one shorter (Open MPI's num_segments).
BlockLayout segments(std::int64_t count, std::int64_t segcount) {
    BlockLayout layout;
    for (std::int64_t done = 0; done < count; done += segcount) layout.push_back(std::min(segcount, count - done));
    return layout;
}

struct Chains {
    std::vector<int> first;   ///< virtual rank heading each chain
    std::vector<int> length;  ///< ranks in each chain
    int longest = 0;
};

// ompi_coll_base_topo_build_chain: the p-1 non-root ranks cut into `fanout`
// consecutive chains, the first (p-1) % fanout of them one longer.
Chains buildChains(int ranks, int fanout) {
    Chains chains;
    const int others = ranks - 1, count = std::min(fanout, others);
    int next = 1;
    for (int chain = 0; chain < count; ++chain) {
        const int length = others / count + (chain < others % count ? 1 : 0);
        chains.first.push_back(next);
        chains.length.push_back(length);
        chains.longest = std::max(chains.longest, length);
        next += length;
    }
    return chains;
}

Schedule chainSchedule(Schedule schedule, const ScheduleRequest& request, int fanout) {
    const int p = request.ranks, root = request.root;
    const Chains chains = buildChains(p, fanout);
    const int segmentsTotal = int(schedule.layout.size());
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    auto real = [p, root](int vrank) { return (vrank + root) % p; };
    // Round t: the root hands segment t to every chain head; the rank at
    // position i of a chain passes segment t-1-i to the next one.
    Phase pipeline{
        p > 1 ? segmentsTotal + chains.longest - 1 : 0, [=](int t) {
            Round round;
            for (std::size_t c = 0; c < chains.first.size(); ++c) {
                if (t < segmentsTotal)
                    round.push_back(makeMessage(layout, bytes, root, real(chains.first[c]), {{t, 1}}, false));
                for (int i = 0; i + 1 < chains.length[c]; ++i) {
                    const int segment = t - 1 - i;
                    if (segment < 0 || segment >= segmentsTotal) continue;
                    const int from = chains.first[c] + i;
                    round.push_back(makeMessage(layout, bytes, real(from), real(from + 1), {{segment, 1}}, false));
                }
            }
            return round;
        }};
    setPhases(schedule, {pipeline});
    return schedule;
}

// The chain and pipeline broadcasts: the vector in segments down `fanout` chains.
Schedule segmentedChains(const char* algorithm, int id, const ScheduleRequest& request, int fanout) {
    const std::int64_t segcount = segmentCount(request.segsize, request.elementBytes, request.count);
    Schedule schedule = namedSchedule(algorithm, id, {});
    schedule.unsupported = segmentLimitError(request.segsize, segcount, request.count);
    if (!schedule.unsupported.empty()) return schedule;
    schedule.layout = segments(request.count, segcount);
    return chainSchedule(std::move(schedule), request, fanout);
}

}  // namespace

Schedule bcastBasicLinear(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("basic_linear", 1, {request.count});
    setPhases(schedule, {linearBcast({request.ranks, request.root, schedule.layout, request.elementBytes})});
    return schedule;
}

Schedule bcastChain(const ScheduleRequest& request) { return segmentedChains("chain", 2, request, request.fanout); }

Schedule bcastPipeline(const ScheduleRequest& request) { return segmentedChains("pipeline", 3, request, 1); }

// ompi_coll_base_bcast_intra_binomial runs the generic segmented bcast on the
// binomial tree. One segment (segsize 0, as the fixed rules pass) keeps the
// classic picture: round k, every holder v < 2^k sends to v + 2^k.
Schedule bcastBinomial(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("binomial", 6, {request.count});
    if (segmentCount(request.segsize, request.elementBytes, request.count) < request.count)
        return bcastGeneric(std::move(schedule), request, buildBinomialBcastTree(request.ranks));
    setPhases(schedule, {binomialBcast({request.ranks, request.root, schedule.layout, request.elementBytes})});
    return schedule;
}

// Level m of L = ⌈log_k p⌉: every holder v (a multiple of k·d, d = k^(L-1-m))
// sends to v + d, v + 2d, …, v + (k-1)d.
// With segments, ompi_coll_base_bcast_intra_knomial runs the generic bcast on the k-nomial tree.
Schedule bcastKnomial(const ScheduleRequest& request) {
    Schedule schedule = namedSchedule("knomial", 7, {request.count});
    if (segmentCount(request.segsize, request.elementBytes, request.count) < request.count)
        return bcastGeneric(std::move(schedule), request, buildKnomialBcastTree(request.radix, request.ranks));
    const int p = request.ranks, root = request.root, radix = request.radix;
    int levels = 0;
    for (std::int64_t reach = 1; reach < p; reach *= radix) ++levels;
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    setPhases(schedule,
              {{levels, [=](int level) {
                    std::int64_t distance = 1;
                    for (int i = 0; i < levels - 1 - level; ++i) distance *= radix;
                    Round round;
                    for (std::int64_t v = 0; v < p; v += distance * radix)
                        for (int child = 1; child < radix && v + child * distance < p; ++child)
                            round.push_back(makeMessage(layout, bytes, int((v + root) % p),
                                                        int((v + child * distance + root) % p), {{0, 1}}, false));
                    return round;
                }}});
    return schedule;
}

}  // namespace commviz::collectives
