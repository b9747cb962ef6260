#pragma once

#include <QString>
#include <QStringList>

#include "export/frame_writer.h"

namespace commviz::views {

/// The file name of frame `index` (0-based) of `count` for the target `path`:
/// "NAME.png" becomes "NAME-0001.png", "NAME-0002.png" …, numbered from 1 to
/// count, zero-padded to the digits of count but at least 4, so file listings
/// sort in frame order and `%04d` patterns of other tools match up to 9,999.
/// A target without a suffix gets `suffix` ("NAME" → "NAME-0001.svg").
QString seriesFileName(const QString& path, std::size_t index, std::size_t count, const QString& suffix);

/// Writes every frame as its own PNG or SVG through exportFigure (each file
/// saved whole or not at all). cancel() removes every file it wrote.
class ImageSeriesWriter : public FrameWriter {
public:
    explicit ImageSeriesWriter(QString path);
    ~ImageSeriesWriter() override = default;

    sim::Status add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                    const ExportFrame& frame) override;
    sim::Status finish() override;
    void cancel() override;
    /// The files written so far, in order.
    const QStringList& written() const { return m_written; }

private:
    QString m_path;
    QStringList m_written;
};

}  // namespace commviz::views
