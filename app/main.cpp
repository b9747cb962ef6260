// commviz: one binary. With no command it opens the window; `run`, `export` and
// `scenes` work headless. argv is parsed here before any Qt application exists.

#include <cstdio>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cli/command_line.h"
#include "cli/exit_status.h"
#include "cli/headless.h"
#include "cli/help_text.h"
#include "gui/gui_main.h"

namespace {

using namespace commviz::app;

// On Linux the window needs X11 or Wayland (or a -platform the user chose);
// without one Qt would abort, so say what to do instead.
bool hasDisplay(const cli::GuiCommand& command) {
#ifdef Q_OS_LINUX
    for (const auto& arg : command.qtArgs)
        if (arg == "-platform") return true;
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        if (!qEnvironmentVariableIsEmpty(name)) return true;
    return false;
#else
    (void)command;
    return true;
#endif
}

// glibc maps a block of 128 KiB or more on its own and unmaps it when freed,
// but each such free raises that threshold to the block's size (up to 32 MiB).
// From then on the timeline's keyframes (a 32x32 mesh's hold blocks of 1 to
// 2 MiB) come from the heap, and when they are thinned or a replay's copy
// goes, the holes left are not all reused nor given back: a 32x32 NoC export
// peaked 24 MiB higher for it, a range export 117 MiB higher. Fixing
// the threshold at its default keeps large blocks mapped on their own, so
// memory freed is given back at once (docs/performance.md, "NoC exports under
// the budget").
void keepLargeBlocksMapped() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

int launchGui(const cli::GuiCommand& command, const char* programName) {
    if (!hasDisplay(command))
        return cli::reportError(
            "no display to open the window on (DISPLAY is not set); run, export and scenes work without one, "
            "or pass -platform offscreen",
            cli::kExitInternalError);
    GuiOptions options;
    options.scene = QString::fromStdString(command.choice.scene);
    options.scenario = QString::fromStdString(command.choice.scenario);
    for (const auto& set : command.choice.sets) options.sets << QString::fromStdString(set);
    options.tutorial = command.tutorial;
    options.language = QString::fromStdString(command.language);
    options.memoryMib = command.memoryMib.value_or(0);

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
    keepLargeBlocksMapped();
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
