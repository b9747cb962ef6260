#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>
#include <utility>

#include "collectives_scene/collectives_link_use.h"
#include "collectives_scene/collectives_timeline_model.h"

namespace commviz::views {

/// The timeline's drawing: a lane per rank and channel (grouped by channel, in the ring's order), each
/// slice a bar from its start to its arrival coloured by transport, the cursor's step bright and the
/// earlier ones faded, a red tick where a slice waited for a free slot, the critical path framed, a µs/ms
/// axis and the legend above; between the axis and the lanes, the link use: per transport, the share of
/// its connections with a slice on the wire over the same time axis. Hovering a bar or a legend entry says what
/// it is.
class CollectivesTimelinePlot final : public QWidget {
    Q_OBJECT

public:
    /// Steps shown whole from 0 µs; beyond, the window starts this many steps before the cursor's.
    static constexpr int kStepsInWindow = 24;
    static constexpr int kLegendHeight = 22;
    static constexpr int kAxisHeight = 22;
    static constexpr int kLabelWidth = 92;
    static constexpr int kMinLaneHeight = 9;  ///< a rank label in a small font still fits
    static constexpr int kUseHeight = 56;     ///< the link-use strip above the lanes
    static constexpr int kUseSamples = 240;

    explicit CollectivesTimelinePlot(QWidget* parent = nullptr);

    void setTimeline(CollectivesTimeline timeline);
    const CollectivesTimeline& timeline() const { return m_timeline; }

    /// The time range drawn, µs.
    double fromUs() const { return m_fromUs; }
    double toUs() const { return m_toUs; }
    /// Where bar `index` is drawn in this widget (empty when outside the time range).
    QRectF barRect(int index) const;
    /// The bar under `point`, -1 when none.
    int barAt(QPointF point) const;
    QString barToolTip(int index) const;
    /// The legend's entries as drawn, left to right.
    QStringList legendTexts() const;
    /// The axis's tick values, µs.
    std::vector<double> ticks() const;
    /// The link use drawn under the lanes, over fromUs() to toUs().
    const std::vector<LinkUse>& use() const { return m_use; }
    /// Where the link-use strip is drawn.
    QRectF useArea() const;

    static QColor transportColour(nccl_topology::Transport transport);
    static QColor slotWaitColour() { return QColor(0xd6, 0x27, 0x28); }
    static QColor criticalColour() { return QColor(0x6a, 0x1b, 0x9a); }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    enum class Swatch { Transport, SlotWait, Critical, Current };
    struct LegendEntry {
        QString text;
        QString toolTip;
        QRectF rect;
        Swatch swatch = Swatch::Transport;
        nccl_topology::Transport transport = nccl_topology::Transport::Unknown;
    };

    void updateRange();
    QRectF plotArea() const;
    double laneHeight() const;
    double xOf(double timeUs) const;
    /// A bar's box cut into the part on the wire and the thinner part in flight (empty when too short).
    std::pair<QRectF, QRectF> barParts(const QRectF& box, const TimelineBar& bar) const;
    std::vector<LegendEntry> legend() const;
    void paintLanes(class QPainter& painter, const QRectF& plot) const;
    /// "rank 3", or on a tree "rank 3 ↑" (its sends up) and "rank 3 ↓" (its sends down).
    static QString laneLabel(const TimelineLane& lane);
    void paintBars(QPainter& painter, const QRectF& plot) const;
    void paintAxis(QPainter& painter, const QRectF& plot) const;
    void paintLegend(QPainter& painter) const;
    void paintUse(QPainter& painter) const;
    QString useToolTip(double x) const;

    CollectivesTimeline m_timeline;
    std::vector<LinkUse> m_use;
    double m_fromUs = 0.0;
    double m_toUs = 1.0;
};

}  // namespace commviz::views
