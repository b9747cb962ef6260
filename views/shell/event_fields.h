#pragma once

#include <QString>
#include <QStringList>
#include <optional>

#include "sim/event_record.h"

namespace commviz::views {

/// The one typed reader of an event's fields (sim::EventRecord::fields), for
/// every scene's narration and panels. It never throws: a field that is
/// missing, null or of another type reads as std::nullopt where logic reads
/// it, and as "?" in a sentence (word(), count()).
class EventFields {
public:
    explicit EventFields(const sim::Json& fields) : m_fields(&fields) {}
    explicit EventFields(const sim::EventRecord& record) : m_fields(&record.fields) {}
    // The reader keeps a pointer: a temporary would be gone before it is read.
    explicit EventFields(sim::Json&&) = delete;
    explicit EventFields(sim::EventRecord&&) = delete;

    /// Present and not null.
    bool has(const char* key) const;
    /// A string as it is; anything else as JSON writes it.
    std::optional<QString> text(const char* key) const;
    /// A number (a fractional one truncated) or a bool as 0 / 1.
    std::optional<qint64> integer(const char* key) const;
    /// A number.
    std::optional<double> number(const char* key) const;
    /// A bool, or a number read as "not zero".
    std::optional<bool> flag(const char* key) const;
    /// An array, each element as text() reads it.
    std::optional<QStringList> list(const char* key) const;
    /// For a sentence, one rule in every scene: the field as text() reads it,
    /// or "?" when missing, which no name, rank or count is.
    QString word(const char* key) const { return text(key).value_or(QStringLiteral("?")); }
    /// For a sentence: the field as integer() reads it, or "?" when missing.
    QString count(const char* key) const {
        const auto value = integer(key);
        return value ? QString::number(*value) : QStringLiteral("?");
    }
    /// A nested object (e.g. a stage's "delta"), read the same way.
    std::optional<EventFields> object(const char* key) const;

private:
    const sim::Json* find(const char* key) const;

    const sim::Json* m_fields;
};

}  // namespace commviz::views
