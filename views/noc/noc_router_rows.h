#pragma once

// What the two forms of the router panel share (noc_router_panel.cpp draws
// every VC when its rows are readable, noc_router_compact.cpp one row per port
// otherwise): the columns, this cycle's allocations and a VC's words.

#include <QRectF>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <utility>
#include <vector>

#include "sim/event_record.h"

namespace commviz::noc {
class NocEngine;
struct InputVc;
enum class VcState : std::uint8_t;
}  // namespace commviz::noc

namespace commviz::views {

struct ScenePaint;

namespace router_panel {

/// Inputs | crossbar | outputs, as x ranges (the rects' heights are unused).
struct Columns {
    QRectF inLabel, inState, inCells, inRoute, xbar, outLabel, outCells;
    static Columns of(const QRectF& inner);
};

/// A switch grant: input VC → output (VC); `held` when hold_switch_for_packet
/// let the packet cross its kept connection without allocation.
struct Grant {
    int in, vc, out, outVc;
    bool held;
};

/// This cycle's VC and switch allocations at one router.
struct Allocations {
    std::vector<Grant> grants;
    std::vector<std::pair<int, int>> va, sa, held;  ///< (input port, VC)
    static Allocations of(const std::vector<sim::EventRecord>& cycle, int router);
    /// The VA / SA / hold tags of lane (`port`, `vc`), in that order.
    QStringList tags(int port, int vc) const;
};

QString stateWord(noc::VcState state);
/// Where the VC's packet goes, as far as the VC holds it: the output VC while
/// active, the routed output port while waiting for VA, nothing otherwise.
QString routeText(const noc::InputVc& vc, int ports);

/// One VC's row: its name, state, buffered flits and route, `row` high at `y`.
void paintVcRow(ScenePaint& p, const noc::NocEngine& engine, const Columns& cols, int router, int port, int vc,
                double y, double row, double font);
/// The VA / SA / hold tags of a lane at the crossbar's left edge.
void paintTags(ScenePaint& p, const Allocations& alloc, const Columns& cols, int port, int vc, double midY,
               double font);

}  // namespace router_panel
}  // namespace commviz::views
