#pragma once

#include <QFont>
#include <QRect>
#include <QStyledItemDelegate>

namespace commviz::views {

/// Draws one entry of the Scenes list: the icon, the scene's name in bold and
/// its description below in the secondary text colour, at most
/// kDescriptionLines lines (the item's tooltip has all of it), with room
/// between entries, so the list reads as a list rather than a wall of text and
/// every scene fits in the Scenes dock at the default window size.
/// The name is the item's DisplayRole, the description DescriptionRole.
class SceneListDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    static constexpr int DescriptionRole = Qt::UserRole + 2;
    static constexpr int kDescriptionLines = 3;

    /// Where the parts of one entry go in `option.rect`.
    struct Layout {
        QRect icon;
        QRect name;
        QRect description;
        QString descriptionShown;  ///< the description cut to its lines, the last one ending in "…" when cut
        QFont nameFont;
        QFont descriptionFont;
        int height = 0;  ///< the whole entry, spacing included
    };

    using QStyledItemDelegate::QStyledItemDelegate;
    static Layout layout(const QStyleOptionViewItem& option, const QString& name, const QString& description);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace commviz::views
