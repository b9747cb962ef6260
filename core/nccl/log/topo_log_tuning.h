#pragma once

#include <string>
#include <vector>

#include "nccl/graph/topo_keys.h"
#include "nccl/graph/tuning_model.h"
#include "nccl/log/topo_log.h"
#include "nccl/topology_model.h"

// The TUNING lines of the topology scene: NCCL's tuner (src/graph/tuning.cc, ncclTopoTuneModel) run on
// the graphs the scene's search found, as NCCL's src/init.cc (initTransportsRank) calls it.
namespace commviz::nccl_topology {

/// The tuner's release for the log's version: classic → 2.22.3, 2.30 → 2.30.7.
nccl_tuning::TuningVersion tuningVersion(const TopoKeys& keys);

/// One searched graph as the tuner reads it: the values the GRAPH line `Pattern %d, crossNic %d,
/// nChannels %d, bw %f/%f, type %s/%s, sameChannels %d` prints. Every server is a copy of this one, so
/// the alignment over ranks (min nChannels and bw, max types) leaves them as they are.
nccl_tuning::TuningGraph tuningGraph(const TopoGraph& graph);

/// What ncclTopoTuneModel reads for this model: ranks and servers, the GPUs' compute capability, the
/// first CPU's arch and vendor, the ring and tree graphs. CollNet is off; NVLS too (see the .cpp).
nccl_tuning::TuningInputs tuningInputs(const TopologyModel& model, const TopoKeys& keys);

/// The model for tuningInputs (never fails: no NCCL_ALGO / NCCL_PROTO is set).
nccl_tuning::TuningModel topologyTuning(const TopologyModel& model, const TopoKeys& keys);

/// Rank 0's TUNING lines (subsys "TUNING", stage "tuning"); none for one rank, as NCCL prints none.
std::vector<TopoLogLine> tuningLogLines(const nccl_tuning::TuningModel& tuning);

}  // namespace commviz::nccl_topology
