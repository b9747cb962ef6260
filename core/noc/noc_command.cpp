#include "noc/noc_command.h"

#include <fstream>
#include <sstream>

#include "noc/noc_config.h"
#include "noc/noc_engine.h"
#include "noc/noc_report.h"

namespace commviz::noc {

namespace {

struct NocArgs {
    std::string config;
    std::vector<std::string> overrides;
    bool json = false;
};

constexpr const char* kUsage = "usage: commviz noc CONFIG [key=value]... [--json]";

sim::Result<NocArgs> parseArgs(const std::vector<std::string>& args) {
    NocArgs parsed;
    for (const std::string& arg : args) {
        if (arg == "--json") {
            parsed.json = true;
        } else if (arg.rfind("--", 0) == 0) {
            return sim::fail("noc: unknown option '" + arg + "': allowed --json (" + kUsage + ")");
        } else if (parsed.config.empty()) {
            parsed.config = arg;
        } else if (arg.find('=') == std::string::npos) {
            return sim::fail("noc: '" + arg + "' is not a key=value override (" + kUsage + ")");
        } else {
            parsed.overrides.push_back(arg);
        }
    }
    if (parsed.config.empty()) return sim::fail(std::string("noc: missing CONFIG file (") + kUsage + ")");
    return parsed;
}

/// BookSim echoes the file it read and every override before running.
void echoConfig(const NocArgs& args, std::ostream& out) {
    std::ifstream file(args.config);
    std::ostringstream text;
    text << file.rdbuf();
    // BookSim prints the file as read and then a newline of its own.
    out << "BEGIN Configuration File: " << args.config << "\n" << text.str() << "\n";
    out << "END Configuration File: " << args.config << "\n";
    for (const std::string& o : args.overrides) out << "OVERRIDE Parameter: " << o << "\n";
}

}  // namespace

sim::Status runNocCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = parseArgs(args);
    if (!parsed) return parsed.error();
    auto config = loadNocConfig(parsed.value().config, parsed.value().overrides);
    if (!config) return config.error();
    const NocReport report = runNocBatch(config.value());
    if (parsed.value().json) {
        sim::Json json = reportJson(report);
        out << json.dump(2) << "\n";
        return sim::Ok{};
    }
    echoConfig(parsed.value(), out);
    out << formatBookSimReport(report);
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::noc
