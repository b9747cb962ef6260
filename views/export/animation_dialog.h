#pragma once

#include <QDialog>
#include <QString>
#include <cstddef>
#include <functional>

#include "export/figure_exporter.h"
#include "shell/scene_setup.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace commviz::views {

class FigurePreview;

/// The window's language and how to switch the application to another.
struct LanguageSwitch {
    QString current = QStringLiteral("en");
    std::function<void(const QString&)> apply;  ///< empty: exports stay in the current language
};

/// What File > Export Animation… is asked to write.
struct AnimationChoice {
    QString format = QStringLiteral("gif");  ///< gif, webp, mp4, webm, html, png (series) or svg (series)
    std::size_t from = 1;
    std::size_t to = 1;
    std::size_t every = 1;
    int fps = 12;
    int holdMs = 1000;
    int widthPx = 1200;
    QString language = QStringLiteral("en");
    bool uiTheme = false;
    bool caption = true;
    QString path;
};

/// File > Export Animation…: a step range of the scene on screen as GIF,
/// WebP, MP4, WebM, an HTML stepper or numbered PNG / SVG files. A live
/// preview of the first frame, an estimate of frames, duration and size, a
/// progress dialog with Cancel; the last choices are remembered.
class AnimationDialog : public QDialog {
    Q_OBJECT

public:
    /// `setup` is what the scene on screen was built from (the export builds its
    /// own session from it, leaving the window's alone); `current` carries the
    /// UI theme, the selection and the view options; `cursor` is the step on screen.
    /// `language` is the window's; it is the export's language unless another
    /// was chosen last time. Exporting in another language switches the
    /// application to it through `language.apply` and back afterwards.
    AnimationDialog(SceneSetup setup, RenderState current, std::size_t cursor, LanguageSwitch language = {},
                    QWidget* parent = nullptr);

    AnimationChoice choice() const;
    void setPath(const QString& path);
    /// The estimate line under the controls ("40 frames · 20.0 s · about 1.2 MB").
    QString estimateText() const;

    /// Writes the export with a progress dialog; shows the error and returns false on failure or Cancel.
    bool exportNow();

private:
    void buildControls();
    void restoreSettings();
    void saveSettings() const;
    void formatChanged();
    void updatePreview();
    void updateEstimate();
    void browse();

    SceneSetup m_setup;
    RenderState m_current;
    std::size_t m_cursor = 0;
    LanguageSwitch m_language;
    std::size_t m_lastStep = 0;  ///< the scene's step cap: the end of the range's spin boxes

    FigurePreview* m_preview = nullptr;
    QLabel* m_estimate = nullptr;
    QComboBox* m_format = nullptr;
    QSpinBox* m_from = nullptr;
    QSpinBox* m_to = nullptr;
    QSpinBox* m_every = nullptr;
    QSpinBox* m_fps = nullptr;
    QSpinBox* m_hold = nullptr;
    QSpinBox* m_width = nullptr;
    QComboBox* m_languageBox = nullptr;
    QCheckBox* m_uiTheme = nullptr;
    QCheckBox* m_caption = nullptr;
    QLineEdit* m_path = nullptr;
};

/// Frames a choice makes: the steps from..to every `every`, each held holdMs at fps
/// (at least one frame a step); still series write one file per step.
std::size_t animationFrames(const AnimationChoice& choice);
/// How long the animation plays, in ms (0 for a still series).
std::size_t animationDurationMs(const AnimationChoice& choice);

}  // namespace commviz::views
