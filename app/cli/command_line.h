#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "sim/result.h"

namespace commviz::app::cli {

/// What every scene-driving command shares: the scene and how to set it up.
struct SceneChoice {
    std::string scene;              ///< scene id as typed; checked against the registry later
    std::string scenario;           ///< scenario file, empty for none
    std::vector<std::string> sets;  ///< KEY=VALUE in the order given
};

/// `commviz [gui] [--scene ID] [--scenario FILE] [--tutorial] [--lang L] [--set K=V]...`
struct GuiCommand {
    SceneChoice choice;
    bool tutorial = false;
    std::string language;                  ///< "en", "zh_CN" or empty
    std::vector<std::string> qtArgs;       ///< Qt's own options (-platform X, -style X…), passed on untouched
    std::optional<std::size_t> memoryMib;  ///< --memory-mib: the timeline's budget; none: the saved setting
};

/// `commviz run --scene ID [--scenario FILE] [--set K=V]... [--steps N] [--json]
///  [--no-events | --events-from N --events-to M] [--memory-mib N]`
struct RunCommand {
    SceneChoice choice;
    std::optional<std::size_t> steps;  ///< none: until done or the scene's step cap
    bool json = false;
    bool noEvents = false;                  ///< --json without the events array
    std::optional<std::size_t> eventsFrom;  ///< first step whose events --json prints (1-based)
    std::optional<std::size_t> eventsTo;    ///< last step whose events --json prints, inclusive
    std::optional<std::size_t> memoryMib;   ///< accepted for symmetry; a run keeps no timeline
};

/// Still figures (png, svg, pdf), animations (gif, webp, mp4, webm) and the
/// HTML stepper. png and svg with --from/--to write a numbered series.
enum class FigureFormat { Png, Svg, Pdf, Gif, Webp, Mp4, Webm, Html };

// Bounds and defaults of a step range's timing.
inline constexpr int kMinFps = 1;
inline constexpr int kMaxFps = 60;
inline constexpr int kDefaultGifFps = 12;    ///< GIF and WebP: small files for the web
inline constexpr int kDefaultVideoFps = 30;  ///< MP4 and WebM
inline constexpr int kMinHoldMs = 20;
inline constexpr int kMaxHoldMs = 60000;
inline constexpr int kDefaultHoldMs = 1000;
inline constexpr int kMaxLoop = 65535;  ///< the largest count GIF and WebP store

/// "png", "svg", … "html": each format as --format names it.
const std::vector<std::pair<std::string, FigureFormat>>& formatNames();
std::string formatName(FigureFormat format);

/// True for the formats that only export a step range (gif, webp, mp4, webm, html).
bool isSequenceFormat(FigureFormat format);

/// `commviz export --scene ID ... [--step N | --from A --to B [--every K] [--fps F] [--hold-ms MS] [--loop N]]
/// --format F [--scale S] [--lang L] [--theme T] [--caption] [--select ID] [--option ID[=VALUE]]... -o FILE`
struct ExportCommand {
    SceneChoice choice;
    std::optional<std::size_t> step;  ///< none: the end of the run
    FigureFormat format = FigureFormat::Png;
    std::optional<double> scale;  ///< none: 1 for a still or series, 1200 px wide for an animation
    std::string language = "en";
    std::string theme = "light";
    bool caption = false;
    std::string select;                ///< an object id drawn selected (e.g. a NoC router's close-up); empty: none
    std::vector<std::string> options;  ///< --option ID[=VALUE]: scene view options switched on, in order
    std::string output;
    std::optional<std::size_t> memoryMib;  ///< the timeline's budget; none: the default
    // A step range: an animation, a numbered series or an HTML stepper.
    std::optional<std::size_t> from;  ///< first step exported; set together with `to`
    std::optional<std::size_t> to;    ///< last step exported, inclusive
    std::size_t every = 1;            ///< export every K-th step of the range (and always the last)
    int fps = 0;                      ///< frames per second; 0 until parsed (12 for gif/webp, 30 for mp4/webm)
    int holdMs = 1000;                ///< how long each step is shown
    int loop = 0;                     ///< gif/webp: times the animation plays, 0 forever
    /// A lesson exported as a sequence (views::findLesson's id, e.g. "noc_credits"); empty: none.
    std::string lesson;
    bool isRange() const { return from.has_value(); }
};

/// `commviz scenes [--json] [--lang L]`
struct ScenesCommand {
    bool json = false;
    std::string language = "en";
};

struct HelpCommand {};
struct VersionCommand {};

/// `commviz NAME ARGS...` where NAME is not a built-in command: a command a
/// scene adds (SceneDescriptor::commands, e.g. `commviz noc CONFIG`). Whether
/// NAME exists is checked against the scene registry when it runs.
struct SceneCommandCall {
    std::string name;
    std::vector<std::string> args;  ///< everything after NAME, untouched
};

using Command =
    std::variant<GuiCommand, RunCommand, ExportCommand, ScenesCommand, HelpCommand, VersionCommand, SceneCommandCall>;

/// The commands every build has, in the order error messages list them.
const std::vector<std::string>& builtInCommands();

/// Parses argv (without the program name) into one command. Needs no Qt
/// application, so it runs before one is created; the error is one line for stderr.
sim::Result<Command> parseCommandLine(const std::vector<std::string>& args);

/// The languages the app ships: "en" and "zh_CN".
bool isKnownLanguage(const std::string& language);

}  // namespace commviz::app::cli
