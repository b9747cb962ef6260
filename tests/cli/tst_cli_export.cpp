// `commviz export` draws figures headless: PNG pixels follow --scale, SVG stays
// vector, PDF is a PDF, and --lang zh_CN changes the caption, which a scene
// with its own narration strip shows once (no band under the figure).

#include <QImage>
#include <QTemporaryDir>

#include "cli_runner.h"

using namespace commviz::testing;

class TestCliExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pngScaleTwoDoublesThePixels();
    void svgIsVector();
    void svgNamesFontsABrowserKnows();
    void oneScaleServesEveryFormat();
    void pdfStartsWithPdf();
    void stepAndThemeChangeTheFigure();
    void chineseCaptionDiffersFromEnglish();
    void selectDrawsAnObjectSelected();
    void optionDrawsTheNocHeatmap();

private:
    QByteArray exportTo(const QString& name, const QStringList& extra);
    QString m_scene;
    QTemporaryDir m_dir;
};

void TestCliExport::initTestCase() {
    const auto scenes = listedScenes();
    if (!scenes.isEmpty()) m_scene = scenes.first().id;
}

QByteArray TestCliExport::exportTo(const QString& name, const QStringList& extra) {
    const QString path = m_dir.filePath(name);
    const CliResult result = runCommviz(QStringList{"export", "--scene", m_scene, "-o", path} + extra);
    if (!result.finished || result.exitCode != 0) {
        qWarning("commviz export failed (%d): %s", result.exitCode, result.err.constData());
        return {};
    }
    if (!result.err.isEmpty()) qWarning("stderr: %s", result.err.constData());
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestCliExport::pngScaleTwoDoublesThePixels() {
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    const QByteArray one = exportTo("one.png", {"--format", "png", "--scale", "1"});
    const QByteArray two = exportTo("two.png", {"--format", "png", "--scale", "2"});
    QVERIFY(one.startsWith("\x89PNG"));
    const QImage a = QImage::fromData(one, "PNG");
    const QImage b = QImage::fromData(two, "PNG");
    QVERIFY(!a.isNull() && !b.isNull());
    QVERIFY(a.width() > 10 && a.height() > 10);
    QCOMPARE(b.width(), 2 * a.width());
    QCOMPARE(b.height(), 2 * a.height());
    // The publication theme's white background in the corner.
    QCOMPARE(a.pixelColor(0, 0), QColor("#ffffff"));
}

void TestCliExport::svgIsVector() {
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    const QByteArray svg = exportTo("figure.svg", {"--format", "svg"});
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains("<path") || svg.contains("<text"));
    QVERIFY(!svg.contains("<image"));  // not one embedded bitmap
}

void TestCliExport::svgNamesFontsABrowserKnows() {
    // A blog shows the figure in the intended font: CSS family lists ending in a generic family.
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    const QByteArray svg = exportTo("fonts.svg", {"--format", "svg"});
    QVERIFY(svg.contains("font-family=\"'Noto Sans', 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif\""));
    QVERIFY(!svg.contains("font-family=\"Sans Serif\""));
}

void TestCliExport::oneScaleServesEveryFormat() {
    // The same command line with --scale 2 writes PNG, SVG and PDF; vector pages grow, drawings do not.
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    QVERIFY(exportTo("two.svg", {"--format", "svg", "--scale", "2"}).contains("<svg"));
    QVERIFY(exportTo("two.pdf", {"--format", "pdf", "--scale", "2"}).startsWith("%PDF"));
}

void TestCliExport::pdfStartsWithPdf() {
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    const QByteArray pdf = exportTo("figure.pdf", {"--format", "pdf"});
    QVERIFY(pdf.startsWith("%PDF"));
    QVERIFY(pdf.contains("%%EOF"));
    // The format also follows the file name when --format is left out.
    QVERIFY(exportTo("inferred.pdf", {}).startsWith("%PDF"));
}

void TestCliExport::stepAndThemeChangeTheFigure() {
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    const QImage light = QImage::fromData(exportTo("light.png", {"--step", "1"}), "PNG");
    const QImage dark = QImage::fromData(exportTo("dark.png", {"--step", "1", "--theme", "dark"}), "PNG");
    QVERIFY(!light.isNull() && !dark.isNull());
    QVERIFY(dark.pixelColor(0, 0).lightness() < light.pixelColor(0, 0).lightness());
    const QImage start = QImage::fromData(exportTo("start.png", {"--step", "0"}), "PNG");
    const QImage end = QImage::fromData(exportTo("end.png", {}), "PNG");
    QVERIFY(!start.isNull() && !end.isNull());
    QVERIFY(start != end);
}

void TestCliExport::chineseCaptionDiffersFromEnglish() {
    if (m_scene.isEmpty()) QSKIP("no scene is registered in this build");
    // Until resources/translations/commviz_zh_CN.ts holds any translation, not
    // even a scene name changes; from the first translation on this is strict.
    const CliResult en = runCommviz({"scenes", "--lang", "en"});
    const CliResult zh = runCommviz({"scenes", "--lang", "zh_CN"});
    QCOMPARE(zh.exitCode, 0);
    if (en.out == zh.out) QSKIP("commviz_zh_CN.ts has no translations yet (scene names are the same in en and zh_CN)");
    const QByteArray plain = exportTo("plain.png", {"--step", "1"});
    const QByteArray english = exportTo("en.png", {"--step", "1", "--caption", "--lang", "en"});
    const QByteArray chinese = exportTo("zh.png", {"--step", "1", "--caption", "--lang", "zh_CN"});
    const QImage p = QImage::fromData(plain, "PNG");
    const QImage e = QImage::fromData(english, "PNG");
    const QImage c = QImage::fromData(chinese, "PNG");
    QVERIFY(!p.isNull() && !e.isNull() && !c.isNull());
    // The scene draws its own narration strip, which shows the caption: no band
    // under the figure repeats the sentence, so the figure is the same.
    QCOMPARE(e.size(), p.size());
    QCOMPARE(e, p);
    QCOMPARE(c.size(), p.size());
    QVERIFY2(c != e, "the zh_CN caption must differ from the English one: is the translation loaded?");
}

QTEST_MAIN(TestCliExport)
#include "tst_cli_export.moc"

void TestCliExport::selectDrawsAnObjectSelected() {
    // A selected NoC router gets its close-up panel on the right of the figure,
    // where the unselected figure shows the grid's empty margin.
    const auto png = [this](const QString& name, const QStringList& extra) {
        const QString path = m_dir.filePath(name);
        const CliResult r = runCommviz(QStringList{"export", "--scene", "noc", "--step", "12", "-o", path} + extra);
        return r.exitCode == 0 ? QImage(path) : QImage();
    };
    const QImage plain = png("plain.png", {});
    const QImage zoomed = png("zoomed.png", {"--select", "router/5"});
    QVERIFY(!plain.isNull() && !zoomed.isNull());
    QCOMPARE(zoomed.size(), plain.size());
    const QPoint insidePanel(plain.width() - 60, plain.height() / 3);
    QVERIFY(plain.pixelColor(insidePanel) != zoomed.pixelColor(insidePanel));
}

void TestCliExport::optionDrawsTheNocHeatmap() {
    // --option switches a view option on as the View menu does: the NoC's link
    // heatmap over a window recolours the links and replaces the legend row.
    const auto png = [this](const QString& name, const QStringList& extra) {
        const QString path = m_dir.filePath(name);
        const CliResult r = runCommviz(
            QStringList{"export", "--scene", "noc", "--set", "injection_rate=0.3", "--step", "300", "-o", path} +
            extra);
        return r.exitCode == 0 ? QImage(path) : QImage();
    };
    const QImage plain = png("plain_links.png", {});
    const QImage heat = png("heat_links.png", {"--option", "noc.heatmap.links=200"});
    QVERIFY(!plain.isNull() && !heat.isNull());
    QCOMPARE(heat.size(), plain.size());
    QVERIFY(plain != heat);
}
