#pragma once

#include <QString>

#include "sim/json.h"

namespace commviz::views {

/// A JSON scalar as a person reads it: strings without quotes, numbers plain.
inline QString jsonText(const sim::Json& value) {
    if (value.is_string()) return QString::fromStdString(value.get<std::string>());
    if (value.is_null()) return QString();
    return QString::fromStdString(value.dump());
}

}  // namespace commviz::views
