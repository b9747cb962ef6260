#pragma once

#include <cstddef>
#include <string>

#include "noc/noc_stats.h"
#include "sim/json.h"

namespace commviz::noc {

/// The run's output in BookSim's own wording and layout (per-period blocks,
/// phase lines, "Time taken", the overall block), so scripts that scrape
/// BookSim's output work unchanged. Numbers use C++ default stream formatting.
std::string formatBookSimReport(const NocReport& report);
/// Its parts as a run prints them, the way BookSim does: each sample period's
/// block (and "Warmed up ..." after the one that ended the warm-up) when the
/// period ends, the ending (outcome, drain, overall block) once the run is over.
std::string formatBookSimPeriod(const NocReport& report, std::size_t index);
std::string formatBookSimEnding(const NocReport& report);

/// The same statistics as JSON (keys are BookSim's labels in snake_case).
sim::Json reportJson(const NocReport& report);

}  // namespace commviz::noc
