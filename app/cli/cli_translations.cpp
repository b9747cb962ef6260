#include "cli/cli_translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace commviz::app::cli {

void installTranslations(QCoreApplication& app, const std::string& language) {
    if (language.empty() || language == "en") return;
    const QString name = QString::fromStdString(language);
    QLocale::setDefault(QLocale(name));

    auto* own = new QTranslator(&app);
    if (own->load(QStringLiteral(":/i18n/commviz_") + name)) app.installTranslator(own);

    // Debian ships qtbase_LANG.qm for some languages and the qt_LANG.qm bundle for others.
    const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    auto* qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_") + name, qtDir) || qt->load(QStringLiteral("qt_") + name, qtDir))
        app.installTranslator(qt);
}

}  // namespace commviz::app::cli
