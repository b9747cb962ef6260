#pragma once

#include <QCoreApplication>
#include <QRectF>

namespace commviz::noc {
class NocEngine;
}

namespace commviz::views {

struct ScenePaint;
namespace router_panel {
struct Allocations;
}

/// The router panel when a row per VC would be too small to read (16 VCs × 5
/// ports at fit): one row per port with every VC as a small cell (tint =
/// state, bar = buffered flits, each clickable for the Inspector), under it a
/// row for each VC that is not idle, and the output VCs' credits as bars.
class NocRouterCompact {
    Q_DECLARE_TR_FUNCTIONS(NocRouterCompact)

public:
    static void paint(ScenePaint& p, const noc::NocEngine& engine, const QRectF& area, int router,
                      const router_panel::Allocations& alloc);
    /// What the cells and bars mean, for the panel's footer.
    static QString key();
};

}  // namespace commviz::views
