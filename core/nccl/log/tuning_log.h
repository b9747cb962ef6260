#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nccl/graph/tuning_choice.h"
#include "nccl/graph/tuning_model.h"

namespace commviz::nccl_tuning {

/// The TUNING table rank 0 prints from ncclTopoTuneModel (NCCL src/graph/tuning.cc), one string per INFO
/// line, the text after the `host:pid:tid [dev] NCCL INFO ` prefix: 16 lines up to 2.22 (two blocks of
/// three algorithms), 24 from 2.23 (a third block for PAT, whose protocol line keeps nine columns).
/// Empty when the model did not print (one rank).
std::vector<std::string> tuningTableLines(const TuningModel& model);

/// Names as the table prints them (ncclAlgoStr, ncclProtoStr, ncclFuncStr).
std::string ncclAlgoStr(int a);
std::string ncclProtoStr(int p);
std::string ncclFuncStr(int func);

/// The per-call line for releases that print the time (enqueue.cc, topoGetAlgoInfo):
/// 2.18–2.22 `%ld Bytes -> Algo %d proto %d time %f` (2.18–2.19 only as TRACE), 2.23 prefixed by `%s: `.
std::string selectionLineWithTime(TuningVersion version, int func, std::int64_t nBytes, const TuningChoice& choice);

/// The 2.24+ line of scheduleCollTasksToPlan: `%s: %ld Bytes -> Algo %s proto %s channel{Lo..Hi}={%d..%d}`,
/// with the per-rank bytes (count × type size) and the channel range the scheduler gave the task.
std::string selectionLineWithChannels(int func, std::int64_t taskBytes, int algorithm, int protocol, int channelLo,
                                      int channelHi);

}  // namespace commviz::nccl_tuning
