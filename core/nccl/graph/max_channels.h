#pragma once

#include "nccl/nccl_version.h"

namespace commviz::nccl_topology {

/// MAXCHANNELS (NCCL src/include/device.h): 32 at v2.22.3-1, 64 at v2.30.7-1. The ring
/// search looks for at most half of it (src/init.cc, initTransportsRank: ringGraph->maxChannels).
constexpr int maxChannels(nccl::Version version) { return version == nccl::Version::Classic ? 32 : 64; }

}  // namespace commviz::nccl_topology
