#pragma once

#include <QUndoStack>
#include <functional>
#include <optional>

#include "shell/retranslating_dock.h"
#include "sim/json.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace commviz::views {

class SimulationController;

/// Lists the scenario's verbs calls with what they returned, marks the call at
/// the cursor, and edits the script: add, edit (one call as JSON), remove, move
/// up/down. Every edit is an undoable command that re-runs the edited script
/// through the controller; an edit the engine rejects changes nothing.
class RdmaScriptDock : public RetranslatingDock {
    Q_OBJECT

public:
    RdmaScriptDock(SimulationController& controller, QWidget* parent = nullptr);

    QUndoStack& undoStack() { return m_stack; }
    /// The script entries of the loaded scenario.
    sim::Json script() const;
    /// Edits as the buttons do them; each returns an empty string on success or
    /// the engine's message (and then nothing changed).
    QString insertCall(int index, const sim::Json& call);
    QString replaceCall(int index, const sim::Json& call);
    QString removeCall(int index);
    QString moveCall(int from, int to);
    /// Applies a whole scenario (used by the undo commands).
    bool applyScenario(const sim::Json& scenario);
    QString lastError() const;

private:
    QString pushEdit(const sim::Json& scenario, const QString& text);
    void refresh();
    void retranslate() override;
    void updateButtons();
    int selectedRow() const;
    void editSelected();
    void addAfterSelected();
    /// Opens the JSON editor; returns false when cancelled.
    bool editJson(const QString& title, sim::Json& call, const std::function<QString(const sim::Json&)>& apply);
    void showError(const QString& message);

    SimulationController& m_controller;
    QUndoStack m_stack;
    QListWidget* m_list;
    QLabel* m_error;
    QPushButton *m_add, *m_edit, *m_remove, *m_up, *m_down, *m_undo, *m_redo, *m_rerun;
    bool m_applying = false;
    std::optional<sim::Json> m_historyOf;  ///< the scenario the undo history edits
};

}  // namespace commviz::views
