#include "shell/inspector_dock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "shell/dock_body.h"
#include "shell/json_text.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

namespace {

void addJson(QTreeWidgetItem* parent, const QString& key, const sim::Json& value) {
    auto* item = new QTreeWidgetItem(parent, {key, value.is_structured() ? QString() : jsonText(value)});
    if (value.is_object()) {
        for (const auto& [childKey, child] : value.items()) addJson(item, QString::fromStdString(childKey), child);
    } else if (value.is_array()) {
        int i = 0;
        for (const auto& child : value) addJson(item, QStringLiteral("[%1]").arg(i++), child);
    }
    item->setExpanded(true);
}

}  // namespace

InspectorDock::InspectorDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(parent), m_controller(controller), m_title(new QLabel), m_tree(new QTreeWidget) {
    setObjectName(QStringLiteral("InspectorDock"));
    m_tree->setColumnCount(2);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_title->setWordWrap(true);
    setDockBody(*this, {{m_title}, {m_tree}});
    connect(&controller, &SimulationController::cursorChanged, this, &InspectorDock::refresh);
    connect(&controller, &SimulationController::sessionChanged, this, [this] { setObject({}); });
    setWindowTitle(tr("Inspector"));
    refresh();
}

void InspectorDock::setObject(const QString& id) {
    m_object = id;
    refresh();
}

void InspectorDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        setWindowTitle(tr("Inspector"));
        refresh();
    }
    QDockWidget::changeEvent(event);
}

void InspectorDock::refresh() {
    m_tree->clear();
    m_tree->setHeaderLabels({tr("Field"), tr("Value")});
    const sim::Session* session = m_controller.session();
    if (m_object.isEmpty() || !session) {
        m_title->setText(tr("Click an object in the scene to inspect it."));
        return;
    }
    const sim::Json fields = session->inspect(m_object.toStdString());
    if (fields.is_null()) {
        m_title->setText(tr("<b>%1</b> does not exist at this step.").arg(m_object.toHtmlEscaped()));
        return;
    }
    m_title->setText(QStringLiteral("<b>%1</b>").arg(m_object.toHtmlEscaped()));
    auto* root = m_tree->invisibleRootItem();
    if (fields.is_object()) {
        for (const auto& [key, value] : fields.items()) addJson(root, QString::fromStdString(key), value);
    } else {
        addJson(root, m_object, fields);
    }
}

}  // namespace commviz::views
