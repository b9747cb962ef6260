#pragma once

#include <cstddef>

#include "shell/retranslating_dock.h"

class QPlainTextEdit;

namespace commviz::views {

class SimulationController;

/// NCCL_DEBUG=INFO as the ranks print it: every line up to the current step,
/// the lines of this step highlighted (objectName "NcclLogDock").
class NcclLogDock : public RetranslatingDock {
    Q_OBJECT

public:
    NcclLogDock(SimulationController& controller, QWidget* parent = nullptr);
    /// The editor holding the lines, for tests.
    QPlainTextEdit* view() const { return m_view; }
    /// Lines shown and how many of them belong to the current step.
    int lineCount() const { return m_lines; }
    int highlightedCount() const { return m_highlighted; }

private:
    void refresh();
    void retranslate() override;

    SimulationController& m_controller;
    QPlainTextEdit* m_view = nullptr;
    int m_lines = 0;
    int m_highlighted = 0;
};

/// For the scene descriptor's createDocks: a new NcclLogDock owned by `parent`.
QDockWidget* createNcclLogDock(SimulationController& controller, QWidget* parent);

}  // namespace commviz::views
