#include "cli/headless.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <exception>
#include <iostream>
#include <memory>

#include "all_scenes.h"
#include "cli/cli_translations.h"
#include "cli/exit_status.h"
#include "cli/export_command.h"
#include "cli/run_command.h"
#include "cli/scene_lookup.h"
#include "cli/scenes_command.h"

namespace commviz::app::cli {

namespace {

// Headless output is a contract (one JSON object on stdout, one line on stderr
// on failure), so Qt's chatter stays out unless COMMVIZ_DEBUG asks for it.
void quietMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtFatalMsg || type == QtCriticalMsg || qEnvironmentVariableIsSet("COMMVIZ_DEBUG"))
        std::cerr << "commviz: qt: " << message.toStdString() << "\n";
}

std::unique_ptr<QCoreApplication> createApplication(bool painting, int& argc, char** argv) {
    if (!painting) return std::make_unique<QCoreApplication>(argc, argv);
    // Export paints text and shapes but shows nothing: no display is needed.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QGuiApplication>(argc, argv);
}

std::string languageOf(const Command& command) {
    if (const auto* e = std::get_if<ExportCommand>(&command)) return e->language;
    if (const auto* s = std::get_if<ScenesCommand>(&command)) return s->language;
    return "en";
}

sim::Status dispatch(const Command& command, const views::SceneRegistry& registry) {
    if (const auto* run = std::get_if<RunCommand>(&command)) return runScene(*run, std::cout);
    if (const auto* scenes = std::get_if<ScenesCommand>(&command)) {
        listScenes(*scenes, std::cout, [](const char* scope, const char* text) {
            return QCoreApplication::translate(scope, text).toStdString();
        });
        return sim::Ok{};
    }
    if (const auto* exported = std::get_if<ExportCommand>(&command)) return exportScene(*exported, registry);
    if (const auto* call = std::get_if<SceneCommandCall>(&command)) return runSceneCommand(*call, std::cout);
    return sim::fail("not a headless command");
}

}  // namespace

int runHeadless(const Command& command, const char* programName) {
    qInstallMessageHandler(quietMessages);
    // Qt sees only the program name: every other argument is ours and already parsed.
    int argc = 1;
    char* argv[] = {const_cast<char*>(programName), nullptr};
    // A scene's own command may draw figures too.
    const bool painting =
        std::holds_alternative<ExportCommand>(command) || std::holds_alternative<SceneCommandCall>(command);
    const auto app = createApplication(painting, argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("commviz"));
    QCoreApplication::setApplicationName(QStringLiteral("commviz"));
    QCoreApplication::setApplicationVersion(QStringLiteral(COMMVIZ_VERSION));
    installTranslations(*app, languageOf(command));

    try {
        const views::SceneRegistry registry = allScenes();
        const auto status = dispatch(command, registry);
        return status ? kExitOk : reportBadInput(status.error().message);
    } catch (const std::exception& e) {
        return reportInternalError(e.what());
    }
}

}  // namespace commviz::app::cli
