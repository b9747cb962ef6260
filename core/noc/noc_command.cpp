#include "noc/noc_command.h"

#include <fstream>
#include <sstream>

#include "noc/noc_config.h"
#include "noc/noc_engine.h"
#include "noc/noc_report.h"
#include "sim/command_args.h"

namespace commviz::noc {

namespace {

const sim::CommandUsage kUsage{"noc", "CONFIG", "config file",
                               "Runs a BookSim2 config file on the batch path and prints BookSim's statistics, as\n"
                               "booksim CONFIG would; key=value (or --set key=value) overrides a key of the file\n"
                               "as BookSim's own command line does. --json prints the same statistics as JSON.\n"
                               "The keys and their ranges: commviz scenes (scene noc).\n"};

/// BookSim echoes the file it read and every override before running.
void echoConfig(const sim::CommandArgs& args, std::ostream& out) {
    std::ifstream file(args.file);
    std::ostringstream text;
    text << file.rdbuf();
    // BookSim prints the file as read and then a newline of its own.
    out << "BEGIN Configuration File: " << args.file << "\n" << text.str() << "\n";
    out << "END Configuration File: " << args.file << "\n";
    for (const std::string& o : args.assignments) out << "OVERRIDE Parameter: " << o << "\n";
}

}  // namespace

sim::Status runNocCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = sim::parseCommandArgs(args, kUsage);
    if (!parsed) return parsed.error();
    if (parsed.value().help) return kUsage.printHelp(out);
    auto config = loadNocConfig(parsed.value().file, parsed.value().assignments);
    if (!config) return config.error();
    if (parsed.value().json) {
        sim::Json json = reportJson(runNocBatch(config.value()));
        out << json.dump(2) << "\n";
        return sim::Ok{};
    }
    // As BookSim: the config first, each sample period as it ends (a long run
    // shows its progress), the rest at the end.
    echoConfig(parsed.value(), out);
    out.flush();
    const NocReport report = runNocBatch(config.value(), [&](const NocReport& sofar, std::size_t period) {
        out << formatBookSimPeriod(sofar, period);
        out.flush();
    });
    out << formatBookSimEnding(report);
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::noc
