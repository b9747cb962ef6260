#include "nccl/topology_scene/topology_renderer.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <set>

#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_paint.h"
#include "nccl/topology_scene/topology_text.h"
#include "sim/session_access.h"

namespace commviz::views {

using nccl_topology::TopologyEngine;
using nccl_topology::TopologyRun;
using nccl_topology::TopologyStage;

namespace {

// A file as the title names it: its name, not the folders it sits in (the Inspector has the path).
QString fileName(const std::string& path) { return QFileInfo(QString::fromStdString(path)).fileName(); }

constexpr double kMargin = 16;
constexpr QRectF kCaption(kMargin, 6, TopologyRenderer::kWidth - 2 * kMargin, 70);
constexpr QRectF kServers(kMargin, 80, TopologyRenderer::kWidth - 2 * kMargin, TopologyRenderer::kHeight - 122);
constexpr QRectF kLegend(kMargin, TopologyRenderer::kHeight - 36, TopologyRenderer::kWidth - 2 * kMargin, 28);

// Server `index` of `count` in the drawing area: two stacked, up to four in a
// 2 × 2 grid, more in a grid of compact boxes.
QRectF serverRect(int index, int count) {
    if (count == 1) return kServers;
    const int columns = count == 2 ? 1 : count <= 4 ? 2 : int(std::ceil(std::sqrt(double(count) * 2)));
    const int rows = (count + columns - 1) / columns;
    const double width = kServers.width() / columns, height = kServers.height() / rows;
    const QRectF cell(kServers.left() + (index % columns) * width, kServers.top() + (index / columns) * height, width,
                      height);
    return cell.adjusted(3, 3, -3, -3);
}

int nodeOfPoint(const nccl_topology::TopoSystem& system, const std::string& id) {
    if (id.rfind("node:", 0) != 0) return -1;
    const std::string digits = id.substr(5);
    if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
    const int node = std::stoi(digits);
    return node < int(system.nodes.size()) ? node : -1;
}

// The server as the title names it: the topology file, or the log the servers were built from.
QString serverName(const TopologyRun& run) {
    if (run.serversFromLog) return TopologyRenderer::tr("servers from log %1").arg(fileName(run.files.logFile));
    return fileName(run.files.topoFile);
}

// "Node 1 · ranks 8–15": the ranks placed on the server, as its channels are drawn.
QString nodeTitle(const TopologyRun& run, int server) {
    int first = -1, last = -1;
    for (int rank = 0; rank < run.comm().nRanks; ++rank)
        if (TopologyRenderer::rankPlace(run, rank).server == server) {
            if (first < 0) first = rank;
            last = rank;
        }
    if (first < 0) return TopologyRenderer::tr("Node %1 · no ranks").arg(server);
    return TopologyRenderer::tr("Node %1 · ranks %2–%3").arg(server).arg(first).arg(last);
}

// Where the log and the topology disagree, one clause each; empty when they agree.
QString mismatchText(const nccl_topology::LogMismatch& mismatch) {
    QStringList clauses;
    if (mismatch.logRanksPerHost != mismatch.topologyGpus)
        clauses << TopologyRenderer::tr("the log has %1 ranks per host, this topology %2 GPUs per server")
                       .arg(mismatch.logRanksPerHost)
                       .arg(mismatch.topologyGpus);
    if (!mismatch.missingBusIds.empty())
        clauses << TopologyRenderer::tr("no GPU at bus id %1 (%2 of the log's bus ids missing)")
                       .arg(QString::fromStdString(mismatch.missingBusIds.front()))
                       .arg(mismatch.missingBusIds.size());
    if (mismatch.nonConsecutiveHost >= 0)
        clauses << TopologyRenderer::tr("host %1's ranks are not consecutive").arg(mismatch.nonConsecutiveHost);
    if (clauses.isEmpty()) return {};
    return TopologyRenderer::tr("The log does not match this topology: %1.").arg(clauses.join(QStringLiteral("; ")));
}

}  // namespace

QString TopologyRenderer::noSessionText() const { return tr("No NCCL topology session loaded"); }

int TopologyRenderer::serversDrawn(const TopologyEngine& engine) const {
    return std::max(1, engine.run().comm().nNodes);
}

void TopologyRenderer::layOut(const TopologyEngine& engine) {
    if (!m_laidOut.expired() && m_laidOut.lock() == engine.sharedRun()) return;
    m_laidOut = engine.sharedRun();
    m_servers.clear();
    m_compact.clear();
    m_pathFrom = m_pathTo = -1;
    m_channel = 0;
    const int count = serversDrawn(engine);
    for (int server = 0; server < count; ++server) {
        if (count <= kFullServers)
            m_servers.push_back(
                ServerLayout::of(engine.run().model.system, serverRect(server, count).adjusted(0, 16, 0, 0)));
        else
            m_compact.push_back(serverRect(server, count));
    }
}

// Two devices clicked one after the other make a path; a channel chip picks the channel.
void TopologyRenderer::follow(const RenderState& state, const TopologyEngine& engine) {
    m_progress = state.progress;
    if (state.selected == m_lastSelected) return;
    m_lastSelected = state.selected;
    const std::string id = state.selected.toStdString();
    if (id.rfind("channel:", 0) == 0) {
        m_channel = std::max(0, QString::fromStdString(id.substr(8)).toInt());
        return;
    }
    const int node = nodeOfPoint(engine.run().model.system, id);
    if (node < 0 || node == m_pathTo) return;
    m_pathFrom = m_pathTo;
    m_pathTo = node;
}

bool TopologyRenderer::paintScene(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    const auto access = sim::SessionAccess<TopologyEngine>::of(state.session);
    if (!access) return false;
    const TopologyEngine& engine = access->engine();
    layOut(engine);
    follow(state, engine);
    TopologyPaint p(painter, state, m_hits);
    paintServers(p, engine);
    paintChannel(p, engine);
    paintCaption(p, engine);
    const bool commShown = engine.reached(TopologyStage::Postset) || engine.reached(TopologyStage::LogRead);
    const int channels = commShown                             ? int(engine.run().comm().channels.size())
                         : engine.reached(TopologyStage::Ring) ? int(engine.run().model.ring.graph.channels.size())
                                                               : 0;
    p.legend(kLegend, engine.run().model.system, channels, m_channel);
    p.drawHalos();
    return true;
}

void TopologyRenderer::paintServers(TopologyPaint& p, const TopologyEngine& engine) {
    const auto& system = engine.run().model.system;
    for (std::size_t server = 0; server < m_servers.size(); ++server) {
        const QString title = m_servers.size() == 1 ? serverName(engine.run()) : nodeTitle(engine.run(), int(server));
        p.server(system, m_servers[server], title, server == 0,
                 nccl_topology::netsTrimmed(engine.run().model, engine.run().keys));
    }
    fadeRanklessGpus(p, engine);
    paintWarnings(p, engine);
    const int gpus = int(system.ofType(nccl_topology::NodeType::GPU).size());
    for (std::size_t server = 0; server < m_compact.size(); ++server)
        p.compactServer(m_compact[server], tr("Node %1").arg(server), gpus);
    if (m_pathFrom >= 0 && m_pathTo >= 0 && !m_servers.empty() && engine.reached(TopologyStage::Paths))
        p.route(m_servers.front(), engine.run().model.paths.path(m_pathFrom, m_pathTo).route);
}

QString TopologyRenderer::stageText(const TopologyEngine& engine) const {
    const auto stage = engine.lastStage();
    const int total = int(engine.run().stages.size());
    if (!stage) return tr("Before the first stage · %1 stages").arg(total);
    QString what;
    switch (*stage) {
        case TopologyStage::System:
            what = tr("the system as read from the XML");
            break;
        case TopologyStage::Paths:
            what = tr("paths computed: click two devices to see their path");
            break;
        case TopologyStage::Ring:
            what = tr("ring search inside the server");
            break;
        case TopologyStage::Tree:
            what = tr("tree search inside the server");
            break;
        case TopologyStage::LogRead:
            what = tr("channels read from the log");
            break;
        case TopologyStage::Postset:
            what = engine.run().comm().nNodes > 1
                       ? tr("rings and trees across %1 servers").arg(engine.run().comm().nNodes)
                       : tr("rings and trees of the server");
            break;
        case TopologyStage::Connect:
            what = tr("transports connected");
            break;
    }
    return tr("Stage %1 of %2: %3").arg(engine.stagesDone()).arg(total).arg(what);
}

QString TopologyRenderer::pathText(const TopologyEngine& engine) const {
    if (m_pathFrom < 0 || m_pathTo < 0) {
        if (m_pathTo >= 0)
            return tr("From %1: click a second device")
                .arg(QString::fromStdString(nccl_topology::nodeLabel(engine.run().model.system, m_pathTo)));
        return {};
    }
    const auto& system = engine.run().model.system;
    const auto& path = engine.run().model.paths.path(m_pathFrom, m_pathTo);
    const QString ends = tr("%1 → %2").arg(QString::fromStdString(nccl_topology::nodeLabel(system, m_pathFrom)),
                                           QString::fromStdString(nccl_topology::nodeLabel(system, m_pathTo)));
    if (!engine.reached(TopologyStage::Paths)) return tr("Path %1: computed at the paths stage").arg(ends);
    if (path.route.empty())
        return tr("Path %1: none kept (NCCL keeps paths to CPUs, GPUs, NICs and NVSwitches)").arg(ends);
    const QString hops = path.hops == 1 ? tr("1 hop") : tr("%1 hops").arg(path.hops);
    QString text = tr("Path %1: %2, %3, %4")
                       .arg(ends, QString::fromLatin1(nccl_topology::pathTypeName(path.type).data()),
                            TopologyText::bandwidthText(path.bw), hops);
    if (path.via >= 0) text += tr(", via %1").arg(QString::fromStdString(nccl_topology::nodeLabel(system, path.via)));
    return text;
}

void TopologyRenderer::paintCaption(TopologyPaint& p, const TopologyEngine& engine) {
    const auto& run = engine.run();
    const int gpus = int(run.model.system.ofType(nccl_topology::NodeType::GPU).size());
    // The files by name, then what they hold; when that is too long for one line
    // (a log beside the topology), what they hold starts the stage line, so nothing is cut.
    QString title = serverName(run);
    if (run.log && !run.serversFromLog) title += tr(" · log %1").arg(fileName(run.files.logFile));
    QString facts = tr("%1 GPUs").arg(gpus);
    if (run.comm().nNodes > 1) facts += tr(" · %1 nodes").arg(run.comm().nNodes);
    if (nccl_topology::netsTrimmed(run.model, run.keys)) facts += tr(" · NETs trimmed (one server, 2.22)");
    QString stage = stageText(engine);
    const QString joined = tr("%1 · %2").arg(title, facts);
    if (QFontMetricsF(ScenePaint::font(18, true)).horizontalAdvance(joined) <= kCaption.width())
        title = joined;
    else
        stage = tr("%1 · %2").arg(facts, stage);
    p.text(QRectF(kCaption.left(), kCaption.top(), kCaption.width(), 24), title, 18, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(QRectF(kCaption.left(), kCaption.top() + 24, kCaption.width(), 22), stage, 15, p.theme.text);
    // A chosen path takes the third line; until then a log that does not fit the topology says so there.
    const QString path = pathText(engine);
    const QString mismatch = mismatchText(run.mismatch);
    if (path.isEmpty() && !mismatch.isEmpty())
        p.text(QRectF(kCaption.left(), kCaption.top() + 46, kCaption.width(), 22), mismatch, 15, p.theme.bad);
    else
        p.text(QRectF(kCaption.left(), kCaption.top() + 46, kCaption.width(), 22), path, 15,
               p.theme.accent2.darker(120));
}

// A log whose ranks do not fill the topology's GPUs: the GPUs no rank runs on are faded.
void TopologyRenderer::fadeRanklessGpus(TopologyPaint& p, const TopologyEngine& engine) {
    const TopologyRun& run = engine.run();
    std::set<std::pair<int, int>> used;  // (server, GPU node)
    for (int rank = 0; rank < run.comm().nRanks; ++rank) {
        const RankPlace place = rankPlace(run, rank);
        used.insert({place.server, place.gpu});
    }
    for (int server = 0; server < int(m_servers.size()); ++server)
        for (int gpu : run.model.system.ofType(nccl_topology::NodeType::GPU)) {
            const QRectF box = m_servers[std::size_t(server)].boxes[std::size_t(gpu)];
            if (!used.count({server, gpu}) && !box.isNull())
                p.box(box.adjusted(-1, -1, 1, 1), ScenePaint::tint(p.theme.background, 200),
                      ScenePaint::tint(p.theme.background, 0), 6, 0);
        }
}

// A WARN line of the log marked on the GPU of the rank that printed it ("warn:LINE" objects).
void TopologyRenderer::paintWarnings(TopologyPaint& p, const TopologyEngine& engine) {
    const TopologyRun& run = engine.run();
    if (!run.log || !engine.reached(TopologyStage::LogRead)) return;
    for (const nccl_topology::LoggedWarn& warn : run.log->warns) {
        if (warn.rank < 0) continue;
        const RankPlace place = rankPlace(run, warn.rank);
        if (place.server >= int(m_servers.size()) || place.gpu < 0) continue;
        const QRectF box = m_servers[std::size_t(place.server)].boxes[std::size_t(place.gpu)];
        if (box.isNull()) continue;
        const QRectF badge(box.right() - 9, box.top() - 9, 18, 18);
        p.tag(badge.center(), QStringLiteral("!"), p.theme.bad, p.theme.background, 13);
        p.object(badge, QStringLiteral("warn:%1").arg(warn.line));
    }
}

}  // namespace commviz::views
