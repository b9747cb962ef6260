#include "export/html_stepper_writer.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace commviz::views {

namespace {

QByteArray resourceText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray html(const QString& text) { return text.toHtmlEscaped().toUtf8(); }

QByteArray css(const QColor& color) { return color.name(QColor::HexRgb).toUtf8(); }

// The SVG file exportFigure writes, made fit to sit inline in an HTML page
// among other figures: the XML prolog and namespace declarations go (the HTML
// parser puts <svg> in its namespace itself, and the page names no URL), and
// every id is prefixed with the figure's own, so one figure's clip path or
// gradient never resolves to another figure's. QSvgGenerator writes a group
// for every change of pen or font, most of them empty: dropping those takes
// about a third off a figure.
QByteArray inlineSvg(const QByteArray& file, std::size_t figure) {
    static const QRegularExpression emptyGroup(QStringLiteral("<g\\b[^>]*>\\s*</g>\\s*"));
    static const QRegularExpression xmlns(QStringLiteral("\\s+xmlns(:\\w+)?=\"[^\"]*\""));
    static const QRegularExpression id(QStringLiteral("\\bid=\"([^\"]*)\""));
    static const QRegularExpression reference(QStringLiteral("(url\\(#|href=\"#)"));
    QString svg = QString::fromUtf8(file);
    svg.remove(0, std::max<qsizetype>(0, svg.indexOf(QLatin1String("<svg"))));
    svg.remove(xmlns);
    for (qsizetype before = -1; before != svg.size();) {  // a group holding only empty groups goes next
        before = svg.size();
        svg.remove(emptyGroup);
    }
    const QString prefix = QStringLiteral("cv%1-").arg(figure);
    svg.replace(id, QStringLiteral("id=\"%1\\1\"").arg(prefix));
    svg.replace(reference, QStringLiteral("\\1%1").arg(prefix));
    return svg.trimmed().toUtf8();
}

// The caption under a frame: the whole narration, or, when the caption has a
// shorter summary (a busy step), the summary with the whole text folded below.
QByteArray captionMarkup(const RenderState& state, const QString& allEvents) {
    if (state.caption.isEmpty()) return {};
    const QByteArray whole = "<p>" + html(state.caption) + "</p>";
    if (state.captionSummary.isEmpty() || state.captionSummary == state.caption) return whole;
    return "<p>" + html(state.captionSummary) + "</p><details><summary>" + html(allEvents) + "</summary>" + whole +
           "</details>";
}

// An icon drawn in the button's text colour.
QByteArray icon(const char* path, const char* cls = nullptr) {
    return QByteArray("<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"") +
           (cls ? QByteArray(" class=\"") + cls + "\"" : QByteArray()) + "><path d=\"" + path + "\"/></svg>";
}

QByteArray button(const char* id, const QString& label, const QString& key, const QByteArray& icons,
                  const char* extra = "") {
    return QByteArray("<button type=\"button\" id=\"") + id + "\" class=\"" + id + "\" aria-label=\"" + html(label) +
           "\" title=\"" + html(QStringLiteral("%1 (%2)").arg(label, key)) + "\"" + extra + ">" + icons + "</button>";
}

}  // namespace

HtmlStepperWriter::HtmlStepperWriter(QString path, HtmlStepperPage page)
    : m_path(std::move(path)), m_page(std::move(page)) {
    if (m_page.title.isEmpty()) m_page.title = QStringLiteral("commviz");
}

HtmlStepperWriter::~HtmlStepperWriter() { cancel(); }

sim::Status HtmlStepperWriter::failed(const QString& reason) {
    const QString message = QStringLiteral("cannot write '%1': %2").arg(m_path, reason);
    cancel();
    return sim::fail(message.toStdString());
}

void HtmlStepperWriter::write(const QByteArray& bytes) {
    if (m_file) m_file->write(bytes);
}

sim::Status HtmlStepperWriter::beginPass(int pass) { return pass == 0 && !m_file ? open() : sim::Status(sim::Ok{}); }

sim::Status HtmlStepperWriter::open() {
    if (m_path.isEmpty()) return sim::fail("cannot write '': no file name given");
    if (QFileInfo(m_path).isDir()) return failed(QStringLiteral("it is a directory"));
    m_file = std::make_unique<QSaveFile>(m_path);
    if (!m_file->open(QIODevice::WriteOnly)) return failed(m_file->errorString());
    m_scratch = std::make_unique<QTemporaryDir>();
    if (!m_scratch->isValid()) return failed(QStringLiteral("no temporary folder for the figures"));
    const QByteArray lang = m_page.language.startsWith(QLatin1String("zh")) ? "zh-CN" : "en";
    write("<!DOCTYPE html>\n<html lang=\"" + lang +
          "\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"commviz\">\n<title>" +
          html(m_page.title) + "</title>\n<style>\n" + resourceText(QStringLiteral(":/export/html_stepper.css")) +
          "</style>\n"
          // Set before the frames arrive, so a long page never shows them all at once.
          "<script>document.documentElement.classList.add('js');</script>\n</head>\n");
    return m_file->error() == QFileDevice::NoError ? sim::Status(sim::Ok{}) : failed(m_file->errorString());
}

// The page takes the figure's colours: light for the publication theme, dark
// when the figures are dark.
void HtmlStepperWriter::openBody(const FigureOptions& options, double figureWidth) {
    const Theme& theme = options.theme;
    const bool dark = theme.background.lightness() < 128;
    write(QByteArray("<body class=\"") + (dark ? "cv-dark" : "cv-light") + "\" style=\"--bg:" + css(theme.background) +
          ";--fg:" + css(theme.text) + ";--muted:" + css(theme.mutedText) + ";--panel:" + css(theme.panel) +
          ";--border:" + css(theme.panelBorder) + ";--accent:" + css(theme.accent) +
          "\">\n<main class=\"cv\" id=\"cv\" style=\"max-width:" + QByteArray::number(qRound(figureWidth) + 32) +
          "px\">\n<h1>" + html(m_page.title) + "</h1>\n<div class=\"cv-frames\">\n");
    m_bodyOpen = true;
}

sim::Result<QByteArray> HtmlStepperWriter::figureMarkup(SceneRenderer& renderer, const RenderState& state,
                                                        const FigureOptions& options, std::size_t step, double* width) {
    // Drawn by the figure export itself, so a frame is exactly what `commviz
    // export --format svg|png` writes; the caption goes under it as text.
    FigureOptions figure = options;
    figure.caption = false;
    const bool png = options.format == FigureOptions::Format::Png;
    if (!png) figure.format = FigureOptions::Format::Svg;
    const QSizeF logical = figureLogicalSize(renderer, state, figure);
    *width = logical.width();
    const QString scratch = m_scratch->filePath(png ? QStringLiteral("figure.png") : QStringLiteral("figure.svg"));
    if (auto status = exportFigure(renderer, state, figure, scratch); !status) return status.error();
    QFile file(scratch);
    if (!file.open(QIODevice::ReadOnly)) return sim::fail(file.errorString().toStdString());
    QByteArray bytes = file.readAll();
    if (bytes == m_lastFigure) return QByteArray();  // the previous frame's figure serves again
    m_lastFigure = bytes;
    const std::size_t index = m_figures++;
    const QByteArray body = png ? "<img alt=\"\" width=\"" + QByteArray::number(qRound(logical.width())) +
                                      "\" height=\"" + QByteArray::number(qRound(logical.height())) +
                                      "\" src=\"data:image/png;base64," + bytes.toBase64() + "\">"
                                : inlineSvg(bytes, index);
    return "<div class=\"cv-fig\" data-fig=\"" + QByteArray::number(qulonglong(index)) +
           "\" role=\"img\" aria-label=\"" + html(tr("Figure at step %1").arg(step)) + "\">" + body + "</div>\n";
}

sim::Status HtmlStepperWriter::add(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                                   const ExportFrame& frame) {
    if (!m_file) {
        if (auto status = open(); !status) return status;
    }
    double width = 0;
    auto figure = figureMarkup(renderer, state, options, frame.step, &width);
    if (!figure) return failed(QString::fromStdString(figure.error().message));
    if (!m_bodyOpen) openBody(options, width);
    write(figure.value());
    write("<div class=\"cv-frame\" data-fig=\"" + QByteArray::number(qulonglong(m_figures - 1)) + "\" data-step=\"" +
          QByteArray::number(qulonglong(frame.step)) + "\" data-ms=\"" + QByteArray::number(frame.durationMs) +
          "\"><p class=\"cv-step\">" + html(tr("Step %1").arg(frame.step)) + "</p><div class=\"cv-text\">" +
          captionMarkup(state, tr("All events of this step")) + "</div></div>\n");
    ++m_frames;
    return m_file->error() == QFileDevice::NoError ? sim::Status(sim::Ok{}) : failed(m_file->errorString());
}

sim::Status HtmlStepperWriter::finish() {
    if (!m_file) return sim::fail(QStringLiteral("cannot write '%1': nothing was written").arg(m_path).toStdString());
    if (m_frames == 0) return failed(QStringLiteral("there are no frames to write"));
    QJsonObject strings;
    strings.insert(QStringLiteral("step"), tr("Step %1 / %2"));
    strings.insert(QStringLiteral("frame"), tr("frame %1 of %2"));
    strings.insert(QStringLiteral("play"), tr("Play"));
    strings.insert(QStringLiteral("pause"), tr("Pause"));
    strings.insert(QStringLiteral("space"), tr("Space"));
    // "</" cannot end the script block when written "<\/" (the same string to JSON).
    const QByteArray json = QJsonDocument(strings).toJson(QJsonDocument::Compact).replace("</", "<\\/");
    const QString controls = tr("Step controls");
    write("</div>\n<div class=\"cv-controls\" role=\"group\" aria-label=\"" + html(controls) + "\">" +
          button("cv-prev", tr("Previous step"), tr("Left"), icon("M11 3 5 8l6 5z")) +
          button("cv-play", tr("Play"), tr("Space"),
                 icon("M4 2.5v11L13.5 8z", "cv-play-icon") + icon("M4 3h3v10H4zM9 3h3v10H9z", "cv-pause-icon"),
                 " aria-pressed=\"false\"") +
          button("cv-next", tr("Next step"), tr("Right"), icon("M5 3l6 5-6 5z")) +
          "<input type=\"range\" id=\"cv-scrub\" class=\"cv-scrub\" min=\"1\" max=\"" +
          QByteArray::number(qulonglong(m_frames)) + "\" value=\"1\" aria-label=\"" + html(tr("Frame")) +
          "\"><span id=\"cv-label\" class=\"cv-label\"></span><span id=\"cv-count\" class=\"cv-count\"></span>"
          "</div>\n<div id=\"cv-caption\" class=\"cv-caption\" aria-live=\"polite\"></div>\n"
          "<pre id=\"selftest\" hidden></pre>\n</main>\n"
          "<script type=\"application/json\" id=\"cv-strings\">" +
          json + "</script>\n<script>\n" + resourceText(QStringLiteral(":/export/html_stepper.js")) +
          "</script>\n</body>\n</html>\n");
    if (m_file->error() != QFileDevice::NoError) return failed(m_file->errorString());
    if (!m_file->commit()) return failed(m_file->errorString());
    m_file.reset();
    m_scratch.reset();
    return sim::Ok{};
}

void HtmlStepperWriter::cancel() {
    if (m_file) m_file->cancelWriting();
    m_file.reset();
    m_scratch.reset();
    m_lastFigure.clear();
}

}  // namespace commviz::views
