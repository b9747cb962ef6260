// libFuzzer target: `--set KEY=VALUE` for every key of every scene, parsed and
// checked as `commviz run --set` does (sim::applyAssignments, sim::parseParam),
// then the scene built from the keys and run a bounded number of steps.
//
// Input: byte 0 picks the scene, byte 1 the key whose value is the first line;
// every further line is a whole KEY=VALUE assignment.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/scene_catalog.h"
#include "fuzz_bounds.h"

namespace {

std::vector<std::string> lines(std::string_view text) {
    std::vector<std::string> result;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        result.emplace_back(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return result;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz;
    if (size < 2) return 0;
    const sim::SceneModel& model = catalog::scenes()[data[0] % catalog::scenes().size()].model;
    if (model.params.empty()) return 0;
    const sim::ParamSpec& picked = model.params[data[1] % model.params.size()];
    std::vector<std::string> assignments = lines(std::string_view(reinterpret_cast<const char*>(data) + 2, size - 2));
    if (assignments.empty()) assignments.emplace_back();
    if (auto value = sim::parseParam(picked, assignments.front()); value)
        if (!sim::checkParam(picked, value.value())) __builtin_trap();  // parsed values must pass the check
    assignments.front() = picked.key + "=" + assignments.front();

    sim::ParamValues values;
    if (!sim::applyAssignments(model.params, assignments, values)) return 0;
    auto session = model.build(values, std::nullopt);
    if (!session) return 0;
    fuzz::runBounded(model, *session.value());
    return 0;
}
