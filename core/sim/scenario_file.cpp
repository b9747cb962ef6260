#include "sim/scenario_file.h"

#include "sim/text_file.h"

namespace commviz::sim {

namespace {

// Line and column of a byte offset, for "file:3:14: ..." messages.
std::string position(std::string_view text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

}  // namespace

Result<Json> parseScenario(std::string_view text, std::string_view expectedScene, const std::string& origin) {
    Json doc;
    try {
        doc = Json::parse(text);
    } catch (const Json::parse_error& e) {
        return fail("malformed scenario file '" + origin + "' at " + position(text, e.byte == 0 ? 0 : e.byte - 1) +
                    ": not valid JSON");
    } catch (const Json::exception&) {
        // e.g. a number too large for a double
        return fail("malformed scenario file '" + origin + "': a value is out of range");
    }
    if (!doc.is_object()) return fail("malformed scenario file '" + origin + "': the top level must be a JSON object");
    if (!doc.contains("scene") || !doc["scene"].is_string())
        return fail("malformed scenario file '" + origin + "': missing \"scene\" (" +
                    (expectedScene.empty() ? std::string("a scene id") : "\"" + std::string(expectedScene) + "\"") +
                    ")");
    if (!expectedScene.empty() && doc["scene"] != expectedScene)
        return fail("scenario file '" + origin + "' is for scene '" + doc["scene"].get<std::string>() + "', not '" +
                    std::string(expectedScene) + "'");
    if (!doc.contains("format") || !doc["format"].is_number_integer() || doc["format"] != kScenarioFormat)
        return fail("scenario file '" + origin + "': \"format\" must be " + std::to_string(kScenarioFormat));
    return doc;
}

// A scenario is a few KiB of keys (an RDMA script a few hundred lines); larger files are refused unread.
constexpr std::uintmax_t kMaxScenarioBytes = 16u << 20;

Result<Json> readScenarioFile(const std::string& path, std::string_view expectedScene) {
    auto text = readTextFile(path, "scenario file", kMaxScenarioBytes);
    if (!text) return text.error();
    return parseScenario(text.value(), expectedScene, path);
}

}  // namespace commviz::sim
