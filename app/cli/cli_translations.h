#pragma once

#include <string>

class QCoreApplication;

namespace commviz::app::cli {

/// Installs the app's translation (":/i18n/commviz_LANG.qm") and Qt's own
/// qtbase one for `language`; "en" needs none. Missing files are not errors:
/// the English text then shows through.
void installTranslations(QCoreApplication& app, const std::string& language);

}  // namespace commviz::app::cli
