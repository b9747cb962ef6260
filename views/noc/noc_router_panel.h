#pragma once

#include <QCoreApplication>
#include <QRectF>
#include <vector>

#include "sim/event_record.h"

namespace commviz::noc {
class NocEngine;
}

namespace commviz::views {

struct ScenePaint;

/// The selected router up close, beside the grid: every input port with its
/// VCs (state, buffered flits, the output VC it holds), this cycle's VC and
/// switch allocation as a crossbar, and every output VC's credits.
class NocRouterPanel {
    Q_DECLARE_TR_FUNCTIONS(NocRouterPanel)

public:
    /// The router an object id belongs to ("router/5", "router/5/in/2/vc/1"), or -1.
    static int routerOf(const QString& objectId, int routers);

    /// Draws router `router` into `area`; `cycle` holds this cycle's event records.
    static void paint(ScenePaint& p, const noc::NocEngine& engine, const QRectF& area, int router,
                      const std::vector<sim::EventRecord>& cycle);
};

}  // namespace commviz::views
