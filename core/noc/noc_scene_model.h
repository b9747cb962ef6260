#pragma once

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
sim::Result<NocConfig> configFromKeys(const sim::ParamValues& values);

/// The key values of a `noc` scenario: its `booksim_config` text (a BookSim
/// config file, checked as `commviz noc` checks one) or else its top-level fields.
sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario);

/// A `noc` scenario document holding a BookSim config file's text, after the
/// checks `commviz noc` makes (errors name `name`, the line, key and value).
sim::Result<sim::Json> scenarioFromBookSimConfig(const std::string& text, const std::string& name);

/// The NoC scene without GUI: id "noc", one step = one simulated cycle (a
/// macro-step whose events are that cycle's flit and credit moves), a
/// sim::TimelineSession<NocEngine>.
sim::SceneModel sceneModel();

}  // namespace commviz::noc
