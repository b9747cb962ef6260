#pragma once

#include <QDockWidget>
#include <QMap>

#include "sim/json.h"
#include "sim/param_spec.h"

class QFormLayout;
class QLabel;
class QUndoStack;

namespace commviz::views {

class SimulationController;
struct SceneDescriptor;

/// One editor per settable key of the scene. An edit re-runs the engine and
/// goes on the undo stack (Ctrl+Z / Ctrl+Shift+Z).
class ParametersDock : public QDockWidget {
    Q_OBJECT

public:
    ParametersDock(SimulationController& controller, QUndoStack& undo, QWidget* parent = nullptr);
    /// Applies one key as if typed; returns false (and says why) when refused.
    bool edit(const QString& key, const sim::Json& value);
    QWidget* editorFor(const QString& key) const { return m_editors.value(key); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void syncEditors();
    QWidget* makeEditor(const sim::ParamSpec& spec);

    SimulationController& m_controller;
    QUndoStack& m_undo;
    QWidget* m_body = nullptr;
    QFormLayout* m_form = nullptr;
    QLabel* m_error = nullptr;
    QMap<QString, QWidget*> m_editors;
    const SceneDescriptor* m_builtFor = nullptr;  // the scene the editors were made for
};

}  // namespace commviz::views
