#pragma once

// The test-only counter engine dressed as a scene, so the shell can be tested
// without any product scene.

#include <QPainter>

#include "counter_engine.h"
#include "shell/scene_descriptor.h"
#include "sim/session_access.h"

namespace commviz::testing {

/// The counter's sentences: the event's kind and fields, e.g. "moved {"from":0,"to":1}".
inline QString counterSentence(const sim::EventRecord& record) {
    return QStringLiteral("%1 %2").arg(QString::fromStdString(record.kind),
                                       QString::fromStdString(record.fields.dump()));
}

inline const views::NarrationTable& counterNarration() {
    // "hop" is the burst scene's kind (big_scenes.h), which borrows this table.
    static const views::NarrationTable table{
        {"moved", &counterSentence}, {"wrapped", &counterSentence}, {"hop", &counterSentence}};
    return table;
}

/// Draws the counter as a bar from the centre: accent colour, 4 logical units per step of value.
class CounterRenderer : public views::SceneRenderer {
public:
    QSizeF logicalSize() const override { return {800, 400}; }
    bool paintScene(QPainter& painter, const views::RenderState& state) override {
        const auto* engine = sim::engineOf<CounterEngine>(state.session);
        const long value = engine ? engine->value() : 0;
        m_bar = QRectF(400, 150, std::max(4.0, 4.0 * double(std::labs(value))), 100);
        if (value < 0) m_bar.moveRight(400);
        painter.fillRect(m_bar, state.theme.accent);
        painter.setPen(state.theme.text);
        painter.drawText(QRectF(0, 300, 800, 60), Qt::AlignCenter, QStringLiteral("value %1").arg(value));
        return true;  // without a counter session it draws 0
    }
    std::vector<views::HitRegion> hitRegions() const override { return {{m_bar, QStringLiteral("counter")}}; }

private:
    QRectF m_bar;
};

inline views::SceneDescriptor counterScene() {
    views::SceneDescriptor scene;
    scene.model.id = "counter";
    scene.model.stepCap = 1'000'000;
    scene.model.params = {
        {"seed", sim::ParamType::Int, 1, 0, 1e9, {}, "Random seed"},
        {"limit", sim::ParamType::Int, 100, 1, 1e7, {}, "Steps before done"},
    };
    scene.model.build = [params = scene.model.params](
                            const sim::ParamValues& explicitValues,
                            const std::optional<sim::Json>& scenario) -> sim::Result<std::unique_ptr<sim::Session>> {
        const auto values = sim::effectiveValues(params, explicitValues, scenario ? &*scenario : nullptr);
        const long limit = values.at("limit").get<long>();
        return std::unique_ptr<sim::Session>(std::make_unique<sim::TimelineSession<CounterEngine>>(
            CounterEngine(values.at("seed").get<std::uint64_t>(), limit), 32));
    };
    scene.name = [] { return QStringLiteral("Counter"); };
    scene.description = [] { return QStringLiteral("A seeded random walk for tests"); };
    scene.about = [] { return QStringLiteral("Test-only."); };
    scene.createRenderer = [] { return std::make_unique<CounterRenderer>(); };
    scene.narration = &counterNarration();
    return scene;
}

}  // namespace commviz::testing
