#include "shell/presentation_mode.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace commviz::views {

PresentationMode::PresentationMode(QMainWindow& window) : QObject(&window), m_window(window) {}

void PresentationMode::enter() {
    if (m_active) return;
    m_active = true;
    m_layout = m_window.saveState();
    m_windowState = m_window.windowState();
    m_hiddenDocks.clear();
    m_hiddenBars.clear();
    for (QDockWidget* dock : m_window.findChildren<QDockWidget*>())
        if (dock->isVisible()) {
            m_hiddenDocks << dock;
            dock->hide();
        }
    for (QToolBar* bar : m_window.findChildren<QToolBar*>())
        if (bar->isVisible()) {
            m_hiddenBars << bar;
            bar->hide();
        }
    // menuBar()/statusBar() would create them; only touch the ones that exist.
    QWidget* menu = m_window.menuWidget();
    m_menuBarShown = menu && menu->isVisible();
    if (menu) menu->hide();
    QStatusBar* status = m_window.findChild<QStatusBar*>(QString(), Qt::FindDirectChildrenOnly);
    m_statusBarShown = status && status->isVisible();
    if (status) status->hide();
    m_window.setWindowState(m_windowState | Qt::WindowFullScreen);
    emit activeChanged(true);
}

void PresentationMode::leave() {
    if (!m_active) return;
    m_active = false;
    m_window.setWindowState(m_windowState & ~Qt::WindowFullScreen);
    if (QWidget* menu = m_window.menuWidget(); menu && m_menuBarShown) menu->show();
    if (QStatusBar* status = m_window.findChild<QStatusBar*>(QString(), Qt::FindDirectChildrenOnly);
        status && m_statusBarShown)
        status->show();
    for (QDockWidget* dock : m_hiddenDocks) dock->show();
    for (QToolBar* bar : m_hiddenBars) bar->show();
    // Sizes and tab order as they were (showing a dock alone may re-float or re-tab it).
    m_window.restoreState(m_layout);
    m_hiddenDocks.clear();
    m_hiddenBars.clear();
    emit activeChanged(false);
}

}  // namespace commviz::views
