#include "shell/event_details.h"

#include <QStringList>

#include "shell/json_text.h"
#include "shell/narration_table.h"

namespace commviz::views {

namespace {

constexpr std::string_view kTextSuffix = "_text";

bool isEmptyValue(const sim::Json& value) {
    return value.is_null() || ((value.is_string() || value.is_array() || value.is_object()) && value.empty());
}

/// A sim::Text as Text::toJson writes it.
bool isCoreText(const sim::Json& value) { return value.is_object() && value.contains("text"); }

/// `key_text` beside `key`: the translatable form of the text in `key`.
bool isTextTwin(const sim::Json& fields, const std::string& key) {
    if (key.size() <= kTextSuffix.size() || !key.ends_with(kTextSuffix)) return false;
    return isCoreText(fields[key]) && fields.contains(key.substr(0, key.size() - kTextSuffix.size()));
}

QString readable(const sim::Json& value);

QString readableObject(const sim::Json& object) {
    QStringList parts;
    for (const auto& [key, value] : object.items())
        if (!isEmptyValue(value)) parts << QStringLiteral("%1 %2").arg(QString::fromStdString(key), readable(value));
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QString readable(const sim::Json& value) {
    if (value.is_object()) return readableObject(value);
    if (value.is_array()) {
        QStringList items;
        for (const auto& item : value) items << readable(item);
        return QStringLiteral("[%1]").arg(items.join(QStringLiteral(", ")));
    }
    return jsonText(value);
}

}  // namespace

QString eventDetails(const sim::Json& fields) {
    if (!fields.is_object()) return readable(fields);
    QStringList parts;
    for (const auto& [key, value] : fields.items()) {
        if (isEmptyValue(value) || isTextTwin(fields, key)) continue;
        // A template without its English twin still reads under the plain name.
        const bool templateOnly = key.ends_with(kTextSuffix) && isCoreText(value);
        const std::string name = templateOnly ? key.substr(0, key.size() - kTextSuffix.size()) : key;
        const auto twin = fields.find(name + std::string(kTextSuffix));
        const QString shown =
            twin != fields.end() && isCoreText(*twin) ? translatedCoreText(fields, name) : readable(value);
        if (!shown.isEmpty()) parts << QStringLiteral("%1=%2").arg(QString::fromStdString(name), shown);
    }
    return parts.join(QStringLiteral("  "));
}

}  // namespace commviz::views
