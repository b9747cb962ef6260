#include "cli/command_line.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <optional>

#include "sim/memory_budget.h"

namespace commviz::app::cli {

namespace {

using sim::fail;
using sim::Status;

/// One option a command accepts: its name, whether it takes a value (and what
/// that value is, for messages) and what to do with it.
struct Option {
    std::string name;
    std::string valueName;  ///< empty for a flag
    std::function<Status(const std::string&)> apply;
};

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + items[i];
    return text;
}

std::string optionNames(const std::vector<Option>& options) {
    std::vector<std::string> names;
    for (const auto& option : options) names.push_back(option.name);
    return joined(names);
}

// Qt's own GUI options (QGuiApplication parses them); the first group takes a value.
bool isQtOption(const std::string& arg, bool& takesValue) {
    static const std::vector<std::string> withValue{
        "-platform",     "-platformpluginpath", "-platformtheme", "-style",    "-stylesheet", "-qwindowgeometry",
        "-qwindowtitle", "-qwindowicon",        "-display",       "-geometry", "-session"};
    static const std::vector<std::string> flags{"-reverse", "-nograb", "-dograb", "-sync", "-widgetcount"};
    for (const auto& name : withValue)
        if (arg == name) return takesValue = true;
    for (const auto& name : flags)
        if (arg == name) return !(takesValue = false);
    return false;
}

/// Walks the arguments after the command name, applying `options` in order.
/// `qtArgs` (GUI only) collects Qt's own options instead of rejecting them.
Status parseOptions(const std::vector<std::string>& args, std::size_t first, const std::string& command,
                    const std::vector<Option>& options, std::vector<std::string>* qtArgs = nullptr) {
    for (std::size_t i = first; i < args.size(); ++i) {
        std::string arg = args[i];
        std::optional<std::string> inlineValue;
        if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
            inlineValue = arg.substr(arg.find('=') + 1);
            arg = arg.substr(0, arg.find('='));
        }
        bool qtTakesValue = false;
        if (qtArgs && isQtOption(arg, qtTakesValue)) {
            qtArgs->push_back(arg);
            if (qtTakesValue) {
                if (i + 1 >= args.size()) return fail("option '" + arg + "' needs a value");
                qtArgs->push_back(args[++i]);
            }
            continue;
        }
        const Option* match = nullptr;
        for (const auto& option : options)
            if (option.name == arg) match = &option;
        if (!match) {
            if (arg.empty() || arg[0] != '-')
                return fail("unexpected argument '" + arg + "' for '" + command + "': allowed options are " +
                            optionNames(options));
            return fail("unknown option '" + arg + "' for '" + command + "': allowed options are " +
                        optionNames(options));
        }
        if (match->valueName.empty()) {
            if (inlineValue) return fail("option '" + arg + "' takes no value");
            if (auto status = match->apply({}); !status) return status;
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= args.size()) return fail("option '" + arg + "' needs a value: " + match->valueName);
            inlineValue = args[++i];
        }
        if (auto status = match->apply(*inlineValue); !status) return status;
    }
    return sim::Ok{};
}

Status parseCount(const std::string& option, const std::string& text, std::optional<std::size_t>& out) {
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return fail("invalid " + option + " '" + text + "': allowed a non-negative integer such as 0, 10 or 240");
    out = value;
    return sim::Ok{};
}

Status parseMemoryMib(const std::string& text, std::optional<std::size_t>& out) {
    const std::string allowed = "allowed an integer from " + std::to_string(sim::kMinMemoryMib) + " to " +
                                std::to_string(sim::kMaxMemoryMib) + " (MiB of keyframes and stored events)";
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < sim::kMinMemoryMib ||
        value > sim::kMaxMemoryMib)
        return fail("invalid --memory-mib '" + text + "': " + allowed);
    out = value;
    return sim::Ok{};
}

Option memoryOption(std::optional<std::size_t>& target) {
    return {"--memory-mib", "an integer number of MiB",
            [&target](const std::string& v) { return parseMemoryMib(v, target); }};
}

Status parseScale(const std::string& text, double& out) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) || value <= 0 || value > 4)
        return fail("invalid --scale '" + text + "': allowed a number greater than 0 and at most 4, such as 1, 2 or 3");
    out = value;
    return sim::Ok{};
}

Status parseLanguage(const std::string& text, std::string& out) {
    if (!isKnownLanguage(text)) return fail("unknown --lang '" + text + "': allowed en, zh_CN");
    out = text;
    return sim::Ok{};
}

std::vector<Option> sceneOptions(SceneChoice& choice) {
    return {
        {"--scene", "a scene id (see commviz scenes)",
         [&choice](const std::string& v) {
             choice.scene = v;
             return Status(sim::Ok{});
         }},
        {"--scenario", "a scenario file",
         [&choice](const std::string& v) {
             if (v.empty()) return Status(fail("option '--scenario' needs a file name"));
             choice.scenario = v;
             return Status(sim::Ok{});
         }},
        {"--set", "KEY=VALUE",
         [&choice](const std::string& v) {
             choice.sets.push_back(v);
             return Status(sim::Ok{});
         }},
    };
}

Option flag(const std::string& name, bool& target) {
    return {name, {}, [&target](const std::string&) {
                target = true;
                return Status(sim::Ok{});
            }};
}

sim::Result<Command> parseGui(const std::vector<std::string>& args, std::size_t first) {
    GuiCommand gui;
    auto options = sceneOptions(gui.choice);
    options.push_back(flag("--tutorial", gui.tutorial));
    options.push_back(
        {"--lang", "en or zh_CN", [&gui](const std::string& v) { return parseLanguage(v, gui.language); }});
    options.push_back(memoryOption(gui.memoryMib));
    if (auto status = parseOptions(args, first, "gui", options, &gui.qtArgs); !status) return status.error();
    return Command(gui);
}

// --no-events and --events-from/--events-to shape run --json's events array.
Status checkEventRange(const RunCommand& run) {
    const bool ranged = run.eventsFrom || run.eventsTo;
    if ((run.noEvents || ranged) && !run.json)
        return fail(std::string(run.noEvents     ? "--no-events"
                                : run.eventsFrom ? "--events-from"
                                                 : "--events-to") +
                    " applies only to run --json: add --json");
    if (run.noEvents && ranged) return fail("--no-events cannot be combined with --events-from or --events-to");
    if (run.eventsFrom && *run.eventsFrom == 0)
        return fail("invalid --events-from '0': allowed a step number of 1 or more (steps count from 1)");
    if (run.eventsTo && *run.eventsTo == 0)
        return fail("invalid --events-to '0': allowed a step number of 1 or more (steps count from 1)");
    if (run.eventsFrom && run.eventsTo && *run.eventsFrom > *run.eventsTo)
        return fail("invalid --events-from '" + std::to_string(*run.eventsFrom) + "' with --events-to '" +
                    std::to_string(*run.eventsTo) + "': allowed --events-from at most --events-to");
    return sim::Ok{};
}

sim::Result<Command> parseRun(const std::vector<std::string>& args) {
    RunCommand run;
    auto options = sceneOptions(run.choice);
    options.push_back({"--steps", "a non-negative integer",
                       [&run](const std::string& v) { return parseCount("--steps", v, run.steps); }});
    options.push_back(flag("--json", run.json));
    options.push_back(flag("--no-events", run.noEvents));
    options.push_back({"--events-from", "a step number, 1 or more",
                       [&run](const std::string& v) { return parseCount("--events-from", v, run.eventsFrom); }});
    options.push_back({"--events-to", "a step number, 1 or more",
                       [&run](const std::string& v) { return parseCount("--events-to", v, run.eventsTo); }});
    options.push_back(memoryOption(run.memoryMib));
    if (auto status = parseOptions(args, 1, "run", options); !status) return status.error();
    if (auto status = checkEventRange(run); !status) return status.error();
    return Command(run);
}

}  // namespace

const std::vector<std::pair<std::string, FigureFormat>>& formatNames() {
    static const std::vector<std::pair<std::string, FigureFormat>> names{
        {"png", FigureFormat::Png},   {"svg", FigureFormat::Svg},   {"pdf", FigureFormat::Pdf},
        {"gif", FigureFormat::Gif},   {"webp", FigureFormat::Webp}, {"mp4", FigureFormat::Mp4},
        {"webm", FigureFormat::Webm}, {"html", FigureFormat::Html}};
    return names;
}

std::string formatName(FigureFormat format) {
    for (const auto& [name, value] : formatNames())
        if (value == format) return name;
    return {};
}

namespace {

std::optional<FigureFormat> formatNamed(const std::string& name) {
    for (const auto& [known, value] : formatNames())
        if (known == name) return value;
    return std::nullopt;
}

// The format from the output file's suffix, when --format is not given.
std::optional<FigureFormat> formatOfFile(const std::string& path) {
    const auto dot = path.rfind('.');
    if (dot == std::string::npos) return std::nullopt;
    std::string suffix = path.substr(dot + 1);
    for (char& c : suffix) c = char(std::tolower(static_cast<unsigned char>(c)));
    return formatNamed(suffix);
}

Status parseBounded(const std::string& option, const std::string& text, int min, int max, const std::string& unit,
                    int& out) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
        return fail("invalid " + option + " '" + text + "': allowed an integer from " + std::to_string(min) + " to " +
                    std::to_string(max) + unit);
    out = value;
    return sim::Ok{};
}

// The options that shape a step range: animation, series or HTML stepper.
void addRangeOptions(std::vector<Option>& options, ExportCommand& command, std::optional<std::size_t>& every,
                     std::optional<int>& fps, std::optional<int>& holdMs, std::optional<int>& loop) {
    options.push_back({"--from", "the first step to export",
                       [&command](const std::string& v) { return parseCount("--from", v, command.from); }});
    options.push_back({"--to", "the last step to export",
                       [&command](const std::string& v) { return parseCount("--to", v, command.to); }});
    options.push_back({"--every", "an integer of 1 or more", [&every](const std::string& v) {
                           if (auto status = parseCount("--every", v, every); !status) return status;
                           if (*every == 0) return Status(fail("invalid --every '0': allowed an integer of 1 or more"));
                           return Status(sim::Ok{});
                       }});
    options.push_back({"--fps", "an integer from 1 to 60", [&fps](const std::string& v) {
                           int value = 0;
                           auto status = parseBounded("--fps", v, kMinFps, kMaxFps, " frames per second", value);
                           fps = value;
                           return status;
                       }});
    options.push_back({"--hold-ms", "milliseconds each step is shown", [&holdMs](const std::string& v) {
                           int value = 0;
                           auto status = parseBounded("--hold-ms", v, kMinHoldMs, kMaxHoldMs, " milliseconds", value);
                           holdMs = value;
                           return status;
                       }});
    options.push_back({"--loop", "times a GIF or WebP plays, 0 for forever", [&loop](const std::string& v) {
                           int value = 0;
                           auto status =
                               parseBounded("--loop", v, 0, kMaxLoop, " (times it plays; 0 plays forever)", value);
                           loop = value;
                           return status;
                       }});
}

const char* const kRangeFormats = "gif, webp, mp4, webm, html, or png and svg for a numbered series";

// The range options against each other and against the format.
Status checkRange(ExportCommand& command, std::optional<std::size_t> every, std::optional<int> fps,
                  std::optional<int> holdMs, std::optional<int> loop) {
    const std::string format = formatName(command.format);
    if (command.from && !command.to) return fail("--from needs --to: the last step to export (e.g. --to 40)");
    if (command.to && !command.from) return fail("--to needs --from: the first step to export (e.g. --from 1)");
    if (command.step && command.from)
        return fail(
            "--step cannot be combined with --from/--to: allowed either --step N (one figure) or --from A "
            "--to B (a step range)");
    if (!command.from) {
        if (isSequenceFormat(command.format))
            return fail("--format " + format + " needs --from A --to B: the steps to animate (e.g. --from 1 --to 40)");
        const char* option = every ? "--every" : fps ? "--fps" : holdMs ? "--hold-ms" : loop ? "--loop" : nullptr;
        if (option) return fail(std::string(option) + " applies only to a step range: add --from A --to B");
        return sim::Ok{};
    }
    if (*command.from > *command.to)
        return fail("invalid --from '" + std::to_string(*command.from) + "' with --to '" + std::to_string(*command.to) +
                    "': allowed --from at most --to");
    if (command.format == FigureFormat::Pdf)
        return fail("invalid --format 'pdf' with --from/--to: allowed " + std::string(kRangeFormats));
    const bool animated = command.format == FigureFormat::Gif || command.format == FigureFormat::Webp ||
                          command.format == FigureFormat::Mp4 || command.format == FigureFormat::Webm;
    if (loop && command.format != FigureFormat::Gif && command.format != FigureFormat::Webp)
        return fail("--loop applies only to --format gif or webp, not " + format + " (a video plays once)");
    if (fps && !animated && command.format != FigureFormat::Html)
        return fail("--fps applies only to an animation: allowed with --format gif, webp, mp4, webm");
    if (holdMs && !animated && command.format != FigureFormat::Html)
        return fail(
            "--hold-ms applies only to an animation or the HTML stepper: allowed with --format gif, webp, "
            "mp4, webm, html");
    command.every = every.value_or(1);
    const bool gifLike = command.format == FigureFormat::Gif || command.format == FigureFormat::Webp;
    command.fps = fps.value_or(gifLike ? kDefaultGifFps : kDefaultVideoFps);
    command.holdMs = holdMs.value_or(kDefaultHoldMs);
    command.loop = loop.value_or(0);
    return sim::Ok{};
}

// `--lesson ID` draws the lesson's own scenarios and steps, each held for reading.
Status checkLesson(ExportCommand& command, std::optional<std::size_t> every, std::optional<int> fps,
                   std::optional<int> holdMs, std::optional<int> loop) {
    const char* clash = !command.choice.scene.empty()      ? "--scene"
                        : !command.choice.scenario.empty() ? "--scenario"
                        : !command.choice.sets.empty()     ? "--set"
                        : command.step                     ? "--step"
                        : command.from || command.to       ? "--from/--to"
                        : every                            ? "--every"
                        : holdMs                           ? "--hold-ms"
                        : !command.select.empty()          ? "--select"
                                                           : nullptr;
    if (clash)
        return fail(std::string(clash) +
                    " cannot be combined with --lesson: a lesson draws its own scenarios and steps, each held long "
                    "enough to read");
    const std::string format = formatName(command.format);
    if (command.format == FigureFormat::Pdf)
        return fail("invalid --format 'pdf' with --lesson: allowed " + std::string(kRangeFormats));
    const bool gifLike = command.format == FigureFormat::Gif || command.format == FigureFormat::Webp;
    const bool animated = gifLike || command.format == FigureFormat::Mp4 || command.format == FigureFormat::Webm;
    if (loop && !gifLike)
        return fail("--loop applies only to --format gif or webp, not " + format + " (a video plays once)");
    if (fps && !animated) return fail("--fps applies only to an animation: allowed with --format gif, webp, mp4, webm");
    command.fps = fps.value_or(gifLike ? kDefaultGifFps : kDefaultVideoFps);
    command.loop = loop.value_or(0);
    return sim::Ok{};
}

sim::Result<Command> parseExport(const std::vector<std::string>& args) {
    ExportCommand command;
    std::optional<FigureFormat> format;
    auto options = sceneOptions(command.choice);
    options.push_back({"--step", "a non-negative integer",
                       [&command](const std::string& v) { return parseCount("--step", v, command.step); }});
    options.push_back({"--format", "png, svg, pdf, gif, webp, mp4, webm or html", [&format](const std::string& v) {
                           format = formatNamed(v);
                           return format ? Status(sim::Ok{})
                                         : Status(fail("unknown --format '" + v +
                                                       "': allowed png, svg, pdf, gif, webp, mp4, webm, html"));
                       }});
    options.push_back({"--scale", "a number greater than 0 and at most 4", [&](const std::string& v) {
                           double scale = 1;
                           auto status = parseScale(v, scale);
                           command.scale = scale;
                           return status;
                       }});
    options.push_back(
        {"--lang", "en or zh_CN", [&command](const std::string& v) { return parseLanguage(v, command.language); }});
    options.push_back({"--theme", "light or dark", [&command](const std::string& v) {
                           if (v != "light" && v != "dark")
                               return Status(fail("unknown --theme '" + v + "': allowed light, dark"));
                           command.theme = v;
                           return Status(sim::Ok{});
                       }});
    options.push_back(flag("--caption", command.caption));
    options.push_back({"--select", "an object id drawn in the scene", [&command](const std::string& v) {
                           if (v.empty()) return Status(fail("option '--select' needs an object id"));
                           command.select = v;
                           return Status(sim::Ok{});
                       }});
    options.push_back(
        {"--option", "a view option id of the scene, optionally =VALUE", [&command](const std::string& v) {
             if (v.empty()) return Status(fail("option '--option' needs a view option id"));
             command.options.push_back(v);
             return Status(sim::Ok{});
         }});
    options.push_back(memoryOption(command.memoryMib));
    options.push_back({"--lesson", "a lesson id (see commviz scenes)", [&command](const std::string& v) {
                           if (v.empty()) return Status(fail("option '--lesson' needs a lesson id"));
                           command.lesson = v;
                           return Status(sim::Ok{});
                       }});
    std::optional<std::size_t> every;
    std::optional<int> fps, holdMs, loop;
    addRangeOptions(options, command, every, fps, holdMs, loop);
    auto output = [&command](const std::string& v) {
        if (v.empty()) return Status(fail("option '-o' needs a file name"));
        command.output = v;
        return Status(sim::Ok{});
    };
    options.push_back({"-o", "the file to write", output});
    options.push_back({"--output", "the file to write", output});
    if (auto status = parseOptions(args, 1, "export", options); !status) return status.error();

    if (command.output.empty()) return fail("missing -o FILE: the file to write the figure to");
    if (!format) format = formatOfFile(command.output);
    if (!format)
        return fail(
            "missing --format: allowed png, svg, pdf, gif, webp, mp4, webm, html (or an -o FILE ending in one "
            "of them, e.g. .png or .gif)");
    command.format = *format;
    if (!command.lesson.empty()) {
        if (auto status = checkLesson(command, every, fps, holdMs, loop); !status) return status.error();
        return Command(command);
    }
    if (auto status = checkRange(command, every, fps, holdMs, loop); !status) return status.error();
    return Command(command);
}

sim::Result<Command> parseScenes(const std::vector<std::string>& args) {
    ScenesCommand scenes;
    std::vector<Option> options{flag("--json", scenes.json), {"--lang", "en or zh_CN", [&scenes](const std::string& v) {
                                                                  return parseLanguage(v, scenes.language);
                                                              }}};
    if (auto status = parseOptions(args, 1, "scenes", options); !status) return status.error();
    return Command(scenes);
}

}  // namespace

bool isSequenceFormat(FigureFormat format) {
    return format == FigureFormat::Gif || format == FigureFormat::Webp || format == FigureFormat::Mp4 ||
           format == FigureFormat::Webm || format == FigureFormat::Html;
}

bool isKnownLanguage(const std::string& language) { return language == "en" || language == "zh_CN"; }

namespace {

bool isBuiltIn(const std::string& word) {
    const auto& names = builtInCommands();
    return word == "help" || std::find(names.begin(), names.end(), word) != names.end();
}

}  // namespace

sim::Result<Command> parseCommandLine(const std::vector<std::string>& args) {
    // A scene's command (any other word first) reads its own arguments, --help included.
    if (!args.empty() && !args.front().empty() && args.front()[0] != '-' && !isBuiltIn(args.front()))
        return Command(SceneCommandCall{args.front(), std::vector<std::string>(args.begin() + 1, args.end())});
    // --help wins wherever it appears, except as the value of an option.
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") return Command(HelpCommand{});
        if (args[i] == "--set" || args[i] == "--scenario" || args[i] == "-o" || args[i] == "--output") ++i;
    }
    if (args.empty()) return Command(GuiCommand{});
    const std::string& first = args.front();
    if (first == "--version" || first == "-v") return Command(VersionCommand{});
    if (first == "help") return Command(HelpCommand{});
    if (first == "gui") return parseGui(args, 1);
    if (first == "run") return parseRun(args);
    if (first == "export") return parseExport(args);
    if (first == "scenes") return parseScenes(args);
    if (!first.empty() && first[0] == '-') return parseGui(args, 0);
    return fail("unknown command '': allowed gui, run, export, scenes (see commviz --help)");
}

const std::vector<std::string>& builtInCommands() {
    static const std::vector<std::string> names{"gui", "run", "export", "scenes"};
    return names;
}

}  // namespace commviz::app::cli
