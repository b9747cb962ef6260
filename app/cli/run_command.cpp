#include "cli/run_command.h"

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

void printText(std::ostream& out, const std::string& scene, const sim::Session& session, std::size_t events,
               const std::string& why) {
    out << "scene: " << scene << "\n";
    out << "steps: " << session.cursor() << " (" << why << ")\n";
    out << "events: " << events << "\n";
    const sim::Json summary = session.summary();
    if (!summary.is_null()) printValue(out, "", "summary", summary, 0);
}

}  // namespace

sim::Status runScene(const RunCommand& command, const views::SceneRegistry& registry, std::ostream& out) {
    auto scene = findScene(registry, command.choice.scene);
    if (!scene) return scene.error();
    auto built = buildSession(*scene.value(), command.choice);
    if (!built) return built.error();
    sim::Session& session = *built.value();

    const std::size_t cap = scene.value()->model.stepCap;
    if (command.steps && *command.steps > cap)
        return sim::fail("invalid --steps '" + std::to_string(*command.steps) + "': allowed 0 to " +
                         std::to_string(cap) + ", the step cap of scene '" + command.choice.scene + "'");
    if (command.steps)
        session.seek(*command.steps);
    else
        session.runToEnd(cap);

    std::size_t eventCount = 0;
    sim::Json events = sim::Json::array();
    for (std::size_t n = 1; n <= session.cursor(); ++n) {
        for (const auto& record : session.eventRecords(n)) {
            ++eventCount;
            if (command.json) events.push_back(eventJson(n, record));
        }
    }

    if (command.json) {
        sim::Json result{{"scene", command.choice.scene},
                         {"steps", session.cursor()},
                         {"done", session.atEnd()},
                         {"summary", session.summary()},
                         {"events", std::move(events)}};
        // Replace rather than throw on text that is not UTF-8.
        out << result.dump(2, ' ', false, sim::Json::error_handler_t::replace) << "\n";
    } else {
        const std::string why = session.atEnd() ? "done"
                                : command.steps ? "stopped after --steps " + std::to_string(*command.steps)
                                                : "stopped at the step cap of " + std::to_string(cap);
        printText(out, command.choice.scene, session, eventCount, why);
    }
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::app::cli
