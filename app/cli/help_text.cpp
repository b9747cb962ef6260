#include "cli/help_text.h"

#include "catalog/scene_catalog.h"

namespace commviz::app::cli {

namespace {

constexpr const char* kHelp = R"(Usage:
  commviz [gui] [--scene ID] [--scenario FILE] [--tutorial] [--lang en|zh_CN] [--set KEY=VALUE]...
                 [--memory-mib N]
  commviz run    --scene ID [--scenario FILE] [--set KEY=VALUE]... [--steps N] [--json]
                 [--no-events | --events-from N --events-to M] [--memory-mib N]
  commviz export --scene ID [--scenario FILE] [--set KEY=VALUE]... [--step N]
                 --format png|svg|pdf [--scale S] [--lang en|zh_CN] [--theme light|dark]
                 [--caption] [--select ID] [--option ID[=N]]... [--memory-mib N] -o FILE
  commviz export --scene ID ... --from A --to B [--every K] [--fps F] [--hold-ms MS] [--loop N]
                 --format gif|webp|mp4|webm|html|png|svg [every option of the still export] -o FILE
  commviz export --lesson ID --format mp4|webm|gif|webp|html|png|svg [--fps F] [--loop N] [--scale S]
                 [--lang en|zh_CN] [--theme light|dark] -o FILE
  commviz scenes [--json] [--lang en|zh_CN]
@SCENE_SYNOPSES@  commviz --help | --version

Commands:
  gui       open the window (the default when no command is given)
  run       step a scene without a window and print what happened;
            without --steps it runs until the scene is done or reaches its step cap
  export    draw one step of a scene into a PNG, SVG or PDF figure, or a range of
            steps into an animation (GIF, WebP, MP4, WebM), an HTML stepper page or
            numbered PNG/SVG files; or a tutorial lesson, one frame per lesson step
  scenes    list the scene ids and every key --set accepts
@SCENE_COMMANDS@
Options:
  --scene ID          the scene (see commviz scenes)
  --scenario FILE     a scenario file: JSON with "scene", "format": 1 and scene fields;
                      its "scene" is used when --scene is left out
  --set KEY=VALUE     set one key; repeat for more; applied after the scenario
  --steps N           run: steps to take at most (a non-negative integer)
  --json              run, scenes: print one JSON object instead of text
  --no-events         run --json: leave the events array out (event_count says how many)
  --events-from N     run --json: print events of steps N.. only (steps count from 1)
  --events-to M       run --json: print events of steps ..M only (inclusive)
  --memory-mib N      memory for keyframes and stored events, 16 to 1048576 MiB (default 256);
                      long runs thin keyframes to fit and replay what they dropped
  --step N            export: the step to draw (default: the end of the run)
  --format F          export: png, svg or pdf; with --from/--to also gif, webp, mp4, webm, html
                      (default: from the -o suffix)
  --scale S           export: PNG pixels per unit, SVG/PDF page size × S; greater than 0, at most 4
                      (animations: default 1200 pixels wide)
  --from A, --to B    export: the steps A to B (inclusive) as an animation, or with png/svg as
                      files NAME-0001.png, NAME-0002.png … (at least 4 digits)
  --every K           export: every K-th step of the range, and always B (default 1)
  --fps F             export: frames per second, 1 to 60 (default 12 for gif/webp, 30 for mp4/webm)
  --hold-ms MS        export: how long each step shows, 20 to 60000 ms (default 1000);
                      a step spans round(MS × F / 1000) frames, at least 1
  --loop N            export: gif/webp play N times, 0 forever (default)
  --lang L            en or zh_CN: the language of captions and scene names
  --theme T           export: light (the publication theme, default) or dark
  --caption           export: write the step's narration under the figure
  --select ID         export: draw object ID selected, as a click in the window
                      does (a NoC router, e.g. router/5, gets its close-up panel)
  --option ID[=N]     export: switch on a view option of the scene, e.g. noc.heatmap.links=500
                      (the NoC's link heatmap over the last 500 cycles); repeatable
  --lesson ID         export: a tutorial lesson (its file name, e.g. noc_credits; an unknown
                      id lists them), each step held long enough to read its narration
  -o, --output FILE   export: the file to write
  --tutorial          gui: open the scene's lesson
  -h, --help          show this help
  -v, --version       show the version

Bad input (unknown command, scene, option or key; a bad value; a missing or
malformed file; an unwritable output) exits with status 2 and one line on stderr.
)";

void replace(std::string& text, const std::string& marker, const std::string& with) {
    text.replace(text.find(marker), marker.size(), with);
}

}  // namespace

// The scenes' own commands come from the catalog, so a new one is listed here too.
std::string helpText() {
    std::string synopses, commands;
    for (const catalog::SceneEntry& scene : catalog::scenes())
        for (const catalog::SceneCommand& command : scene.commands) {
            synopses += "  commviz " + command.synopsis + "\n";
            commands += "  " + command.name +
                        std::string(command.name.size() < 10 ? 10 - command.name.size() : 1, ' ') + command.summary +
                        "\n";
        }
    commands += "            (each prints its own usage with --help)\n";
    std::string text = kHelp;
    replace(text, "@SCENE_SYNOPSES@", synopses);
    replace(text, "@SCENE_COMMANDS@", commands);
    return text;
}

}  // namespace commviz::app::cli
