#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim/result.h"

namespace commviz::noc {

/// A value as BookSim's config lexer types it: an integer, a float, a bare or
/// quoted string, or a brace list `{a,b}` (kept as written, parsed by the key).
enum class ConfigValueKind { Int, Float, String, List };

struct ConfigValue {
    ConfigValueKind kind = ConfigValueKind::Int;
    std::string text;  ///< as written (lists include their braces)
};

/// One `key = value;` statement; line 0 means a command-line override.
struct ConfigAssignment {
    std::string key;
    ConfigValue value;
    int line = 0;
};

/// A BookSim config file in statement order. Later assignments win, as in
/// BookSim's parser, which simply stores into its maps.
struct ConfigDocument {
    std::string name;  ///< file name, for messages
    std::vector<ConfigAssignment> assignments;
    /// Where a relative network_file (anynet) is looked for first: the config file's folder.
    std::string directory;
    /// Files the document carries by name (a scenario's bundled network_file), found before the disk.
    std::map<std::string, std::string> files;
};

/// Types a single value the way BookSim's lexer does (`4`, `-1`, `0.25`, `.5`,
/// `1e-3`, `mesh`, `{1,2}`, `"text"`).
ConfigValue classifyValue(std::string_view text);

/// Parses BookSim config syntax: `key = value;`, `//` comments, free
/// whitespace. A missing `;` is reported on the line where the next token
/// starts, like BookSim's "Parse error on line N".
sim::Result<ConfigDocument> parseBookSimConfig(std::string_view text, const std::string& name = "config");

/// Reads and parses a file; an unreadable file is an error naming it.
sim::Result<ConfigDocument> readBookSimConfig(const std::string& path);

/// Where a statement came from, as messages start: "name:line: " or "override: ".
std::string placeOf(const ConfigDocument& document, const ConfigAssignment& assignment);

/// The value each key holds once BookSim has read the file and then the
/// overrides (config_utils.cpp, ParseArgs; Assign stores into a map, so the
/// last assignment wins): one assignment per key, in statement order.
std::vector<const ConfigAssignment*> finalAssignments(const ConfigDocument& document);

/// Appends `key=value` overrides (BookSim's command-line form) to the document.
sim::Status applyOverrides(ConfigDocument& document, const std::vector<std::string>& overrides);

}  // namespace commviz::noc
