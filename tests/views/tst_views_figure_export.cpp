// Figure export draws straight into PNG / SVG / PDF devices in logical units,
// at 1×/2×/3×, in the publication theme, and writes through QSaveFile.

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "export/export_dialog.h"
#include "export/figure_exporter.h"

using namespace commviz::views;

namespace {

/// A 200 × 100 scene: an accent rectangle at (20, 20, 60, 40) and a line of text.
class BoxRenderer : public SceneRenderer {
public:
    QSizeF logicalSize() const override { return {200, 100}; }
    bool paintScene(QPainter& painter, const RenderState& state) override {
        painter.fillRect(QRectF(20, 20, 60, 40), state.theme.accent);
        painter.setPen(state.theme.text);
        QFont font;
        font.setPixelSize(14);
        painter.setFont(font);
        painter.drawText(QRectF(90, 30, 110, 40), Qt::AlignCenter, QStringLiteral("figure text"));
        ++paints;
        return true;
    }
    int paints = 0;
};

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Fails unless the PDF's page (its first /MediaBox) is `width` × `height` points, to half a point.
void checkPdfPage(const QByteArray& pdf, double width, double height) {
    const QRegularExpression box(R"(/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\])");
    const auto match = box.match(QString::fromLatin1(pdf));
    QVERIFY(match.hasMatch());
    QVERIFY2(qAbs(match.captured(1).toDouble() - width) < 0.5, qPrintable(match.captured(0)));
    QVERIFY2(qAbs(match.captured(2).toDouble() - height) < 0.5, qPrintable(match.captured(0)));
}

}  // namespace

class TestFigureExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // The dialog's QSettings go to a test location, not the user's.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("commviz-tests"));
        QSettings().clear();
    }
    void pngHasThemeBackgroundAndRectColour();
    void pngSizeFollowsScale_data();
    void pngSizeFollowsScale();
    void darkThemeChangesBackground();
    void captionAddsBandBelow();
    void svgStaysVector();
    void pdfPageIsTheFigure();
    void vectorPageSizeFollowsScale();
    void svgNamesCssFontFamilies();
    void unwritablePathLeavesNoFile();
    void directoryPathIsRefused();
    void failedExportKeepsOldFile();
    void sceneThatDrawsItsCaptionGetsNoBand();
    void dialogDefaultsToPublicationPng();
    void dialogFollowsFormatAndLessonChoice();
    void dialogExportsAndRemembersFormat();

private:
    /// Exports `renderer`'s figure with `options` to `name` in the test's folder
    /// and reads the file back; an export that fails fails the test.
    QByteArray exportAndRead(SceneRenderer& renderer, const FigureOptions& options, const QString& name);

    QTemporaryDir m_dir;
};

QByteArray TestFigureExport::exportAndRead(SceneRenderer& renderer, const FigureOptions& options, const QString& name) {
    const QString path = m_dir.filePath(name);
    if (const auto status = exportFigure(renderer, RenderState{}, options, path); !status.ok())
        QTest::qFail(status.error().message.c_str(), __FILE__, __LINE__);
    return readAll(path);
}

void TestFigureExport::pngHasThemeBackgroundAndRectColour() {
    BoxRenderer renderer;
    RenderState state;
    state.theme = Theme::dark();  // the figure's theme wins over the UI's
    const QString path = m_dir.filePath("box.png");
    const auto status = exportFigure(renderer, state, FigureOptions{}, path);
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().message.c_str());
    const QImage image(path);
    QCOMPARE(image.size(), QSize(200, 100));
    QCOMPARE(image.pixelColor(5, 5), Theme::light().background);
    QCOMPARE(image.pixelColor(50, 40), Theme::light().accent);
    QCOMPARE(image.pixelColor(150, 90), Theme::light().background);
}

void TestFigureExport::pngSizeFollowsScale_data() {
    QTest::addColumn<double>("scale");
    QTest::newRow("1x") << 1.0;
    QTest::newRow("2x") << 2.0;
    QTest::newRow("3x") << 3.0;
}

void TestFigureExport::pngSizeFollowsScale() {
    QFETCH(double, scale);
    BoxRenderer renderer;
    FigureOptions options;
    options.scale = scale;
    const QImage preview = renderFigure(renderer, RenderState{}, options);
    QCOMPARE(preview.devicePixelRatio(), scale);
    QCOMPARE(preview.size(), QSize(int(200 * scale), int(100 * scale)));

    const QString path = m_dir.filePath(QStringLiteral("scaled_%1.png").arg(scale));
    QVERIFY(exportFigure(renderer, RenderState{}, options, path).ok());
    const QImage image(path);
    QCOMPARE(image.size(), QSize(int(200 * scale), int(100 * scale)));
    // The same logical point lands on the rectangle at every scale: drawn, not stretched.
    QCOMPARE(image.pixelColor(int(21 * scale), int(21 * scale)), Theme::light().accent);
    QCOMPARE(image.pixelColor(int(19 * scale), int(19 * scale)), Theme::light().background);
}

void TestFigureExport::darkThemeChangesBackground() {
    BoxRenderer renderer;
    FigureOptions options;
    options.theme = Theme::dark();
    const QImage image = renderFigure(renderer, RenderState{}, options);
    QCOMPARE(image.pixelColor(5, 5), Theme::dark().background);
    QCOMPARE(image.pixelColor(50, 40), Theme::dark().accent);
}

void TestFigureExport::captionAddsBandBelow() {
    BoxRenderer renderer;
    FigureOptions options;
    RenderState state;
    state.caption = QStringLiteral("The requester posts a send work request.");
    const QImage plain = renderFigure(renderer, state, options);  // a caption, but none asked for
    options.caption = true;
    const QImage english = renderFigure(renderer, state, options);
    QCOMPARE(english.width(), plain.width());
    QVERIFY(english.height() > plain.height());
    state.caption = QStringLiteral("请求方提交一个发送工作请求。");
    const QImage chinese = renderFigure(renderer, state, options);
    QVERIFY(chinese.height() > plain.height());
    QVERIFY(chinese != english);
    // Something dark (the caption's glyphs) is drawn in the band under the scene.
    bool inked = false;
    for (int y = plain.height(); y < chinese.height() && !inked; ++y)
        for (int x = 0; x < chinese.width() && !inked; ++x) inked = chinese.pixelColor(x, y).lightness() < 128;
    QVERIFY(inked);
}

void TestFigureExport::svgStaysVector() {
    BoxRenderer renderer;
    FigureOptions options;
    options.format = FigureOptions::Format::Svg;
    options.scale = 3;  // the page size only: the drawing keeps its logical units
    const QByteArray svg = exportAndRead(renderer, options, "box.svg");
    QVERIFY(svg.startsWith("<?xml"));
    QVERIFY(svg.contains("viewBox=\"0 0 200 100\""));
    QVERIFY(svg.contains("<text") || svg.contains("<path"));
    QVERIFY(svg.contains("figure text"));  // text stays text
    QVERIFY(!svg.contains("<image"));
}

void TestFigureExport::pdfPageIsTheFigure() {
    BoxRenderer renderer;
    FigureOptions options;
    options.format = FigureOptions::Format::Pdf;
    const QByteArray pdf = exportAndRead(renderer, options, "box.pdf");
    QVERIFY(pdf.startsWith("%PDF"));
    // 200 × 100 logical units at 96 per inch are 150 × 75 points.
    checkPdfPage(pdf, 150, 75);
    QCOMPARE(renderer.paints, 1);
}

namespace {

// The number that starts the first attribute `name="…"` of an SVG (its root element's).
double svgAttribute(const QByteArray& svg, const QString& name) {
    const QRegularExpression attribute(name + QStringLiteral(R"(="([0-9.]+))"));
    return attribute.match(QString::fromUtf8(svg)).captured(1).toDouble();
}

}  // namespace

void TestFigureExport::vectorPageSizeFollowsScale() {
    // --scale on a vector figure sets its page size; the drawing (view box) stays in logical units.
    BoxRenderer renderer;
    FigureOptions options;
    options.format = FigureOptions::Format::Svg;
    const QByteArray one = exportAndRead(renderer, options, "one.svg");
    options.scale = 2;
    const QByteArray two = exportAndRead(renderer, options, "two.svg");
    QVERIFY(two.contains("viewBox=\"0 0 200 100\""));
    QVERIFY(svgAttribute(one, "width") > 0);
    // Sizes are written in mm to three decimals.
    QVERIFY(qAbs(svgAttribute(two, "width") - 2 * svgAttribute(one, "width")) < 0.01);
    QVERIFY(qAbs(svgAttribute(two, "height") - 2 * svgAttribute(one, "height")) < 0.01);
    // PDF: 200 × 100 units at 96 per inch, twice, are 300 × 150 points.
    options.format = FigureOptions::Format::Pdf;
    checkPdfPage(exportAndRead(renderer, options, "two.pdf"), 300, 150);
}

void TestFigureExport::svgNamesCssFontFamilies() {
    // Browsers know no "Sans Serif": every text names fonts a web page can match, ending in a generic family.
    BoxRenderer renderer;
    FigureOptions options;
    options.format = FigureOptions::Format::Svg;
    const QString svg = QString::fromUtf8(exportAndRead(renderer, options, "fonts.svg"));
    const QRegularExpression family(QStringLiteral(R"re(font-family="([^"]*)")re"));
    int families = 0;
    for (auto it = family.globalMatch(svg); it.hasNext(); ++families) {
        const QString list = it.next().captured(1);
        QVERIFY2(list.endsWith(QLatin1String(", sans-serif")) || list.endsWith(QLatin1String(", monospace")),
                 qPrintable(list));
        QVERIFY2(list.startsWith(QLatin1String("'Noto Sans'")) || list.startsWith(QLatin1String("'DejaVu Sans Mono'")),
                 qPrintable(list));
    }
    QVERIFY(families > 0);
    QVERIFY(!svg.contains(QLatin1String("\"Sans Serif\"")));
    QVERIFY(svg.contains(QLatin1String("figure text")));
}

void TestFigureExport::unwritablePathLeavesNoFile() {
    // A regular file cannot hold a directory, whoever runs the test (root included).
    const QString blocker = m_dir.filePath("blocker");
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    for (const auto format : {FigureOptions::Format::Png, FigureOptions::Format::Svg, FigureOptions::Format::Pdf}) {
        BoxRenderer renderer;
        FigureOptions options;
        options.format = format;
        const QString path = blocker + "/figure." + figureFormatSuffix(format);
        const auto status = exportFigure(renderer, RenderState{}, options, path);
        QVERIFY(!status.ok());
        const QString message = QString::fromStdString(status.error().message);
        QVERIFY2(message.startsWith("cannot write '" + path + "': "), qPrintable(message));
        QVERIFY(message.size() > QString("cannot write '" + path + "': ").size());
        QVERIFY(!QFile::exists(path));
        QCOMPARE(renderer.paints, 0);  // nothing drawn for a file that cannot be made
    }
}

void TestFigureExport::directoryPathIsRefused() {
    BoxRenderer renderer;
    const auto status = exportFigure(renderer, RenderState{}, FigureOptions{}, m_dir.path());
    QVERIFY(!status.ok());
    QVERIFY(QString::fromStdString(status.error().message).contains("is a directory"));
    QVERIFY(QFileInfo(m_dir.path()).isDir());
}

void TestFigureExport::failedExportKeepsOldFile() {
    // A renderer with no size draws nothing: the export fails and the old file survives untouched.
    class EmptyRenderer : public SceneRenderer {
    public:
        QSizeF logicalSize() const override { return {0, 0}; }
        bool paintScene(QPainter&, const RenderState&) override { return true; }
    } empty;
    const QString path = m_dir.filePath("kept.png");
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("previous figure");
    old.close();
    QVERIFY(!exportFigure(empty, RenderState{}, FigureOptions{}, path).ok());
    QCOMPARE(readAll(path), QByteArray("previous figure"));
    QCOMPARE(QDir(m_dir.path()).entryList({"kept.png*"}, QDir::Files), QStringList{"kept.png"});
}

void TestFigureExport::sceneThatDrawsItsCaptionGetsNoBand() {
    // Like the RDMA scene's narration strip: the renderer writes the caption itself.
    class StripRenderer : public BoxRenderer {
    public:
        bool drawsCaption() const override { return true; }
        bool paintScene(QPainter& painter, const RenderState& state) override {
            shown = state.caption;
            return BoxRenderer::paintScene(painter, state);
        }
        QString shown;
    } renderer;
    RenderState state;
    state.caption = QStringLiteral("The requester posts a send work request.");
    FigureOptions options;
    options.caption = true;
    const QImage image = renderFigure(renderer, state, options);
    QCOMPARE(image.size(), QSize(200, 100));  // no band: the sentence is not written twice
    QCOMPARE(renderer.shown, state.caption);  // the scene got it from the RenderState
    QCOMPARE(captionBandText(renderer, state, options), QString());
    ExportDialog dialog(renderer, state, std::nullopt, StepCaption{"narration", {}}, QString());
    QVERIFY(!dialog.findChildren<QCheckBox*>().at(1)->isEnabled());
}

void TestFigureExport::dialogDefaultsToPublicationPng() {
    BoxRenderer renderer;
    RenderState current;
    current.theme = Theme::dark();
    ExportDialog dialog(renderer, current, std::nullopt, StepCaption{"narration", {}}, QString());
    const FigureOptions options = dialog.figureOptions();
    QCOMPARE(options.theme.background, Theme::light().background);  // publication theme, not the UI's
    QVERIFY(!options.caption);
    auto* what = dialog.findChildren<QComboBox*>().at(2);
    QVERIFY(!what->isEnabled());  // no lesson open
}

void TestFigureExport::dialogFollowsFormatAndLessonChoice() {
    BoxRenderer renderer;
    RenderState current;
    RenderState lesson;
    lesson.highlights = QStringList{"qp1"};
    ExportDialog dialog(renderer, current, lesson, StepCaption{"current narration", {}}, "lesson narration");
    const auto combos = dialog.findChildren<QComboBox*>();
    QComboBox* format = combos.at(0);
    QComboBox* scale = combos.at(1);
    QComboBox* what = combos.at(2);
    QCOMPARE(what->currentIndex(), 1);  // a lesson is open: its step is the default
    QCOMPARE(dialog.chosenState().highlights, QStringList{"qp1"});
    format->setCurrentIndex(1);
    QCOMPARE(dialog.figureOptions().format, FigureOptions::Format::Svg);
    QVERIFY(!scale->isEnabled());
    QVERIFY(dialog.path().endsWith(".svg"));
    dialog.findChildren<QCheckBox*>().at(1)->setChecked(true);
    QVERIFY(dialog.figureOptions().caption);
    QCOMPARE(dialog.chosenState().caption, QString("lesson narration"));
    what->setCurrentIndex(0);
    QCOMPARE(dialog.chosenState().caption, QString("current narration"));
}

void TestFigureExport::dialogExportsAndRemembersFormat() {
    BoxRenderer renderer;
    {
        ExportDialog dialog(renderer, RenderState{}, std::nullopt, StepCaption{}, QString());
        dialog.findChildren<QComboBox*>().at(0)->setCurrentIndex(2);  // PDF
        dialog.setPath(m_dir.filePath("dialog.pdf"));
        QVERIFY(dialog.exportNow());
        QVERIFY(readAll(m_dir.filePath("dialog.pdf")).startsWith("%PDF"));
    }
    ExportDialog again(renderer, RenderState{}, std::nullopt, StepCaption{}, QString());
    QCOMPARE(again.figureOptions().format, FigureOptions::Format::Pdf);
    QCOMPARE(QFileInfo(again.path()).absolutePath(), QFileInfo(m_dir.path()).absoluteFilePath());
}

QTEST_MAIN(TestFigureExport)
#include "tst_views_figure_export.moc"
