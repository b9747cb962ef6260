// commviz as the user starts it. Every command that needs no drawing (run,
// scenes, the scenes' own commands such as `commviz noc CONFIG`, --help and
// --version) runs here, in a program that loads no Qt: loading Qt, its plugins
// and FFmpeg costs a tenth of a second before main, more than a small BookSim
// run takes. The window, export and `scenes --lang zh_CN` (which needs Qt's
// translations) are handed to commviz-app, installed beside this program.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <variant>
#include <vector>

#include "cli/command_line.h"
#include "cli/exit_status.h"
#include "cli/help_text.h"
#include "cli/run_command.h"
#include "cli/scene_lookup.h"
#include "cli/scenes_command.h"

namespace {

using namespace commviz::app;

// The full program sits beside this one, in the build tree and when installed.
std::filesystem::path appPath() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    return (error ? std::filesystem::path{} : self.parent_path()) / "commviz-app";
}

bool runsHere(const cli::Command& command) {
    if (const auto* scenes = std::get_if<cli::ScenesCommand>(&command))
        return scenes->language.empty() || scenes->language == "en";
    return std::holds_alternative<cli::RunCommand>(command) || std::holds_alternative<cli::SceneCommandCall>(command) ||
           std::holds_alternative<cli::HelpCommand>(command) || std::holds_alternative<cli::VersionCommand>(command);
}

commviz::sim::Status runHere(const cli::Command& command) {
    if (const auto* run = std::get_if<cli::RunCommand>(&command)) return cli::runScene(*run, std::cout);
    if (const auto* call = std::get_if<cli::SceneCommandCall>(&command)) return cli::runSceneCommand(*call, std::cout);
    if (const auto* scenes = std::get_if<cli::ScenesCommand>(&command)) cli::listScenes(*scenes, std::cout);
    if (std::holds_alternative<cli::HelpCommand>(command)) std::cout << cli::helpText();
    if (std::holds_alternative<cli::VersionCommand>(command)) std::cout << "commviz " << COMMVIZ_VERSION << "\n";
    return commviz::sim::Ok{};
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const auto parsed = cli::parseCommandLine(args);
    if (!parsed) return cli::reportBadInput(parsed.error().message);
    if (runsHere(parsed.value())) {
        try {
            const auto status = runHere(parsed.value());
            std::cout.flush();
            return status ? cli::kExitOk : cli::reportBadInput(status.error().message);
        } catch (const std::exception& e) {
            return cli::reportInternalError(e.what());
        }
    }
    const std::string app = appPath().string();
    execv(app.c_str(), argv);
    return cli::reportError("cannot start " + app + ": " + std::strerror(errno), cli::kExitInternalError);
}
