#pragma once

#include <string>

namespace commviz::app::cli {

/// `commviz --help`: every command and option, in English.
std::string helpText();

}  // namespace commviz::app::cli
