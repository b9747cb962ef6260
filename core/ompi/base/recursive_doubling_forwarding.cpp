#include "ompi/base/recursive_doubling_forwarding.h"

#include <memory>
#include <utility>

namespace commviz::collectives {

namespace {

int roundDown(int value, int factor) { return value / factor * factor; }

/// One round: the exchange at `mask` (halvingMask 0) or a hand-on at halvingMask.
struct Step {
    int mask = 1;
    int halvingMask = 0;
};

// ompi_coll_base_bcast_intra_scatter_allgather, the non-power-of-two case:
// v sends when it holds the data (v < tree_root + nprocs_alldata) and its
// peer v XOR halvingMask, above it, does not.
std::vector<std::pair<int, int>> handOns(int p, Step step) {
    std::vector<std::pair<int, int>> sends;
    for (int vrank = 0; vrank < p; ++vrank) {
        if (roundDown(vrank ^ step.mask, step.mask) + step.mask <= p) continue;
        const int withData = p - roundDown(vrank, step.mask) - step.mask;
        const int peer = vrank ^ step.halvingMask;
        const int treeRoot = roundDown(vrank, 2 * step.halvingMask);
        if (peer > vrank && vrank < treeRoot + withData && peer >= treeRoot + withData) sends.push_back({vrank, peer});
    }
    return sends;
}

std::vector<Step> doublingSteps(int p) {
    std::vector<Step> steps;
    for (int mask = 1; mask < p; mask <<= 1) {
        steps.push_back({mask, 0});
        for (int halving = mask >> 1; halving > 0; halving >>= 1)
            if (!handOns(p, {mask, halving}).empty()) steps.push_back({mask, halving});
    }
    return steps;
}

}  // namespace

Phase doublingWithForwarding(int ranks, int root, const MessageFactory& message, DoublingPayload payload) {
    auto steps = std::make_shared<const std::vector<Step>>(doublingSteps(ranks));
    auto real = [ranks, root](int vrank) { return (vrank + root) % ranks; };
    return {int(steps->size()), [steps, ranks, message, payload, real](int index) {
                const Step step = (*steps)[std::size_t(index)];
                Round round;
                if (step.halvingMask == 0) {
                    for (int vrank = 0; vrank < ranks; ++vrank)
                        if ((vrank ^ step.mask) < ranks)
                            round.push_back(message(real(vrank), real(vrank ^ step.mask),
                                                    payload.exchange(vrank, step.mask), payload.reduce));
                    return round;
                }
                for (const auto& [from, to] : handOns(ranks, step)) {
                    round.push_back(message(real(from), real(to), payload.forward(from, step.mask), payload.reduce));
                    round.back().relay = payload.relay;
                }
                return round;
            }};
}

}  // namespace commviz::collectives
