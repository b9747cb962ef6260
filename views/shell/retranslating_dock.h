#pragma once

#include <QDockWidget>
#include <QEvent>

namespace commviz::views {

/// A dock whose texts follow the language switched live: it calls
/// retranslate() on every QEvent::LanguageChange.
class RetranslatingDock : public QDockWidget {
public:
    using QDockWidget::QDockWidget;

protected:
    /// Sets every translated text of the dock (its constructor calls it once too).
    virtual void retranslate() = 0;
    void changeEvent(QEvent* event) override {
        if (event->type() == QEvent::LanguageChange) retranslate();
        QDockWidget::changeEvent(event);
    }
};

}  // namespace commviz::views
