#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QSaveFile>
#include <QString>
#include <QTemporaryDir>
#include <memory>

#include "export/frame_writer.h"

namespace commviz::views {

/// What the HTML stepper page says around its frames.
struct HtmlStepperPage {
    QString title;                            ///< heading and <title>; empty: "commviz"
    QString language = QStringLiteral("en");  ///< the page's lang attribute, "en" or "zh_CN"
};

/// Writes one self-contained HTML page a reader steps through inside a blog
/// post: every frame's figure (inline SVG, or a PNG data URI at the options'
/// scale when the format is PNG; PDF is drawn as SVG), its caption as text
/// under the figure, Previous / Play / Next buttons, a scrubber, the keys Left,
/// Right, Home, End and Space, and "Step S / LAST" with the frame's position.
/// Play shows each frame for its durationMs. Nothing is fetched from the
/// network: styles, script, icons and images are all in the file.
///
/// The page is streamed: its head when the first pass begins, each frame as
/// it is added (a figure equal to the previous frame's is not written again),
/// the controls and the script at finish; only the last figure is held, so
/// memory stays flat in the frame count. The file is written through
/// QSaveFile: it appears at finish and a cancelled or failed write leaves none.
///
/// Opened with "#selftest" after its address, the page tests its own controls
/// on load (Next, Previous, the scrubber, the keys, Play through a fake clock)
/// and writes "PASS" or "FAIL: reasons" into <pre id="selftest"> and
/// body[data-selftest].
class HtmlStepperWriter final : public FrameWriter {
    Q_DECLARE_TR_FUNCTIONS(commviz::views::HtmlStepperWriter)

public:
    explicit HtmlStepperWriter(QString path, HtmlStepperPage page = {});
    ~HtmlStepperWriter() override;

    sim::Status beginPass(int pass) override;
    bool captionsAsText() const override { return true; }
    sim::Status add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                    const ExportFrame& frame) override;
    sim::Status finish() override;
    void cancel() override;

    /// Frames added and figures written so far (equal consecutive figures are written once).
    std::size_t frameCount() const { return m_frames; }
    std::size_t figureCount() const { return m_figures; }

private:
    sim::Status open();
    void openBody(const FigureOptions& options, double figureWidth);
    sim::Result<QByteArray> figureMarkup(SceneRenderer& renderer, const RenderState& state,
                                         const FigureOptions& options, std::size_t step, double* width);
    void write(const QByteArray& bytes);
    sim::Status failed(const QString& reason);

    QString m_path;
    HtmlStepperPage m_page;
    std::unique_ptr<QSaveFile> m_file;
    std::unique_ptr<QTemporaryDir> m_scratch;  // where each figure is exported before it is inlined
    QByteArray m_lastFigure;                   // the previous frame's figure file, to skip a repeat
    std::size_t m_frames = 0;
    std::size_t m_figures = 0;
    bool m_bodyOpen = false;
};

}  // namespace commviz::views
