#pragma once

#include <QLabel>
#include <QSize>

class QImage;

namespace commviz::views {

/// The framed picture at the top of the export dialogs: a rendered figure
/// scaled to fit, sharp on high-density screens, or a line saying there is
/// nothing to show.
class FigurePreview : public QLabel {
    Q_OBJECT

public:
    explicit FigurePreview(QSize size, QWidget* parent = nullptr);
    /// Shows `image` (drawn at the widget's device pixel ratio), or "Nothing to preview" when it is null.
    void showFigure(const QImage& image);

private:
    QSize m_size;
};

}  // namespace commviz::views
