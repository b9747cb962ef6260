#include "shell/parameters_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include "shell/key_help.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {

/// Undoable change of one key; the first redo is skipped because the edit has
/// already been applied (and validated) when the command is pushed.
class SetParamCommand : public QUndoCommand {
public:
    SetParamCommand(SimulationController& controller, const QString& key, sim::ParamValues before,
                    sim::ParamValues after)
        : QUndoCommand(QCoreApplication::translate("commviz::views::ParametersDock", "Set %1").arg(key)),
          m_controller(controller),
          m_before(std::move(before)),
          m_after(std::move(after)) {}
    void undo() override { (void)m_controller.setValues(m_before); }
    void redo() override {
        if (m_applied) (void)m_controller.setValues(m_after);
        m_applied = true;
    }

private:
    SimulationController& m_controller;
    sim::ParamValues m_before;
    sim::ParamValues m_after;
    bool m_applied = false;
};

}  // namespace

namespace {

/// "Default: 0.1", or "BookSim default: 8" when the key mirrors another program's.
QString defaultText(const sim::ParamSpec& spec) {
    QString value = QString::fromStdString(spec.defaultValue.dump()).remove(QLatin1Char('"'));
    if (spec.defaultValue.is_boolean() && !spec.defaultOrigin.empty())
        value = spec.defaultValue.get<bool>() ? QStringLiteral("1") : QStringLiteral("0");  // as BookSim writes flags
    if (spec.defaultOrigin.empty()) return ParametersDock::tr("Default: %1").arg(value);
    return ParametersDock::tr("%1 default: %2").arg(QString::fromStdString(spec.defaultOrigin), value);
}

}  // namespace

ParametersDock::ParametersDock(SimulationController& controller, QUndoStack& undo, QWidget* parent)
    : QDockWidget(parent), m_controller(controller), m_undo(undo) {
    setObjectName(QStringLiteral("ParametersDock"));
    setWindowTitle(tr("Parameters"));
    connect(&controller, &SimulationController::sessionChanged, this, &ParametersDock::syncEditors);
    rebuild();
}

void ParametersDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        setWindowTitle(tr("Parameters"));
        rebuild();
    }
    QDockWidget::changeEvent(event);
}

bool ParametersDock::edit(const QString& key, const sim::Json& value) {
    sim::ParamValues before = m_controller.setup().values;
    sim::ParamValues after = before;
    after[key.toStdString()] = value;
    if (after == before) return true;
    if (auto status = m_controller.setValues(after); !status) {
        m_error->setText(QString::fromStdString(status.error().message));
        m_error->show();
        syncEditors();
        return false;
    }
    m_error->hide();
    m_undo.push(new SetParamCommand(m_controller, key, std::move(before), std::move(after)));
    return true;
}

void ParametersDock::rebuild() {
    m_editors.clear();
    m_builtFor = m_controller.scene();
    m_body = new QWidget;
    auto* outer = new QVBoxLayout(m_body);
    m_form = new QFormLayout;
    outer->addLayout(m_form);
    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d64545"));
    m_error->hide();
    outer->addWidget(m_error);
    outer->addStretch();
    if (const SceneDescriptor* scene = m_controller.scene()) {
        for (const auto& spec : scene->model.params) {
            QWidget* editor = makeEditor(spec);
            const QString help = keyHelp(spec);
            editor->setToolTip(QStringLiteral("%1\n%2\n%3")
                                   .arg(help, QString::fromStdString(sim::describeAllowed(spec)), defaultText(spec)));
            auto* label = new QLabel(QString::fromStdString(spec.key));
            label->setToolTip(editor->toolTip());
            m_form->addRow(label, editor);
            m_editors.insert(QString::fromStdString(spec.key), editor);
        }
        if (scene->model.params.empty()) m_form->addRow(new QLabel(tr("This scene has no settable keys.")));
    }
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_body);
    if (QWidget* old = widget()) old->deleteLater();  // setWidget only hides the old one
    setWidget(scroll);
    syncEditors();
}

QWidget* ParametersDock::makeEditor(const sim::ParamSpec& spec) {
    const QString key = QString::fromStdString(spec.key);
    switch (spec.type) {
        case sim::ParamType::Int: {
            auto* box = new QSpinBox;
            box->setRange(int(std::max(spec.min, double(INT32_MIN))), int(std::min(spec.max, double(INT32_MAX))));
            box->setKeyboardTracking(false);
            connect(box, &QSpinBox::valueChanged, this, [this, key](int v) { edit(key, v); });
            return box;
        }
        case sim::ParamType::Double: {
            auto* box = new QDoubleSpinBox;
            box->setRange(spec.min, spec.max);
            box->setDecimals(3);
            box->setKeyboardTracking(false);
            connect(box, &QDoubleSpinBox::valueChanged, this, [this, key](double v) { edit(key, v); });
            return box;
        }
        case sim::ParamType::Bool: {
            auto* box = new QCheckBox;
            connect(box, &QCheckBox::toggled, this, [this, key](bool v) { edit(key, v); });
            return box;
        }
        case sim::ParamType::Choice: {
            auto* box = new QComboBox;
            for (const auto& choice : spec.choices) box->addItem(QString::fromStdString(choice));
            if (spec.choiceArguments) {
                // hotspot({{0,63}}) is typed: take it on Enter or a pick, not per keystroke
                box->setEditable(true);
                box->setInsertPolicy(QComboBox::NoInsert);
                connect(box, &QComboBox::textActivated, this,
                        [this, key](const QString& v) { edit(key, v.toStdString()); });
                return box;
            }
            connect(box, &QComboBox::currentTextChanged, this,
                    [this, key](const QString& v) { edit(key, v.toStdString()); });
            return box;
        }
        case sim::ParamType::Text:
            break;
    }
    auto* line = new QLineEdit;
    connect(line, &QLineEdit::editingFinished, this, [this, key, line] { edit(key, line->text().toStdString()); });
    return line;
}

void ParametersDock::syncEditors() {
    if (!m_controller.scene()) return;
    if (m_builtFor != m_controller.scene()) {
        rebuild();
        return;
    }
    const SceneSetup& setup = m_controller.setup();
    // What the run uses: keys set here > the scenario's values > defaults (the one merge rule).
    const auto merged = sim::resolveKeys(setup.scene->model, setup.values, setup.scenario);
    const sim::ParamValues shown = merged ? merged.value().values
                                          : sim::effectiveValues(setup.scene->model.params, setup.values,
                                                                 setup.scenario ? &*setup.scenario : nullptr);
    for (const auto& [key, value] : shown) {
        QWidget* editor = m_editors.value(QString::fromStdString(key));
        if (!editor) continue;
        const QSignalBlocker blocker(editor);
        if (auto* box = qobject_cast<QSpinBox*>(editor))
            box->setValue(value.get<int>());
        else if (auto* dbox = qobject_cast<QDoubleSpinBox*>(editor))
            dbox->setValue(value.get<double>());
        else if (auto* check = qobject_cast<QCheckBox*>(editor))
            check->setChecked(value.get<bool>());
        else if (auto* combo = qobject_cast<QComboBox*>(editor))
            combo->setCurrentText(QString::fromStdString(value.get<std::string>()));
        else if (auto* line = qobject_cast<QLineEdit*>(editor))
            line->setText(QString::fromStdString(value.get<std::string>()));
    }
}

}  // namespace commviz::views
