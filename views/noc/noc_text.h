#pragma once

#include <QCoreApplication>
#include <QString>

#include "noc/noc_config.h"
#include "shell/narration_table.h"
#include "sim/event_record.h"

namespace commviz::views {

/// Every sentence of the NoC scene: its name, "About this model", the
/// narration table from NocEngine's event kinds, and labels the renderer uses.
class NocText {
    Q_DECLARE_TR_FUNCTIONS(NocText)

public:
    static QString about();
    /// One sentence per event kind (noc_narration.cpp).
    static const NarrationTable& table();
    /// "+x", "−y", "local" for port `port` of a router with `ports` ports.
    static QString portName(int port, int ports);
    /// The same for `config`'s topology: a fly's ports are numbered (BookSim's order), not directions.
    static QString portName(int port, const noc::NocConfig& config);
    /// warming up, measuring, … for a NocPhase value.
    static QString phaseName(int phase);
    /// "Cycle 12: 3 flits injected, 2 flits ejected, …" for a whole cycle's events.
    static QString cycleSummary(std::size_t cycle, const std::vector<sim::EventRecord>& records);
};

}  // namespace commviz::views
