#include "collectives_scene/collectives_timeline_plot.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "collectives_scene/collectives_chart_plot.h"

namespace commviz::views {

namespace {

using collectives::PipelineWait;
using nccl_topology::Transport;

constexpr double kSwatch = 12.0;
constexpr double kLegendGap = 14.0;
constexpr double kTickSpacingPx = 90.0;

/// A 1, 2 or 5 times a power of ten, about `rough`.
double niceStep(double rough) {
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (const double factor : {1.0, 2.0, 5.0})
        if (factor * power >= rough) return factor * power;
    return 10.0 * power;
}

/// "250 µs", "1.5 ms", "2 s": one unit for the whole axis, as many decimals as the step needs.
QString tickLabel(double valueUs, double stepUs, double rangeEndUs) {
    const double scale = rangeEndUs >= 1e6 ? 1e6 : rangeEndUs >= 1e3 ? 1e3 : 1.0;
    const char* unit = scale == 1e6 ? "s" : scale == 1e3 ? "ms" : "µs";
    const int decimals = std::clamp(int(-std::floor(std::log10(stepUs / scale) + 1e-9)), 0, 6);
    return QStringLiteral("%1 %2").arg(QString::number(valueUs / scale, 'f', decimals), QString::fromUtf8(unit));
}

QString microseconds(double us) { return QStringLiteral("%1 µs").arg(QString::number(us, 'f', 2)); }

QColor faded(const QColor& colour, const QColor& base) {
    // The earlier steps: the colour halfway to the background, still telling the transports apart.
    return QColor::fromRgbF(float((colour.redF() + base.redF()) / 2), float((colour.greenF() + base.greenF()) / 2),
                            float((colour.blueF() + base.blueF()) / 2));
}

}  // namespace

CollectivesTimelinePlot::CollectivesTimelinePlot(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumWidth(320);
}

QColor CollectivesTimelinePlot::transportColour(Transport transport) {
    switch (transport) {
        case Transport::P2P:
            return QColor(0x2c, 0xa0, 0x2c);  // green: NVLink / PCIe inside a node
        case Transport::SHM:
            return QColor(0x1f, 0x77, 0xb4);  // blue: through host memory
        case Transport::NET:
            return QColor(0xff, 0x7f, 0x0e);  // orange: across the network
        case Transport::NVLS:
            return QColor(0x94, 0x67, 0xbd);  // purple: through the NVSwitch's multicast
        case Transport::CollNet:
        case Transport::Unknown:
            break;
    }
    return QColor(0x88, 0x88, 0x88);
}

void CollectivesTimelinePlot::setTimeline(CollectivesTimeline timeline) {
    m_timeline = std::move(timeline);
    updateRange();
    m_use = linkUse(m_timeline, m_fromUs, m_toUs, kUseSamples);
    const int lanes = int(m_timeline.lanes.size());
    setMinimumHeight(kLegendHeight + kAxisHeight + 8 + lanes * kMinLaneHeight + kUseHeight);
    update();
}

void CollectivesTimelinePlot::updateRange() {
    // Up to kStepsInWindow steps everything from 0 µs; later a window from the start of the steps just
    // before the cursor's, so the current step's bars keep their width.
    const int firstStep = m_timeline.cursor - kStepsInWindow + 1;
    double from = m_timeline.endUs;
    if (firstStep > 1)
        for (const TimelineBar& bar : m_timeline.bars)
            if (bar.step >= firstStep) from = std::min(from, bar.slice.startUs);
    m_fromUs = firstStep > 1 ? from : 0.0;
    const double span = std::max(m_timeline.endUs - m_fromUs, 1e-3);
    m_toUs = m_timeline.endUs + span * 0.02;
    if (m_toUs <= m_fromUs) m_toUs = m_fromUs + 1.0;
}

QRectF CollectivesTimelinePlot::plotArea() const {
    // The axis sits under the legend, then the link use, then the lanes: a short dock shows the times and
    // the link use without scrolling.
    const int top = kLegendHeight + kAxisHeight + kUseHeight;
    return QRectF(kLabelWidth, top, std::max(10, width() - kLabelWidth - 12), std::max(10, height() - top - 8));
}

QRectF CollectivesTimelinePlot::useArea() const {
    const QRectF plot = plotArea();
    return QRectF(plot.left(), kLegendHeight + kAxisHeight, plot.width(), kUseHeight - 8);
}

double CollectivesTimelinePlot::laneHeight() const {
    return m_timeline.lanes.empty() ? 0.0 : plotArea().height() / double(m_timeline.lanes.size());
}

double CollectivesTimelinePlot::xOf(double timeUs) const {
    const QRectF plot = plotArea();
    return plot.left() + (timeUs - m_fromUs) / (m_toUs - m_fromUs) * plot.width();
}

QRectF CollectivesTimelinePlot::barRect(int index) const {
    if (index < 0 || index >= int(m_timeline.bars.size())) return {};
    const TimelineBar& bar = m_timeline.bars[std::size_t(index)];
    if (bar.slice.endUs < m_fromUs || bar.slice.startUs > m_toUs) return {};
    const QRectF plot = plotArea();
    const double lane = laneHeight();
    const double inset = lane >= 8 ? 1.5 : 0.0;
    const double left = std::max(xOf(bar.slice.startUs), plot.left());
    const double right = std::max(std::min(xOf(bar.slice.endUs), plot.right()), left + 1.0);
    return QRectF(left, plot.top() + bar.lane * lane + inset, right - left, lane - 2 * inset);
}

std::pair<QRectF, QRectF> CollectivesTimelinePlot::barParts(const QRectF& box, const TimelineBar& bar) const {
    const double split = std::clamp(xOf(bar.wireEndUs), box.left() + 1.0, box.right());
    const QRectF wire(box.left(), box.top(), split - box.left(), box.height());
    if (box.right() - split < 1.0) return {box, QRectF()};
    const double thin = std::max(1.0, box.height() * 0.4);
    return {wire, QRectF(split, box.center().y() - thin / 2, box.right() - split, thin)};
}

int CollectivesTimelinePlot::barAt(QPointF point) const {
    // The latest bar wins where bars overlap, as it is drawn on top.
    for (int index = int(m_timeline.bars.size()) - 1; index >= 0; --index)
        if (barRect(index).adjusted(-1, 0, 1, 0).contains(point)) return index;
    return -1;
}

QString CollectivesTimelinePlot::barToolTip(int index) const {
    if (index < 0 || index >= int(m_timeline.bars.size())) return {};
    const TimelineBar& bar = m_timeline.bars[std::size_t(index)];
    const collectives::PipelineSlice& slice = bar.slice;
    QString waited;
    switch (slice.boundBy) {
        case PipelineWait::None:
            waited = tr("nothing: it started at the launch");
            break;
        case PipelineWait::Program:
            waited = m_timeline.nvls ? tr("the reduce warps' previous loop on this channel (every head's, in step)")
                                     : tr("rank %1's own previous work on this channel (program order)").arg(bar.src);
            break;
        case PipelineWait::Data:
            waited = !m_timeline.tree ? tr("the data arriving from the previous rank of the ring")
                     : bar.up         ? tr("the sums arriving from its children in the tree")
                                      : tr("the chunk arriving from its parent in the tree (at the root: the sums "
                                                   "from its children)");
            break;
        case PipelineWait::Slot:
            waited = tr("a free slot at rank %1 (%2)").arg(bar.dst).arg(microseconds(slice.slotWaitUs));
            break;
    }
    const QString route =
        !m_timeline.nvls ? tr("rank %1 → rank %2, channel %3").arg(bar.src).arg(bar.dst).arg(bar.channel)
        : bar.up         ? tr("rank %1's chunks read by the NVSwitch for every head (multimem.ld_reduce), channel %2")
                       .arg(bar.src)
                       .arg(bar.channel)
                 : tr("head rank %1's sum stored by the NVSwitch to every rank (multimem.st), channel %2")
                       .arg(bar.src)
                       .arg(bar.channel);
    QStringList lines{
        route,
        tr("sent at step %1 of the run; NCCL step %2, slot %3").arg(bar.step).arg(slice.step).arg(slice.slot()),
        tr("%1 bytes (%2)")
            .arg(QLocale().toString(qlonglong(slice.bytes)), CollectivesChartPlot::sizeText(double(slice.bytes))),
        tr("start %1, off the wire %2, arrival %3")
            .arg(microseconds(slice.startUs), microseconds(bar.wireEndUs), microseconds(slice.endUs)),
        tr("transport: %1").arg(QString::fromLatin1(nccl_topology::transportName(bar.transport).data())),
        tr("its start waited for: %1").arg(waited)};
    if (!bar.receiverPrimitive.empty())
        lines << tr("the receiver runs: %1")
                     .arg(QString::fromLatin1(bar.receiverPrimitive.data(), qsizetype(bar.receiverPrimitive.size())));
    if (bar.critical)
        lines << tr("On channel %1's critical path: the chain of waits that ends at its latest arrival.")
                     .arg(bar.channel);
    return lines.join(QLatin1Char('\n'));
}

std::vector<CollectivesTimelinePlot::LegendEntry> CollectivesTimelinePlot::legend() const {
    const QString wire = tr("Thick while the slice is on the wire, thin for the hop's latency until it arrives.");
    std::vector<LegendEntry> entries;
    if (m_timeline.nvls)
        entries.push_back({QStringLiteral("NVLS"),
                           tr("NVLS: through the NVSwitch, which reads and adds every GPU's copy of a chunk "
                              "(multimem.ld_reduce) and writes the sum to every GPU (multimem.st)."),
                           {},
                           Swatch::Transport,
                           Transport::NVLS});
    else
        entries = {{QStringLiteral("P2P"),
                    tr("P2P: GPU to GPU inside a node (NVLink or PCIe).") + QLatin1Char(' ') + wire,
                    {},
                    Swatch::Transport,
                    Transport::P2P},
                   {QStringLiteral("SHM"),
                    tr("SHM: through host shared memory.") + QLatin1Char(' ') + wire,
                    {},
                    Swatch::Transport,
                    Transport::SHM},
                   {QStringLiteral("NET"),
                    tr("NET: across the network to another node.") + QLatin1Char(' ') + wire,
                    {},
                    Swatch::Transport,
                    Transport::NET}};
    entries.push_back({tr("slot wait"),
                       tr("Red tick: the slice waited for a free one of the receiver's NCCL_STEPS slots; the red "
                          "line before it is how long."),
                       {},
                       Swatch::SlotWait});
    entries.push_back({tr("critical path"),
                       tr("Framed: each channel's chain of slices back from its latest arrival, each one the slice "
                          "whose end released the next one's start (program order, data, or a freed slot)."),
                       {},
                       Swatch::Critical});
    entries.push_back({tr("current step"),
                       tr("Bright: the slices of the cursor's step; earlier steps are faded, later ones not drawn."),
                       {},
                       Swatch::Current});
    const QFontMetricsF metrics(font());
    double x = kLabelWidth;
    for (LegendEntry& entry : entries) {
        const double width = kSwatch + 4 + metrics.horizontalAdvance(entry.text);
        entry.rect = QRectF(x, 2, width, kLegendHeight - 4);
        x += width + kLegendGap;
    }
    return entries;
}

QStringList CollectivesTimelinePlot::legendTexts() const {
    QStringList texts;
    for (const LegendEntry& entry : legend()) texts << entry.text;
    return texts;
}

std::vector<double> CollectivesTimelinePlot::ticks() const {
    std::vector<double> values;
    const double wanted = std::max(2.0, plotArea().width() / kTickSpacingPx);
    const double step = niceStep((m_toUs - m_fromUs) / wanted);
    for (double value = std::ceil(m_fromUs / step) * step; value <= m_toUs + 1e-9; value += step)
        values.push_back(value);
    return values;
}

void CollectivesTimelinePlot::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (m_timeline.lanes.empty()) return;
    const QRectF plot = plotArea();
    paintLegend(painter);
    paintLanes(painter, plot);
    paintAxis(painter, plot);
    painter.save();
    painter.setClipRect(plot.adjusted(-1, -1, 1, 1));
    paintBars(painter, plot);
    painter.restore();
    paintUse(painter);
}

QString CollectivesTimelinePlot::useToolTip(double x) const {
    const QRectF area = useArea();
    QStringList lines{
        tr("At %1 µs, connections (a sender to a receiver on a channel) with a slice on the wire:")
            .arg(QString::number(m_fromUs + (x - area.left()) / area.width() * (m_toUs - m_fromUs), 'f', 1))};
    for (const LinkUse& use : m_use) {
        const std::string_view name = nccl_topology::transportName(use.transport);
        const int sample = std::clamp(int(std::lround((x - area.left()) / area.width() * (kUseSamples - 1))), 0,
                                      int(use.share.size()) - 1);
        lines << tr("%1: %2 of %3")
                     .arg(QString::fromLatin1(name.data(), qsizetype(name.size())))
                     .arg(std::lround(use.share[std::size_t(sample)] * use.connections))
                     .arg(use.connections);
    }
    return lines.join(QLatin1Char('\n'));
}

// One line per transport, 0 at the strip's bottom and every connection of the class busy at its top.
void CollectivesTimelinePlot::paintUse(QPainter& painter) const {
    const QRectF area = useArea();
    const QColor muted = palette().color(QPalette::PlaceholderText);
    painter.setPen(QPen(muted, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(area);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(0, area.top(), kLabelWidth - 6, area.height() / 2), Qt::AlignRight | Qt::AlignTop,
                     tr("on the wire"));
    painter.setPen(muted);
    painter.drawText(QRectF(0, area.top(), kLabelWidth - 6, area.height()), Qt::AlignRight | Qt::AlignBottom,
                     tr("0–100 %"));
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const LinkUse& use : m_use) {
        QPolygonF line;
        const int samples = int(use.share.size());
        for (int sample = 0; sample < samples; ++sample)
            line << QPointF(area.left() + area.width() * sample / std::max(samples - 1, 1),
                            area.bottom() - use.share[std::size_t(sample)] * area.height());
        painter.setPen(QPen(transportColour(use.transport), 1.5));
        painter.drawPolyline(line);
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void CollectivesTimelinePlot::paintLegend(QPainter& painter) const {
    const std::vector<LegendEntry> entries = legend();
    const QColor text = palette().color(QPalette::Text);
    for (std::size_t index = 0; index < entries.size(); ++index) {
        const LegendEntry& entry = entries[index];
        const QRectF swatch(entry.rect.left(), entry.rect.center().y() - kSwatch / 2, kSwatch, kSwatch);
        painter.setPen(Qt::NoPen);
        if (entry.swatch == Swatch::Transport) {
            painter.setBrush(transportColour(entry.transport));
            painter.drawRect(swatch);
        } else if (entry.swatch == Swatch::SlotWait) {
            painter.setBrush(slotWaitColour());
            painter.drawRect(QRectF(swatch.center().x() - 1, swatch.top(), 2, swatch.height()));
        } else if (entry.swatch == Swatch::Critical) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(criticalColour(), 2));
            painter.drawRect(swatch.adjusted(1, 1, -1, -1));
        } else {
            painter.setBrush(transportColour(Transport::P2P));
            painter.setPen(QPen(transportColour(Transport::P2P).darker(170), 1));
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        }
        painter.setPen(text);
        painter.drawText(QRectF(swatch.right() + 4, entry.rect.top(), entry.rect.width(), entry.rect.height()),
                         Qt::AlignVCenter | Qt::AlignLeft, entry.text);
    }
}

QString CollectivesTimelinePlot::laneLabel(const TimelineLane& lane) {
    switch (lane.direction) {
        case LaneDirection::Up:
            return tr("rank %1 ↑").arg(lane.rank);
        case LaneDirection::Down:
            return tr("rank %1 ↓").arg(lane.rank);
        case LaneDirection::Ring:
            break;
    }
    return tr("rank %1").arg(lane.rank);
}

void CollectivesTimelinePlot::paintLanes(QPainter& painter, const QRectF& plot) const {
    const double lane = laneHeight();
    const QFontMetricsF metrics(font());
    const QColor text = palette().color(QPalette::Text);
    const QColor muted = palette().color(QPalette::PlaceholderText);
    const QColor stripe = palette().color(QPalette::AlternateBase);
    // Rank labels shrink with the lanes, down to kMinLaneHeight.
    QFont labelFont = font();
    if (lane < metrics.height()) labelFont.setPixelSize(std::max(7, int(lane) - 1));
    for (std::size_t index = 0; index < m_timeline.lanes.size(); ++index) {
        const TimelineLane& current = m_timeline.lanes[index];
        const double top = plot.top() + double(index) * lane;
        const bool firstOfChannel = index == 0 || m_timeline.lanes[index - 1].channel != current.channel;
        if (current.channel % 2 == 1) painter.fillRect(QRectF(plot.left(), top, plot.width(), lane), stripe);
        if (firstOfChannel) {
            painter.setPen(QPen(muted, 1));
            if (index > 0) painter.drawLine(QPointF(4, top), QPointF(plot.right(), top));
            painter.setPen(text);
            painter.setFont(font());
            painter.drawText(QRectF(4, top, kLabelWidth, metrics.height()), Qt::AlignLeft | Qt::AlignTop,
                             tr("ch %1").arg(current.channel));
        }
        if (lane >= kMinLaneHeight) {
            painter.setPen(muted);
            painter.setFont(labelFont);
            painter.drawText(QRectF(0, top, kLabelWidth - 6, lane), Qt::AlignRight | Qt::AlignVCenter,
                             laneLabel(current));
        }
    }
    painter.setFont(font());
    painter.setPen(QPen(muted, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(plot);
}

void CollectivesTimelinePlot::paintBars(QPainter& painter, const QRectF& plot) const {
    const QColor base = palette().color(QPalette::Base);
    const double lane = laneHeight();
    for (int index = 0; index < int(m_timeline.bars.size()); ++index) {
        const QRectF box = barRect(index);
        if (box.isEmpty()) continue;
        const TimelineBar& bar = m_timeline.bars[std::size_t(index)];
        const QColor colour = transportColour(bar.transport);
        const bool current = bar.step == m_timeline.cursor;
        const QColor fill = current ? colour : faded(colour, base);
        painter.setBrush(fill);
        // A darker edge parts a message's slices; the current step's is darker still. Thick while on the
        // wire, thin for the hop's latency until it arrives (the next slice starts at the wire's end).
        painter.setPen(box.width() > 3 && box.height() > 3 ? QPen(fill.darker(current ? 170 : 125), 1) : Qt::NoPen);
        const auto [wire, flight] = barParts(box, bar);
        if (!flight.isEmpty()) painter.drawRect(flight);
        painter.drawRect(wire);
        if (bar.slice.boundBy == PipelineWait::Slot) {
            const double tickTop = plot.top() + bar.lane * lane;
            painter.setPen(Qt::NoPen);
            painter.setBrush(slotWaitColour());
            painter.drawRect(QRectF(box.left() - 1, tickTop, 2, lane));
            const double waitLeft = std::max(xOf(bar.slice.startUs - bar.slice.slotWaitUs), plot.left());
            if (box.left() - waitLeft > 1)
                painter.drawRect(QRectF(waitLeft, box.center().y() - 0.5, box.left() - waitLeft, 1));
        }
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(criticalColour(), 2));
    for (int index = 0; index < int(m_timeline.bars.size()); ++index)
        if (m_timeline.bars[std::size_t(index)].critical) {
            const QRectF box = barRect(index);
            if (box.isEmpty()) continue;
            const auto [wire, flight] = barParts(box, m_timeline.bars[std::size_t(index)]);
            painter.drawRect(wire.adjusted(0.5, 0.5, -0.5, -0.5));
            if (!flight.isEmpty()) painter.drawRect(flight.adjusted(0.5, 0.5, -0.5, -0.5));
        }
}

void CollectivesTimelinePlot::paintAxis(QPainter& painter, const QRectF& plot) const {
    const QColor text = palette().color(QPalette::Text);
    const std::vector<double> values = ticks();
    const double step = values.size() > 1 ? values[1] - values[0] : m_toUs - m_fromUs;
    for (const double value : values) {
        const double x = xOf(value);
        QColor grid = palette().color(QPalette::PlaceholderText);
        grid.setAlpha(70);
        painter.setPen(QPen(grid, 1));
        painter.drawLine(QPointF(x, kLegendHeight + kAxisHeight - 4), QPointF(x, plot.bottom()));
        painter.setPen(text);
        painter.drawText(QRectF(x - kTickSpacingPx / 2, kLegendHeight, kTickSpacingPx, kAxisHeight - 4),
                         Qt::AlignHCenter | Qt::AlignBottom, tickLabel(value, step, m_toUs));
    }
}

bool CollectivesTimelinePlot::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        QString text;
        for (const LegendEntry& entry : legend())
            if (entry.rect.contains(help->pos())) text = entry.toolTip;
        if (text.isEmpty() && !m_timeline.lanes.empty()) text = barToolTip(barAt(help->pos()));
        if (text.isEmpty() && useArea().contains(help->pos())) text = useToolTip(help->pos().x());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void CollectivesTimelinePlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange) update();
    QWidget::changeEvent(event);
}

}  // namespace commviz::views
