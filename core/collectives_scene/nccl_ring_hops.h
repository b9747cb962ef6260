#pragma once

#include <memory>

#include "collectives/nccl_enums.h"
#include "collectives_scene/nccl_topology_setup.h"
#include "nccl/device/ring_pipeline.h"

namespace commviz::collectives {

/// Each channel's ring on the setup's servers, hop by hop, priced as NCCL's tuner prices one ring step
/// (src/graph/tuning.cc): a hop inside a node is NVLink or PCI (the ring graph's typeIntra) at the graph's
/// bwIntra with that class's hwLat (at least the network overhead once there are several nodes), a hop
/// between nodes is NET at bwInter with the NET hwLat and the NIC's latency; both carry data at the
/// protocol's share of the wire, split between the channels ncclTopoPostset made of one searched channel. LL
/// and LL128 are held to the tuner's bus bandwidth of Ring for `func` (ncclFuncAllReduce …; -1: no cap). The
/// transport is the one the connection took (P2P, SHM, NET).
std::shared_ptr<const PipelineHops> ncclRingHops(const NcclTopologySetup& setup, NcclProtocol protocol, int func);

/// tuning.cc's baseLat of Ring for the protocol: once per call, before the first step.
double ncclRingBaseLatencyUs(const NcclTopologySetup& setup, NcclProtocol protocol);

/// Channels NCCL gives a Ring or Tree call (an NVLS one: comm->nvlsChannels, however small) of `nBytes` (enqueue.cc,
/// topoGetAlgoInfo after the choice): from comm->nChannels, one fewer while nBytes < channels x maxThreads x
/// threadThreshold (LL 8 bytes per thread, times nRanks on Ring; LL128 8; Simple 64), down to one. `maxChannels` > 0
/// caps comm->nChannels first.
int ncclChannelsFor(const NcclTopologySetup& setup, int algorithm, int protocol, std::int64_t nBytes,
                    int maxChannels = 0);

}  // namespace commviz::collectives
