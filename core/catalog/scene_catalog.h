#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "sim/json.h"
#include "sim/result.h"
#include "sim/scene_model.h"

namespace commviz::catalog {

/// A command a scene adds to the command line, e.g. `commviz noc CONFIG
/// [key=value]…`: the word after `commviz`, then arguments the scene parses.
struct SceneCommand {
    std::string name;      ///< "noc"; must not clash with gui, run, export, scenes or help
    std::string synopsis;  ///< "noc CONFIG [key=value]... [--json]" for `commviz scenes` and --help
    std::string summary;   ///< one line saying what it does
    /// Runs headless with the arguments after the name, printing results to
    /// `out`. A failure is bad input: one line naming what was wrong and what
    /// is allowed (exit status 2).
    std::function<sim::Status(const std::vector<std::string>& args, std::ostream& out)> run;
};

/// Scenario files in another program's format (BookSim configs, "cfg"): the
/// reader turns the text into a scenario document or fails with one line
/// naming file and line.
struct ForeignScenario {
    std::vector<std::string> suffixes;
    std::function<sim::Result<sim::Json>(const std::string& text, const std::string& name)> read;
};

/// One scene as the core knows it: everything the command line needs to list,
/// build and run it without a window. Views decorate an entry by its id with
/// a renderer, docks and lessons (app/all_scenes.cpp).
struct SceneEntry {
    sim::SceneModel model;         ///< id, keys, step cap, how to build the session
    const char* name = "";         ///< English; views translate it in the "commviz::scenes" scope
    const char* description = "";  ///< one English line, translated likewise
    /// Every event kind the engine can emit (derived from its event variant).
    std::function<std::vector<std::string>()> eventKinds;
    std::vector<SceneCommand> commands{};
    ForeignScenario foreign{};  ///< empty suffixes: JSON scenarios only
};

/// Every scene, in picker order. Built once.
const std::vector<SceneEntry>& scenes();

/// The scene called `id`, or null.
const SceneEntry* findScene(std::string_view id);

/// The scene command called `name`, or null.
const SceneCommand* findCommand(std::string_view name);

/// "rdma, rdma-vs-socket, …": the ids, for error messages.
std::string sceneIds();

}  // namespace commviz::catalog
