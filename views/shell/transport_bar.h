#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QSlider;
class QToolButton;

namespace commviz::views {

class SimulationController;
class TimelineScrubber;

/// Reset, step back, play/pause, step forward, run to end, speed, "step n / N"
/// and the timeline scrubber.
class TransportBar : public QWidget {
    Q_OBJECT

public:
    explicit TransportBar(SimulationController& controller, QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();

    SimulationController& m_controller;
    QToolButton* m_reset;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QToolButton* m_end;
    QSlider* m_speed;
    QLabel* m_speedLabel;
    QLabel* m_stepLabel;
    QProgressBar* m_progress;
    TimelineScrubber* m_scrubber;
};

}  // namespace commviz::views
