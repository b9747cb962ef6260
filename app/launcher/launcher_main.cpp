// commviz as the user starts it. The core scene commands (`commviz noc CONFIG`)
// run here, in a program that loads no Qt: loading Qt, its plugins and FFmpeg
// costs a tenth of a second before main, more than a small BookSim run takes.
// Everything else is handed to commviz-app, installed beside this program.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "cli/exit_status.h"
#include "launcher/core_commands.h"

namespace {

using namespace commviz::app;

int runCoreCommand(const CoreCommand& command, int argc, char** argv) {
    try {
        const std::vector<std::string> args(argv + 2, argv + argc);
        const auto status = command.run(args, std::cout);
        std::cout.flush();
        return status ? cli::kExitOk : cli::reportBadInput(status.error().message);
    } catch (const std::exception& e) {
        return cli::reportInternalError(e.what());
    }
}

// The full program sits beside this one, in the build tree and when installed.
std::filesystem::path appPath() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    return (error ? std::filesystem::path{} : self.parent_path()) / "commviz-app";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2)
        if (const CoreCommand* command = findCoreCommand(argv[1])) return runCoreCommand(*command, argc, argv);
    const std::string app = appPath().string();
    execv(app.c_str(), argv);
    return cli::reportError("cannot start " + app + ": " + std::strerror(errno), cli::kExitInternalError);
}
