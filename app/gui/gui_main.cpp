#include "gui/gui_main.h"

#include <QApplication>
#include <QIcon>
#include <QSettings>

#include "all_scenes.h"
#include "gui/main_window.h"
#include "shell/language.h"

namespace commviz::app {

int runGui(int& argc, char** argv, const GuiOptions& options) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("commviz"));
    QCoreApplication::setApplicationName(QStringLiteral("commviz"));
    QCoreApplication::setApplicationVersion(QStringLiteral(COMMVIZ_VERSION));
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/rdma.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("commviz"));

    views::Language language;
    const views::SceneRegistry registry = allScenes();
    MainWindow window(registry, language);
    QSettings settings;
    window.setLanguage(options.language.isEmpty()
                           ? views::Language::initial(settings.value(QStringLiteral("ui/language")).toString())
                           : options.language);
    window.show();
    window.activateWindow();  // so the transport shortcuts work at once
    // After show(), so the docks a scene or the tutorial raises stay in front.
    window.start(options);
    return app.exec();
}

}  // namespace commviz::app
