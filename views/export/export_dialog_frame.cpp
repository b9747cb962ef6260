#include "export/export_dialog_frame.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace commviz::views {

ExportFileRow makeExportFileRow(QWidget* parent) {
    ExportFileRow row;
    row.path = new QLineEdit(parent);
    row.browse = new QPushButton(QCoreApplication::translate("ExportDialog", "Browse…"), parent);
    row.layout = new QHBoxLayout;
    row.layout->addWidget(row.path, 1);
    row.layout->addWidget(row.browse);
    return row;
}

void finishExportDialog(QDialog& dialog, QWidget* preview, QFormLayout* form, std::function<bool()> exportNow) {
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Save)->setText(QCoreApplication::translate("ExportDialog", "Export"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(preview, 1);
    layout->addLayout(form);
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&dialog, exportNow = std::move(exportNow)] {
        if (exportNow()) dialog.accept();
    });
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
}

}  // namespace commviz::views
