#include "shell/scene_list_delegate.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QScrollBar>
#include <QTextLayout>

namespace commviz::views {

namespace {
constexpr int kMargin = 6;    // around each entry
constexpr int kIconGap = 8;   // between the icon and the text
constexpr int kLineGap = 3;   // between the name and the description
constexpr int kEntryGap = 6;  // below each entry, so entries stand apart
constexpr int kWrap = Qt::TextWordWrap;
// `text` word-wrapped to `width`, at most `maxLines` lines, the last elided when more would follow.
QString clampedLines(const QFont& font, const QString& text, int width, int maxLines) {
    QTextLayout wrapped(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    wrapped.setTextOption(option);
    wrapped.beginLayout();
    QStringList lines;
    for (QTextLine line = wrapped.createLine(); line.isValid(); line = wrapped.createLine()) {
        line.setLineWidth(width);
        if (lines.size() == maxLines - 1) {
            const QString rest = text.mid(line.textStart()).simplified();
            lines << QFontMetrics(font).elidedText(rest, Qt::ElideRight, width);
            break;
        }
        lines << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    wrapped.endLayout();
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

SceneListDelegate::Layout SceneListDelegate::layout(const QStyleOptionViewItem& option, const QString& name,
                                                    const QString& description) {
    Layout out;
    out.nameFont = option.font;
    out.nameFont.setBold(true);
    out.descriptionFont = option.font;
    const QRect area = option.rect.adjusted(kMargin, kMargin, -kMargin, 0);
    const QSize iconSize = option.decorationSize.isValid() ? option.decorationSize : QSize(32, 32);
    out.icon = QRect(area.topLeft(), iconSize);
    const int textLeft = out.icon.right() + 1 + kIconGap;
    const int textWidth = std::max(40, area.right() - textLeft);
    const QRect nameBounds = QFontMetrics(out.nameFont).boundingRect(QRect(0, 0, textWidth, 10000), kWrap, name);
    out.name = QRect(textLeft, area.top(), textWidth, nameBounds.height());
    out.descriptionShown = clampedLines(out.descriptionFont, description, textWidth, kDescriptionLines);
    const QRect descriptionBounds =
        QFontMetrics(out.descriptionFont).boundingRect(QRect(0, 0, textWidth, 10000), kWrap, out.descriptionShown);
    out.description = QRect(textLeft, out.name.bottom() + 1 + kLineGap, textWidth,
                            description.isEmpty() ? 0 : descriptionBounds.height());
    const int bottom = std::max(out.icon.bottom(), out.description.bottom());
    out.height = bottom + 1 - option.rect.top() + kMargin + kEntryGap;
    return out;
}

void SceneListDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString name = index.data(Qt::DisplayRole).toString();
    const QString description = index.data(DescriptionRole).toString();
    // The style draws the background, hover and selection; the text is ours.
    opt.text.clear();
    opt.icon = QIcon();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const Layout parts = layout(option, name, description);
    const bool selected = option.state & QStyle::State_Selected;
    const QPalette& palette = option.palette;
    painter->save();
    index.data(Qt::DecorationRole).value<QIcon>().paint(painter, parts.icon);
    painter->setFont(parts.nameFont);
    painter->setPen(palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(parts.name, kWrap, name);
    painter->setFont(parts.descriptionFont);
    painter->setPen(selected ? palette.color(QPalette::HighlightedText) : palette.color(QPalette::PlaceholderText));
    painter->drawText(parts.description, kWrap, parts.descriptionShown);
    painter->restore();
}

QSize SceneListDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The list's width, less a scroll bar's even while none is shown: the
    // entry then has the lines it needs whether or not one appears.
    const auto* view = qobject_cast<const QAbstractItemView*>(opt.widget);
    int width = view ? view->viewport()->width() : std::max(opt.rect.width(), 200);
    if (view && !view->verticalScrollBar()->isVisible())
        width -= view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, view);
    opt.rect = QRect(0, 0, width, 0);
    const Layout parts = layout(opt, index.data(Qt::DisplayRole).toString(), index.data(DescriptionRole).toString());
    return {width, parts.height};
}

}  // namespace commviz::views
