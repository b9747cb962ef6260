#pragma once

#include <functional>

class QDialog;
class QFormLayout;
class QHBoxLayout;
class QLineEdit;
class QPushButton;
class QWidget;

namespace commviz::views {

/// The file row both export dialogs end their form with: the path and a Browse… button.
struct ExportFileRow {
    QLineEdit* path = nullptr;
    QPushButton* browse = nullptr;
    QHBoxLayout* layout = nullptr;
};
ExportFileRow makeExportFileRow(QWidget* parent);

/// Lays an export dialog out (the preview above its form, Export and Cancel
/// below) and wires the buttons: Export calls `exportNow` and closes the
/// dialog only when it returns true, so a failed export keeps the choices.
void finishExportDialog(QDialog& dialog, QWidget* preview, QFormLayout* form, std::function<bool()> exportNow);

}  // namespace commviz::views
