#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QToolBar;

namespace commviz::views {

/// F11's lecture-hall view of a main window: full screen with only its central
/// widget (the canvas and the transport bar); docks, toolbars, the menu bar and
/// the status bar are hidden. Leaving restores the window state and the layout
/// exactly as they were.
class PresentationMode : public QObject {
    Q_OBJECT

public:
    explicit PresentationMode(QMainWindow& window);

    bool isActive() const { return m_active; }

public slots:
    void enter();
    void leave();
    void toggle() { m_active ? leave() : enter(); }

signals:
    void activeChanged(bool active);

private:
    QMainWindow& m_window;
    bool m_active = false;
    QByteArray m_layout;             // QMainWindow::saveState() before entering
    Qt::WindowStates m_windowState;  // maximized / normal before entering
    QList<QDockWidget*> m_hiddenDocks;
    QList<QToolBar*> m_hiddenBars;
    bool m_menuBarShown = false;
    bool m_statusBarShown = false;
};

}  // namespace commviz::views
