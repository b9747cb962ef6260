#include "rdma/rdma_script_dock.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QUndoCommand>
#include <QVBoxLayout>

#include "rdma/rdma_snapshot.h"
#include "rdma/verbs_names.h"
#include "shell/narration_table.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {

/// One script edit: the scenario before and after, re-run on redo and undo.
class ScriptEditCommand : public QUndoCommand {
public:
    ScriptEditCommand(RdmaScriptDock& dock, sim::Json before, sim::Json after, const QString& text)
        : QUndoCommand(text), m_dock(dock), m_before(std::move(before)), m_after(std::move(after)) {}
    void redo() override { m_dock.applyScenario(m_after); }
    void undo() override { m_dock.applyScenario(m_before); }

private:
    RdmaScriptDock& m_dock;
    sim::Json m_before, m_after;
};

QString callLabel(const sim::Json& call) {
    auto str = [&](const char* key) {
        return call.contains(key) && call[key].is_string() ? QString::fromStdString(call[key].get<std::string>())
                                                           : QString();
    };
    const QString name = str("call");
    QString object;
    for (const char* key : {"qp", "cq", "mr"})
        if (!str(key).isEmpty()) {
            object = str(key);
            break;
        }
    if (name == QLatin1String("connect") && call.contains("qps") && call["qps"].is_array() && call["qps"].size() == 2)
        object = QString::fromStdString(call["qps"][0].get<std::string>()) + QStringLiteral(", ") +
                 QString::fromStdString(call["qps"][1].get<std::string>());
    QString text = (str("host").isEmpty() ? QString() : str("host") + QStringLiteral(": ")) + name + QLatin1Char('(') +
                   object + QLatin1Char(')');
    if (name == QLatin1String("ibv_post_send") || name == QLatin1String("ibv_post_recv")) {
        QStringList ops;
        if (call.contains("wr"))
            for (const auto& wr : call["wr"].is_array() ? call["wr"] : sim::Json::array({call["wr"]}))
                ops << (wr.contains("opcode")
                            ? QString::fromStdString(wr["opcode"].get<std::string>()).remove(QStringLiteral("IBV_WR_"))
                            : QStringLiteral("RECV"));
        if (!ops.isEmpty()) text += QStringLiteral(" [") + ops.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    return text;
}

}  // namespace

RdmaScriptDock::RdmaScriptDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent),
      m_controller(controller),
      m_list(new QListWidget),
      m_error(new QLabel),
      m_add(new QPushButton),
      m_edit(new QPushButton),
      m_remove(new QPushButton),
      m_up(new QPushButton),
      m_down(new QPushButton),
      m_undo(new QPushButton),
      m_redo(new QPushButton),
      m_rerun(new QPushButton) {
    setObjectName(QStringLiteral("RdmaScriptDock"));
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list, 1);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d64545;"));
    m_error->hide();
    layout->addWidget(m_error);
    // Three buttons a row keeps the dock narrow enough to leave the canvas room.
    auto* buttons = new QGridLayout;
    int cell = 0;
    for (auto* b : {m_add, m_edit, m_remove, m_up, m_down, m_rerun, m_undo, m_redo}) {
        buttons->addWidget(b, cell / 3, cell % 3);
        ++cell;
    }
    layout->addLayout(buttons);
    setWidget(body);

    // Ctrl+Z / Ctrl+Shift+Z while the dock has focus; the window keeps its own shortcuts.
    auto* undo = m_stack.createUndoAction(this);
    auto* redo = m_stack.createRedoAction(this);
    undo->setShortcut(QKeySequence::Undo);
    redo->setShortcut(QKeySequence::Redo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(undo);
    addAction(redo);

    connect(m_add, &QPushButton::clicked, this, &RdmaScriptDock::addAfterSelected);
    connect(m_edit, &QPushButton::clicked, this, &RdmaScriptDock::editSelected);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &RdmaScriptDock::editSelected);
    connect(m_remove, &QPushButton::clicked, this, [this] { showError(removeCall(selectedRow())); });
    connect(m_up, &QPushButton::clicked, this, [this] {
        const int row = selectedRow();
        showError(moveCall(row, row - 1));
    });
    connect(m_down, &QPushButton::clicked, this, [this] {
        const int row = selectedRow();
        showError(moveCall(row, row + 1));
    });
    connect(m_undo, &QPushButton::clicked, &m_stack, &QUndoStack::undo);
    connect(m_redo, &QPushButton::clicked, &m_stack, &QUndoStack::redo);
    connect(m_rerun, &QPushButton::clicked, this, [this] {
        if (m_controller.setup().scenario) applyScenario(*m_controller.setup().scenario);
    });
    connect(&m_stack, &QUndoStack::indexChanged, this, &RdmaScriptDock::updateButtons);
    connect(m_list, &QListWidget::currentRowChanged, this, &RdmaScriptDock::updateButtons);
    connect(&controller, &SimulationController::cursorChanged, this, &RdmaScriptDock::refresh);
    connect(&controller, &SimulationController::sessionChanged, this, [this] {
        // Another scenario (opened, or another scene) starts a new edit history;
        // a re-run with other key values (the Parameters dock) keeps it.
        const std::optional<sim::Json>& scenario = m_controller.setup().scenario;
        if (!m_applying && scenario != m_historyOf) m_stack.clear();
        m_historyOf = scenario;
        refresh();
    });
    m_historyOf = controller.setup().scenario;
    retranslate();
    refresh();
}

sim::Json RdmaScriptDock::script() const {
    const auto& scenario = m_controller.setup().scenario;
    if (!scenario || !scenario->contains("script") || !(*scenario)["script"].is_array()) return sim::Json::array();
    return (*scenario)["script"];
}

int RdmaScriptDock::selectedRow() const { return m_list->currentRow(); }

QString RdmaScriptDock::lastError() const { return m_error->isVisible() ? m_error->text() : QString(); }

void RdmaScriptDock::showError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

bool RdmaScriptDock::applyScenario(const sim::Json& scenario) {
    SceneSetup setup = m_controller.setup();
    setup.scenario = scenario;
    const std::size_t cursor = m_controller.cursor();
    m_applying = true;
    const auto status = m_controller.load(setup);
    if (status) m_controller.seek(cursor);  // stay at the same step of the re-run
    m_applying = false;
    refresh();
    return bool(status);
}

QString RdmaScriptDock::pushEdit(const sim::Json& scenario, const QString& text) {
    // Validate first: an edit the engine rejects is not put on the stack.
    SceneSetup setup = m_controller.setup();
    setup.scenario = scenario;
    auto built = buildSession(setup);
    if (!built) return QString::fromStdString(built.error().message);
    m_stack.push(new ScriptEditCommand(*this, *m_controller.setup().scenario, scenario, text));
    showError({});
    return {};
}

QString RdmaScriptDock::insertCall(int index, const sim::Json& call) {
    if (!m_controller.setup().scenario) return tr("No scenario is loaded.");
    sim::Json scenario = *m_controller.setup().scenario;
    auto& list = scenario["script"];
    if (!list.is_array()) list = sim::Json::array();
    index = std::clamp(index, 0, int(list.size()));
    list.insert(list.begin() + index, call);
    return pushEdit(scenario, tr("Add call %1").arg(index));
}

QString RdmaScriptDock::replaceCall(int index, const sim::Json& call) {
    if (!m_controller.setup().scenario) return tr("No scenario is loaded.");
    sim::Json scenario = *m_controller.setup().scenario;
    if (index < 0 || index >= int(scenario["script"].size())) return tr("Select a call first.");
    scenario["script"][std::size_t(index)] = call;
    return pushEdit(scenario, tr("Edit call %1").arg(index));
}

QString RdmaScriptDock::removeCall(int index) {
    if (!m_controller.setup().scenario) return tr("No scenario is loaded.");
    sim::Json scenario = *m_controller.setup().scenario;
    if (index < 0 || index >= int(scenario["script"].size())) return tr("Select a call first.");
    scenario["script"].erase(std::size_t(index));
    return pushEdit(scenario, tr("Remove call %1").arg(index));
}

QString RdmaScriptDock::moveCall(int from, int to) {
    if (!m_controller.setup().scenario) return tr("No scenario is loaded.");
    sim::Json scenario = *m_controller.setup().scenario;
    auto& list = scenario["script"];
    if (from < 0 || from >= int(list.size())) return tr("Select a call first.");
    if (to < 0 || to >= int(list.size())) return {};
    std::swap(list[std::size_t(from)], list[std::size_t(to)]);
    const QString error = pushEdit(scenario, tr("Move call %1").arg(from));
    if (error.isEmpty()) m_list->setCurrentRow(to);
    return error;
}

bool RdmaScriptDock::editJson(const QString& title, sim::Json& call,
                              const std::function<QString(const sim::Json&)>& apply) {
    QDialog dialog(this);
    dialog.setWindowTitle(title);
    auto* layout = new QVBoxLayout(&dialog);
    auto* editor = new QPlainTextEdit;
    editor->setPlainText(QString::fromStdString(call.dump(2)));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    editor->setFont(mono);
    auto* error = new QLabel;
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #d64545;"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    layout->addWidget(
        new QLabel(tr("One script entry as JSON, e.g. {\"host\": \"A\", \"call\": \"ibv_poll_cq\", \"cq\": \"cqA\"}")));
    layout->addWidget(editor, 1);
    layout->addWidget(error);
    layout->addWidget(buttons);
    dialog.resize(560, 420);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        const auto parsed = sim::Json::parse(editor->toPlainText().toStdString(), nullptr, false);
        if (parsed.is_discarded() || !parsed.is_object()) {
            error->setText(tr("Not a JSON object."));
            return;
        }
        const QString message = apply(parsed);
        if (!message.isEmpty()) {
            error->setText(message);
            return;
        }
        call = parsed;
        dialog.accept();
    });
    return dialog.exec() == QDialog::Accepted;
}

void RdmaScriptDock::editSelected() {
    const int row = selectedRow();
    const sim::Json list = script();
    if (row < 0 || row >= int(list.size())) return;
    sim::Json call = list[std::size_t(row)];
    editJson(tr("Edit call %1").arg(row), call, [&](const sim::Json& c) { return replaceCall(row, c); });
}

void RdmaScriptDock::addAfterSelected() {
    const sim::Json list = script();
    const int row = selectedRow();
    sim::Json call = row >= 0 && row < int(list.size()) ? list[std::size_t(row)] : sim::Json::object();
    if (call.empty()) call = {{"host", "A"}, {"call", "ibv_poll_cq"}, {"cq", "cq"}, {"num_entries", 1}};
    const int at = row < 0 ? int(list.size()) : row + 1;
    editJson(tr("Add call"), call, [&](const sim::Json& c) { return insertCall(at, c); });
}

void RdmaScriptDock::refresh() {
    const sim::Json list = script();
    const RdmaSnapshot snap = rdmaSnapshot(m_controller.session());
    const auto current = rdmaCurrentCall(m_controller.session());
    const int keep = m_list->currentRow();
    m_list->clear();
    for (std::size_t i = 0; i < list.size(); ++i) {
        QString ret;
        QColor color = palette().color(QPalette::Text);
        if (snap.calls && i < snap.calls->size()) {
            const auto& r = (*snap.calls)[i];
            if (r.finished) {
                if (r.retIsCount)
                    ret = QStringLiteral(" → %1").arg(r.ret);
                else
                    ret = QStringLiteral(" → ") +
                          (r.ret == 0 ? QStringLiteral("0") : QString::fromStdString(rdma::errnoName(r.ret)));
                if (r.badWr) ret += tr(", bad_wr %1").arg(*r.badWr);
                if (!r.retIsCount && r.ret != 0) color = QColor("#d64545");
            } else if (r.started) {
                ret = tr(" … running");
            }
        }
        const bool isCurrent = current && *current == i;
        auto* item = new QListWidgetItem(QStringLiteral("%1%2  %3%4")
                                             .arg(isCurrent ? QStringLiteral("▶ ") : QStringLiteral("   "))
                                             .arg(i)
                                             .arg(callLabel(list[i]), ret));
        QFont f = item->font();
        f.setBold(isCurrent);
        item->setFont(f);
        item->setForeground(color);
        if (snap.calls && i < snap.calls->size() && !(*snap.calls)[i].detail.empty())
            item->setToolTip(translatedText((*snap.calls)[i].detail));
        m_list->addItem(item);
    }
    if (keep >= 0 && keep < m_list->count()) m_list->setCurrentRow(keep);
    if (current && int(*current) < m_list->count()) m_list->scrollToItem(m_list->item(int(*current)));
    updateButtons();
}

void RdmaScriptDock::updateButtons() {
    const bool any = m_controller.setup().scenario.has_value();
    const int row = selectedRow();
    m_add->setEnabled(any);
    m_edit->setEnabled(row >= 0);
    m_remove->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < m_list->count());
    m_undo->setEnabled(m_stack.canUndo());
    m_redo->setEnabled(m_stack.canRedo());
    m_rerun->setEnabled(any);
}

void RdmaScriptDock::retranslate() {
    setWindowTitle(tr("Verbs script"));
    m_add->setText(tr("Add"));
    m_edit->setText(tr("Edit…"));
    m_remove->setText(tr("Remove"));
    m_up->setText(tr("Up"));
    m_down->setText(tr("Down"));
    m_undo->setText(tr("Undo"));
    m_redo->setText(tr("Redo"));
    m_rerun->setText(tr("Re-run"));
    m_list->setToolTip(tr("The scenario's verbs calls with their return values; ▶ marks the call at the cursor."));
}

}  // namespace commviz::views
