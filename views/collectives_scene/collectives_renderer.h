#pragma once

#include <QCoreApplication>
#include <QPointF>
#include <memory>
#include <vector>

#include "collectives/schedule.h"
#include "collectives_scene/collectives_channel_focus.h"
#include "collectives_scene/collectives_layout.h"
#include "collectives_scene/collectives_servers.h"
#include "shell/scene_renderer.h"

namespace commviz::collectives {
class CollectivesEngine;
}

namespace commviz::views {

struct CollectivesPaint;

/// Draws one round of a collective: the ranks in the algorithm's own layout
/// (ring, tree or rows of hypercube partners), each with its buffer as a grid
/// of blocks coloured by how many ranks' data it holds, this round's messages
/// as arrows tagged with their blocks (orange where the receiver reduces), the
/// root marked, and a caption with the run so far. Above
/// CollectivesLayout::kDetailedRanks ranks, a summary and a band of ranks. With the View option
/// CollectivesServers::kOption on a server, the servers themselves with the sends on their links instead.
class CollectivesRenderer : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(CollectivesRenderer)

public:
    /// `focus`: the channel picked in the Timeline dock; none: channel 0.
    explicit CollectivesRenderer(std::shared_ptr<const CollectivesChannelFocus> focus = {})
        : m_focus(std::move(focus)) {}

    static constexpr double kWidth = 1000;
    static constexpr double kHeight = 713;

    QSizeF logicalSize() const override { return {kWidth, kHeight}; }
    /// A hit region, else on the summary's band the rank under the point ("rank:R").
    QString objectAt(const QPointF& logical) const override;
    /// A message event selects its receiver.
    QString objectForEvent(const sim::Session& session, std::size_t step, std::size_t index) const override;

protected:
    bool paintScene(QPainter& painter, const RenderState& state) override;
    QString noSessionText() const override;

private:
    /// The round that led to the engine's state (empty before the first), cached per schedule and round.
    const collectives::Round& roundShown(const collectives::CollectivesEngine& engine);
    const CollectivesLayout& layoutFor(const collectives::CollectivesEngine& engine, const QRectF& area);
    bool resultOk(const collectives::CollectivesEngine& engine);
    void paintCaption(CollectivesPaint& p, const collectives::CollectivesEngine& engine);
    void paintRanks(CollectivesPaint& p, const collectives::CollectivesEngine& engine, const QRectF& area);
    void paintSummary(CollectivesPaint& p, const collectives::CollectivesEngine& engine, const QRectF& area);
    void paintLegend(CollectivesPaint& p, const collectives::CollectivesEngine& engine, const QRectF& area);
    void paintOnServers(QPainter& painter, const RenderState& state, const collectives::CollectivesEngine& engine);
    QString focusNote(const collectives::CollectivesEngine& engine);

    // Caches, keyed on the run's schedule (shared by every copy of its engine):
    // a round of 4,096 messages, a tree scan and the final check are not redone every frame.
    using ScheduleKey = std::weak_ptr<const collectives::Schedule>;
    static bool sameRun(const ScheduleKey& key, const collectives::CollectivesEngine& engine);
    ScheduleKey m_roundKey;
    int m_roundIndex = -1;
    collectives::Round m_round;
    std::shared_ptr<const CollectivesChannelFocus> m_focus;
    ScheduleKey m_layoutKey;
    QRectF m_layoutArea;
    int m_layoutChannel = 0;
    CollectivesLayout m_layout;
    ScheduleKey m_resultKey;
    bool m_resultOk = false;
    CollectivesServers m_servers;
    bool m_onServers = false;  ///< the last paint drew the servers (the option on, and a server to draw)
    QRectF m_band;             ///< the summary's band of ranks in the last paint (empty: none)
    int m_bandRanks = 0;
};

}  // namespace commviz::views
