#include "ompi/base/bcast_tree.h"

#include <bit>

namespace commviz::collectives {

BcastTree buildBcastTree(int fanout, int ranks) {
    BcastTree tree;
    tree.children.resize(std::size_t(ranks));
    tree.depth.resize(std::size_t(ranks), 0);
    long long levelStart = 0, levelWidth = 1;
    for (int level = 0; levelStart < ranks; ++level) {
        for (long long node = levelStart; node < levelStart + levelWidth && node < ranks; ++node) {
            tree.depth[std::size_t(node)] = level;
            for (int child = 1; child <= fanout && node + levelWidth * child < ranks; ++child)
                tree.children[std::size_t(node)].push_back(int(node + levelWidth * child));
        }
        levelStart += levelWidth;
        levelWidth *= fanout;
    }
    return tree;
}

BcastTree buildBinomialBcastTree(int ranks) {
    BcastTree tree;
    tree.children.resize(std::size_t(ranks));
    tree.depth.resize(std::size_t(ranks), 0);
    for (int s = 0; s < ranks; ++s) {
        tree.depth[std::size_t(s)] = std::popcount(unsigned(s));
        for (long long mask = 1; s + mask < ranks; mask <<= 1)
            if (mask > s) tree.children[std::size_t(s)].push_back(int(s + mask));
    }
    return tree;
}

BcastTree buildKnomialBcastTree(int radix, int ranks) {
    BcastTree tree;
    tree.children.resize(std::size_t(ranks));
    tree.depth.resize(std::size_t(ranks), 0);
    long long top = 1;  // the largest power of radix below ranks
    while (top * radix < ranks) top *= radix;
    for (int s = 0; s < ranks; ++s) {
        int digits = 0;
        for (long long rest = s; rest > 0; rest /= radix)
            if (rest % radix != 0) ++digits;
        tree.depth[std::size_t(s)] = digits;
        for (long long mask = top; mask > 0; mask /= radix) {
            if (s % (mask * radix) != 0) continue;  // mask is below s's lowest non-zero digit
            for (int j = 1; j < radix && s + mask * j < ranks; ++j)
                tree.children[std::size_t(s)].push_back(int(s + mask * j));
        }
    }
    return tree;
}

}  // namespace commviz::collectives
