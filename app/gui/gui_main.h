#pragma once

#include <QString>
#include <QStringList>
#include <cstddef>

namespace commviz::app {

/// What `commviz [gui] ...` asked for.
struct GuiOptions {
    QString scene;     ///< scene id, empty for the last one used
    QString scenario;  ///< scenario file, may be empty
    QStringList sets;  ///< KEY=VALUE overrides
    bool tutorial = false;
    QString language;           ///< "en", "zh_CN" or empty for the saved/system choice
    std::size_t memoryMib = 0;  ///< --memory-mib for this run; 0: the saved setting
};

/// Opens the main window; returns the application's exit code.
int runGui(int& argc, char** argv, const GuiOptions& options);

}  // namespace commviz::app
