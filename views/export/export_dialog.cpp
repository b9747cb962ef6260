#include "export/export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "export/export_dialog_frame.h"
#include "export/figure_preview.h"

namespace commviz::views {

namespace {

const QSize kPreviewSize(560, 360);

QString settingsKey(const char* name) { return QStringLiteral("export/") + QLatin1String(name); }

}  // namespace

ExportDialog::ExportDialog(SceneRenderer& renderer, RenderState current, std::optional<RenderState> lessonStep,
                           StepCaption caption, QString lessonCaption, QWidget* parent)
    : QDialog(parent),
      m_renderer(renderer),
      m_current(std::move(current)),
      m_lessonStep(std::move(lessonStep)),
      m_lessonCaption(std::move(lessonCaption)) {
    // Each moment carries its own caption: the step's narration (and its
    // summary, for a caption area too small) or the lesson step's.
    m_current.caption = caption.full;
    m_current.captionSummary = caption.summary;
    if (m_lessonStep) m_lessonStep->caption = m_lessonCaption;
    setWindowTitle(tr("Export Figure"));
    buildControls();
    restoreSettings();
    formatChanged();
}

void ExportDialog::buildControls() {
    m_preview = new FigurePreview(kPreviewSize, this);

    m_format = new QComboBox(this);
    m_format->addItem(tr("PNG image"), int(FigureOptions::Format::Png));
    m_format->addItem(tr("SVG vector drawing"), int(FigureOptions::Format::Svg));
    m_format->addItem(tr("PDF document"), int(FigureOptions::Format::Pdf));

    m_scale = new QComboBox(this);
    for (int s = 1; s <= 3; ++s) m_scale->addItem(tr("%1×").arg(s), s);

    m_what = new QComboBox(this);
    m_what->addItem(tr("Current step"));
    m_what->addItem(tr("Current lesson step"));
    if (!m_lessonStep) m_what->setItemData(1, 0, Qt::UserRole - 1);  // disabled: no lesson open
    m_what->setEnabled(m_lessonStep.has_value());

    m_uiTheme = new QCheckBox(tr("Use the UI theme instead of the light publication theme"), this);
    m_caption = new QCheckBox(tr("Add the step's narration as a caption"), this);
    if (m_renderer.drawsCaption()) {
        // The scene's own narration strip already shows it; a band would repeat it.
        m_caption->setEnabled(false);
        m_caption->setToolTip(tr("This scene shows the narration inside the figure."));
    }

    const ExportFileRow file = makeExportFileRow(this);
    m_path = file.path;

    auto* form = new QFormLayout;
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Scale:"), m_scale);
    form->addRow(tr("Export:"), m_what);
    form->addRow(QString(), m_uiTheme);
    form->addRow(QString(), m_caption);
    form->addRow(tr("File:"), file.layout);

    finishExportDialog(*this, m_preview, form, [this] { return exportNow(); });

    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(m_scale, &QComboBox::currentIndexChanged, this, &ExportDialog::updatePreview);
    connect(m_what, &QComboBox::currentIndexChanged, this, &ExportDialog::updatePreview);
    connect(m_uiTheme, &QCheckBox::toggled, this, &ExportDialog::updatePreview);
    connect(m_caption, &QCheckBox::toggled, this, &ExportDialog::updatePreview);
    connect(file.browse, &QPushButton::clicked, this, &ExportDialog::browse);
}

void ExportDialog::restoreSettings() {
    const QSettings settings;
    const int format = m_format->findData(settings.value(settingsKey("format"), int(FigureOptions::Format::Png)));
    m_format->setCurrentIndex(format < 0 ? 0 : format);
    const int scale = m_scale->findData(settings.value(settingsKey("scale"), 2));
    m_scale->setCurrentIndex(scale < 0 ? 1 : scale);
    m_caption->setChecked(settings.value(settingsKey("caption"), false).toBool());
    if (m_lessonStep) m_what->setCurrentIndex(1);
    const QString directory =
        settings.value(settingsKey("lastDirectory"), QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
            .toString();
    m_path->setText(QDir(directory).filePath(QStringLiteral("figure.") + figureFormatSuffix(figureOptions().format)));
}

void ExportDialog::saveSettings() const {
    QSettings settings;
    settings.setValue(settingsKey("format"), m_format->currentData());
    settings.setValue(settingsKey("scale"), m_scale->currentData());
    settings.setValue(settingsKey("caption"), m_caption->isChecked());
    settings.setValue(settingsKey("lastDirectory"), QFileInfo(path()).absolutePath());
}

bool ExportDialog::lessonChosen() const { return m_lessonStep && m_what->currentIndex() == 1; }

const RenderState& ExportDialog::chosenState() const { return lessonChosen() ? *m_lessonStep : m_current; }

FigureOptions ExportDialog::figureOptions() const {
    FigureOptions options;
    options.format = FigureOptions::Format(m_format->currentData().toInt());
    options.scale = options.format == FigureOptions::Format::Png ? m_scale->currentData().toDouble() : 1.0;
    options.theme = m_uiTheme->isChecked() ? chosenState().theme : Theme::light();
    options.caption = m_caption->isChecked();
    return options;
}

QString ExportDialog::path() const { return m_path->text().trimmed(); }

void ExportDialog::setPath(const QString& path) { m_path->setText(path); }

void ExportDialog::formatChanged() {
    const FigureOptions options = figureOptions();
    m_scale->setEnabled(options.format == FigureOptions::Format::Png);
    // Keep the file name's suffix in step with the format.
    if (!path().isEmpty()) {
        const QFileInfo info(path());
        m_path->setText(info.dir().filePath(info.completeBaseName() + '.' + figureFormatSuffix(options.format)));
    }
    updatePreview();
}

void ExportDialog::updatePreview() {
    FigureOptions options = figureOptions();
    options.scale = devicePixelRatioF();
    const QImage image = renderFigure(m_renderer, chosenState(), options);
    m_preview->showFigure(image);
    if (image.isNull()) return;
    const QSizeF logical = figureLogicalSize(m_renderer, chosenState(), figureOptions());
    const double scale = figureOptions().scale;
    m_preview->setToolTip(
        options.format == FigureOptions::Format::Png
            ? tr("%1 × %2 pixels").arg(qRound(logical.width() * scale)).arg(qRound(logical.height() * scale))
            : tr("Vector drawing, %1 × %2 units").arg(qRound(logical.width())).arg(qRound(logical.height())));
}

void ExportDialog::browse() {
    const FigureOptions::Format format = figureOptions().format;
    const QString filter = format == FigureOptions::Format::Png   ? tr("PNG images (*.png)")
                           : format == FigureOptions::Format::Svg ? tr("SVG drawings (*.svg)")
                                                                  : tr("PDF documents (*.pdf)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Figure"), path(), filter);
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

bool ExportDialog::exportNow() {
    if (path().isEmpty()) {
        QMessageBox::warning(this, tr("Export Figure"), tr("Choose a file to export to."));
        return false;
    }
    const auto status = exportFigure(m_renderer, chosenState(), figureOptions(), path());
    if (!status) {
        QMessageBox::warning(
            this, tr("Export Figure"),
            tr("The figure was not exported:\n%1").arg(QString::fromStdString(status.error().message)));
        return false;
    }
    saveSettings();
    return true;
}

}  // namespace commviz::views
