#pragma once

#include <QObject>

namespace commviz::views {

/// Space toggles play as an application-wide shortcut, but a focused button,
/// check box, combo box or text field must get its own Space (press the
/// button, tick the box). Installed on the application, this claims Space for
/// such a widget before the shortcut map sees it; elsewhere (the canvas, the
/// event list) Space still plays and pauses.
class FocusedSpaceFilter : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

    /// True when `widget` uses Space itself, so the play shortcut must not take it.
    static bool wantsSpace(const QObject* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace commviz::views
