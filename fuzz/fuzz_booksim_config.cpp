// libFuzzer target: a BookSim config file and its `key=value` overrides, read
// as `commviz noc CONFIG key=value...` reads them (loadNocConfig, from bytes),
// then a bounded number of cycles of the network it describes.
//
// Input: the config text up to the first NUL byte; after it, one override per line.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_bounds.h"
#include "noc/booksim_config_reader.h"
#include "noc/noc_config.h"
#include "noc/noc_engine.h"

namespace {

std::vector<std::string> overrideLines(std::string_view text) {
    std::vector<std::string> lines;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        if (end > 0) lines.emplace_back(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t split = std::min(input.find('\0'), input.size());
    auto document = noc::parseBookSimConfig(input.substr(0, split), "fuzz.cfg");
    if (!document) return 0;
    const std::string_view rest = split < input.size() ? input.substr(split + 1) : std::string_view{};
    if (!noc::applyOverrides(document.value(), overrideLines(rest))) return 0;
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
