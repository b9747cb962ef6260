// libFuzzer target: an NCCL_DEBUG=INFO log, read as `commviz nccl-log` reads one
// (parseInfoLog), then both of that command's reports over what it understood.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/nccl_log_report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz::nccl_topology;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto log = parseInfoLog(text, "fuzz.log");
    if (!log) return 0;
    (void)formatInfoLogReport(log.value());
    (void)infoLogJson(log.value()).dump(-1, ' ', false, commviz::sim::Json::error_handler_t::replace);
    return 0;
}
