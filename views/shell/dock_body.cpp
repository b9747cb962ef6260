#include "shell/dock_body.h"

#include <QDockWidget>
#include <QLabel>
#include <QVBoxLayout>

namespace commviz::views {

void setDockBody(QDockWidget& dock, std::initializer_list<DockRow> rows, int margin) {
    auto* body = new QWidget(&dock);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(margin, margin, margin, margin);
    for (const DockRow& row : rows) layout->addWidget(row.widget, row.stretch);
    dock.setWidget(body);
}

QLabel* setTableDockBody(QDockWidget& dock, QWidget* table) {
    auto* status = new QLabel;
    status->setWordWrap(true);
    setDockBody(dock, {{table, 1}, {status}});
    return status;
}

}  // namespace commviz::views
