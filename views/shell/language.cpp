#include "shell/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace commviz::views {

Language::Language(QObject* parent) : QObject(parent) {}

QString Language::apply(const QString& language) {
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    m_current = QStringLiteral("en");
    if (language == QLatin1String("zh_CN") && m_app.load(QStringLiteral(":/i18n/commviz_zh_CN.qm"))) {
        QCoreApplication::installTranslator(&m_app);
        if (m_qt.load(QStringLiteral("qtbase_zh_CN"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
        m_current = language;
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    } else {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    return m_current;
}

QString Language::initial(const QString& saved) {
    if (available().contains(saved)) return saved;
    return QLocale::system().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

}  // namespace commviz::views
