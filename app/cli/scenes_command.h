#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "cli/command_line.h"

namespace commviz::app::cli {

/// A text for people in the language asked for: core's English marked in
/// `scope` ("commviz::scenes", "commviz::params"), translated or as it is.
using Translate = std::function<std::string(const char* scope, const char* text)>;

/// The English text as it is (the launcher, which loads no translations).
std::string untranslated(const char* scope, const char* text);

/// `commviz scenes`: every scene's id, name, description, commands and settable keys.
void listScenes(const ScenesCommand& command, std::ostream& out, const Translate& translate = &untranslated);

}  // namespace commviz::app::cli
