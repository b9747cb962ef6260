#include "shell/window_layout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>
#include <QSettings>

namespace commviz::views::window_layout {

namespace {
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kVersionKey = QStringLiteral("window/layoutVersion");
}  // namespace

void useColumnCorners(QMainWindow& window) {
    window.setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    window.setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    window.setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    window.setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
}

bool restore(QMainWindow& window, QSettings& settings) {
    if (settings.value(kVersionKey).toInt() != kVersion) return false;
    window.restoreGeometry(settings.value(kGeometryKey).toByteArray());
    // The version doubles as QMainWindow's own state version: a mismatch restores nothing.
    return window.restoreState(settings.value(kStateKey).toByteArray(), kVersion);
}

void save(const QMainWindow& window, QSettings& settings) {
    settings.setValue(kGeometryKey, window.saveGeometry());
    settings.setValue(kStateKey, window.saveState(kVersion));
    settings.setValue(kVersionKey, kVersion);
}

void letShrink(QDockWidget& dock) {
    QWidget* body = dock.widget();
    if (!body || qobject_cast<QScrollArea*>(body)) return;
    auto* scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(body);
    dock.setWidget(scroll);
}

void applyDefaultSizes(QMainWindow& window, const DefaultDocks& docks) {
    QList<QDockWidget*> columns;
    QList<int> widths;
    if (docks.left) columns << docks.left, widths << kLeftWidth;
    if (docks.right) columns << docks.right, widths << kRightWidth;
    window.resizeDocks(columns, widths, Qt::Horizontal);
    if (docks.bottom) window.resizeDocks({docks.bottom}, {kBottomHeight}, Qt::Vertical);
}

}  // namespace commviz::views::window_layout
