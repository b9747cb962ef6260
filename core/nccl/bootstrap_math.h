#pragma once

#include <algorithm>

namespace commviz::nccl {

// Block arithmetic of several roots (NCCL bootstrap.cc, offset 0): the first
// nranks % nroots roots serve nranks / nroots + 1 ranks, the others nranks / nroots.

inline int wrap(int i, int n) { return ((i % n) + n) % n; }

inline int firstRankFromRoot(int root, int nranks, int nroots) {
    return root * (nranks / nroots) + std::min(root, nranks % nroots);
}
inline int nRankFromRoot(int root, int nranks, int nroots) {
    return nranks / nroots + (wrap(root, nroots) < nranks % nroots ? 1 : 0);
}
inline int rootIdFromRank(int rank, int nranks, int nroots) {
    const int rest = nranks % nroots;
    const int per = nranks / nroots;
    const int big = rest * (per + 1);
    return rank < big ? rank / (per + 1) : (rank - big) / per + rest;
}
inline bool isFirstFromRoot(int rank, int nranks, int nroots) {
    return rank == firstRankFromRoot(rootIdFromRank(rank, nranks, nroots), nranks, nroots);
}

// Ring allgather slices (bootstrapRingAllGather / socketRingAllGather). Round i of
// the forward ring: rank r sends slice (r - i) to next and receives (r - i - 1)
// from prev. The backward ring of 2.28.7+: sends (r + i) to prev, receives
// (r + i + 1) from next.
inline int forwardSendSlice(int rank, int round, int n) { return wrap(rank - round, n); }
inline int backwardSendSlice(int rank, int round, int n) { return wrap(rank + round, n); }

/// Rounds of one ring allgather: n - 1 one-way (classic), n / 2 (2.30, the last
/// one one-way when n is even).
inline int classicRounds(int n) { return n - 1; }
inline int bidirectionalRounds(int n) { return n / 2; }
inline bool roundIsOneWay(int round, int n) { return n % 2 == 0 && round == n / 2 - 1; }

}  // namespace commviz::nccl
