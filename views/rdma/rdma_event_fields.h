#pragma once

#include <QString>

#include "shell/event_fields.h"

namespace commviz::views {

/// The RDMA narration's short reads on top of EventFields: a missing field
/// says nothing (empty text, 0), as the sentences are written for it; plus the
/// two RDMA formats, a 24-bit PSN in hex and nanoseconds as microseconds.
struct RdmaEventFields {
    explicit RdmaEventFields(const sim::Json& json) : fields(json) {}
    EventFields fields;

    QString s(const char* key) const { return fields.text(key).value_or(QString()); }
    qint64 n(const char* key) const { return fields.integer(key).value_or(0); }
    bool b(const char* key) const { return fields.flag(key).value_or(false); }
    bool has(const char* key) const { return fields.has(key); }
    /// An array joined with commas; anything else as s() reads it.
    QString list(const char* key) const {
        const auto items = fields.list(key);
        return items ? items->join(QStringLiteral(", ")) : s(key);
    }
    QString psn(const char* key) const { return QStringLiteral("0x%1").arg(n(key), 6, 16, QChar('0')); }
    /// Microseconds with up to four significant digits, from a nanosecond field.
    QString usec(const char* key) const { return QString::number(double(n(key)) / 1000.0, 'g', 4); }
};

}  // namespace commviz::views
