#pragma once

#include <QWidget>
#include <vector>

namespace commviz::views {

class SimulationController;

/// A scrubber over the recorded steps with a tick wherever an event of note
/// happens; click or drag to seek.
class TimelineScrubber : public QWidget {
    Q_OBJECT

public:
    explicit TimelineScrubber(SimulationController& controller, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {400, 26}; }
    QSize minimumSizeHint() const override { return {120, 26}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void refreshTicks();
    std::size_t stepAt(double x) const;
    double xOf(std::size_t step) const;

    SimulationController& m_controller;
    std::vector<std::size_t> m_ticks;  // steps with an event worth a mark
    std::size_t m_tickedUpTo = 0;
};

}  // namespace commviz::views
