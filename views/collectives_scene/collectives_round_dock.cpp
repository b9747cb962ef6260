#include "collectives_scene/collectives_round_dock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "collectives_scene/collectives_engine.h"
#include "shell/dock_body.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

CollectivesRoundDock::CollectivesRoundDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent), m_controller(controller), m_model(this) {
    setObjectName(QStringLiteral("CollectivesRoundDock"));
    m_table = new QTableView(this);
    m_table->setModel(&m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_status = setTableDockBody(*this, m_table);
    retranslate();
    connect(m_table, &QTableView::clicked, this, &CollectivesRoundDock::rowClicked);
    connect(&m_controller, &SimulationController::sessionChanged, this, &CollectivesRoundDock::recompute);
    connect(&m_controller, &SimulationController::cursorChanged, this, &CollectivesRoundDock::followCursor);
    connect(&m_watcher, &QFutureWatcher<std::vector<CollectivesRoundRow>>::finished, this,
            &CollectivesRoundDock::finished);
    recompute();
}

CollectivesRoundDock::~CollectivesRoundDock() { stop(); }

void CollectivesRoundDock::retranslate() {
    setWindowTitle(tr("Rounds"));
    if (m_model.rowCount() == 0 && !computing()) m_status->setText(tr("No collectives session."));
}

void CollectivesRoundDock::stop() {
    if (m_cancel) *m_cancel = true;
    m_watcher.waitForFinished();
}

void CollectivesRoundDock::recompute() {
    const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(m_controller.session());
    if (!access) {
        if (!m_controller.session()) return;  // a worker owns the session: keep the table
        stop();
        m_model.setRows({}, 0);
        m_status->setText(tr("No collectives session."));
        return;
    }
    stop();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_totalRounds = access->engine().schedule().rounds;
    m_status->setText(tr("Computing %1 rounds…").arg(m_totalRounds));
    m_computing = true;
    m_watcher.setFuture(QtConcurrent::run([config = access->engine().config(), cancel = m_cancel] {
        return collectivesRounds(config, kMessageBudget, [cancel] { return bool(*cancel); });
    }));
}

void CollectivesRoundDock::finished() {
    if (m_watcher.isCanceled() || (m_cancel && *m_cancel)) return;
    m_computing = false;
    std::vector<CollectivesRoundRow> rows = m_watcher.result();
    const int shown = int(rows.size());
    m_model.setRows(std::move(rows), m_totalRounds);
    m_status->setText(shown < m_totalRounds ? tr("The first %1 of %2 rounds (a table stops after %3 messages).")
                                                  .arg(shown)
                                                  .arg(m_totalRounds)
                                                  .arg(QLocale().toString(qlonglong(kMessageBudget)))
                                            : tr("%1 rounds. Click a row to see that round.").arg(m_totalRounds));
    followCursor();
}

void CollectivesRoundDock::followCursor() {
    const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(m_controller.session());
    if (!access) return;
    const int row = access->engine().roundsDone() - 1;
    m_following = true;
    if (row >= 0 && row < m_model.rowCount()) {
        m_table->selectRow(row);
        m_table->scrollTo(m_model.index(row, 0));
    } else {
        m_table->clearSelection();
    }
    m_following = false;
}

void CollectivesRoundDock::rowClicked(const QModelIndex& index) {
    // Step n shows round n's messages arriving: the row's round is step row + 1.
    if (index.isValid() && !m_following) m_controller.seek(std::size_t(index.row()) + 1);
}

}  // namespace commviz::views
