#include "export/figure_exporter.h"

#include <QBuffer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QtMath>
#include <algorithm>

#include "shell/step_caption.h"

namespace commviz::views {

namespace {

// Exported figures and every device agree on 96 logical units per inch, so a
// renderer's point-size fonts come out the same in PNG, SVG and PDF.
constexpr int kDpi = 96;
constexpr double kMargin = 16;         // around title and caption text
constexpr double kCaptionPixels = 15;  // caption font size in logical units
constexpr double kTitlePixels = 20;

bool looksChinese(const QString& text) {
    for (const QChar c : text)
        if (c.unicode() >= 0x2e80 && c.unicode() <= 0x9fff) return true;
    return false;
}

// Noto Sans CJK SC for Chinese (fonts-noto-cjk), a plain sans otherwise; each
// list falls back to the other so mixed text still finds its glyphs. Chosen by
// the text itself, so an untranslated caption looks the same in every language.
QFont textFont(const QString& text, double pixels, bool bold) {
    const bool chinese = looksChinese(text);
    QFont font;
    font.setFamilies(chinese ? QStringList{"Noto Sans CJK SC", "Noto Sans", "DejaVu Sans"}
                             : QStringList{"Noto Sans", "DejaVu Sans", "Noto Sans CJK SC"});
    font.setPixelSize(qRound(pixels));
    font.setBold(bold);
    return font;
}

// Height of a band holding wrapped text across `width`, 0 when there is no text.
double bandHeight(const QFont& font, const QString& text, double width) {
    if (text.isEmpty()) return 0;
    const QFontMetricsF metrics(font);
    const QRectF bounds =
        metrics.boundingRect(QRectF(0, 0, width - 2 * kMargin, 1e6), Qt::TextWordWrap | Qt::AlignHCenter, text);
    return bounds.height() + 2 * kMargin;
}

// The caption band's text room: the lines a sequence reserves, or at most kMaxCaptionLines.
double captionRoomHeight(const QFont& font, const FigureOptions& options) {
    const int lines = options.captionLines > 0 ? options.captionLines : FigureOptions::kMaxCaptionLines;
    return lines * QFontMetricsF(font).lineSpacing();
}

struct Layout {
    QSize size;  // whole figure, whole logical units
    QRectF title;
    QRectF scene;
    QRectF caption;
};

Layout layoutFigure(const SceneRenderer& renderer, const RenderState& state, const FigureOptions& options) {
    const QSizeF scene = renderer.logicalSize();
    const double width = scene.width();
    const double titleHeight = bandHeight(textFont(options.title, kTitlePixels, true), options.title, width);
    const QString caption = captionBandText(renderer, state, options);
    const QFont captionFont = textFont(caption, kCaptionPixels, false);
    // A sequence reserves its lines even for a frame with nothing to say, so every frame has one size.
    const bool reserved = options.caption && options.captionLines > 0 && !renderer.drawsCaption();
    // Its height is the taller of the Latin and the Chinese font's lines, so a
    // frame without a caption (set in the Latin font) matches the Chinese ones.
    const double reservedRoom =
        std::max(captionRoomHeight(textFont(QString(), kCaptionPixels, false), options),
                 captionRoomHeight(textFont(QStringLiteral("\u4e2d"), kCaptionPixels, false), options));
    const double captionHeight = reserved ? reservedRoom + 2 * kMargin : bandHeight(captionFont, caption, width);
    Layout layout;
    layout.title = QRectF(0, 0, width, titleHeight);
    layout.scene = QRectF(QPointF(0, titleHeight), scene);
    layout.caption = QRectF(0, titleHeight + scene.height(), width, captionHeight);
    layout.size = QSize(qCeil(width), qCeil(titleHeight + scene.height() + captionHeight));
    return layout;
}

void paintBand(QPainter& painter, const QRectF& band, const QFont& font, const QColor& color, const QString& text) {
    if (text.isEmpty()) return;
    painter.setFont(font);
    painter.setPen(color);
    painter.drawText(band.adjusted(kMargin, kMargin, -kMargin, -kMargin), Qt::TextWordWrap | Qt::AlignHCenter, text);
}

void paintLaidOut(QPainter& painter, const Layout& layout, SceneRenderer& renderer, const RenderState& state,
                  const FigureOptions& options) {
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), QSizeF(layout.size)), options.theme.background);
    paintBand(painter, layout.title, textFont(options.title, kTitlePixels, true), options.theme.text, options.title);

    RenderState themed = state;
    themed.theme = options.theme;
    // A PNG keeps the detail that is readable in its own pixels when viewed at
    // natural size (all of it from --scale 2 on the RDMA scene); SVG and PDF
    // are zoomed by their readers, so they keep everything.
    themed.textDetail =
        options.format == FigureOptions::Format::Png ? TextDetail::ReadableInImagePixels : TextDetail::All;
    painter.save();
    painter.translate(layout.scene.topLeft());
    painter.setClipRect(QRectF(QPointF(0, 0), layout.scene.size()));
    renderer.paint(painter, themed);
    painter.restore();

    const QString caption = captionBandText(renderer, state, options);
    paintBand(painter, layout.caption, textFont(caption, kCaptionPixels, false), options.theme.text, caption);
}

QString writeError(const QString& path, const QString& reason) {
    return QStringLiteral("cannot write '%1': %2").arg(path, reason);
}

sim::Status failWrite(const QString& path, const QString& reason) {
    return sim::fail(writeError(path, reason).toStdString());
}

double pageScale(const FigureOptions& options) { return options.scale > 0 ? options.scale : 1.0; }

// QSvgGenerator writes the family Qt resolved ("Sans Serif", "monospace"), which
// browsers do not know: write a CSS font list a web page can match, the one the
// figure was drawn with first and a generic family last.
QByteArray withCssFontFamilies(QByteArray svg) {
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString text = QString::fromUtf8(svg);
    QString out;
    qsizetype done = 0;
    for (auto it = family.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        const bool mono = match.captured(1).contains(QLatin1String("mono"), Qt::CaseInsensitive);
        out += QStringView(text).mid(done, match.capturedStart() - done);
        out += mono ? QStringLiteral("font-family=\"'DejaVu Sans Mono', 'Noto Sans Mono', monospace\"")
                    : QStringLiteral("font-family=\"'Noto Sans', 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif\"");
        done = match.capturedEnd();
    }
    out += QStringView(text).mid(done);
    return out.toUtf8();
}

// Paints onto a vector device through the save file; returns false if the painter would not start.
// --scale sets the page size (width and height); the view box stays the figure's logical units.
bool paintSvg(QSaveFile& file, const Layout& layout, SceneRenderer& renderer, const RenderState& state,
              const FigureOptions& options) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    const double scale = pageScale(options);
    generator.setSize(QSize(qRound(layout.size.width() * scale), qRound(layout.size.height() * scale)));
    generator.setViewBox(QRectF(QPointF(0, 0), QSizeF(layout.size)));
    generator.setResolution(kDpi);
    generator.setTitle(options.title.isEmpty() ? QStringLiteral("commviz figure") : options.title);
    generator.setDescription(options.caption ? state.caption : QString());
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    paintLaidOut(painter, layout, renderer, state, options);
    if (!painter.end()) return false;
    const QByteArray svg = withCssFontFamilies(buffer.data());
    return file.write(svg) == svg.size();
}

bool paintPdf(QSaveFile& file, const Layout& layout, SceneRenderer& renderer, const RenderState& state,
              const FigureOptions& options) {
    QPdfWriter writer(&file);
    writer.setCreator(QStringLiteral("commviz"));
    writer.setTitle(options.title.isEmpty() ? QStringLiteral("commviz figure") : options.title);
    writer.setResolution(kDpi);
    // The page is the figure: its logical units at 96 per inch, in points.
    const QSizeF points = QSizeF(layout.size) * pageScale(options) * 72.0 / kDpi;
    writer.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&writer)) return false;
    painter.scale(writer.width() / double(layout.size.width()), writer.height() / double(layout.size.height()));
    paintLaidOut(painter, layout, renderer, state, options);
    return painter.end();
}

}  // namespace

QString figureFormatSuffix(FigureOptions::Format format) {
    switch (format) {
        case FigureOptions::Format::Png:
            return QStringLiteral("png");
        case FigureOptions::Format::Svg:
            return QStringLiteral("svg");
        case FigureOptions::Format::Pdf:
            return QStringLiteral("pdf");
    }
    return {};
}

QString captionBandText(const SceneRenderer& renderer, const RenderState& state, const FigureOptions& options) {
    // A scene with its own narration strip already says the sentence once.
    if (!options.caption || renderer.drawsCaption() || state.caption.isEmpty()) return {};
    const QFont font = textFont(state.caption + state.captionSummary, kCaptionPixels, false);
    const QRectF room(0, 0, renderer.logicalSize().width() - 2 * kMargin, captionRoomHeight(font, options));
    return fitCaption(state.caption, state.captionSummary, font, room);
}

QSizeF figureLogicalSize(const SceneRenderer& renderer, const RenderState& state, const FigureOptions& options) {
    return QSizeF(layoutFigure(renderer, state, options).size);
}

void paintFigure(QPainter& painter, SceneRenderer& renderer, const RenderState& state, const FigureOptions& options) {
    paintLaidOut(painter, layoutFigure(renderer, state, options), renderer, state, options);
}

QImage renderFigure(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options) {
    const Layout layout = layoutFigure(renderer, state, options);
    const double scale = options.scale > 0 ? options.scale : 1.0;
    const QSize pixels(qRound(layout.size.width() * scale), qRound(layout.size.height() * scale));
    if (pixels.isEmpty()) return {};
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) return {};
    image.setDotsPerMeterX(qRound(kDpi / 0.0254));
    image.setDotsPerMeterY(qRound(kDpi / 0.0254));
    image.fill(options.theme.background);
    // The painter works in logical units; the ratio maps them onto device
    // pixels. QPainter ignores a ratio below 1, so a smaller image (an
    // animation 1,200 px wide of a wider scene) is scaled by the painter.
    const bool shrink = scale < 1.0;
    if (!shrink) image.setDevicePixelRatio(scale);
    QPainter painter(&image);
    if (shrink) painter.scale(scale, scale);
    paintLaidOut(painter, layout, renderer, state, options);
    painter.end();
    image.setDevicePixelRatio(scale);
    return image;
}

sim::Status exportFigure(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                         const QString& path) {
    if (path.isEmpty()) return sim::fail("cannot write '': no file name given");
    if (QFileInfo(path).isDir()) return failWrite(path, QStringLiteral("it is a directory"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return failWrite(path, file.errorString());

    bool painted = false;
    const Layout layout = layoutFigure(renderer, state, options);
    switch (options.format) {
        case FigureOptions::Format::Png: {
            const QImage image = renderFigure(renderer, state, options);
            painted = !image.isNull() && image.save(&file, "PNG");
            break;
        }
        case FigureOptions::Format::Svg:
            painted = paintSvg(file, layout, renderer, state, options);
            break;
        case FigureOptions::Format::Pdf:
            painted = paintPdf(file, layout, renderer, state, options);
            break;
    }
    if (!painted) {
        const QString reason =
            file.error() != QFileDevice::NoError ? file.errorString() : QStringLiteral("the figure could not be drawn");
        file.cancelWriting();
        return failWrite(path, reason);
    }
    if (!file.commit()) return failWrite(path, file.errorString());
    return sim::Ok{};
}

}  // namespace commviz::views
