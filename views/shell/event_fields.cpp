#include "shell/event_fields.h"

#include "shell/json_text.h"

namespace commviz::views {

const sim::Json* EventFields::find(const char* key) const {
    if (!m_fields->is_object()) return nullptr;
    const auto it = m_fields->find(key);
    if (it == m_fields->end() || it->is_null()) return nullptr;
    return &*it;
}

bool EventFields::has(const char* key) const { return find(key) != nullptr; }

std::optional<QString> EventFields::text(const char* key) const {
    const sim::Json* value = find(key);
    if (!value) return std::nullopt;
    return jsonText(*value);
}

std::optional<qint64> EventFields::integer(const char* key) const {
    const sim::Json* value = find(key);
    if (!value) return std::nullopt;
    if (value->is_number_integer()) return value->get<qint64>();
    if (value->is_number_float()) {
        // Casting a NaN, an infinity or a value beyond qint64 is undefined: none is an integer.
        const double number = value->get<double>();
        if (!(number >= -9.2e18 && number <= 9.2e18)) return std::nullopt;
        return static_cast<qint64>(number);
    }
    if (value->is_boolean()) return value->get<bool>() ? 1 : 0;
    return std::nullopt;
}

std::optional<double> EventFields::number(const char* key) const {
    const sim::Json* value = find(key);
    if (!value || !value->is_number()) return std::nullopt;
    return value->get<double>();
}

std::optional<bool> EventFields::flag(const char* key) const {
    const sim::Json* value = find(key);
    if (!value) return std::nullopt;
    if (value->is_boolean()) return value->get<bool>();
    if (value->is_number()) return value->get<double>() != 0;
    return std::nullopt;
}

std::optional<QStringList> EventFields::list(const char* key) const {
    const sim::Json* value = find(key);
    if (!value || !value->is_array()) return std::nullopt;
    QStringList out;
    for (const auto& element : *value) out << jsonText(element);
    return out;
}

std::optional<EventFields> EventFields::object(const char* key) const {
    const sim::Json* value = find(key);
    if (!value || !value->is_object()) return std::nullopt;
    return EventFields(*value);
}

}  // namespace commviz::views
