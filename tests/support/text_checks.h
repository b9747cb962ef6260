#pragma once

// Checks on a report's or a painted scene's text that the test suites share.

#include <QString>
#include <QStringList>
#include <QtTest>
#include <initializer_list>
#include <string>

namespace commviz::testing {

/// Which of `parts` `text` does not contain, in the order given: an empty
/// string when it contains them all, else the missing parts and the text.
inline QString missingParts(const QString& text, std::initializer_list<const char*> parts) {
    QStringList missing;
    for (const char* part : parts)
        if (!text.contains(QString::fromUtf8(part))) missing << QStringLiteral("'%1'").arg(QString::fromUtf8(part));
    return missing.isEmpty() ? QString() : QStringLiteral("missing %1 in:\n%2").arg(missing.join(", "), text);
}

inline QString missingParts(const std::string& text, std::initializer_list<const char*> parts) {
    return missingParts(QString::fromStdString(text), parts);
}

}  // namespace commviz::testing

/// Fails the test unless `text` contains every one of the parts, e.g.
/// VERIFY_CONTAINS_ALL(out, {"ranks: 2\n", "warns: 1\n"}); the message names
/// the parts missing.
#define VERIFY_CONTAINS_ALL(text, ...)                                                \
    do {                                                                              \
        const QString missing_ = commviz::testing::missingParts((text), __VA_ARGS__); \
        QVERIFY2(missing_.isEmpty(), qPrintable(missing_));                           \
    } while (0)
