#pragma once

#include <map>
#include <string>
#include <vector>

#include "noc/noc_config.h"
#include "sim/param_spec.h"
#include "sim/result.h"
#include "sim/scene_model.h"

namespace commviz::noc {

/// The settable keys of the `noc` scene: BookSim's own config keys with
/// BookSim's defaults (booksim_config.cpp), except `routing_function`, whose
/// BookSim default `none` cannot run; the scene starts from `dim_order`.
std::vector<sim::ParamSpec> nocParams();

/// A NocConfig from resolved key values, checked by the same rules as a
/// BookSim config file (makeNocConfig), so `--set` and `commviz noc` agree.
/// `files`: network files by name (a scenario's `network_files`), found before the disk.
sim::Result<NocConfig> configFromKeys(const sim::ParamValues& values,
                                      const std::map<std::string, std::string>& files = {});

/// A scenario's `network_files`: {"name": "text", ...}, the anynet files it carries.
sim::Result<std::map<std::string, std::string>> scenarioNetworkFiles(const sim::Json& scenario);

/// The key values of a `noc` scenario: its `booksim_config` text (a BookSim
/// config file, checked as `commviz noc` checks one) or else its top-level fields.
sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario);

/// A `noc` scenario document holding a BookSim config file's text, after the
/// checks `commviz noc` makes (errors name `name`, the line, key and value);
/// an anynet's network file (found beside `name`, then in the working
/// directory) goes into its `network_files`.
sim::Result<sim::Json> scenarioFromBookSimConfig(const std::string& text, const std::string& name);

/// The NoC scene without GUI: id "noc", one step = one simulated cycle (a
/// macro-step whose events are that cycle's flit and credit moves), a
/// sim::TimelineSession<NocEngine>.
sim::SceneModel sceneModel();

}  // namespace commviz::noc
