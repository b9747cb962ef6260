#include "sim/command_args.h"

namespace commviz::sim {

namespace {

bool isOption(const std::string& arg) { return arg.rfind("--", 0) == 0 || arg == "-h"; }

}  // namespace

std::string CommandUsage::line() const {
    return "usage: commviz " + name + " " + fileName + " [key=value | --set key=value]... [--json]";
}

Status CommandUsage::printHelp(std::ostream& out) const {
    out << line() << "\n\n" << help;
    return Ok{};
}

Result<CommandArgs> parseCommandArgs(const std::vector<std::string>& args, const CommandUsage& usage) {
    const auto refuse = [&usage](const std::string& what) {
        return fail(usage.name + ": " + what + " (" + usage.line() + ")");
    };
    CommandArgs parsed;
    for (std::size_t index = 0; index < args.size(); ++index) {
        const std::string& arg = args[index];
        if (arg == "--help" || arg == "-h") {
            parsed.help = true;
        } else if (arg == "--json") {
            parsed.json = true;
        } else if (arg == "--set") {
            if (index + 1 == args.size()) return refuse("--set needs key=value");
            parsed.assignments.push_back(args[++index]);
        } else if (arg.rfind("--set=", 0) == 0) {
            parsed.assignments.push_back(arg.substr(6));
        } else if (isOption(arg)) {
            return refuse("unknown option '" + arg + "': allowed --set, --json, --help");
        } else if (parsed.file.empty() && arg.find('=') == std::string::npos) {
            parsed.file = arg;
        } else if (arg.find('=') != std::string::npos) {
            parsed.assignments.push_back(arg);
        } else {
            return refuse("one " + usage.fileWhat + " only, got '" + parsed.file + "' and '" + arg +
                          "'; a setting is key=value");
        }
    }
    if (parsed.help) return parsed;
    if (parsed.file.empty()) return refuse("missing " + usage.fileName);
    return parsed;
}

}  // namespace commviz::sim
