#include "collectives_scene/collectives_renderer.h"

#include <algorithm>
#include <numeric>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_paint.h"
#include "collectives_scene/collectives_text.h"
#include "nccl/topology_scene/topology_paint.h"
#include "shell/scene_paint.h"
#include "sim/session_access.h"

namespace commviz::views {

using collectives::CollectivesEngine;

namespace {

constexpr double kMargin = 20;
constexpr QRectF kCaption(kMargin, 8, CollectivesRenderer::kWidth - 2 * kMargin, 72);
constexpr QRectF kLegend(kMargin, CollectivesRenderer::kHeight - 32, CollectivesRenderer::kWidth - 2 * kMargin, 24);
constexpr QRectF kRanks(kMargin, 88, CollectivesRenderer::kWidth - 2 * kMargin, CollectivesRenderer::kHeight - 128);

QString libraryText(const CollectivesEngine& engine) {
    if (engine.config().library == collectives::Library::Nccl) return CollectivesRenderer::tr("NCCL");
    return CollectivesRenderer::tr("Open MPI, ID %1").arg(engine.schedule().algorithmId);
}

}  // namespace

bool CollectivesRenderer::sameRun(const ScheduleKey& key, const CollectivesEngine& engine) {
    return !key.expired() && key.lock() == engine.sharedSchedule();
}

QString CollectivesRenderer::noSessionText() const { return tr("No collectives session loaded"); }

const collectives::Round& CollectivesRenderer::roundShown(const CollectivesEngine& engine) {
    const int index = engine.roundsDone() - 1;
    if (!sameRun(m_roundKey, engine) || m_roundIndex != index) {
        m_roundKey = engine.sharedSchedule();
        m_roundIndex = index;
        m_round = index >= 0 ? engine.schedule().round(index) : collectives::Round{};
    }
    return m_round;
}

const CollectivesLayout& CollectivesRenderer::layoutFor(const CollectivesEngine& engine, const QRectF& area) {
    const int channel = m_focus ? m_focus->channel : 0;
    if (!sameRun(m_layoutKey, engine) || m_layoutArea != area || m_layoutChannel != channel) {
        m_layoutKey = engine.sharedSchedule();
        m_layoutArea = area;
        m_layoutChannel = channel;
        m_layout = CollectivesLayout::of(engine, area, channel);
    }
    return m_layout;
}

bool CollectivesRenderer::resultOk(const CollectivesEngine& engine) {
    // Checking 4,096 ranks against a direct sum takes a while; the finished run's answer never changes.
    if (!sameRun(m_resultKey, engine)) {
        m_resultKey = engine.sharedSchedule();
        m_resultOk = engine.buffers().resultOk();
    }
    return m_resultOk;
}

bool CollectivesRenderer::paintScene(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    m_band = QRectF();
    const auto access = sim::SessionAccess<CollectivesEngine>::of(state.session);
    if (!access) return false;
    CollectivesPaint p(painter, state, m_hits);
    const CollectivesEngine& engine = access->engine();
    m_onServers =
        state.options.contains(QLatin1String(CollectivesServers::kOption)) && CollectivesServers::offered(engine);
    paintCaption(p, engine);
    if (m_onServers) {
        paintOnServers(painter, state, engine);
        p.drawHalos();
        return true;
    }
    if (engine.config().ranks <= CollectivesLayout::kDetailedRanks)
        paintRanks(p, engine, kRanks);
    else
        paintSummary(p, engine, kRanks);
    paintLegend(p, engine, kLegend);
    p.drawHalos();
    return true;
}

void CollectivesRenderer::paintCaption(CollectivesPaint& p, const CollectivesEngine& engine) {
    const auto& config = engine.config();
    const auto& schedule = engine.schedule();
    const QString title = tr("%1 · %2 (%3) · %4 ranks · %5")
                              .arg(QString::fromUtf8(collectives::name(config.collective)),
                                   QString::fromStdString(schedule.algorithm), libraryText(engine))
                              .arg(config.ranks)
                              .arg(CollectivesText::bytesText(config.bytes));
    p.text(QRectF(kCaption.left(), kCaption.top(), kCaption.width(), 26), title, 19, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    const QString result = !engine.done()     ? tr("result_ok: checked after the last round")
                           : resultOk(engine) ? tr("result_ok: true, every rank holds the right result")
                                              : tr("result_ok: false");
    const QString progress = engine.roundsDone() == 0
                                 ? tr("Before round 1 of %1").arg(schedule.rounds)
                                 : tr("Round %1 of %2").arg(engine.roundsDone()).arg(schedule.rounds);
    p.text(QRectF(kCaption.left(), kCaption.top() + 26, kCaption.width(), 22),
           tr("%1 · %2 µs so far · %3").arg(progress, QString::number(engine.timeUs(), 'f', 2), result), 15,
           engine.done() && !resultOk(engine) ? p.theme.bad : p.theme.text);
    QStringList notes;
    // nccl-tests' figures of merit, once the whole collective has run.
    const sim::Json bandwidth = engine.bandwidthFields();
    if (engine.done() && bandwidth["algbw_GBps"].is_number())
        notes << tr("algbw %1 GB/s, busbw %2 GB/s")
                     .arg(CollectivesText::gbpsNumber(bandwidth["algbw_GBps"].get<double>()),
                          CollectivesText::gbpsNumber(bandwidth["busbw_GBps"].get<double>()));
    // A named composed algorithm (Open MPI's nonoverlapping, …) carries the rules of its inner calls too.
    // NCCL's pick is said in the window's language from the choice's fields.
    const QString rule =
        engine.ncclChoice() ? CollectivesText::ncclRule(*engine.ncclChoice()) : QString::fromStdString(schedule.rule);
    if (!rule.isEmpty()) notes << (engine.config().algorithm == "auto" ? tr("auto: %1").arg(rule) : rule);
    if (!schedule.redirectedFrom.empty())
        notes << tr("redirected from %1").arg(QString::fromStdString(schedule.redirectedFrom));
    const collectives::Round& round = roundShown(engine);
    if (!round.empty()) {
        const std::int64_t bytes = std::accumulate(round.begin(), round.end(), std::int64_t(0),
                                                   [](std::int64_t sum, const auto& m) { return sum + m.bytes; });
        const bool reduce = std::any_of(round.begin(), round.end(), [](const auto& m) { return m.reduce; });
        notes.prepend((reduce ? tr("this round: %1 messages, %2, receivers reduce") : tr("this round: %1 messages, %2"))
                          .arg(round.size())
                          .arg(CollectivesText::bytesText(bytes)));
    }
    if (const QString focus = focusNote(engine); !focus.isEmpty()) notes.prepend(focus);
    p.text(QRectF(kCaption.left(), kCaption.top() + 48, kCaption.width(), 22), notes.join(QStringLiteral(" · ")), 14,
           p.theme.mutedText);
}

QString CollectivesRenderer::focusNote(const CollectivesEngine& engine) {
    if (engine.config().nchannels <= 1 && !m_onServers) return {};
    if (m_onServers) {
        const int focus = m_focus ? m_focus->channel : 0;
        if (focus < 0) return tr("every channel's sends on the servers' links; ×N: this round's sends on a link");
        if (engine.nvlsPipeline())
            return tr("channel %1's loads and stores through the NVSwitch; ×N: those of all %2 channels on a link")
                .arg(focus)
                .arg(engine.config().nchannels);
        return tr("channel %1's sends link by link on the servers; ×N: sends of all %2 channels on a link")
            .arg(focus)
            .arg(engine.config().nchannels);
    }
    if (engine.config().ranks > CollectivesLayout::kDetailedRanks) return {};
    const int focus = layoutFor(engine, kRanks).focusChannel;
    const int others = engine.config().nchannels - 1;
    if (focus < 0 && engine.nvlsPipeline())
        return tr("every channel's loads and stores alike (pick a channel in the Timeline)");
    if (engine.nvlsPipeline())
        return tr("channel %1's loads and stores through the switch in full, the other %2 channels faded")
            .arg(focus)
            .arg(others);
    if (focus < 0 && (engine.ringPipeline() || engine.treePipeline()))
        return tr("every channel's sends alike, ranks along channel 0 (pick a channel in the Timeline)");
    if (engine.ringPipeline())
        return tr("ranks along channel %1's ring, its sends in full, the other %2 channels faded")
            .arg(focus)
            .arg(others);
    if (engine.treePipeline())
        return tr("channel %1's tree (each server's chain under the tree over servers), its sends in "
                  "full, the other %2 channels faded")
            .arg(focus)
            .arg(others);
    return {};
}

void CollectivesRenderer::paintRanks(CollectivesPaint& p, const CollectivesEngine& engine, const QRectF& area) {
    const CollectivesLayout& layout = layoutFor(engine, area);
    const collectives::Round& round = roundShown(engine);
    if (layout.shape == RankShape::Tree || layout.shape == RankShape::DoubleTree) p.treeEdges(layout);
    const auto arriving = CollectivesPaint::arrivingCells(engine, round);
    for (int rank = 0; rank < int(layout.boxes.size()); ++rank)
        p.rank(engine, rank, layout.boxes[std::size_t(rank)], arriving);
    p.messages(layout, round);
    // Drawn over the messages' bends: they go into the switch and come out of it.
    if (layout.shape == RankShape::Switch) p.nvSwitch(layout, round.empty() || round.front().reduce);
}

void CollectivesRenderer::paintOnServers(QPainter& painter, const RenderState& state, const CollectivesEngine& engine) {
    TopologyPaint p(painter, state, m_hits);
    m_servers.layOut(*engine.config().topology, kRanks);
    const int focus = m_focus ? m_focus->channel : 0;
    const int shown = focus < engine.config().nchannels ? focus : 0;
    m_servers.paint(p, engine, roundShown(engine), shown);
    m_servers.legend(p, engine, kLegend, shown);
}

void CollectivesRenderer::paintSummary(CollectivesPaint& p, const CollectivesEngine& engine, const QRectF& area) {
    m_band = p.summary(engine, roundShown(engine), area);
    m_bandRanks = engine.config().ranks;
}

void CollectivesRenderer::paintLegend(CollectivesPaint& p, const CollectivesEngine& engine, const QRectF& area) {
    p.legend(engine, area);
}

QString CollectivesRenderer::objectAt(const QPointF& logical) const {
    const QString hit = SceneRenderer::objectAt(logical);
    if (!hit.isEmpty() || m_band.isEmpty() || !m_band.contains(logical)) return hit;
    const int rank = int((logical.x() - m_band.left()) / m_band.width() * m_bandRanks);
    return QStringLiteral("rank:%1").arg(std::clamp(rank, 0, m_bandRanks - 1));
}

QString CollectivesRenderer::objectForEvent(const sim::Session& session, std::size_t step, std::size_t index) const {
    const auto access = sim::SessionAccess<CollectivesEngine>::of(&session);
    if (!access) return {};
    const auto* events = access->events(step);
    if (!events || index >= events->size()) return {};
    if (const auto* send = std::get_if<collectives::SendEvent>(&(*events)[index]))
        return QStringLiteral("rank:%1").arg(send->message.dst);
    return {};
}

}  // namespace commviz::views
