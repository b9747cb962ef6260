#include "export/figure_preview.h"

#include <QImage>
#include <QPixmap>

namespace commviz::views {

FigurePreview::FigurePreview(QSize size, QWidget* parent) : QLabel(parent), m_size(size) {
    setMinimumSize(size);
    setAlignment(Qt::AlignCenter);
    setFrameShape(QFrame::StyledPanel);
}

void FigurePreview::showFigure(const QImage& image) {
    if (image.isNull()) {
        setText(tr("Nothing to preview"));
        return;
    }
    const double ratio = devicePixelRatioF();
    QPixmap pixmap = QPixmap::fromImage(image).scaled(m_size * ratio, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    pixmap.setDevicePixelRatio(ratio);
    setPixmap(pixmap);
}

}  // namespace commviz::views
