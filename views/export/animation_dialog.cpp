#include "export/animation_dialog.h"

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
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "export/export_dialog_frame.h"
#include "export/figure_preview.h"
#include "export/sequence_export.h"
#include "export/step_sequence.h"
#include "shell/step_caption.h"

namespace commviz::views {

namespace {

const QSize kPreviewSize(520, 320);

QString settingsKey(const char* name) { return QStringLiteral("exportAnimation/") + QLatin1String(name); }

bool isStillSeries(const QString& format) { return format == QLatin1String("png") || format == QLatin1String("svg"); }

// Typical bytes one step adds at 1200 × 800 pixels, from the figures in
// docs/export.md (an 8-rank NCCL run); scaled by the frame's area.
double bytesPerStep(const QString& format) {
    if (format == QLatin1String("gif")) return 45e3;
    if (format == QLatin1String("webp")) return 30e3;
    if (format == QLatin1String("mp4")) return 12e3;
    if (format == QLatin1String("webm")) return 10e3;
    if (format == QLatin1String("html")) return 60e3;
    if (format == QLatin1String("png")) return 110e3;
    return 70e3;  // svg
}

}  // namespace

std::size_t animationFrames(const AnimationChoice& choice) {
    const std::size_t steps = sequenceSteps(choice.from, choice.to, choice.every).size();
    if (isStillSeries(choice.format) || choice.format == QLatin1String("html")) return steps;
    return steps * framesPerStep(SequenceTiming{choice.fps, choice.holdMs, false});
}

std::size_t animationDurationMs(const AnimationChoice& choice) {
    if (isStillSeries(choice.format)) return 0;
    return sequenceSteps(choice.from, choice.to, choice.every).size() * std::size_t(choice.holdMs);
}

AnimationDialog::AnimationDialog(SceneSetup setup, RenderState current, std::size_t cursor, LanguageSwitch language,
                                 QWidget* parent)
    : QDialog(parent),
      m_setup(std::move(setup)),
      m_current(std::move(current)),
      m_cursor(cursor),
      m_language(std::move(language)) {
    m_lastStep = m_setup.scene ? m_setup.scene->model.stepCap : 0;
    setWindowTitle(tr("Export Animation"));
    buildControls();
    restoreSettings();
    formatChanged();
}

void AnimationDialog::buildControls() {
    m_preview = new FigurePreview(kPreviewSize, this);

    m_format = new QComboBox(this);
    m_format->addItem(tr("GIF animation"), QStringLiteral("gif"));
    m_format->addItem(tr("WebP animation"), QStringLiteral("webp"));
    m_format->addItem(tr("MP4 video (H.264)"), QStringLiteral("mp4"));
    m_format->addItem(tr("WebM video (VP9)"), QStringLiteral("webm"));
    m_format->addItem(tr("HTML stepper (one self-contained page)"), QStringLiteral("html"));
    m_format->addItem(tr("PNG images, one per step"), QStringLiteral("png"));
    m_format->addItem(tr("SVG drawings, one per step"), QStringLiteral("svg"));

    const auto spin = [this](int low, int high, const QString& suffix = {}) {
        auto* box = new QSpinBox(this);
        box->setRange(low, high);
        box->setSuffix(suffix);
        box->setAccelerated(true);
        return box;
    };
    const int last = int(std::min<std::size_t>(m_lastStep, 1'000'000));
    m_from = spin(0, last);
    m_to = spin(0, last);
    m_every = spin(1, 10'000);
    m_fps = spin(1, 60, tr(" fps"));
    m_hold = spin(20, 60'000, tr(" ms"));
    m_hold->setSingleStep(100);
    m_width = spin(200, 7680, tr(" px"));
    m_width->setSingleStep(100);
    m_from->setToolTip(tr("The first step drawn (0: before the first step)"));
    m_to->setToolTip(tr("The last step drawn; by default the step on screen"));
    m_every->setToolTip(tr("Draw every Kth step of the range"));
    m_hold->setToolTip(tr("How long each step is shown; the scene's own motion plays at its start"));

    m_languageBox = new QComboBox(this);
    m_languageBox->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_languageBox->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_uiTheme = new QCheckBox(tr("Use the UI theme instead of the light publication theme"), this);
    m_caption = new QCheckBox(tr("Add each step's narration as a caption"), this);
    m_estimate = new QLabel(this);

    const ExportFileRow file = makeExportFileRow(this);
    m_path = file.path;
    auto* rangeRow = new QHBoxLayout;
    rangeRow->addWidget(m_from);
    rangeRow->addWidget(new QLabel(tr("to"), this));
    rangeRow->addWidget(m_to);
    rangeRow->addWidget(new QLabel(tr("every"), this));
    rangeRow->addWidget(m_every);
    rangeRow->addStretch(1);
    auto* timingRow = new QHBoxLayout;
    timingRow->addWidget(m_hold);
    timingRow->addWidget(new QLabel(tr("per step at"), this));
    timingRow->addWidget(m_fps);
    timingRow->addStretch(1);

    auto* form = new QFormLayout;
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Steps:"), rangeRow);
    form->addRow(tr("Timing:"), timingRow);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Language:"), m_languageBox);
    form->addRow(QString(), m_uiTheme);
    form->addRow(QString(), m_caption);
    form->addRow(tr("File:"), file.layout);
    form->addRow(QString(), m_estimate);

    finishExportDialog(*this, m_preview, form, [this] { return exportNow(); });

    connect(m_format, &QComboBox::currentIndexChanged, this, &AnimationDialog::formatChanged);
    for (QSpinBox* box : {m_every, m_fps, m_hold, m_width})
        connect(box, &QSpinBox::valueChanged, this, &AnimationDialog::updateEstimate);
    connect(m_from, &QSpinBox::valueChanged, this, [this](int from) {
        if (m_to->value() < from) m_to->setValue(from);
        updatePreview();
    });
    connect(m_to, &QSpinBox::valueChanged, this, [this](int to) {
        if (m_from->value() > to) m_from->setValue(to);
        updateEstimate();
    });
    connect(m_uiTheme, &QCheckBox::toggled, this, &AnimationDialog::updatePreview);
    connect(m_caption, &QCheckBox::toggled, this, &AnimationDialog::updatePreview);
    connect(m_languageBox, &QComboBox::currentIndexChanged, this, &AnimationDialog::updatePreview);
    connect(file.browse, &QPushButton::clicked, this, &AnimationDialog::browse);
}

void AnimationDialog::restoreSettings() {
    const QSettings settings;
    const int format = m_format->findData(settings.value(settingsKey("format"), QStringLiteral("gif")));
    m_format->setCurrentIndex(format < 0 ? 0 : format);
    m_every->setValue(settings.value(settingsKey("every"), 1).toInt());
    m_hold->setValue(settings.value(settingsKey("holdMs"), 1000).toInt());
    m_width->setValue(settings.value(settingsKey("widthPx"), 1200).toInt());
    m_fps->setValue(settings.value(settingsKey("fps"), 12).toInt());
    const int language = m_languageBox->findData(settings.value(settingsKey("language"), m_language.current));
    m_languageBox->setCurrentIndex(language < 0 ? 0 : language);
    m_uiTheme->setChecked(settings.value(settingsKey("uiTheme"), false).toBool());
    m_caption->setChecked(settings.value(settingsKey("caption"), true).toBool());
    // The range: the step on screen is its end; it starts at step 1 (or 0 at the start).
    m_to->setValue(int(std::min<std::size_t>(m_cursor, std::size_t(m_to->maximum()))));
    m_from->setValue(std::min(1, m_to->value()));
    const QString directory =
        settings.value(settingsKey("lastDirectory"), QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
            .toString();
    const QString scene = m_setup.scene ? QString::fromStdString(m_setup.scene->model.id) : QStringLiteral("scene");
    m_path->setText(QDir(directory).filePath(scene + QLatin1Char('.') + choice().format));
}

void AnimationDialog::saveSettings() const {
    QSettings settings;
    const AnimationChoice c = choice();
    settings.setValue(settingsKey("format"), c.format);
    settings.setValue(settingsKey("every"), int(c.every));
    settings.setValue(settingsKey("holdMs"), c.holdMs);
    settings.setValue(settingsKey("widthPx"), c.widthPx);
    settings.setValue(settingsKey("fps"), c.fps);
    settings.setValue(settingsKey("language"), c.language);
    settings.setValue(settingsKey("uiTheme"), c.uiTheme);
    settings.setValue(settingsKey("caption"), c.caption);
    settings.setValue(settingsKey("lastDirectory"), QFileInfo(c.path).absolutePath());
}

AnimationChoice AnimationDialog::choice() const {
    AnimationChoice c;
    c.format = m_format->currentData().toString();
    c.from = std::size_t(m_from->value());
    c.to = std::size_t(m_to->value());
    c.every = std::size_t(m_every->value());
    c.fps = m_fps->value();
    c.holdMs = m_hold->value();
    c.widthPx = m_width->value();
    c.language = m_languageBox->currentData().toString();
    c.uiTheme = m_uiTheme->isChecked();
    c.caption = m_caption->isChecked();
    c.path = m_path->text().trimmed();
    return c;
}

void AnimationDialog::setPath(const QString& path) { m_path->setText(path); }

void AnimationDialog::formatChanged() {
    const QString format = choice().format;
    const bool moving = !isStillSeries(format) && format != QLatin1String("html");
    m_fps->setEnabled(moving);
    m_hold->setEnabled(!isStillSeries(format));
    // GIF and WebP stay light at 12 frames a second; video plays smoothly at 30.
    if (format == QLatin1String("gif") || format == QLatin1String("webp"))
        m_fps->setValue(std::min(m_fps->value(), 12));
    else if (moving && m_fps->value() < 24)
        m_fps->setValue(30);
    if (!m_path->text().isEmpty()) {
        const QFileInfo info(m_path->text());
        m_path->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + format));
    }
    updatePreview();
}

QString AnimationDialog::estimateText() const {
    const AnimationChoice c = choice();
    const std::size_t frames = animationFrames(c);
    if (frames == 0) return tr("Nothing to export: the range is empty.");
    const std::size_t steps = sequenceSteps(c.from, c.to, c.every).size();
    const double area = (c.widthPx * c.widthPx * 2.0 / 3.0) / (1200.0 * 800.0);
    const qint64 bytes = qint64(double(steps) * bytesPerStep(c.format) * std::max(0.05, area));
    const QString size = QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
    if (isStillSeries(c.format)) return tr("%1 files · about %2 in all").arg(steps).arg(size);
    const QString seconds = QLocale().toString(animationDurationMs(c) / 1000.0, 'f', 1);
    return tr("%1 steps, %2 frames · %3 s · about %4").arg(steps).arg(frames).arg(seconds, size);
}

void AnimationDialog::updateEstimate() { m_estimate->setText(estimateText()); }

void AnimationDialog::updatePreview() {
    updateEstimate();
    const AnimationChoice c = choice();
    auto session = buildSession(m_setup);
    if (!session || !m_setup.scene || !m_setup.scene->createRenderer) {
        m_preview->showFigure(QImage());
        return;
    }
    sim::Session& s = *session.value();
    s.seek(c.from);
    RenderState state = m_current;
    state.session = &s;
    const StepCaption caption = stepCaption(*m_setup.scene, s, s.cursor(), state.selected);
    state.caption = caption.full;
    state.captionSummary = caption.summary;
    FigureOptions options;
    options.theme = c.uiTheme ? m_current.theme : Theme::light();
    options.caption = c.caption;
    options.scale = devicePixelRatioF();
    const auto renderer = m_setup.scene->createRenderer();
    const QImage image = renderFigure(*renderer, state, options);
    m_preview->showFigure(image);
    if (image.isNull()) return;
    m_preview->setToolTip(tr("The first frame: step %1").arg(s.cursor()));
}

void AnimationDialog::browse() {
    const QString format = choice().format;
    const QString filter = tr("%1 files (*.%2)").arg(format.toUpper(), format);
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Animation"), choice().path, filter);
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

bool AnimationDialog::exportNow() {
    const AnimationChoice c = choice();
    if (c.path.isEmpty()) {
        QMessageBox::warning(this, tr("Export Animation"), tr("Choose a file to export to."));
        return false;
    }
    QProgressDialog progress(tr("Exporting %1 frames…").arg(animationFrames(c)), tr("Cancel"), 0,
                             int(std::min<std::size_t>(animationFrames(c), 1'000'000)), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    // Captions are translated as they are drawn: the application speaks the export's language meanwhile.
    const bool switchLanguage = m_language.apply && c.language != m_language.current;
    if (switchLanguage) m_language.apply(c.language);
    const sim::Status status = exportChoice(m_setup, m_current, c, [&progress](std::size_t done, std::size_t total) {
        progress.setMaximum(int(std::min<std::size_t>(total, 1'000'000)));
        progress.setValue(int(std::min<std::size_t>(done, 1'000'000)));
        return !progress.wasCanceled();
    });
    if (switchLanguage) m_language.apply(m_language.current);
    progress.reset();
    if (!status) {
        QMessageBox::warning(
            this, tr("Export Animation"),
            tr("The animation was not exported:\n%1").arg(QString::fromStdString(status.error().message)));
        return false;
    }
    saveSettings();
    return true;
}

}  // namespace commviz::views
