#include "shell/scene_canvas.h"

#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {
constexpr int kStepAnimationMs = 600;
// A press that moves less than this is a click (pick an object), not a drag.
constexpr double kDragThreshold = 4;
// One wheel notch (120 units) zooms by about 20 %, as in most viewers.
constexpr double kWheelZoomPerUnit = 1.0015;
}  // namespace

SceneCanvas::SceneCanvas(SimulationController& controller, QWidget* parent)
    : QWidget(parent),
      m_controller(controller),
      m_hbar(new QScrollBar(Qt::Horizontal, this)),
      m_vbar(new QScrollBar(Qt::Vertical, this)) {
    setMinimumSize(480, 320);
    setFocusPolicy(Qt::ClickFocus);
    for (QScrollBar* bar : {m_hbar, m_vbar}) {
        bar->hide();
        bar->setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the transport shortcuts
        connect(bar, &QScrollBar::valueChanged, this, [this] { update(); });
    }
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
    m_options.clear();  // options belong to a scene; the new one's actions start unchecked
    zoomToFit();
}

void SceneCanvas::setTheme(const Theme& theme) {
    m_theme = theme;
    update();
}

void SceneCanvas::setHighlights(const QStringList& ids) {
    m_highlights = ids;
    update();
}

void SceneCanvas::setOption(const QString& id, bool on) {
    m_options.removeAll(id);
    if (on) m_options << id;
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
    state.options = m_options;
    // No caption: a frame is painted up to 60 times a second and a macro-step
    // may hold thousands of events, so renderers narrate the step themselves
    // (briefly) on screen; export puts the full caption in the state it draws.
    return state;
}

double SceneCanvas::fitScale() const {
    if (!m_renderer) return 1.0;
    const QSizeF logical = m_renderer->logicalSize();
    if (logical.isEmpty()) return 1.0;
    return std::min(width() / logical.width(), height() / logical.height());
}

double SceneCanvas::scale() const { return fitScale() * m_zoom; }

QSizeF SceneCanvas::contentSize() const { return m_renderer ? m_renderer->logicalSize() * scale() : QSizeF(); }

QSize SceneCanvas::viewportSize() const {
    return {width() - (m_vbar->isVisible() ? m_vbar->width() : 0),
            height() - (m_hbar->isVisible() ? m_hbar->height() : 0)};
}

void SceneCanvas::updateScrollBars() {
    const QSizeF content = contentSize();
    // At fit the scene fits by definition; beyond it a bar appears per axis that overflows.
    const bool h = content.width() > width() + 0.5;
    const bool v = content.height() > height() + 0.5;
    const int hbarHeight = m_hbar->sizeHint().height(), vbarWidth = m_vbar->sizeHint().width();
    m_hbar->setVisible(h);
    m_vbar->setVisible(v);
    m_hbar->setGeometry(0, height() - hbarHeight, width() - (v ? vbarWidth : 0), hbarHeight);
    m_vbar->setGeometry(width() - vbarWidth, 0, vbarWidth, height() - (h ? hbarHeight : 0));
    const QSize view = viewportSize();
    m_hbar->setRange(0, std::max(0, int(std::ceil(content.width() - view.width()))));
    m_vbar->setRange(0, std::max(0, int(std::ceil(content.height() - view.height()))));
    m_hbar->setPageStep(view.width());
    m_vbar->setPageStep(view.height());
    m_hbar->setSingleStep(24);
    m_vbar->setSingleStep(24);
}

QTransform SceneCanvas::logicalToWidget() const {
    if (!m_renderer) return {};
    const QSizeF content = contentSize();
    const QSize view = viewportSize();
    // A scene smaller than the view is centred; a larger one follows the bars.
    const double x = content.width() <= view.width() ? (view.width() - content.width()) / 2 : -m_hbar->value();
    const double y = content.height() <= view.height() ? (view.height() - content.height()) / 2 : -m_vbar->value();
    QTransform transform;
    transform.translate(x, y);
    transform.scale(scale(), scale());
    return transform;
}

void SceneCanvas::zoomBy(double factor, QPointF anchor) {
    if (!m_renderer || factor <= 0) return;
    const double zoom = std::clamp(m_zoom * factor, kMinZoom, kMaxZoom);
    if (zoom == m_zoom) return;
    if (anchor.isNull()) anchor = QPointF(viewportSize().width() / 2.0, viewportSize().height() / 2.0);
    const QPointF logical = logicalToWidget().inverted().map(anchor);
    m_zoom = zoom;
    updateScrollBars();
    // Keep the scene point under the anchor where it was.
    m_hbar->setValue(int(std::lround(logical.x() * scale() - anchor.x())));
    m_vbar->setValue(int(std::lround(logical.y() * scale() - anchor.y())));
    update();
    emit zoomChanged(m_zoom);
}

void SceneCanvas::zoomToFit() {
    const bool changed = m_zoom != 1.0;
    m_zoom = 1.0;
    updateScrollBars();
    update();
    if (changed) emit zoomChanged(m_zoom);
}

void SceneCanvas::panBy(QPointF delta) {
    m_hbar->setValue(m_hbar->value() - int(std::lround(delta.x())));
    m_vbar->setValue(m_vbar->value() - int(std::lround(delta.y())));
}

void SceneCanvas::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateScrollBars();
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
    frame.setClipRect(QRect(QPoint(0, 0), viewportSize()));
    frame.setTransform(logicalToWidget());
    RenderState state = renderState();
    state.progress = m_animation.state() == QAbstractAnimation::Running ? m_animation.currentValue().toDouble() : 1.0;
    m_renderer->paint(frame, state);
    frame.end();
    painter.drawPixmap(0, 0, m_lastFrame);
}

void SceneCanvas::mousePressEvent(QMouseEvent* event) {
    if (!m_renderer || event->button() != Qt::LeftButton) return;
    m_dragFrom = event->position();
    m_dragging = false;
    const QPointF logical = logicalToWidget().inverted().map(event->position());
    const QString hit = m_renderer->objectAt(logical);
    m_selected = hit;
    update();
    emit objectSelected(hit);
}

void SceneCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton)) return;
    const QPointF delta = event->position() - m_dragFrom;
    if (!m_dragging && std::hypot(delta.x(), delta.y()) < kDragThreshold) return;
    if (!m_dragging) setCursor(Qt::ClosedHandCursor);
    m_dragging = true;
    panBy(delta);
    m_dragFrom = event->position();
}

void SceneCanvas::mouseReleaseEvent(QMouseEvent*) {
    if (m_dragging) unsetCursor();
    m_dragging = false;
}

void SceneCanvas::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        zoomBy(std::pow(kWheelZoomPerUnit, event->angleDelta().y()), event->position());
        event->accept();
        return;
    }
    if (!m_hbar->isVisible() && !m_vbar->isVisible()) {
        event->ignore();
        return;
    }
    // Shift turns the wheel sideways, as in most viewers.
    const QPoint d = event->modifiers() & Qt::ShiftModifier ? QPoint(event->angleDelta().y(), 0) : event->angleDelta();
    panBy(QPointF(d) / 2);
    event->accept();
}

}  // namespace commviz::views
