#include "export/image_series_writer.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace commviz::views {

namespace {

constexpr int kMinDigits = 4;

int digitsOf(std::size_t n) {
    int digits = 1;
    while (n >= 10) {
        n /= 10;
        ++digits;
    }
    return digits;
}

}  // namespace

QString seriesFileName(const QString& path, std::size_t index, std::size_t count, const QString& suffix) {
    const QString own = QFileInfo(path).suffix();
    const QString stem = own.isEmpty() ? path : path.left(path.size() - own.size() - 1);
    const int width = std::max(kMinDigits, digitsOf(std::max<std::size_t>(count, 1)));
    const QString number = QStringLiteral("%1").arg(qulonglong(index + 1), width, 10, QLatin1Char('0'));
    return stem + QLatin1Char('-') + number + QLatin1Char('.') + (own.isEmpty() ? suffix : own);
}

ImageSeriesWriter::ImageSeriesWriter(QString path) : m_path(std::move(path)) {}

sim::Status ImageSeriesWriter::add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                                   const ExportFrame& frame) {
    const QString file = seriesFileName(m_path, frame.index, frame.count, figureFormatSuffix(options.format));
    if (auto status = exportFigure(renderer, state, options, file); !status) return status;
    m_written << file;
    return sim::Ok{};
}

sim::Status ImageSeriesWriter::finish() { return sim::Ok{}; }

void ImageSeriesWriter::cancel() {
    for (const QString& file : std::as_const(m_written)) QFile::remove(file);
    m_written.clear();
}

}  // namespace commviz::views
