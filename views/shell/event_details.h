#pragma once

#include <QString>

#include "sim/json.h"

namespace commviz::views {

/// An event's fields as a person reads them in the Events dock: `key=value`
/// pairs where a text core made (`key` with its `key_text` template) reads
/// translated, fields with nothing in them (null, "", [], {}) are left out,
/// and nested objects read `(host host_a, domain kernel)`. `run --json` keeps
/// the machine form; this is only for the window.
QString eventDetails(const sim::Json& fields);

}  // namespace commviz::views
