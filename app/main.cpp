// commviz: one binary. With no command it opens the window; `run`, `export` and
// `scenes` work headless. argv is parsed here before any Qt application exists.

#include <cstdio>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "cli/exit_status.h"
#include "cli/headless.h"
#include "cli/help_text.h"
#include "gui/gui_main.h"

namespace {

using namespace commviz::app;

int launchGui(const cli::GuiCommand& command, const char* programName) {
    GuiOptions options;
    options.scene = QString::fromStdString(command.choice.scene);
    options.scenario = QString::fromStdString(command.choice.scenario);
    for (const auto& set : command.choice.sets) options.sets << QString::fromStdString(set);
    options.tutorial = command.tutorial;
    options.language = QString::fromStdString(command.language);

    // QApplication sees the program name and Qt's own options only.
    std::vector<std::string> storage{programName};
    storage.insert(storage.end(), command.qtArgs.begin(), command.qtArgs.end());
    std::vector<char*> argv;
    for (auto& arg : storage) argv.push_back(arg.data());
    argv.push_back(nullptr);
    int argc = int(storage.size());
    return runGui(argc, argv.data(), options);
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const auto parsed = cli::parseCommandLine(args);
    if (!parsed) return cli::reportBadInput(parsed.error().message);
    const cli::Command& command = parsed.value();

    if (std::holds_alternative<cli::HelpCommand>(command)) {
        std::fputs(cli::helpText().c_str(), stdout);
        return cli::kExitOk;
    }
    if (std::holds_alternative<cli::VersionCommand>(command)) {
        std::printf("commviz %s\n", COMMVIZ_VERSION);
        return cli::kExitOk;
    }
    if (const auto* gui = std::get_if<cli::GuiCommand>(&command)) return launchGui(*gui, argv[0]);
    return cli::runHeadless(command, argv[0]);
}
