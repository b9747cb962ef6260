#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "sim/result.h"

namespace commviz::sim {

/// What a scene command (`commviz noc`, `nccl-topo`, `nccl-log`) reads from
/// its arguments: one file, key settings, and the --json and --help switches.
struct CommandArgs {
    std::string file;
    std::vector<std::string> assignments;  ///< "key=value", in the order given
    bool json = false;
    bool help = false;  ///< --help or -h: print the usage and nothing else
};

/// How a scene command names itself in its usage and its errors.
struct CommandUsage {
    std::string name;      ///< "noc"
    std::string fileName;  ///< "CONFIG", "FILE.xml"
    std::string fileWhat;  ///< "config file", "topology file": for "one config file only"
    std::string help;      ///< what the command does, a few lines, for --help
    /// "usage: commviz noc CONFIG [key=value | --set key=value]... [--json]"
    std::string line() const;
    /// Prints the usage line and the help (what --help shows).
    Status printHelp(std::ostream& out) const;
};

/// Reads `FILE [key=value | --set key=value | --set=key=value]... [--json]`, in any
/// order, or --help alone. A failure names the command, the argument and what
/// is allowed, and ends with the usage line.
Result<CommandArgs> parseCommandArgs(const std::vector<std::string>& args, const CommandUsage& usage);

}  // namespace commviz::sim
