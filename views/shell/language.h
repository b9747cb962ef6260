#pragma once

#include <QObject>
#include <QString>
#include <QTranslator>

namespace commviz::views {

/// Loads and switches the UI language live: commviz's own translation plus
/// Qt's qtbase strings (standard dialogs, shortcuts).
class Language : public QObject {
    Q_OBJECT

public:
    explicit Language(QObject* parent = nullptr);
    /// "en" or "zh_CN"; anything else falls back to English. Returns the one applied.
    QString apply(const QString& language);
    QString current() const { return m_current; }
    /// The saved choice, else the system locale's if we have it, else English.
    static QString initial(const QString& saved);
    static QStringList available() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_current = QStringLiteral("en");
};

}  // namespace commviz::views
