#pragma once

#include <QColor>
#include <QSet>
#include <vector>

#include "rdma/rdma_host_painter.h"
#include "rdma/rdma_paint.h"
#include "rdma/rdma_snapshot.h"

namespace commviz::views {

/// Turns the events of the step just taken into what moved: which objects glow,
/// which diagram numbers light up, which bytes changed, and arrows from where
/// something came from to where it went, drawn growing with the animation.
class RdmaStepPainter {
public:
    explicit RdmaStepPainter(const RdmaSnapshot& snap) : m_snap(snap) {}

    /// Reads the step's events; fills `paint.touched`, the per-host activity and
    /// the packets that landed in this step.
    void analyse(RdmaPaint& paint, RdmaHostActivity activity[2], QSet<QString>& landed);
    /// Draws the arrows over the scene, `progress` 0..1 through the step.
    void paintMotions(RdmaPaint& paint, double progress) const;

private:
    struct Motion {
        QString from, to;
        bool bad = false;
    };
    int hostIndex(const std::string& host) const;
    QString qpId(const std::string& host, const std::string& qp) const;
    QString mrId(const std::string& host, const std::string& mr) const;
    void move(QString from, QString to, bool bad = false) {
        m_motions.push_back({std::move(from), std::move(to), bad});
    }

    const RdmaSnapshot& m_snap;
    std::vector<Motion> m_motions;
};

}  // namespace commviz::views
