#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/json.h"
#include "sim/result.h"

namespace commviz::sim {

enum class ParamType { Int, Double, Bool, Choice, Text };

/// One settable key of a scene. The same list drives `--set`, `commviz scenes`,
/// the Parameters dock and validation.
struct ParamSpec {
    std::string key;
    ParamType type = ParamType::Int;
    Json defaultValue;
    double min = 0;  ///< inclusive bounds for Int and Double
    double max = 0;
    std::vector<std::string> choices;  ///< allowed values for Choice
    std::string help;                  ///< English; views translate it
    /// A Choice whose values may also carry BookSim-style arguments,
    /// `choice(...)` (traffic = hotspot({{0,63},{1,2}})); the engine checks them.
    bool choiceArguments = false;
    /// The program whose default `defaultValue` is, when the key mirrors one
    /// ("BookSim": the Parameters dock says "BookSim default: 8"); empty: the scene's own.
    std::string defaultOrigin{};
    /// Other spellings a Choice accepts, each read as its canonical choice
    /// ({"broadcast", "bcast"}: MPI's word for Open MPI's name).
    std::vector<std::pair<std::string, std::string>> aliases{};
};

/// `value` with a Choice alias replaced by its canonical choice; anything else as it is.
Json canonicalValue(const ParamSpec& spec, const Json& value);

/// Chosen values by key; every key of the scene is present after applyDefaults.
using ParamValues = std::map<std::string, Json>;

/// "1 to 64", "one of dor, min_adapt", "true or false": what a key allows.
std::string describeAllowed(const ParamSpec& spec);

/// Parses text typed by a person (CLI or dialog) into a valid value.
Result<Json> parseParam(const ParamSpec& spec, std::string_view text);
/// Checks a value from a scenario file or the GUI.
Status checkParam(const ParamSpec& spec, const Json& value);

ParamValues defaults(const std::vector<ParamSpec>& specs);
/// `values` with every missing key filled from its default.
ParamValues withDefaults(const std::vector<ParamSpec>& specs, ParamValues values);
/// What each key is in effect: the explicit value, else a scenario field of the
/// same name (when valid), else the default. A lenient mergeKeys for display.
ParamValues effectiveValues(const std::vector<ParamSpec>& specs, const ParamValues& explicitValues,
                            const Json* scenario);
const ParamSpec* findParam(const std::vector<ParamSpec>& specs, std::string_view key);

/// Where a key's value for a run came from.
enum class KeySource { Default, Scenario, Person };

/// Every key of a scene resolved for one run, and where each value came from.
struct MergedKeys {
    ParamValues values;                        ///< every key of the scene
    std::map<std::string, KeySource> sources;  ///< same keys as `values`
    /// True when a person set the key (--set, the Parameters dock), even to its default.
    bool setByPerson(const std::string& key) const;
    const Json& at(const std::string& key) const { return values.at(key); }
};

/// The one key-merging rule of every scene: keys a person set win over the
/// scenario's values, which win over the defaults. `personSet` holds only the
/// keys a person set; `fromScenario` the key values a scenario document gives
/// (SceneModel::scenarioKeys). Fails, naming the key, value and what is
/// allowed, on an unknown key or a bad value from either source.
Result<MergedKeys> mergeKeys(const std::vector<ParamSpec>& specs, const ParamValues& personSet,
                             const ParamValues& fromScenario = {});

/// The scenario's top-level fields named like a key (the usual scenarioKeys).
/// With `strict`, any other field except scene, format, title, description and
/// notes is an error naming `sceneId` and the allowed fields.
Result<ParamValues> topLevelKeys(const std::vector<ParamSpec>& specs, const Json& scenario, bool strict,
                                 const std::string& sceneId);

/// Applies "KEY=VALUE" assignments on top of `values`.
Status applyAssignments(const std::vector<ParamSpec>& specs, const std::vector<std::string>& assignments,
                        ParamValues& values);

}  // namespace commviz::sim
