#include "cli/run_command.h"

#include <optional>
#include <string>

#include "cli/scene_lookup.h"
#include "sim/json.h"

namespace commviz::app::cli {

namespace {

// {step, kind, anchor, objects, ...fields}. A field never replaces those four.
sim::Json eventJson(std::size_t step, const sim::EventRecord& record) {
    sim::Json event{{"step", step}, {"kind", record.kind}, {"anchor", record.anchor}, {"objects", record.objects}};
    if (record.fields.is_object())
        for (const auto& [key, value] : record.fields.items())
            if (!event.contains(key)) event[key] = value;
    return event;
}

std::string readable(const sim::Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

// Scalars inline; objects one key a line; arrays one item a line; deeper levels compact.
void printValue(std::ostream& out, const std::string& indent, const std::string& key, const sim::Json& value,
                int depth) {
    const bool nested = (value.is_object() || value.is_array()) && !value.empty() && depth < 2;
    if (!nested) {
        out << indent << key << ": " << readable(value) << "\n";
        return;
    }
    out << indent << key << ":\n";
    if (value.is_object()) {
        for (const auto& [name, item] : value.items()) printValue(out, indent + "  ", name, item, depth + 1);
        return;
    }
    for (const auto& item : value) out << indent << "  - " << readable(item) << "\n";
}

void printText(std::ostream& out, const std::string& scene, const sim::BatchOutcome& outcome, const std::string& why) {
    out << "scene: " << scene << "\n";
    out << "steps: " << outcome.count.steps << " (" << why << ")\n";
    out << "events: " << outcome.count.events << "\n";
    if (!outcome.summary.is_null()) printValue(out, "", "summary", outcome.summary, 0);
}

// One event as it sits in the printed array: indented two levels, as dump(2) would.
void appendEvent(std::string& text, std::size_t step, const sim::EventRecord& record) {
    const std::string dumped = eventJson(step, record).dump(2, ' ', false, sim::Json::error_handler_t::replace);
    text += text.empty() ? "\n    " : ",\n    ";
    for (char c : dumped) {
        text += c;
        if (c == '\n') text += "    ";
    }
}

// The result object with `eventsText` spliced in as its last member, "events":
// the same bytes as dumping the whole object, without building a JSON tree of
// every event.
void printJson(std::ostream& out, sim::Json result, const std::optional<std::string>& eventsText) {
    std::string dumped = result.dump(2, ' ', false, sim::Json::error_handler_t::replace);
    if (eventsText) {
        dumped.erase(dumped.size() - 2);  // "\n}"
        dumped += eventsText->empty() ? ",\n  \"events\": []\n}" : ",\n  \"events\": [" + *eventsText + "\n  ]\n}";
    }
    out << dumped << "\n";
}

}  // namespace

// A run keeps no timeline: the engine steps alone at full speed (the batch
// path) and only the events --json prints are described, as they happen.
sim::Status runScene(const RunCommand& command, std::ostream& out) {
    auto scene = findScene(command.choice);
    if (!scene) return scene.error();
    auto built = buildSession(*scene.value(), command.choice);
    if (!built) return built.error();
    const sim::Session& session = *built.value();

    const std::size_t cap = scene.value()->model.stepCap;
    if (command.steps && *command.steps > cap)
        return sim::fail("invalid --steps '" + std::to_string(*command.steps) + "': allowed 0 to " +
                         std::to_string(cap) + ", the step cap of scene '" + scene.value()->model.id + "'");

    std::string eventsText;
    sim::BatchRequest request;
    request.maxSteps = command.steps.value_or(cap);
    if (command.json && !command.noEvents) {
        request.eventsFrom = command.eventsFrom.value_or(1);
        request.eventsTo = command.eventsTo.value_or(request.maxSteps);
        request.onEvent = [&eventsText](std::size_t step, const sim::EventRecord& record) {
            appendEvent(eventsText, step, record);
        };
    }
    const sim::BatchOutcome outcome = session.runBatch(request);

    if (command.json) {
        sim::Json result{{"scene", scene.value()->model.id},
                         {"steps", outcome.count.steps},
                         {"done", outcome.count.done},
                         {"summary", outcome.summary}};
        const bool limited = command.noEvents || command.eventsFrom || command.eventsTo;
        if (limited) result["event_count"] = outcome.count.events;
        printJson(out, std::move(result), command.noEvents ? std::nullopt : std::optional(std::move(eventsText)));
    } else {
        const std::string why = outcome.count.done ? "done"
                                : command.steps    ? "stopped after --steps " + std::to_string(*command.steps)
                                                   : "stopped at the step cap of " + std::to_string(cap);
        printText(out, scene.value()->model.id, outcome, why);
    }
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::app::cli
