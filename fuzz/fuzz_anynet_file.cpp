// libFuzzer target: a BookSim2 anynet network file (network_file), read as
// `commviz noc` reads one (parseAnynetFile), then the network it describes
// built (AnyNet: ports, channels, min_anynet's table) and run for a bounded
// number of cycles under uniform traffic.
//
// Input: the network file's text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_bounds.h"
#include "noc/anynet_file.h"
#include "noc/booksim_config_reader.h"
#include "noc/noc_config.h"
#include "noc/noc_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz;
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (!noc::parseAnynetFile(text, "fuzz_net")) return 0;
    auto document = noc::parseBookSimConfig(
        "topology = anynet;\nrouting_function = min;\nnetwork_file = fuzz_net;\nnum_vcs = 2;\n"
        "injection_rate = 0.2;\nsample_period = 100;\n",
        "fuzz.cfg");
    if (!document) return 0;
    document.value().files = {{"fuzz_net", text}};
    auto config = noc::makeNocConfig(document.value());
    if (!config) return 0;
    noc::NocEngine engine(std::move(config).value());
    std::uint64_t described = 0;
    for (std::size_t cycle = 0; cycle < fuzz::kMaxFuzzSteps && described < fuzz::kMaxFuzzEvents && !engine.done();
         ++cycle)
        for (const noc::NocEvent& event : engine.step()) {
            (void)noc::NocEngine::describe(event);
            ++described;
        }
    (void)engine.summary().dump(-1, ' ', false, sim::Json::error_handler_t::replace);
    return 0;
}
