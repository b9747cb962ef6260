#pragma once

#include <QCoreApplication>
#include <QString>

#include "shell/narration_table.h"

namespace commviz::views {

/// Every sentence of the NCCL topology scene: its name, "About this model" and
/// the narration table keyed by TopologyEngine's event kinds (context "TopologyText").
class TopologyText {
    Q_DECLARE_TR_FUNCTIONS(TopologyText)

public:
    static QString about();
    /// One sentence per event kind (topology_narration.cpp).
    static const NarrationTable& table();
    /// "370.8 GB/s".
    static QString bandwidthText(double gbps);
};

}  // namespace commviz::views
