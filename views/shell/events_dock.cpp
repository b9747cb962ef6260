#include "shell/events_dock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "shell/dock_body.h"
#include "shell/event_list_model.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

EventsDock::EventsDock(SimulationController& controller, QWidget* parent)
    : RetranslatingDock(parent),
      m_controller(controller),
      m_model(new EventListModel(controller, this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit),
      m_table(new QTableView) {
    setObjectName(QStringLiteral("EventsDock"));
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &EventsDock::applyFilter);

    setTableModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const std::size_t step = index.data(EventListModel::StepRole).toULongLong();
        m_controller.seek(step);
        const QModelIndex source = m_table->model() == m_proxy ? m_proxy->mapToSource(index) : index;
        const int first = m_model->rowOfStep(step);
        if (first >= 0) emit eventSelected(step, source.row() - first);
    });
    connect(&controller, &SimulationController::cursorChanged, this, &EventsDock::followCursor);

    setDockBody(*this, {{m_filter}, {m_table}}, 2);
    retranslate();
}

void EventsDock::retranslate() {
    m_model->retranslate();
    setWindowTitle(tr("Events"));
    m_filter->setPlaceholderText(tr("Filter events (kind, source, object, field)…"));
}

// Unfiltered, the table reads the virtual model straight (millions of rows,
// described as they scroll into view). A filter has to look at every row, so
// the proxy is put in between only while there is one.
void EventsDock::applyFilter(const QString& text) {
    if (text.isEmpty()) {
        setTableModel(m_model);
        m_proxy->setSourceModel(nullptr);
    } else {
        if (!m_proxy->sourceModel()) m_proxy->setSourceModel(m_model);
        m_proxy->setFilterFixedString(text);
        if (m_table->model() != m_proxy) setTableModel(m_proxy);
    }
    followCursor();
}

// A new model gives the header new sections: size them again, the sentence
// column wide enough to read and the fields taking the rest.
void EventsDock::setTableModel(QAbstractItemModel* model) {
    if (m_table->model() == model) return;
    m_table->setModel(model);
    QHeaderView* header = m_table->horizontalHeader();
    header->resizeSection(EventListModel::Step, 56);
    header->resizeSection(EventListModel::Kind, 150);
    header->resizeSection(EventListModel::Summary, 420);
    header->resizeSection(EventListModel::Anchor, 200);
    header->resizeSection(EventListModel::Objects, 140);
}

void EventsDock::followCursor() {
    const int row = m_model->rowOfStep(m_controller.cursor());
    if (row < 0) {
        m_table->clearSelection();
        if (m_controller.cursor() == 0) m_table->scrollToTop();  // back at the start: every row is ahead
        return;
    }
    const QModelIndex source = m_model->index(row, 0);
    const QModelIndex index = m_table->model() == m_proxy ? m_proxy->mapFromSource(source) : source;
    if (!index.isValid()) return;
    m_table->selectRow(index.row());
    m_table->scrollTo(index);
}

}  // namespace commviz::views
