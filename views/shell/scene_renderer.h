#pragma once

#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <vector>

#include "shell/theme.h"
#include "sim/session.h"

namespace commviz::views {

/// Which text the paint kit draws (ScenePaint::detail). On screen a detail
/// label appears once it is readable at the current zoom (the Inspector gives
/// it on click anyway); a PNG viewed at its natural size counts its own
/// pixels, so a 2x export keeps everything; a vector figure scales freely.
enum class TextDetail { Readable, ReadableInImagePixels, All };

/// One text the paint kit drew: what it said and how tall it came out.
struct DrawnText {
    QString text;
    QRectF rect;            ///< logical units
    double px = 0;          ///< font pixel size in logical units
    double shownPx = 0;     ///< that size on the target (screen or image pixels)
    double readablePx = 0;  ///< the smallest readable size there: 8 pt at the device's logical DPI
    bool elided = false;    ///< cut short with an ellipsis to fit its rectangle
};

/// What a renderer needs to draw one moment of a scene.
struct RenderState {
    const sim::Session* session = nullptr;
    Theme theme = Theme::light();
    /// 0..1 through the animation of the step just taken (1 = settled).
    double progress = 1.0;
    QStringList highlights;  ///< object ids a lesson step points at
    QString selected;        ///< object id picked in the canvas or the inspector
    /// The sentence(s) narrating this moment (the step's narration, or a lesson
    /// step's). Export writes it under the figure unless the renderer draws it
    /// itself (SceneRenderer::drawsCaption); empty when nobody asked for one.
    QString caption;
    /// A shorter caption for when `caption` does not fit the area it is drawn
    /// in (counts by kind, what happened to the selected object first); the
    /// caption is never cut mid-sentence (views/shell/caption_fit.h).
    QString captionSummary;
    /// The scene's view options switched on (SceneDescriptor::viewOptions ids).
    QStringList options;
    TextDetail textDetail = TextDetail::Readable;
    /// When set, every text the paint kit draws is appended here (tests check sizes).
    std::vector<DrawnText>* drawnTexts = nullptr;
};

/// A clickable object drawn in the last paint, in the renderer's logical coordinates.
struct HitRegion {
    QRectF rect;
    QString objectId;
};

/// Draws a scene straight into any QPainter: the on-screen canvas, a QImage at
/// 1x-3x, an SVG or a PDF. Drawing is in logical units inside `logicalSize()`,
/// scaled by the caller, so exports stay vector and the same at every size.
class SceneRenderer {
public:
    virtual ~SceneRenderer() = default;
    virtual QSizeF logicalSize() const = 0;
    /// Draws one moment in the frame every scene shares: the painter saved and
    /// restored around it, antialiasing on, the background filled, then the
    /// scene (paintScene), or noSessionText() centred when the state holds no
    /// session of this scene.
    void paint(QPainter& painter, const RenderState& state);
    /// Regions of the last paint, topmost last.
    virtual std::vector<HitRegion> hitRegions() const { return m_hits; }
    /// The object under a logical point of the last paint: the topmost hit
    /// region by default; a renderer whose objects are not rectangles (a ring
    /// of thousands of ranks drawn as one band) answers for the rest itself.
    virtual QString objectAt(const QPointF& logical) const {
        QString hit;
        for (const auto& region : hitRegions())
            if (region.rect.contains(logical)) hit = region.objectId;  // topmost wins
        return hit;
    }
    /// The object selecting an event row picks (the Inspector shows it), e.g. a
    /// message's envelope: event `index` (from 0) of step `step`. Empty: none.
    virtual QString objectForEvent(const sim::Session& session, std::size_t step, std::size_t index) const {
        (void)session, (void)step, (void)index;
        return {};
    }
    /// True when paint() shows RenderState::caption inside the scene (a
    /// narration strip), so export adds no caption band under it.
    virtual bool drawsCaption() const { return false; }

protected:
    /// The scene's own drawing inside the frame, in logical units. Returns
    /// false, having drawn nothing, when the state holds no session this
    /// renderer can draw (sim::SessionAccess finds none); the frame then says so.
    virtual bool paintScene(QPainter& painter, const RenderState& state) = 0;
    /// What the frame writes without a session, e.g. tr("No RDMA session loaded").
    virtual QString noSessionText() const { return {}; }

    /// The clickable objects the last paintScene drew, topmost last; each
    /// renderer fills it as it draws.
    std::vector<HitRegion> m_hits;
};

}  // namespace commviz::views
