#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nccl/graph/tuning_model.h"

// What an NCCL_DEBUG log says about NCCL's tuner: rank 0's TUNING table (src/graph/tuning.cc,
// ncclTopoTuneModel), the per-call selection lines (src/enqueue.cc), and the lines the model's inputs come
// from (GRAPH `Pattern …`, the topology print's `CPU/…`, `NCCL_* set by environment to …`).
namespace commviz::nccl_tuning {

/// How the table was laid out: one `Latency/AlgBw` header (≤2.17), blocks of three algorithms under
/// `Algorithm`/`Protocol` headers (2.18–2.22), the same plus a PAT block (2.23+).
enum class TableLayout : std::uint8_t { LatencyAlgBw, Blocks, BlocksWithPat };

/// One `lat/bw` cell as printed (%8.1f/%6.1f).
struct LoggedCell {
    bool read = false;
    float latency = 0.0f;    ///< µs
    float bandwidth = 0.0f;  ///< GB/s
    int line = 0;
};

/// One TUNING table. A partial one (a log cut mid-table, a missing header) keeps the cells it has.
struct LoggedTable {
    int firstLine = 0;
    TableLayout layout = TableLayout::Blocks;
    PerFunction<LoggedCell> cells{};
    PerAlgorithm<int> maxThreads{};  ///< -1 where the `Max NThreads` line gave nothing
    int blocks = 0;
    bool algorithmsAssumed = false;  ///< a block without its `Algorithm` line: NCCL's block order taken
    bool partial = false;            ///< a header, row or cell is missing or cut
    int cellsRead = 0;
};

/// The three forms of the per-call line: `N Bytes -> Algo A proto P time T` (2.18–2.22; TRACE in
/// 2.18–2.19), the same after `Coll: ` (2.23), and `Coll: N Bytes -> Algo RING proto SIMPLE
/// channel{Lo..Hi}={a..b}` (2.24+, scheduleCollTasksToPlan).
enum class SelectionForm : std::uint8_t { Time, CollectiveTime, Channels };

struct LoggedSelection {
    int line = 0;
    SelectionForm form = SelectionForm::Time;
    int func = -1;                 ///< ncclFunc*; -1 when the line does not name it
    bool funcFromOpCount = false;  ///< taken from the thread's last `Coll: opCount …` line
    std::int64_t bytes = 0;
    int algorithm = -1;
    int protocol = -1;
    std::optional<float> time;  ///< µs, the Time forms
    int channelLo = -1;         ///< the Channels form
    int channelHi = -1;
};

/// A GRAPH `Pattern %d, crossNic %d, nChannels %d, bw %f/%f, type %s/%s, sameChannels %d` line
/// (≤2.9 `speed %f/%f`), with the process that printed it.
struct LoggedGraph {
    int line = 0;
    std::string process;  ///< host:pid [cudaDev]
    TuningGraph graph;
};

/// `CPU/… (arch/vendor/model)` of the topology print (NCCL src/graph/topo.cc, ncclTopoPrintRec).
struct LoggedCpu {
    int arch = 0;
    int vendor = 0;
};

struct LoggedEnv {
    std::string name;  ///< "NCCL_ALGO"
    std::string value;
    int line = 0;
};

struct TuningLogProblem {
    int line = 0;
    std::string reason;
};

struct LoggedTuning {
    std::vector<LoggedTable> tables;
    std::vector<LoggedSelection> selections;
    std::vector<LoggedGraph> graphs;
    std::vector<LoggedEnv> environment;
    std::optional<LoggedCpu> cpu;
    int collChannels = 0;                    ///< `%d coll channels, …`, 0 when absent
    bool nNodesPrinted = false;              ///< a `comm 0x… nRanks N nNodes M …` line (2.20+) was read
    std::vector<TuningLogProblem> problems;  ///< lines of these kinds that did not read
};

/// Reads every line of `text`; never fails: what does not read goes to `problems`.
LoggedTuning readTuningLog(std::string_view text);

/// NCCL's names back to indices (ncclFuncStr, ncclAlgoStr, ncclProtoStr and the upper-case names of
/// 2.24+ lines: RING, NVLS_TREE, SIMPLE …); -1 when unknown.
int ncclFuncIndex(std::string_view name);
int ncclAlgoIndex(std::string_view name);
int ncclProtoIndex(std::string_view name);
/// A path type name of any release (`LOC` … `DIS`); nullopt when unknown.
std::optional<PathType> pathTypeIndex(std::string_view name);

}  // namespace commviz::nccl_tuning
