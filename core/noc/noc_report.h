#pragma once

#include <string>

#include "noc/noc_stats.h"
#include "sim/json.h"

namespace commviz::noc {

/// The run's output in BookSim's own wording and layout (per-period blocks,
/// phase lines, "Time taken", the overall block), so scripts that scrape
/// BookSim's output work unchanged. Numbers use C++ default stream formatting.
std::string formatBookSimReport(const NocReport& report);

/// The same statistics as JSON (keys are BookSim's labels in snake_case).
sim::Json reportJson(const NocReport& report);

}  // namespace commviz::noc
