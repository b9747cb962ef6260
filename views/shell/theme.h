#pragma once

#include <QColor>
#include <QFont>
#include <QString>

namespace commviz::views {

/// Colours every scene paints with. "light" is also the publication theme used
/// for exported figures, whatever the UI theme is.
struct Theme {
    QString id;
    QColor background;
    QColor panel;  ///< boxes: hosts, layers, queues
    QColor panelBorder;
    QColor text;
    QColor mutedText;
    QColor accent;     ///< the object the current step is about
    QColor accent2;    ///< a second actor (the peer, the response)
    QColor good;       ///< success, ACK
    QColor bad;        ///< error, NAK, drop
    QColor warn;       ///< waiting, retry
    QColor highlight;  ///< tutorial highlight halo
    QColor selection;

    static Theme light();
    static Theme dark();
    /// "light" or "dark"; anything else gives light.
    static Theme byId(const QString& id);
};

}  // namespace commviz::views
