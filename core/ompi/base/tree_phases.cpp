#include "ompi/base/tree_phases.h"

#include "collectives/block_layout.h"

namespace commviz::collectives {

namespace {

int realRank(const WholeVector& whole, int virtualRank) { return (virtualRank + whole.root) % whole.ranks; }

Message wholeMessage(const WholeVector& whole, int src, int dst, bool reduce) {
    return makeMessage(whole.layout, whole.elementBytes, src, dst, {{0, int(whole.layout.size())}}, reduce);
}

}  // namespace

Phase linearReduce(const WholeVector& whole) {
    return {whole.ranks > 1 ? 1 : 0, [whole](int) {
                Round round;
                for (int v = whole.ranks - 1; v >= 1; --v)
                    round.push_back(wholeMessage(whole, realRank(whole, v), whole.root, true));
                return round;
            }};
}

Phase linearBcast(const WholeVector& whole) {
    return {whole.ranks > 1 ? 1 : 0, [whole](int) {
                Round round;
                for (int v = 1; v < whole.ranks; ++v)
                    round.push_back(wholeMessage(whole, whole.root, realRank(whole, v), false));
                return round;
            }};
}

Phase binomialBcast(const WholeVector& whole) {
    return {ceilLog2(whole.ranks), [whole](int k) {
                Round round;
                const int distance = 1 << k;
                for (int v = 0; v < distance && v + distance < whole.ranks; ++v)
                    round.push_back(wholeMessage(whole, realRank(whole, v), realRank(whole, v + distance), false));
                return round;
            }};
}

Phase binomialReduce(const WholeVector& whole) {
    return {ceilLog2(whole.ranks), [whole](int k) {
                Round round;
                const int distance = 1 << k;
                for (int v = distance; v < whole.ranks; v += 2 * distance)
                    round.push_back(wholeMessage(whole, realRank(whole, v), realRank(whole, v - distance), true));
                return round;
            }};
}

}  // namespace commviz::collectives
