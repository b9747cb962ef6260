#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "catalog/scene_catalog.h"
#include "sim/param_spec.h"
#include "sim/result.h"
#include "sim/session.h"

namespace commviz::catalog {

/// The scene a scenario file is for: its "scene" field, else the scene that
/// reads files with its suffix (a BookSim .cfg is a noc scenario); empty when
/// neither says.
std::string scenarioSceneId(const std::string& path);

/// A scenario for scene `sceneId` from text already read: in the scene's
/// foreign format when `name` ends with one of its suffixes, else JSON.
/// `name` stands for the file in errors.
sim::Result<sim::Json> readScenarioText(std::string_view text, const std::string& name, const std::string& sceneId,
                                        const ForeignScenario& foreign);

/// The same from a file on disk; errors name the file and what is wrong with it.
sim::Result<sim::Json> readScenario(const std::string& path, const std::string& sceneId,
                                    const ForeignScenario& foreign);

/// The session of `model` from the keys a person set (each checked against its
/// range first) and an optional scenario; keys set win over the scenario's.
sim::Result<std::unique_ptr<sim::Session>> buildSession(const sim::SceneModel& model, const sim::ParamValues& values,
                                                        const std::optional<sim::Json>& scenario);

}  // namespace commviz::catalog
