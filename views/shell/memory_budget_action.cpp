#include "shell/memory_budget_action.h"

#include <QEvent>
#include <QInputDialog>
#include <QSettings>
#include <QWidget>
#include <algorithm>

#include "shell/simulation_controller.h"
#include "sim/memory_budget.h"

namespace commviz::views {

namespace {
const QString kSettingKey = QStringLiteral("sim/memoryMib");
}  // namespace

MemoryBudgetAction::MemoryBudgetAction(SimulationController& controller, QWidget* window)
    : QAction(window), m_controller(controller), m_window(window) {
    setObjectName(QStringLiteral("memoryBudgetAction"));
    connect(this, &QAction::triggered, this, &MemoryBudgetAction::choose);
    window->installEventFilter(this);
    m_controller.setMemoryBudget(savedMib() << 20);
    retranslate();
}

std::size_t MemoryBudgetAction::savedMib() {
    const qulonglong saved =
        QSettings().value(kSettingKey, qulonglong(sim::kDefaultMemoryBudgetBytes >> 20)).toULongLong();
    return std::clamp<std::size_t>(std::size_t(saved), sim::kMinMemoryMib, sim::kMaxMemoryMib);
}

void MemoryBudgetAction::applyForThisRun(std::size_t mib) { m_controller.setMemoryBudget(mib << 20); }

bool MemoryBudgetAction::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::LanguageChange) retranslate();
    return QAction::eventFilter(watched, event);
}

void MemoryBudgetAction::retranslate() {
    setText(tr("&Memory Budget…"));
    setToolTip(tr("How much memory the timeline may keep for stepping back and scrubbing"));
}

void MemoryBudgetAction::choose() {
    bool ok = false;
    const int current = int(m_controller.memoryBudget() >> 20);
    const int mib = QInputDialog::getInt(m_window, tr("Memory Budget"),
                                         tr("Memory for keyframes and events, in MiB (%1 to %2).\n"
                                            "Long runs keep fewer keyframes to fit and replay what they dropped;\n"
                                            "a smaller budget makes seeking slower, never wrong.")
                                             .arg(sim::kMinMemoryMib)
                                             .arg(sim::kMaxMemoryMib),
                                         current, int(sim::kMinMemoryMib), int(sim::kMaxMemoryMib), 64, &ok);
    if (!ok) return;
    QSettings().setValue(kSettingKey, mib);
    m_controller.setMemoryBudget(std::size_t(mib) << 20);
}

}  // namespace commviz::views
