#pragma once

#include <QString>
#include <QStringList>

#include "sim/json.h"

namespace commviz::views {

/// Field access to an RDMA event record that never throws: missing fields read as empty / 0.
struct RdmaEventFields {
    const sim::Json& f;
    QString s(const char* key) const {
        const auto it = f.find(key);
        if (it == f.end() || it->is_null()) return {};
        if (it->is_string()) return QString::fromStdString(it->get<std::string>());
        return QString::fromStdString(it->dump());
    }
    qint64 n(const char* key) const {
        const auto it = f.find(key);
        if (it == f.end()) return 0;
        if (it->is_number()) return it->get<qint64>();
        if (it->is_boolean()) return it->get<bool>() ? 1 : 0;
        return 0;
    }
    bool b(const char* key) const {
        const auto it = f.find(key);
        return it != f.end() && ((it->is_boolean() && it->get<bool>()) || (it->is_number() && it->get<double>() != 0));
    }
    bool has(const char* key) const { return f.contains(key) && !f[key].is_null(); }
    QString psn(const char* key) const { return QStringLiteral("0x%1").arg(n(key), 6, 16, QChar('0')); }
    QString list(const char* key) const {
        const auto it = f.find(key);
        if (it == f.end() || !it->is_array()) return s(key);
        QStringList out;
        for (const auto& v : *it)
            out << (v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump()));
        return out.join(QStringLiteral(", "));
    }
    /// Microseconds with up to four significant digits, from a nanosecond field.
    QString usec(const char* key) const { return QString::number(double(n(key)) / 1000.0, 'g', 4); }
};

}  // namespace commviz::views
