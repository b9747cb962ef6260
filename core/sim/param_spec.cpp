#include "sim/param_spec.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace commviz::sim {

namespace {

std::string formatNumber(double v) {
    // Bounds are usually whole numbers: print 1048576, not 1.04858e+06.
    if (std::abs(v) < 1e15 && v == std::floor(v)) return std::to_string(static_cast<long long>(v));
    std::ostringstream out;
    out.precision(12);
    out << v;
    return out.str();
}

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + items[i];
    return text;
}

Error badValue(const ParamSpec& spec, std::string_view text) {
    return fail("invalid value '" + std::string(text) + "' for key '" + spec.key + "': allowed " +
                describeAllowed(spec));
}

}  // namespace

std::string describeAllowed(const ParamSpec& spec) {
    switch (spec.type) {
        case ParamType::Int:
            return "an integer from " + formatNumber(spec.min) + " to " + formatNumber(spec.max);
        case ParamType::Double:
            return "a number from " + formatNumber(spec.min) + " to " + formatNumber(spec.max);
        case ParamType::Bool:
            return "true or false";
        case ParamType::Choice: {
            std::string allowed =
                "one of " + joined(spec.choices) + (spec.choiceArguments ? " (some with (arguments))" : "");
            for (const auto& [alias, canonical] : spec.aliases) allowed += "; " + alias + " for " + canonical;
            return allowed;
        }
        case ParamType::Text:
            return "any text";
    }
    return {};
}

Result<Json> parseParam(const ParamSpec& spec, std::string_view text) {
    Json value;
    switch (spec.type) {
        case ParamType::Int: {
            long long parsed = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
            if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return badValue(spec, text);
            value = parsed;
            break;
        }
        case ParamType::Double: {
            // from_chars ignores the locale: "12.5" means the same everywhere.
            double parsed = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
            if (ec != std::errc() || end != text.data() + text.size() || text.empty() || !std::isfinite(parsed))
                return badValue(spec, text);
            value = parsed;
            break;
        }
        case ParamType::Bool:
            if (text == "true" || text == "1" || text == "yes")
                value = true;
            else if (text == "false" || text == "0" || text == "no")
                value = false;
            else
                return badValue(spec, text);
            break;
        case ParamType::Choice:
        case ParamType::Text:
            value = canonicalValue(spec, std::string(text));
            break;
    }
    // Name the value as the person typed it, not as it was parsed.
    if (!checkParam(spec, value)) return badValue(spec, text);
    return value;
}

Json canonicalValue(const ParamSpec& spec, const Json& value) {
    if (spec.type != ParamType::Choice || !value.is_string()) return value;
    for (const auto& [alias, canonical] : spec.aliases)
        if (value.get<std::string>() == alias) return canonical;
    return value;
}

Status checkParam(const ParamSpec& spec, const Json& value) {
    if (spec.type == ParamType::Choice && canonicalValue(spec, value) != value)
        return checkParam(spec, canonicalValue(spec, value));
    const std::string shown = value.is_string() ? value.get<std::string>() : value.dump();
    switch (spec.type) {
        case ParamType::Int:
            if (!value.is_number_integer()) return badValue(spec, shown);
            if (value.get<double>() < spec.min || value.get<double>() > spec.max) return badValue(spec, shown);
            break;
        case ParamType::Double:
            if (!value.is_number()) return badValue(spec, shown);
            if (value.get<double>() < spec.min || value.get<double>() > spec.max) return badValue(spec, shown);
            break;
        case ParamType::Bool:
            if (!value.is_boolean()) return badValue(spec, shown);
            break;
        case ParamType::Choice: {
            if (!value.is_string()) return badValue(spec, shown);
            bool known = false;
            const std::string& text = value.get<std::string>();
            for (const auto& choice : spec.choices) {
                known = known || choice == text;
                known = known || (spec.choiceArguments && text.size() > choice.size() + 1 &&
                                  text.compare(0, choice.size() + 1, choice + "(") == 0 && text.back() == ')');
            }
            if (!known) return badValue(spec, shown);
            break;
        }
        case ParamType::Text:
            if (!value.is_string()) return badValue(spec, shown);
            break;
    }
    return Ok{};
}

ParamValues defaults(const std::vector<ParamSpec>& specs) {
    ParamValues values;
    for (const auto& spec : specs) values[spec.key] = spec.defaultValue;
    return values;
}

ParamValues withDefaults(const std::vector<ParamSpec>& specs, ParamValues values) {
    for (const auto& spec : specs) values.try_emplace(spec.key, spec.defaultValue);
    return values;
}

ParamValues effectiveValues(const std::vector<ParamSpec>& specs, const ParamValues& explicitValues,
                            const Json* scenario) {
    ParamValues values = explicitValues;
    for (const auto& spec : specs) {
        if (values.count(spec.key)) continue;
        const bool fromScenario = scenario && scenario->is_object() && scenario->contains(spec.key) &&
                                  checkParam(spec, (*scenario)[spec.key]).ok();
        values[spec.key] = fromScenario ? (*scenario)[spec.key] : spec.defaultValue;
    }
    return values;
}

bool MergedKeys::setByPerson(const std::string& key) const {
    const auto it = sources.find(key);
    return it != sources.end() && it->second == KeySource::Person;
}

namespace {

Error unknownKey(const std::vector<ParamSpec>& specs, const std::string& key) {
    std::vector<std::string> keys;
    for (const auto& s : specs) keys.push_back(s.key);
    return fail("unknown key '" + key + "': allowed keys are " + (keys.empty() ? "none" : joined(keys)));
}

}  // namespace

Result<MergedKeys> mergeKeys(const std::vector<ParamSpec>& specs, const ParamValues& personSet,
                             const ParamValues& fromScenario) {
    for (const auto* layer : {&fromScenario, &personSet})
        for (const auto& [key, value] : *layer) {
            const ParamSpec* spec = findParam(specs, key);
            if (!spec) return unknownKey(specs, key);
            if (auto status = checkParam(*spec, value); !status) return status.error();
        }
    MergedKeys merged;
    for (const auto& spec : specs) {
        // Presence, not the value, decides: a person who sets a key to its
        // default still overrides the scenario.
        if (const auto it = personSet.find(spec.key); it != personSet.end()) {
            merged.values[spec.key] = canonicalValue(spec, it->second);
            merged.sources[spec.key] = KeySource::Person;
        } else if (const auto at = fromScenario.find(spec.key); at != fromScenario.end()) {
            merged.values[spec.key] = canonicalValue(spec, at->second);
            merged.sources[spec.key] = KeySource::Scenario;
        } else {
            merged.values[spec.key] = spec.defaultValue;
            merged.sources[spec.key] = KeySource::Default;
        }
    }
    return merged;
}

Result<ParamValues> topLevelKeys(const std::vector<ParamSpec>& specs, const Json& scenario, bool strict,
                                 const std::string& sceneId) {
    if (!scenario.is_object()) return fail(sceneId + " scenario must be a JSON object");
    ParamValues values;
    for (const auto& [key, value] : scenario.items()) {
        if (const ParamSpec* spec = findParam(specs, key)) {
            if (auto status = checkParam(*spec, value); !status) return status.error();
            values[key] = value;
            continue;
        }
        const bool envelope =
            key == "scene" || key == "format" || key == "title" || key == "description" || key == "notes";
        if (!strict || envelope) continue;
        std::vector<std::string> keys;
        for (const auto& s : specs) keys.push_back(s.key);
        return fail("unknown scenario field '" + key + "' for scene " + sceneId + ": allowed " + joined(keys));
    }
    return values;
}

const ParamSpec* findParam(const std::vector<ParamSpec>& specs, std::string_view key) {
    for (const auto& spec : specs)
        if (spec.key == key) return &spec;
    return nullptr;
}

Status applyAssignments(const std::vector<ParamSpec>& specs, const std::vector<std::string>& assignments,
                        ParamValues& values) {
    for (const auto& assignment : assignments) {
        const auto eq = assignment.find('=');
        if (eq == std::string::npos || eq == 0) return fail("invalid --set '" + assignment + "': expected KEY=VALUE");
        const std::string key = assignment.substr(0, eq);
        const ParamSpec* spec = findParam(specs, key);
        if (!spec) return unknownKey(specs, key);
        auto parsed = parseParam(*spec, std::string_view(assignment).substr(eq + 1));
        if (!parsed) return parsed.error();
        values[key] = parsed.value();
    }
    return Ok{};
}

}  // namespace commviz::sim
