// libFuzzer target: an NCCL_DEBUG log's tuning lines, read as `commviz nccl-log` reads them
// (readTuningLog), the model recomputed and every choice explained, both reports made; and each
// NCCL_ALGO / NCCL_PROTO value the log sets, parsed as 2.23 and as 2.24+ parse it (parseEnableList).
// Byte 0 picks the keys a person could give: gpu_sm, nranks/nnodes and the version when the log has none.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "nccl/graph/tuning_env_parse.h"
#include "nccl/log/info_log_reader.h"
#include "nccl/log/tuning_log_explain.h"
#include "nccl/topology_scene/nccl_log_tuning.h"

namespace {

using namespace commviz::nccl_tuning;

TuningLogSettings settingsOf(std::uint8_t choice) {
    constexpr std::array<int, 4> sms{0, 80, 90, 100};
    constexpr std::array<const char*, 4> versions{"", "2.19.4", "2.23.4", "2.30.7"};
    TuningLogSettings settings;
    settings.gpuSm = sms[choice & 3u];
    settings.ncclVersion = versions[(choice >> 2) & 3u];
    settings.nRanks = (choice & 16u) ? 16 : 0;
    settings.nNodes = (choice & 16u) ? 2 : 0;
    settings.collective = (choice >> 5) % NCCL_NUM_FUNCTIONS;
    return settings;
}

void parseEnvironment(const LoggedTuning& logged) {
    const std::vector<std::string> algorithms{"Tree",     "Ring", "CollNetDirect", "CollNetChain", "NVLS",
                                              "NVLSTree", "PAT"};
    const std::vector<std::string> protocols{"LL", "LL128", "Simple"};
    for (const LoggedEnv& entry : logged.environment) {
        if (entry.name != "NCCL_ALGO" && entry.name != "NCCL_PROTO") continue;
        const auto& names = entry.name == "NCCL_ALGO" ? algorithms : protocols;
        for (TuningVersion version : {TuningVersion{23, 4}, TuningVersion{24, 3}}) {
            EnableMatrix matrix;
            for (auto& flags : matrix) flags.assign(names.size(), 1);
            (void)parseEnableList(version, entry.value, names, matrix);
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const LoggedTuning logged = readTuningLog(text);
    parseEnvironment(logged);
    auto log = commviz::nccl_topology::parseInfoLog(text, "fuzz.log");
    if (!log) return 0;
    const TuningExplanation explanation = explainTuningLog(logged, log.value(), settingsOf(data[0]));
    (void)commviz::nccl_topology::formatTuningReport(logged, explanation);
    (void)commviz::nccl_topology::tuningReportJson(logged, explanation)
        .dump(-1, ' ', false, commviz::sim::Json::error_handler_t::replace);
    return 0;
}
