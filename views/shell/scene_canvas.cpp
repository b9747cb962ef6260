#include "shell/scene_canvas.h"

#include <QMouseEvent>
#include <QPainter>

#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {
constexpr int kStepAnimationMs = 600;
}

SceneCanvas::SceneCanvas(SimulationController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    setMinimumSize(480, 320);
    setFocusPolicy(Qt::ClickFocus);
    m_animation.setStartValue(0.0);
    m_animation.setEndValue(1.0);
    m_animation.setDuration(kStepAnimationMs);
    m_animation.setEasingCurve(QEasingCurve::InOutCubic);
    connect(&m_animation, &QVariantAnimation::valueChanged, this, [this] { update(); });
    connect(&controller, &SimulationController::cursorChanged, this, [this](std::size_t, bool animate) {
        m_animation.stop();
        if (animate) {
            // Slower play speeds get the whole animation, fast ones a shorter one.
            m_animation.setDuration(int(std::min(kStepAnimationMs * 1.0, 900.0 / std::max(1.0, m_controller.speed()))));
            m_animation.start();
        }
        update();
    });
    connect(&controller, &SimulationController::runProgress, this, [this] { update(); });
}

void SceneCanvas::setRenderer(std::unique_ptr<SceneRenderer> renderer) {
    m_renderer = std::move(renderer);
    m_selected.clear();
    update();
}

void SceneCanvas::setTheme(const Theme& theme) {
    m_theme = theme;
    update();
}

void SceneCanvas::setHighlights(const QStringList& ids) {
    m_highlights = ids;
    update();
}

void SceneCanvas::setSelected(const QString& id) {
    m_selected = id;
    update();
}

RenderState SceneCanvas::renderState() const {
    RenderState state;
    state.session = m_controller.session();
    state.theme = m_theme;
    state.highlights = m_highlights;
    state.selected = m_selected;
    return state;
}

QTransform SceneCanvas::logicalToWidget() const {
    if (!m_renderer) return {};
    const QSizeF logical = m_renderer->logicalSize();
    const double scale = std::min(width() / logical.width(), height() / logical.height());
    QTransform transform;
    transform.translate((width() - logical.width() * scale) / 2, (height() - logical.height() * scale) / 2);
    transform.scale(scale, scale);
    return transform;
}

void SceneCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    if (!m_renderer) {
        painter.fillRect(rect(), m_theme.background);
        return;
    }
    if (!m_controller.session()) {
        // A worker is running the engine: show the last frame and the progress.
        painter.drawPixmap(0, 0, m_lastFrame);
        painter.fillRect(rect(), QColor(0, 0, 0, 60));
        painter.setPen(Qt::white);
        painter.drawText(rect(), Qt::AlignCenter, tr("Running…"));
        return;
    }
    // Draw into a frame buffer first so the frame can stay on screen during runs.
    const qreal ratio = devicePixelRatioF();
    if (m_lastFrame.size() != size() * ratio) m_lastFrame = QPixmap(size() * ratio);
    m_lastFrame.setDevicePixelRatio(ratio);
    m_lastFrame.fill(m_theme.background);
    QPainter frame(&m_lastFrame);
    frame.setRenderHint(QPainter::Antialiasing);
    frame.setRenderHint(QPainter::TextAntialiasing);
    frame.setTransform(logicalToWidget());
    RenderState state = renderState();
    state.progress = m_animation.state() == QAbstractAnimation::Running ? m_animation.currentValue().toDouble() : 1.0;
    m_renderer->paint(frame, state);
    frame.end();
    painter.drawPixmap(0, 0, m_lastFrame);
}

void SceneCanvas::mousePressEvent(QMouseEvent* event) {
    if (!m_renderer) return;
    const QPointF logical = logicalToWidget().inverted().map(event->position());
    QString hit;
    for (const auto& region : m_renderer->hitRegions())
        if (region.rect.contains(logical)) hit = region.objectId;  // topmost wins
    m_selected = hit;
    update();
    emit objectSelected(hit);
}

}  // namespace commviz::views
