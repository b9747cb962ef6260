#pragma once

#include <cstdint>
#include <string>

#include "nccl/graph/tuning_choice.h"

namespace commviz::collectives {

struct NcclAutoChoice;

/// topoGetAlgoInfo's search for one communicator and collective at any size: the model is computed
/// once, the choice per size.
struct TunerPicker {
    const nccl_tuning::TuningInputs& inputs;
    const nccl_tuning::TuningModel& model;
    int func = 0;
    int nChannels = 0;
    bool nvlsReduces = false;  ///< the call's op and type are ones NVLS reduces (NcclCall::nvlsReduces)
    nccl_tuning::TuningChoice choose(std::int64_t nBytes) const;
};

/// The smallest size above `nBytes` (up to 16 GiB) where the tuner's pick changes; 0 when it never does.
std::int64_t nextCrossover(const TunerPicker& picker, std::int64_t nBytes);

/// Where `choice` (made at nBytes) stops winning: sets its takeover and takeoverBytes.
void findTakeover(const TunerPicker& picker, std::int64_t nBytes, NcclAutoChoice& choice);

/// "Ring/LL128: 41.2 µs, ahead of Tree/LL128 at 44.0 µs; Simple needs 520 KiB to win", and when the pick
/// is an algorithm the scene does not animate, which one it animates instead (the window says the same
/// in its language from the same fields).
std::string ruleSentence(const NcclAutoChoice& choice);

}  // namespace commviz::collectives
