#pragma once

#include <QDialog>
#include <optional>

#include "export/figure_exporter.h"
#include "shell/scene_renderer.h"
#include "shell/step_caption.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace commviz::views {

class FigurePreview;

/// File > Export Figure…: a live preview, PNG 1×/2×/3× / SVG / PDF, the current
/// step or the current lesson step, the publication theme unless the UI theme is
/// asked for, an optional caption (the step's narration). Remembers the last
/// directory and format.
class ExportDialog : public QDialog {
    Q_OBJECT

public:
    /// `current` carries the UI theme; `lessonStep` is the tutorial's step, if one is open.
    ExportDialog(SceneRenderer& renderer, RenderState current, std::optional<RenderState> lessonStep,
                 StepCaption caption, QString lessonCaption, QWidget* parent = nullptr);

    /// The options the controls describe right now.
    FigureOptions figureOptions() const;
    /// The moment the controls chose: the current step or the lesson step.
    const RenderState& chosenState() const;
    QString path() const;
    void setPath(const QString& path);

    /// Exports with the chosen options; shows the error and returns false on failure.
    bool exportNow();

private:
    void buildControls();
    void restoreSettings();
    void saveSettings() const;
    void updatePreview();
    void formatChanged();
    void browse();
    bool lessonChosen() const;

    SceneRenderer& m_renderer;
    RenderState m_current;
    std::optional<RenderState> m_lessonStep;
    QString m_lessonCaption;

    FigurePreview* m_preview = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_scale = nullptr;
    QComboBox* m_what = nullptr;
    QCheckBox* m_uiTheme = nullptr;
    QCheckBox* m_caption = nullptr;
    QLineEdit* m_path = nullptr;
};

}  // namespace commviz::views
