#include "ompi/base/bcast_tree.h"

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

}  // namespace commviz::collectives
