#pragma once

// Per-pair message counts of Open MPI 4.1.4 (Debian 12) collectives, measured
// with pml monitoring as tst_ompi_against_mpirun.cpp describes: one call minus
// none, rank-to-self lines dropped, "src->dst:messages x bytes". Elements are
// MPI_INT (4 bytes), root 0; `count` is the whole vector for allreduce, bcast
// and reduce_scatter, one rank's block for allgather and reduce_scatter_block.

#include <cstdint>
#include <vector>

#include "collectives/collective.h"

namespace commviz::collectives::test {

struct RealRun {
    Collective collective;
    const char* algorithm;  ///< the coll_tuned_<coll>_algorithm forced, or "auto" (none forced)
    int ranks;
    std::int64_t count;
    bool nonCommutative;   ///< MPI_Op_create(…, commute = 0, …)
    std::int64_t segsize;  ///< coll_tuned_bcast_algorithm_segmentsize
    const char* pairs;
};

// Family 1: the composed algorithms, forced (coll_tuned_<coll>_algorithm N).
inline const std::vector<RealRun> kComposed{
    {Collective::Allreduce, "nonoverlapping", 4, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->1:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 4, 4096, false, 0,
     "0->1:1x16384 0->2:1x16384 0->3:1x16384 1->0:1x16384 2->1:1x16384 3->2:1x16384"},
    {Collective::Allreduce, "nonoverlapping", 4, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 1->0:1x400000 2->0:1x400000 3->0:1x400000"},
    {Collective::Allreduce, "nonoverlapping", 4, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 4, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->2:1x1200000 2->0:1x1200000 2->3:1x1200000 3->0:1x1200000"},
    {Collective::Allgather, "linear", 4, 10, false, 0,
     "0->1:1x160 0->2:1x160 1->0:1x40 1->3:1x160 2->0:1x80 3->2:1x40"},
    {Collective::Allgather, "linear", 4, 1000, false, 0,
     "0->1:1x16000 0->2:1x16000 0->3:1x16000 1->0:1x4000 2->0:1x4000 3->0:1x4000"},
    {Collective::Allgather, "linear", 4, 20000, false, 0,
     "0->1:1x320000 0->2:1x320000 0->3:1x320000 1->0:1x80000 2->0:1x80000 3->0:1x80000"},
    {Collective::ReduceScatter, "non-overlapping", 4, 1000, false, 0,
     "0->1:1x1000 0->2:1x1000 0->3:1x1000 1->0:1x4000 2->0:1x4000 3->1:1x4000"},
    {Collective::ReduceScatter, "non-overlapping", 4, 40000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 1->0:1x160000 2->0:1x160000 3->2:1x160000"},
    {Collective::ReduceScatterBlock, "basic_linear", 4, 100, false, 0,
     "0->1:1x400 0->2:1x800 1->0:1x1600 2->0:1x1600 2->3:1x400 3->1:1x1600"},
    {Collective::ReduceScatterBlock, "basic_linear", 4, 10000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 1->0:1x160000 2->0:1x160000 3->2:1x160000"},
    {Collective::Allreduce, "nonoverlapping", 5, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->1:1x4000 4->2:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 5, 4096, false, 0,
     "0->1:1x16384 0->2:1x16384 0->3:1x16384 0->4:1x16384 1->0:1x16384 2->1:1x16384 3->2:1x16384 4->3:1x16384"},
    {Collective::Allreduce, "nonoverlapping", 5, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 1->0:1x400000 2->0:1x400000 3->0:1x400000 4->0:1x400000"},
    {Collective::Allreduce, "nonoverlapping", 5, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 5, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->2:1x1200000 2->0:1x1200000 2->3:1x1200000 3->0:1x1200000 3->4:1x1200000 "
     "4->0:1x1200000"},
    {Collective::Allgather, "linear", 5, 10, false, 0,
     "0->1:1x200 0->2:1x200 1->0:1x40 1->3:1x200 2->0:1x80 2->4:1x200 3->2:1x40 4->0:1x40"},
    {Collective::Allgather, "linear", 5, 1000, false, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 1->0:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000"},
    {Collective::Allgather, "linear", 5, 20000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 1->0:1x80000 2->0:1x80000 3->0:1x80000 4->0:1x80000"},
    {Collective::ReduceScatter, "non-overlapping", 5, 1000, false, 0,
     "0->1:1x800 0->2:1x800 0->3:1x800 0->4:1x800 1->0:1x4000 2->0:1x4000 3->1:1x4000 4->2:1x4000"},
    {Collective::ReduceScatter, "non-overlapping", 5, 40000, false, 0,
     "0->1:1x32000 0->2:1x32000 0->3:1x32000 0->4:1x32000 1->0:1x160000 2->0:1x160000 3->2:1x160000 4->0:1x160000"},
    {Collective::ReduceScatterBlock, "basic_linear", 5, 100, false, 0,
     "0->1:1x400 0->2:1x800 0->4:1x400 1->0:1x2000 2->0:1x2000 2->3:1x400 3->1:1x2000 4->2:1x2000"},
    {Collective::ReduceScatterBlock, "basic_linear", 5, 10000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 0->4:1x40000 1->0:1x200000 2->0:1x200000 3->2:1x200000 4->0:1x200000"},
    {Collective::Allreduce, "nonoverlapping", 8, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 0->4:1x4000 1->0:1x4000 2->0:1x4000 3->1:1x4000 4->2:1x4000 4->5:1x4000 "
     "4->6:1x4000 4->7:1x4000 5->1:1x4000 6->2:1x4000 7->3:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 8, 4096, false, 0,
     "0->1:1x16384 0->2:1x16384 0->4:1x16384 1->0:1x16384 1->3:1x16384 1->5:1x16384 2->0:1x16384 2->6:1x16384 "
     "3->2:1x16384 3->7:1x16384 4->0:1x16384 5->4:1x16384 6->4:1x16384 7->6:1x16384"},
    {Collective::Allreduce, "nonoverlapping", 8, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 0->5:1x400000 0->6:1x400000 0->7:1x400000 1->0:1x400000 "
     "2->0:1x400000 3->2:1x400000 4->0:1x400000 5->4:1x400000 6->4:1x400000 7->6:1x400000"},
    {Collective::Allreduce, "nonoverlapping", 8, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 0->4:1x4000 1->0:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000 4->5:1x4000 "
     "4->6:1x4000 4->7:1x4000 5->0:1x4000 6->0:1x4000 7->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 8, 300000, true, 0,
     "0->1:2x2400000 0->2:1x1200000 0->3:1x1200000 0->4:1x1200000 0->5:1x1200000 0->6:1x1200000 0->7:1x1200000 "
     "1->3:1x1200000 2->3:1x1200000 3->7:1x1200000 4->6:1x1200000 5->6:1x1200000 6->7:1x1200000 7->0:1x1200000"},
    {Collective::Allgather, "linear", 8, 10, false, 0,
     "0->1:1x320 0->2:1x320 0->3:1x320 0->4:1x320 1->0:1x40 2->0:1x80 3->2:1x40 4->0:1x160 4->5:1x320 4->6:1x320 "
     "4->7:1x320 5->4:1x40 6->4:1x80 7->6:1x40"},
    {Collective::Allgather, "linear", 8, 1000, false, 0,
     "0->1:1x32000 0->2:1x32000 0->4:1x32000 1->0:1x4000 1->3:1x32000 1->5:1x32000 2->0:1x8000 2->6:1x32000 "
     "3->2:1x4000 3->7:1x32000 4->0:1x16000 5->4:1x4000 6->4:1x8000 7->6:1x4000"},
    {Collective::Allgather, "linear", 8, 20000, false, 0,
     "0->1:1x640000 0->2:1x640000 0->3:1x640000 0->4:1x640000 0->5:1x640000 0->6:1x640000 0->7:1x640000 1->0:1x80000 "
     "2->0:1x160000 3->2:1x80000 4->0:1x320000 5->4:1x80000 6->4:1x160000 7->6:1x80000"},
    {Collective::ReduceScatter, "non-overlapping", 8, 1000, false, 0,
     "0->1:1x500 0->2:1x500 0->3:1x500 0->4:1x500 0->5:1x500 0->6:1x500 0->7:1x500 1->0:1x4000 2->0:1x4000 3->1:1x4000 "
     "4->2:1x4000 5->1:1x4000 6->2:1x4000 7->3:1x4000"},
    {Collective::ReduceScatter, "non-overlapping", 8, 40000, false, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 0->6:1x20000 0->7:1x20000 1->0:1x160000 "
     "2->0:1x160000 3->2:1x160000 4->0:1x160000 5->4:1x160000 6->4:1x160000 7->6:1x160000"},
    {Collective::ReduceScatterBlock, "basic_linear", 8, 100, false, 0,
     "0->1:1x400 0->2:1x800 0->4:1x1600 1->0:1x3200 2->0:1x3200 2->3:1x400 3->1:1x3200 4->2:1x3200 4->5:1x400 "
     "4->6:1x800 5->1:1x3200 6->2:1x3200 6->7:1x400 7->3:1x3200"},
    {Collective::ReduceScatterBlock, "basic_linear", 8, 10000, false, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 0->4:1x40000 0->5:1x40000 0->6:1x40000 0->7:1x40000 1->0:1x320000 "
     "2->0:1x320000 3->2:1x320000 4->0:1x320000 5->4:1x320000 6->4:1x320000 7->6:1x320000"},
    {Collective::Allreduce, "nonoverlapping", 3, 1, false, 0, "0->1:1x4 1->0:1x4 1->2:1x4 2->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 3, 1000, false, 0, "0->1:1x4000 0->2:1x4000 1->0:1x4000 2->0:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 3, 300000, false, 0,
     "0->1:1x1200000 0->2:1x1200000 1->0:1x1200000 2->1:1x1200000"},
    {Collective::Allgather, "linear", 3, 1000, false, 0, "0->1:1x12000 0->2:1x12000 1->0:1x4000 2->0:1x4000"},
    {Collective::ReduceScatterBlock, "basic_linear", 3, 1000, false, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x12000 2->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 16, 300000, false, 0,
     "0->1:2x150000 0->2:2x300000 0->4:2x600000 0->8:2x1200000 1->0:2x1275000 1->3:1x150000 1->5:1x300000 "
     "1->9:1x600000 2->0:2x1350000 2->3:2x150000 2->6:1x300000 2->10:1x600000 3->1:1x150000 3->2:2x1275000 "
     "3->7:1x300000 3->11:1x600000 4->0:2x1500000 4->5:2x150000 4->6:2x300000 4->12:1x600000 5->1:1x300000 "
     "5->4:2x1275000 5->7:1x150000 5->13:1x600000 6->2:1x300000 6->4:2x1350000 6->7:2x150000 6->14:1x600000 "
     "7->3:1x300000 7->5:1x150000 7->6:2x1275000 7->15:1x600000 8->0:2x1800000 8->9:2x150000 8->10:2x300000 "
     "8->12:2x600000 9->1:1x600000 9->8:2x1275000 9->11:1x150000 9->13:1x300000 10->2:1x600000 10->8:2x1350000 "
     "10->11:2x150000 10->14:1x300000 11->3:1x600000 11->9:1x150000 11->10:2x1275000 11->15:1x300000 12->4:1x600000 "
     "12->8:2x1500000 12->13:2x150000 12->14:2x300000 13->5:1x600000 13->9:1x300000 13->12:2x1275000 13->15:1x150000 "
     "14->6:1x600000 14->10:1x300000 14->12:2x1350000 14->15:2x150000 15->7:1x600000 15->11:1x300000 15->13:1x150000 "
     "15->14:2x1275000"},
    {Collective::Allgather, "linear", 16, 20000, false, 0,
     "0->1:2x160000 0->2:2x320000 0->4:2x640000 0->8:2x1280000 1->0:2x160000 1->3:1x160000 1->5:1x320000 1->9:1x640000 "
     "2->0:2x320000 2->3:2x160000 2->6:1x320000 2->10:1x640000 3->1:1x160000 3->2:2x160000 3->7:1x320000 "
     "3->11:1x640000 4->0:2x640000 4->5:2x160000 4->6:2x320000 4->12:1x640000 5->1:1x320000 5->4:2x160000 "
     "5->7:1x160000 5->13:1x640000 6->2:1x320000 6->4:2x320000 6->7:2x160000 6->14:1x640000 7->3:1x320000 "
     "7->5:1x160000 7->6:2x160000 7->15:1x640000 8->0:2x1280000 8->9:2x160000 8->10:2x320000 8->12:2x640000 "
     "9->1:1x640000 9->8:2x160000 9->11:1x160000 9->13:1x320000 10->2:1x640000 10->8:2x320000 10->11:2x160000 "
     "10->14:1x320000 11->3:1x640000 11->9:1x160000 11->10:2x160000 11->15:1x320000 12->4:1x640000 12->8:2x640000 "
     "12->13:2x160000 12->14:2x320000 13->5:1x640000 13->9:1x320000 13->12:2x160000 13->15:1x160000 14->6:1x640000 "
     "14->10:1x320000 14->12:2x320000 14->15:2x160000 15->7:1x640000 15->11:1x320000 15->13:1x160000 15->14:2x160000"},
    {Collective::ReduceScatter, "non-overlapping", 16, 40000, false, 0,
     "0->1:1x10000 0->2:1x10000 0->3:1x10000 0->4:1x10000 0->5:1x10000 0->6:1x10000 0->7:1x10000 0->8:1x10000 "
     "0->9:1x10000 0->10:1x10000 0->11:1x10000 0->12:1x10000 0->13:1x10000 0->14:1x10000 0->15:1x10000 1->0:1x160000 "
     "2->0:1x160000 3->2:1x160000 4->0:1x160000 5->4:1x160000 6->4:1x160000 7->6:1x160000 8->0:1x160000 9->8:1x160000 "
     "10->8:1x160000 11->10:1x160000 12->8:1x160000 13->12:1x160000 14->12:1x160000 15->14:1x160000"},
};

// Family 2: coll_tuned_bcast_algorithm 6 and 7 with segmentsize 1024.
inline const std::vector<RealRun> kSegmentedBcast{
    {Collective::Bcast, "binomial", 4, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 1->3:4x4000"},
    {Collective::Bcast, "knomial", 4, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 0->3:4x4000"},
    {Collective::Bcast, "binomial", 5, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 0->4:4x4000 1->3:4x4000"},
    {Collective::Bcast, "knomial", 5, 1000, false, 1024, "0->1:4x4000 0->2:4x4000 0->3:4x4000 0->4:4x4000"},
    {Collective::Bcast, "binomial", 8, 1000, false, 1024,
     "0->1:4x4000 0->2:4x4000 0->4:4x4000 1->3:4x4000 1->5:4x4000 2->6:4x4000 3->7:4x4000"},
    {Collective::Bcast, "knomial", 8, 1000, false, 1024,
     "0->1:4x4000 0->2:4x4000 0->3:4x4000 0->4:4x4000 4->5:4x4000 4->6:4x4000 4->7:4x4000"},
    {Collective::Bcast, "knomial", 16, 1000, false, 1024,
     "0->1:4x4000 0->2:4x4000 0->3:4x4000 0->4:4x4000 0->8:4x4000 0->12:4x4000 4->5:4x4000 4->6:4x4000 4->7:4x4000 "
     "8->9:4x4000 8->10:4x4000 8->11:4x4000 12->13:4x4000 12->14:4x4000 12->15:4x4000"},
};

// Family 3: no forced algorithm, non-commutative op.
inline const std::vector<RealRun> kAutoNonCommutative{
    {Collective::Allreduce, "auto", 4, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x4000 1->3:1x4000 2->0:1x4000 2->3:1x4000 3->1:1x4000 3->2:1x4000"},
    {Collective::Allreduce, "auto", 4, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 1->0:1x160000 1->3:1x160000 2->0:1x160000 2->3:1x160000 3->1:1x160000 3->2:1x160000"},
    {Collective::Allreduce, "auto", 4, 300000, true, 0,
     "0->1:1x1200000 0->2:1x1200000 1->0:1x1200000 1->3:1x1200000 2->0:1x1200000 2->3:1x1200000 3->1:1x1200000 "
     "3->2:1x1200000"},
    {Collective::ReduceScatter, "auto", 4, 1000, true, 0,
     "0->1:1x1000 0->2:1x1000 0->3:1x1000 1->0:1x4000 2->0:1x4000 3->0:1x4000"},
    {Collective::ReduceScatterBlock, "auto", 4, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 1->0:1x16000 2->0:1x16000 3->0:1x16000"},
    {Collective::ReduceScatter, "auto", 4, 40000, true, 0,
     "0->1:1x40000 0->2:1x40000 0->3:1x40000 1->0:1x160000 2->0:1x160000 3->0:1x160000"},
    {Collective::ReduceScatterBlock, "auto", 4, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 0->3:1x160000 1->0:1x640000 2->0:1x640000 3->0:1x640000"},
    {Collective::Allreduce, "auto", 5, 1000, true, 0,
     "0->1:1x4000 1->0:1x4000 1->2:1x4000 1->3:1x4000 2->1:1x4000 2->4:1x4000 3->1:1x4000 3->4:1x4000 4->2:1x4000 "
     "4->3:1x4000"},
    {Collective::Allreduce, "auto", 5, 40000, true, 0,
     "0->1:1x160000 1->0:1x160000 1->2:1x160000 1->3:1x160000 2->1:1x160000 2->4:1x160000 3->1:1x160000 3->4:1x160000 "
     "4->2:1x160000 4->3:1x160000"},
    {Collective::Allreduce, "auto", 5, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->2:1x1200000 1->3:1x1200000 2->1:1x1200000 2->4:1x1200000 3->1:1x1200000 "
     "3->4:1x1200000 4->2:1x1200000 4->3:1x1200000"},
    {Collective::ReduceScatter, "auto", 5, 1000, true, 0,
     "0->1:1x800 0->2:1x800 0->3:1x800 0->4:1x800 1->0:1x4000 2->0:1x4000 3->0:1x4000 4->0:1x4000"},
    {Collective::ReduceScatterBlock, "auto", 5, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->3:1x4000 0->4:1x4000 1->0:1x20000 2->0:1x20000 3->0:1x20000 4->0:1x20000"},
    {Collective::ReduceScatter, "auto", 5, 40000, true, 0,
     "0->1:1x32000 0->2:1x32000 0->3:1x32000 0->4:1x32000 1->0:1x160000 2->0:1x160000 3->0:1x160000 4->0:1x160000"},
    {Collective::ReduceScatterBlock, "auto", 5, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 0->3:1x160000 0->4:1x160000 1->0:1x800000 2->0:1x800000 3->0:1x800000 4->0:1x800000"},
    {Collective::Allreduce, "auto", 8, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 1->0:1x4000 1->3:1x4000 1->5:1x4000 2->0:1x4000 2->3:1x4000 2->6:1x4000 "
     "3->1:1x4000 3->2:1x4000 3->7:1x4000 4->0:1x4000 4->5:1x4000 4->6:1x4000 5->1:1x4000 5->4:1x4000 5->7:1x4000 "
     "6->2:1x4000 6->4:1x4000 6->7:1x4000 7->3:1x4000 7->5:1x4000 7->6:1x4000"},
    {Collective::Allreduce, "auto", 8, 40000, true, 0,
     "0->1:1x160000 0->2:1x160000 0->4:1x160000 1->0:1x160000 1->3:1x160000 1->5:1x160000 2->0:1x160000 2->3:1x160000 "
     "2->6:1x160000 3->1:1x160000 3->2:1x160000 3->7:1x160000 4->0:1x160000 4->5:1x160000 4->6:1x160000 5->1:1x160000 "
     "5->4:1x160000 5->7:1x160000 6->2:1x160000 6->4:1x160000 6->7:1x160000 7->3:1x160000 7->5:1x160000 7->6:1x160000"},
    {Collective::Allreduce, "auto", 8, 300000, true, 0,
     "0->1:2x2400000 0->2:1x1200000 0->3:1x1200000 0->4:1x1200000 0->5:1x1200000 0->6:1x1200000 0->7:1x1200000 "
     "1->3:1x1200000 2->3:1x1200000 3->7:1x1200000 4->6:1x1200000 5->6:1x1200000 6->7:1x1200000 7->0:1x1200000"},
    {Collective::ReduceScatter, "auto", 8, 1000, true, 0,
     "0->1:1x500 0->2:1x500 0->3:1x500 0->4:1x500 0->5:1x500 0->6:1x500 0->7:1x500 1->0:1x4000 2->0:1x4000 3->0:1x4000 "
     "4->0:1x4000 5->0:1x4000 6->0:1x4000 7->0:1x4000"},
    {Collective::ReduceScatterBlock, "auto", 8, 1000, true, 0,
     "0->1:1x4000 0->2:1x8000 0->4:1x16000 1->0:1x32000 2->0:1x32000 2->3:1x4000 3->0:1x32000 4->0:1x32000 4->5:1x4000 "
     "4->6:1x8000 5->0:1x32000 6->0:1x32000 6->7:1x4000 7->0:1x32000"},
    {Collective::ReduceScatter, "auto", 8, 40000, true, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 0->6:1x20000 0->7:1x20000 1->0:1x160000 "
     "2->0:1x160000 3->0:1x160000 4->0:1x160000 5->0:1x160000 6->0:1x160000 7->0:1x160000"},
    {Collective::ReduceScatterBlock, "auto", 8, 40000, true, 0,
     "0->1:2x1440000 0->2:1x160000 0->3:1x160000 0->4:1x160000 0->5:1x160000 0->6:1x160000 0->7:1x160000 "
     "1->3:1x1280000 2->3:1x1280000 3->7:1x1280000 4->6:1x1280000 5->6:1x1280000 6->7:1x1280000 7->0:1x1280000"},
    {Collective::Allreduce, "auto", 3, 40000, true, 0, "0->1:1x160000 0->2:1x160000 1->0:1x160000 2->0:1x160000"},
    {Collective::Allreduce, "auto", 16, 1000, true, 0,
     "0->1:1x4000 0->2:1x4000 0->4:1x4000 0->8:1x4000 1->0:1x4000 1->3:1x4000 1->5:1x4000 1->9:1x4000 2->0:1x4000 "
     "2->3:1x4000 2->6:1x4000 2->10:1x4000 3->1:1x4000 3->2:1x4000 3->7:1x4000 3->11:1x4000 4->0:1x4000 4->5:1x4000 "
     "4->6:1x4000 4->12:1x4000 5->1:1x4000 5->4:1x4000 5->7:1x4000 5->13:1x4000 6->2:1x4000 6->4:1x4000 6->7:1x4000 "
     "6->14:1x4000 7->3:1x4000 7->5:1x4000 7->6:1x4000 7->15:1x4000 8->0:1x4000 8->9:1x4000 8->10:1x4000 8->12:1x4000 "
     "9->1:1x4000 9->8:1x4000 9->11:1x4000 9->13:1x4000 10->2:1x4000 10->8:1x4000 10->11:1x4000 10->14:1x4000 "
     "11->3:1x4000 11->9:1x4000 11->10:1x4000 11->15:1x4000 12->4:1x4000 12->8:1x4000 12->13:1x4000 12->14:1x4000 "
     "13->5:1x4000 13->9:1x4000 13->12:1x4000 13->15:1x4000 14->6:1x4000 14->10:1x4000 14->12:1x4000 14->15:1x4000 "
     "15->7:1x4000 15->11:1x4000 15->13:1x4000 15->14:1x4000"},
};

// The same families at p = 2, 3, 6, 7, 12, 16 and 32, at sizes on both sides of the
// inner rules' thresholds (commands as above; segsize 64 and 4000 for the trees).
inline const std::vector<RealRun> kMoreRanksAndSizes{
    {Collective::Allreduce, "nonoverlapping", 2, 1, false, 0, "0->1:1x4 1->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 2, 2, false, 0, "0->1:1x8 1->0:1x8"},
    {Collective::Allreduce, "nonoverlapping", 2, 3, false, 0, "0->1:1x12 1->0:1x12"},
    {Collective::Allreduce, "nonoverlapping", 2, 100, false, 0, "0->1:1x400 1->0:1x400"},
    {Collective::Allreduce, "nonoverlapping", 2, 200, false, 0, "0->1:1x800 1->0:1x800"},
    {Collective::Allreduce, "nonoverlapping", 2, 3000, false, 0, "0->1:1x12000 1->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 2, 20000, false, 0, "0->1:1x80000 1->0:1x80000"},
    {Collective::Allreduce, "nonoverlapping", 2, 50000, false, 0, "0->1:1x200000 1->0:1x200000"},
    {Collective::Allreduce, "nonoverlapping", 2, 200000, false, 0, "0->1:1x800000 1->0:1x800000"},
    {Collective::Allreduce, "nonoverlapping", 2, 1, true, 0, "0->1:2x8 1->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 2, 100, true, 0, "0->1:1x400 1->0:1x400"},
    {Collective::Allreduce, "nonoverlapping", 2, 3000, true, 0, "0->1:1x12000 1->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 2, 100000, true, 0, "0->1:1x400000 1->0:1x400000"},
    {Collective::Allgather, "linear", 2, 1, false, 0, "0->1:1x8 1->0:1x4"},
    {Collective::Allgather, "linear", 2, 2, false, 0, "0->1:1x16 1->0:1x8"},
    {Collective::Allgather, "linear", 2, 100, false, 0, "0->1:1x800 1->0:1x400"},
    {Collective::Allgather, "linear", 2, 300, false, 0, "0->1:1x2400 1->0:1x1200"},
    {Collective::Allgather, "linear", 2, 5000, false, 0, "0->1:1x40000 1->0:1x20000"},
    {Collective::ReduceScatter, "non-overlapping", 2, 7, false, 0, "0->1:1x12 1->0:1x28"},
    {Collective::ReduceScatter, "non-overlapping", 2, 3001, false, 0, "0->1:1x6000 1->0:1x12004"},
    {Collective::ReduceScatter, "non-overlapping", 2, 100000, false, 0, "0->1:1x200000 1->0:1x400000"},
    {Collective::ReduceScatterBlock, "basic_linear", 2, 1, false, 0, "0->1:1x4 1->0:1x8"},
    {Collective::ReduceScatterBlock, "basic_linear", 2, 3, false, 0, "0->1:1x12 1->0:1x24"},
    {Collective::ReduceScatterBlock, "basic_linear", 2, 300, false, 0, "0->1:1x1200 1->0:1x2400"},
    {Collective::ReduceScatterBlock, "basic_linear", 2, 3000, false, 0, "0->1:1x12000 1->0:1x24000"},
    {Collective::Bcast, "binomial", 2, 3001, false, 64, "0->1:188x12004"},
    {Collective::Bcast, "binomial", 2, 3001, false, 4000, "0->1:4x12004"},
    {Collective::Bcast, "knomial", 2, 3001, false, 64, "0->1:188x12004"},
    {Collective::Bcast, "knomial", 2, 3001, false, 4000, "0->1:4x12004"},
    {Collective::Allreduce, "auto", 2, 1, true, 0, "0->1:1x4 1->0:1x4"},
    {Collective::ReduceScatterBlock, "auto", 2, 1, true, 0, "0->1:1x4 1->0:1x8"},
    {Collective::Allreduce, "auto", 2, 5000, true, 0, "0->1:1x20000 1->0:1x20000"},
    {Collective::ReduceScatterBlock, "auto", 2, 5000, true, 0, "0->1:1x20000 1->0:1x40000"},
    {Collective::Allreduce, "auto", 2, 300000, true, 0, "0->1:1x1200000 1->0:1x1200000"},
    {Collective::ReduceScatterBlock, "auto", 2, 300000, true, 0, "0->1:1x1200000 1->0:1x2400000"},
    {Collective::Allreduce, "nonoverlapping", 3, 1, false, 0, "0->1:1x4 1->0:1x4 1->2:1x4 2->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 3, 2, false, 0, "0->1:1x8 1->0:1x8 1->2:1x8 2->0:1x8"},
    {Collective::Allreduce, "nonoverlapping", 3, 3, false, 0, "0->1:1x12 1->0:1x12 1->2:1x12 2->0:1x12"},
    {Collective::Allreduce, "nonoverlapping", 3, 100, false, 0, "0->1:1x400 1->0:1x400 1->2:1x400 2->0:1x400"},
    {Collective::Allreduce, "nonoverlapping", 3, 200, false, 0, "0->1:1x800 0->2:1x800 1->0:1x800 2->0:1x800"},
    {Collective::Allreduce, "nonoverlapping", 3, 3000, false, 0, "0->1:1x12000 0->2:1x12000 1->0:1x12000 2->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 3, 20000, false, 0,
     "0->1:1x80000 0->2:1x80000 1->0:1x80000 2->0:1x80000"},
    {Collective::Allreduce, "nonoverlapping", 3, 50000, false, 0,
     "0->1:1x200000 1->0:1x200000 1->2:1x200000 2->0:1x200000"},
    {Collective::Allreduce, "nonoverlapping", 3, 200000, false, 0,
     "0->1:1x800000 0->2:1x800000 1->0:1x800000 2->1:1x800000"},
    {Collective::Allreduce, "nonoverlapping", 3, 1, true, 0, "0->1:1x4 0->2:1x4 1->2:2x8 2->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 3, 100, true, 0, "0->1:1x400 1->0:1x400 1->2:1x400 2->0:1x400"},
    {Collective::Allreduce, "nonoverlapping", 3, 3000, true, 0, "0->1:1x12000 0->2:1x12000 1->0:1x12000 2->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 3, 100000, true, 0,
     "0->1:1x400000 0->2:1x400000 1->0:1x400000 2->0:1x400000"},
    {Collective::Allgather, "linear", 3, 1, false, 0, "0->1:1x12 1->0:1x4 1->2:1x12 2->0:1x4"},
    {Collective::Allgather, "linear", 3, 2, false, 0, "0->1:1x24 1->0:1x8 1->2:1x24 2->0:1x8"},
    {Collective::Allgather, "linear", 3, 100, false, 0, "0->1:1x1200 0->2:1x1200 1->0:1x400 2->0:1x400"},
    {Collective::Allgather, "linear", 3, 300, false, 0, "0->1:1x3600 0->2:1x3600 1->0:1x1200 2->0:1x1200"},
    {Collective::Allgather, "linear", 3, 5000, false, 0, "0->1:1x60000 0->2:1x60000 1->0:1x20000 2->0:1x20000"},
    {Collective::ReduceScatter, "non-overlapping", 3, 7, false, 0, "0->1:1x8 0->2:1x8 1->0:1x28 2->1:1x28"},
    {Collective::ReduceScatter, "non-overlapping", 3, 3001, false, 0,
     "0->1:1x4000 0->2:1x4000 1->0:1x12004 2->0:1x12004"},
    {Collective::ReduceScatter, "non-overlapping", 3, 100000, false, 0,
     "0->1:1x133332 0->2:1x133332 1->0:1x400000 2->1:1x400000"},
    {Collective::ReduceScatterBlock, "basic_linear", 3, 1, false, 0, "0->1:1x4 0->2:1x4 1->0:1x12 2->0:1x12"},
    {Collective::ReduceScatterBlock, "basic_linear", 3, 3, false, 0, "0->1:1x12 0->2:1x12 1->0:1x36 2->0:1x36"},
    {Collective::ReduceScatterBlock, "basic_linear", 3, 300, false, 0,
     "0->1:1x1200 0->2:1x1200 1->0:1x3600 2->0:1x3600"},
    {Collective::ReduceScatterBlock, "basic_linear", 3, 3000, false, 0,
     "0->1:1x12000 0->2:1x12000 1->0:1x36000 2->0:1x36000"},
    {Collective::Bcast, "binomial", 3, 3001, false, 64, "0->1:188x12004 0->2:188x12004"},
    {Collective::Bcast, "binomial", 3, 3001, false, 4000, "0->1:4x12004 0->2:4x12004"},
    {Collective::Bcast, "knomial", 3, 3001, false, 64, "0->1:188x12004 0->2:188x12004"},
    {Collective::Bcast, "knomial", 3, 3001, false, 4000, "0->1:4x12004 0->2:4x12004"},
    {Collective::Allreduce, "auto", 3, 1, true, 0, "0->1:1x4 1->0:1x4 1->2:1x4 2->1:1x4"},
    {Collective::ReduceScatterBlock, "auto", 3, 1, true, 0, "0->1:1x4 0->2:1x4 1->0:1x12 2->0:1x12"},
    {Collective::Allreduce, "auto", 3, 5000, true, 0, "0->1:1x20000 1->0:1x20000 1->2:1x20000 2->1:1x20000"},
    {Collective::ReduceScatterBlock, "auto", 3, 5000, true, 0, "0->1:1x20000 0->2:1x20000 1->0:1x60000 2->0:1x60000"},
    {Collective::Allreduce, "auto", 3, 300000, true, 0, "0->1:1x1200000 0->2:1x1200000 1->0:1x1200000 2->0:1x1200000"},
    {Collective::ReduceScatterBlock, "auto", 3, 300000, true, 0,
     "0->1:1x1200000 0->2:1x1200000 1->0:1x3600000 2->0:1x3600000"},
    {Collective::Allreduce, "nonoverlapping", 6, 1, false, 0,
     "0->1:1x4 0->2:1x4 1->0:1x4 1->3:1x4 1->5:1x4 2->0:1x4 2->4:1x4 3->1:1x4 4->2:1x4 5->1:1x4"},
    {Collective::Allreduce, "nonoverlapping", 6, 2, false, 0,
     "0->1:1x8 0->2:1x8 1->0:1x8 1->3:1x8 1->5:1x8 2->0:1x8 2->4:1x8 3->1:1x8 4->2:1x8 5->1:1x8"},
    {Collective::Allreduce, "nonoverlapping", 6, 3, false, 0,
     "0->1:1x12 0->2:1x12 1->0:1x12 1->3:1x12 1->5:1x12 2->0:1x12 2->4:1x12 3->1:1x12 4->2:1x12 5->1:1x12"},
    {Collective::Allreduce, "nonoverlapping", 6, 100, false, 0,
     "0->1:1x400 0->2:1x400 1->0:1x400 1->3:1x400 1->5:1x400 2->0:1x400 2->4:1x400 3->1:1x400 4->2:1x400 5->1:1x400"},
    {Collective::Allreduce, "nonoverlapping", 6, 200, false, 0,
     "0->1:1x800 0->2:1x800 1->0:1x800 1->3:1x800 1->5:1x800 2->0:1x800 2->4:1x800 3->1:1x800 4->2:1x800 5->1:1x800"},
    {Collective::Allreduce, "nonoverlapping", 6, 3000, false, 0,
     "0->1:1x12000 0->2:1x12000 0->3:1x12000 0->4:1x12000 0->5:1x12000 1->0:1x12000 2->1:1x12000 3->2:1x12000 "
     "4->3:1x12000 5->4:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 6, 20000, false, 0,
     "0->1:1x80000 0->2:1x80000 0->3:1x80000 0->4:1x80000 0->5:1x80000 1->0:1x80000 2->0:1x80000 3->2:1x80000 "
     "4->0:1x80000 5->4:1x80000"},
    {Collective::Allreduce, "nonoverlapping", 6, 50000, false, 0,
     "0->1:1x200000 0->2:1x200000 0->3:1x200000 0->4:1x200000 0->5:1x200000 1->0:1x200000 2->0:1x200000 3->2:1x200000 "
     "4->0:1x200000 5->4:1x200000"},
    {Collective::Allreduce, "nonoverlapping", 6, 200000, false, 0,
     "0->1:1x800000 0->2:1x800000 0->3:1x800000 0->4:1x800000 0->5:1x800000 1->0:1x800000 2->0:1x800000 3->2:1x800000 "
     "4->0:1x800000 5->4:1x800000"},
    {Collective::Allreduce, "nonoverlapping", 6, 1, true, 0,
     "0->1:1x4 0->2:1x4 1->0:1x4 1->3:1x4 1->5:1x4 2->0:1x4 2->4:1x4 3->0:1x4 4->0:1x4 5->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 6, 100, true, 0,
     "0->1:1x400 0->2:1x400 1->0:1x400 1->3:1x400 1->5:1x400 2->0:1x400 2->4:1x400 3->0:1x400 4->0:1x400 5->0:1x400"},
    {Collective::Allreduce, "nonoverlapping", 6, 3000, true, 0,
     "0->1:1x12000 0->2:1x12000 0->3:1x12000 0->4:1x12000 0->5:1x12000 1->0:1x12000 2->0:1x12000 3->0:1x12000 "
     "4->0:1x12000 5->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 6, 100000, true, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 0->5:1x400000 1->0:1x400000 2->0:1x400000 3->0:1x400000 "
     "4->0:1x400000 5->0:1x400000"},
    {Collective::Allgather, "linear", 6, 1, false, 0,
     "0->1:1x24 0->2:1x24 1->0:1x4 1->3:1x24 1->5:1x24 2->0:1x8 2->4:1x24 3->2:1x4 4->0:1x8 5->4:1x4"},
    {Collective::Allgather, "linear", 6, 2, false, 0,
     "0->1:1x48 0->2:1x48 1->0:1x8 1->3:1x48 1->5:1x48 2->0:1x16 2->4:1x48 3->2:1x8 4->0:1x16 5->4:1x8"},
    {Collective::Allgather, "linear", 6, 100, false, 0,
     "0->1:1x2400 0->2:1x2400 0->4:1x2400 1->0:1x400 1->3:1x2400 1->5:1x2400 2->0:1x800 3->2:1x400 4->0:1x800 "
     "5->4:1x400"},
    {Collective::Allgather, "linear", 6, 300, false, 0,
     "0->1:1x7200 0->2:1x7200 0->4:1x7200 1->0:1x1200 1->3:1x7200 1->5:1x7200 2->0:1x1200 3->0:1x1200 4->0:1x1200 "
     "5->0:1x1200"},
    {Collective::Allgather, "linear", 6, 5000, false, 0,
     "0->1:1x120000 0->2:1x120000 0->3:1x120000 0->4:1x120000 0->5:1x120000 1->0:1x20000 2->0:1x40000 3->2:1x20000 "
     "4->0:1x40000 5->4:1x20000"},
    {Collective::ReduceScatter, "non-overlapping", 6, 7, false, 0,
     "0->1:1x4 0->2:1x4 0->3:1x4 0->4:1x4 0->5:1x4 1->0:1x28 2->0:1x28 3->1:1x28 4->2:1x28 5->1:1x28"},
    {Collective::ReduceScatter, "non-overlapping", 6, 3001, false, 0,
     "0->1:1x2000 0->2:1x2000 0->3:1x2000 0->4:1x2000 0->5:1x2000 1->0:1x12004 2->1:1x12004 3->2:1x12004 4->3:1x12004 "
     "5->4:1x12004"},
    {Collective::ReduceScatter, "non-overlapping", 6, 100000, false, 0,
     "0->1:1x66668 0->2:1x66668 0->3:1x66668 0->4:1x66664 0->5:1x66664 1->0:1x400000 2->0:1x400000 3->0:1x400000 "
     "4->0:1x400000 5->0:1x400000"},
    {Collective::ReduceScatterBlock, "basic_linear", 6, 1, false, 0,
     "0->1:1x4 0->2:1x8 0->4:1x8 1->0:1x24 2->0:1x24 2->3:1x4 3->1:1x24 4->2:1x24 4->5:1x4 5->1:1x24"},
    {Collective::ReduceScatterBlock, "basic_linear", 6, 3, false, 0,
     "0->1:1x12 0->2:1x24 0->4:1x24 1->0:1x72 2->0:1x72 2->3:1x12 3->1:1x72 4->2:1x72 4->5:1x12 5->1:1x72"},
    {Collective::ReduceScatterBlock, "basic_linear", 6, 300, false, 0,
     "0->1:1x1200 0->2:1x2400 0->4:1x2400 1->0:1x7200 2->1:1x7200 2->3:1x1200 3->2:1x7200 4->3:1x7200 4->5:1x1200 "
     "5->4:1x7200"},
    {Collective::ReduceScatterBlock, "basic_linear", 6, 3000, false, 0,
     "0->1:1x12000 0->2:1x12000 0->3:1x12000 0->4:1x12000 0->5:1x12000 1->0:1x72000 2->0:1x72000 3->2:1x72000 "
     "4->0:1x72000 5->4:1x72000"},
    {Collective::Bcast, "binomial", 6, 3001, false, 64,
     "0->1:188x12004 0->2:188x12004 0->4:188x12004 1->3:188x12004 1->5:188x12004"},
    {Collective::Bcast, "binomial", 6, 3001, false, 4000,
     "0->1:4x12004 0->2:4x12004 0->4:4x12004 1->3:4x12004 1->5:4x12004"},
    {Collective::Bcast, "knomial", 6, 3001, false, 64,
     "0->1:188x12004 0->2:188x12004 0->3:188x12004 0->4:188x12004 4->5:188x12004"},
    {Collective::Bcast, "knomial", 6, 3001, false, 4000,
     "0->1:4x12004 0->2:4x12004 0->3:4x12004 0->4:4x12004 4->5:4x12004"},
    {Collective::Allreduce, "auto", 6, 1, true, 0,
     "0->1:1x4 1->0:1x4 1->3:1x4 1->4:1x4 2->3:1x4 3->1:1x4 3->2:1x4 3->5:1x4 4->1:1x4 4->5:1x4 5->3:1x4 5->4:1x4"},
    {Collective::ReduceScatterBlock, "auto", 6, 1, true, 0,
     "0->1:1x4 0->2:1x8 0->4:1x8 1->0:1x24 2->0:1x24 2->3:1x4 3->0:1x24 4->0:1x24 4->5:1x4 5->0:1x24"},
    {Collective::Allreduce, "auto", 6, 5000, true, 0,
     "0->1:1x20000 1->0:1x20000 1->3:1x20000 1->4:1x20000 2->3:1x20000 3->1:1x20000 3->2:1x20000 3->5:1x20000 "
     "4->1:1x20000 4->5:1x20000 5->3:1x20000 5->4:1x20000"},
    {Collective::ReduceScatterBlock, "auto", 6, 5000, true, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 1->0:1x120000 2->0:1x120000 3->0:1x120000 "
     "4->0:1x120000 5->0:1x120000"},
    {Collective::Allreduce, "auto", 6, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->3:1x1200000 1->4:1x1200000 2->3:1x1200000 3->1:1x1200000 3->2:1x1200000 "
     "3->5:1x1200000 4->1:1x1200000 4->5:1x1200000 5->3:1x1200000 5->4:1x1200000"},
    {Collective::ReduceScatterBlock, "auto", 6, 300000, true, 0,
     "0->1:1x1200000 0->2:1x1200000 0->3:1x1200000 0->4:1x1200000 0->5:1x1200000 1->0:1x7200000 2->0:1x7200000 "
     "3->0:1x7200000 4->0:1x7200000 5->0:1x7200000"},
    {Collective::Allreduce, "nonoverlapping", 7, 1, false, 0,
     "0->1:1x4 0->2:1x4 1->0:1x4 1->3:1x4 1->5:1x4 2->0:1x4 2->4:1x4 2->6:1x4 3->1:1x4 4->2:1x4 5->1:1x4 6->2:1x4"},
    {Collective::Allreduce, "nonoverlapping", 7, 2, false, 0,
     "0->1:1x8 0->2:1x8 1->0:1x8 1->3:1x8 1->5:1x8 2->0:1x8 2->4:1x8 2->6:1x8 3->1:1x8 4->2:1x8 5->1:1x8 6->2:1x8"},
    {Collective::Allreduce, "nonoverlapping", 7, 3, false, 0,
     "0->1:1x12 0->2:1x12 1->0:1x12 1->3:1x12 1->5:1x12 2->0:1x12 2->4:1x12 2->6:1x12 3->1:1x12 4->2:1x12 5->1:1x12 "
     "6->2:1x12"},
    {Collective::Allreduce, "nonoverlapping", 7, 100, false, 0,
     "0->1:1x400 0->2:1x400 1->0:1x400 1->3:1x400 1->5:1x400 2->0:1x400 2->4:1x400 2->6:1x400 3->1:1x400 4->2:1x400 "
     "5->1:1x400 6->2:1x400"},
    {Collective::Allreduce, "nonoverlapping", 7, 200, false, 0,
     "0->1:1x800 0->2:1x800 1->0:1x800 1->3:1x800 1->5:1x800 2->0:1x800 2->4:1x800 2->6:1x800 3->1:1x800 4->2:1x800 "
     "5->1:1x800 6->2:1x800"},
    {Collective::Allreduce, "nonoverlapping", 7, 3000, false, 0,
     "0->1:1x12000 0->2:1x12000 0->3:1x12000 0->4:1x12000 0->5:1x12000 0->6:1x12000 1->0:1x12000 2->1:1x12000 "
     "3->2:1x12000 4->3:1x12000 5->4:1x12000 6->5:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 7, 20000, false, 0,
     "0->1:1x80000 0->2:1x80000 0->3:1x80000 0->4:1x80000 0->5:1x80000 0->6:1x80000 1->0:1x80000 2->0:1x80000 "
     "3->2:1x80000 4->0:1x80000 5->4:1x80000 6->4:1x80000"},
    {Collective::Allreduce, "nonoverlapping", 7, 50000, false, 0,
     "0->1:1x200000 0->2:1x200000 0->3:1x200000 0->4:1x200000 0->5:1x200000 0->6:1x200000 1->0:1x200000 2->0:1x200000 "
     "3->2:1x200000 4->0:1x200000 5->4:1x200000 6->4:1x200000"},
    {Collective::Allreduce, "nonoverlapping", 7, 200000, false, 0,
     "0->1:1x800000 0->2:1x800000 0->3:1x800000 0->4:1x800000 0->5:1x800000 0->6:1x800000 1->0:1x800000 2->0:1x800000 "
     "3->2:1x800000 4->0:1x800000 5->4:1x800000 6->4:1x800000"},
    {Collective::Allreduce, "nonoverlapping", 7, 1, true, 0,
     "0->1:1x4 0->2:1x4 1->0:1x4 1->3:1x4 1->5:1x4 2->0:1x4 2->4:1x4 2->6:1x4 3->0:1x4 4->0:1x4 5->0:1x4 6->0:1x4"},
    {Collective::Allreduce, "nonoverlapping", 7, 100, true, 0,
     "0->1:1x400 0->2:1x400 1->0:1x400 1->3:1x400 1->5:1x400 2->0:1x400 2->4:1x400 2->6:1x400 3->0:1x400 4->0:1x400 "
     "5->0:1x400 6->0:1x400"},
    {Collective::Allreduce, "nonoverlapping", 7, 3000, true, 0,
     "0->1:1x12000 0->2:1x12000 0->3:1x12000 0->4:1x12000 0->5:1x12000 0->6:1x12000 1->0:1x12000 2->0:1x12000 "
     "3->0:1x12000 4->0:1x12000 5->0:1x12000 6->0:1x12000"},
    {Collective::Allreduce, "nonoverlapping", 7, 100000, true, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 0->5:1x400000 0->6:1x400000 1->0:1x400000 2->0:1x400000 "
     "3->0:1x400000 4->0:1x400000 5->0:1x400000 6->0:1x400000"},
    {Collective::Allgather, "linear", 7, 1, false, 0,
     "0->1:1x28 0->2:1x28 1->0:1x4 1->3:1x28 1->5:1x28 2->0:1x8 2->4:1x28 2->6:1x28 3->2:1x4 4->0:1x12 5->4:1x4 "
     "6->4:1x4"},
    {Collective::Allgather, "linear", 7, 2, false, 0,
     "0->1:1x56 0->2:1x56 1->0:1x8 1->3:1x56 1->5:1x56 2->0:1x16 2->4:1x56 2->6:1x56 3->2:1x8 4->0:1x24 5->4:1x8 "
     "6->4:1x8"},
    {Collective::Allgather, "linear", 7, 100, false, 0,
     "0->1:1x2800 0->2:1x2800 0->4:1x2800 1->0:1x400 1->3:1x2800 1->5:1x2800 2->0:1x800 2->6:1x2800 3->2:1x400 "
     "4->0:1x1200 5->4:1x400 6->4:1x400"},
    {Collective::Allgather, "linear", 7, 300, false, 0,
     "0->1:1x8400 0->2:1x8400 0->3:1x8400 0->4:1x8400 0->5:1x8400 0->6:1x8400 1->0:1x1200 2->0:1x1200 3->0:1x1200 "
     "4->0:1x1200 5->0:1x1200 6->0:1x1200"},
    {Collective::Allgather, "linear", 7, 5000, false, 0,
     "0->1:1x140000 0->2:1x140000 0->3:1x140000 0->4:1x140000 0->5:1x140000 0->6:1x140000 1->0:1x20000 2->0:1x40000 "
     "3->2:1x20000 4->0:1x60000 5->4:1x20000 6->4:1x20000"},
    {Collective::ReduceScatter, "non-overlapping", 7, 7, false, 0,
     "0->1:1x4 0->2:1x4 0->3:1x4 0->4:1x4 0->5:1x4 0->6:1x4 1->0:1x28 2->0:1x28 3->1:1x28 4->2:1x28 5->1:1x28 "
     "6->2:1x28"},
    {Collective::ReduceScatter, "non-overlapping", 7, 3001, false, 0,
     "0->1:1x1716 0->2:1x1716 0->3:1x1716 0->4:1x1716 0->5:1x1712 0->6:1x1712 1->0:1x12004 2->1:1x12004 3->2:1x12004 "
     "4->3:1x12004 5->4:1x12004 6->5:1x12004"},
    {Collective::ReduceScatter, "non-overlapping", 7, 100000, false, 0,
     "0->1:1x57144 0->2:1x57144 0->3:1x57144 0->4:1x57144 0->5:1x57140 0->6:1x57140 1->0:1x400000 2->0:1x400000 "
     "3->0:1x400000 4->0:1x400000 5->0:1x400000 6->0:1x400000"},
    {Collective::ReduceScatterBlock, "basic_linear", 7, 1, false, 0,
     "0->1:1x4 0->2:1x8 0->4:1x12 1->0:1x28 2->0:1x28 2->3:1x4 3->1:1x28 4->2:1x28 4->5:1x4 4->6:1x4 5->1:1x28 "
     "6->2:1x28"},
    {Collective::ReduceScatterBlock, "basic_linear", 7, 3, false, 0,
     "0->1:1x12 0->2:1x24 0->4:1x36 1->0:1x84 2->0:1x84 2->3:1x12 3->1:1x84 4->2:1x84 4->5:1x12 4->6:1x12 5->1:1x84 "
     "6->2:1x84"},
    {Collective::ReduceScatterBlock, "basic_linear", 7, 300, false, 0,
     "0->1:1x1200 0->2:1x2400 0->4:1x3600 1->0:1x8400 2->1:1x8400 2->3:1x1200 3->2:1x8400 4->3:1x8400 4->5:1x1200 "
     "4->6:1x1200 5->4:1x8400 6->5:1x8400"},
    {Collective::ReduceScatterBlock, "basic_linear", 7, 3000, false, 0,
     "0->1:1x12000 0->2:1x12000 0->3:1x12000 0->4:1x12000 0->5:1x12000 0->6:1x12000 1->0:1x84000 2->0:1x84000 "
     "3->2:1x84000 4->0:1x84000 5->4:1x84000 6->4:1x84000"},
    {Collective::Bcast, "binomial", 7, 3001, false, 64,
     "0->1:188x12004 0->2:188x12004 0->4:188x12004 1->3:188x12004 1->5:188x12004 2->6:188x12004"},
    {Collective::Bcast, "binomial", 7, 3001, false, 4000,
     "0->1:4x12004 0->2:4x12004 0->4:4x12004 1->3:4x12004 1->5:4x12004 2->6:4x12004"},
    {Collective::Bcast, "knomial", 7, 3001, false, 64,
     "0->1:188x12004 0->2:188x12004 0->3:188x12004 0->4:188x12004 4->5:188x12004 4->6:188x12004"},
    {Collective::Bcast, "knomial", 7, 3001, false, 4000,
     "0->1:4x12004 0->2:4x12004 0->3:4x12004 0->4:4x12004 4->5:4x12004 4->6:4x12004"},
    {Collective::Allreduce, "auto", 7, 1, true, 0,
     "0->1:1x4 1->0:1x4 1->3:1x4 1->5:1x4 2->3:1x4 3->1:1x4 3->2:1x4 3->6:1x4 4->5:1x4 5->1:1x4 5->4:1x4 5->6:1x4 "
     "6->3:1x4 6->5:1x4"},
    {Collective::ReduceScatterBlock, "auto", 7, 1, true, 0,
     "0->1:1x4 0->2:1x8 0->4:1x12 1->0:1x28 2->0:1x28 2->3:1x4 3->0:1x28 4->0:1x28 4->5:1x4 4->6:1x4 5->0:1x28 "
     "6->0:1x28"},
    {Collective::Allreduce, "auto", 7, 5000, true, 0,
     "0->1:1x20000 1->0:1x20000 1->3:1x20000 1->5:1x20000 2->3:1x20000 3->1:1x20000 3->2:1x20000 3->6:1x20000 "
     "4->5:1x20000 5->1:1x20000 5->4:1x20000 5->6:1x20000 6->3:1x20000 6->5:1x20000"},
    {Collective::ReduceScatterBlock, "auto", 7, 5000, true, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 0->6:1x20000 1->0:1x140000 2->0:1x140000 "
     "3->0:1x140000 4->0:1x140000 5->0:1x140000 6->0:1x140000"},
    {Collective::Allreduce, "auto", 7, 300000, true, 0,
     "0->1:1x1200000 1->0:1x1200000 1->3:1x1200000 1->5:1x1200000 2->3:1x1200000 3->1:1x1200000 3->2:1x1200000 "
     "3->6:1x1200000 4->5:1x1200000 5->1:1x1200000 5->4:1x1200000 5->6:1x1200000 6->3:1x1200000 6->5:1x1200000"},
    {Collective::ReduceScatterBlock, "auto", 7, 300000, true, 0,
     "0->1:1x1200000 0->2:1x1200000 0->3:1x1200000 0->4:1x1200000 0->5:1x1200000 0->6:1x1200000 1->0:1x8400000 "
     "2->0:1x8400000 3->0:1x8400000 4->0:1x8400000 5->0:1x8400000 6->0:1x8400000"},
    {Collective::Allreduce, "auto", 16, 300000, true, 0,
     "0->1:1x1200000 0->2:1x1200000 0->4:1x1200000 0->8:1x1200000 1->0:1x1200000 1->3:1x1200000 1->5:1x1200000 "
     "1->9:1x1200000 2->0:1x1200000 2->3:1x1200000 2->6:1x1200000 2->10:1x1200000 3->1:1x1200000 3->2:1x1200000 "
     "3->7:1x1200000 3->11:1x1200000 4->0:1x1200000 4->5:1x1200000 4->6:1x1200000 4->12:1x1200000 5->1:1x1200000 "
     "5->4:1x1200000 5->7:1x1200000 5->13:1x1200000 6->2:1x1200000 6->4:1x1200000 6->7:1x1200000 6->14:1x1200000 "
     "7->3:1x1200000 7->5:1x1200000 7->6:1x1200000 7->15:1x1200000 8->0:1x1200000 8->9:1x1200000 8->10:1x1200000 "
     "8->12:1x1200000 9->1:1x1200000 9->8:1x1200000 9->11:1x1200000 9->13:1x1200000 10->2:1x1200000 10->8:1x1200000 "
     "10->11:1x1200000 10->14:1x1200000 11->3:1x1200000 11->9:1x1200000 11->10:1x1200000 11->15:1x1200000 "
     "12->4:1x1200000 12->8:1x1200000 12->13:1x1200000 12->14:1x1200000 13->5:1x1200000 13->9:1x1200000 "
     "13->12:1x1200000 13->15:1x1200000 14->6:1x1200000 14->10:1x1200000 14->12:1x1200000 14->15:1x1200000 "
     "15->7:1x1200000 15->11:1x1200000 15->13:1x1200000 15->14:1x1200000"},
    {Collective::Bcast, "knomial", 12, 3001, false, 4000,
     "0->1:4x12004 0->2:4x12004 0->3:4x12004 0->4:4x12004 0->8:4x12004 4->5:4x12004 4->6:4x12004 4->7:4x12004 "
     "8->9:4x12004 8->10:4x12004 8->11:4x12004"},
    {Collective::Bcast, "binomial", 12, 3001, false, 4000,
     "0->1:4x12004 0->2:4x12004 0->4:4x12004 0->8:4x12004 1->3:4x12004 1->5:4x12004 1->9:4x12004 2->6:4x12004 "
     "2->10:4x12004 3->7:4x12004 3->11:4x12004"},
    {Collective::ReduceScatterBlock, "basic_linear", 12, 5000, false, 0,
     "0->1:1x20000 0->2:1x20000 0->3:1x20000 0->4:1x20000 0->5:1x20000 0->6:1x20000 0->7:1x20000 0->8:1x20000 "
     "0->9:1x20000 0->10:1x20000 0->11:1x20000 1->0:1x240000 2->0:1x240000 3->2:1x240000 4->0:1x240000 5->4:1x240000 "
     "6->4:1x240000 7->6:1x240000 8->0:1x240000 9->8:1x240000 10->8:1x240000 11->10:1x240000"},
    {Collective::Allgather, "linear", 32, 1000, false, 0,
     "0->1:1x128000 0->2:1x128000 0->3:1x128000 0->4:1x128000 0->8:1x128000 0->12:1x128000 0->16:1x128000 1->0:1x4000 "
     "2->0:1x8000 3->2:1x4000 4->0:1x16000 4->5:1x128000 4->6:1x128000 4->7:1x128000 5->4:1x4000 6->4:1x8000 "
     "7->6:1x4000 8->0:1x32000 8->9:1x128000 8->10:1x128000 8->11:1x128000 9->8:1x4000 10->8:1x8000 11->10:1x4000 "
     "12->8:1x16000 12->13:1x128000 12->14:1x128000 12->15:1x128000 13->12:1x4000 14->12:1x8000 15->14:1x4000 "
     "16->0:1x64000 16->17:1x128000 16->18:1x128000 16->19:1x128000 16->20:1x128000 16->24:1x128000 16->28:1x128000 "
     "17->16:1x4000 18->16:1x8000 19->18:1x4000 20->16:1x16000 20->21:1x128000 20->22:1x128000 20->23:1x128000 "
     "21->20:1x4000 22->20:1x8000 23->22:1x4000 24->16:1x32000 24->25:1x128000 24->26:1x128000 24->27:1x128000 "
     "25->24:1x4000 26->24:1x8000 27->26:1x4000 28->24:1x16000 28->29:1x128000 28->30:1x128000 28->31:1x128000 "
     "29->28:1x4000 30->28:1x8000 31->30:1x4000"},
    {Collective::Allreduce, "nonoverlapping", 32, 100000, false, 0,
     "0->1:1x400000 0->2:1x400000 0->3:1x400000 0->4:1x400000 0->8:1x400000 0->12:1x400000 0->16:1x400000 "
     "1->0:1x400000 2->0:1x400000 3->2:1x400000 4->0:1x400000 4->5:1x400000 4->6:1x400000 4->7:1x400000 5->4:1x400000 "
     "6->4:1x400000 7->6:1x400000 8->0:1x400000 8->9:1x400000 8->10:1x400000 8->11:1x400000 9->8:1x400000 "
     "10->8:1x400000 11->10:1x400000 12->8:1x400000 12->13:1x400000 12->14:1x400000 12->15:1x400000 13->12:1x400000 "
     "14->12:1x400000 15->14:1x400000 16->0:1x400000 16->17:1x400000 16->18:1x400000 16->19:1x400000 16->20:1x400000 "
     "16->24:1x400000 16->28:1x400000 17->16:1x400000 18->16:1x400000 19->18:1x400000 20->16:1x400000 20->21:1x400000 "
     "20->22:1x400000 20->23:1x400000 21->20:1x400000 22->20:1x400000 23->22:1x400000 24->16:1x400000 24->25:1x400000 "
     "24->26:1x400000 24->27:1x400000 25->24:1x400000 26->24:1x400000 27->26:1x400000 28->24:1x400000 28->29:1x400000 "
     "28->30:1x400000 28->31:1x400000 29->28:1x400000 30->28:1x400000 31->30:1x400000"},
};

}  // namespace commviz::collectives::test
