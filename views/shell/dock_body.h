#pragma once

#include <initializer_list>

class QDockWidget;
class QLabel;
class QWidget;

namespace commviz::views {

/// One widget of a dock's body, with its share of the spare height.
struct DockRow {
    QWidget* widget = nullptr;
    int stretch = 0;
};

/// Gives `dock` a body of `rows` stacked top to bottom, `margin` pixels in.
void setDockBody(QDockWidget& dock, std::initializer_list<DockRow> rows, int margin = 4);

/// The body the table docks share: `table` filling the dock above a
/// word-wrapped status line. Returns the status line.
QLabel* setTableDockBody(QDockWidget& dock, QWidget* table);

}  // namespace commviz::views
