#include "shell/theme.h"

namespace commviz::views {

Theme Theme::light() {
    return {QStringLiteral("light"), QColor("#ffffff"), QColor("#f3f5f8"), QColor("#9aa5b1"), QColor("#1f2933"),
            QColor("#616e7c"),       QColor("#2f6fde"), QColor("#d9822b"), QColor("#2e9f5c"), QColor("#d64545"),
            QColor("#e0a800"),       QColor("#ffd84d"), QColor("#8e44ad")};
}

Theme Theme::dark() {
    return {QStringLiteral("dark"), QColor("#1b1f24"), QColor("#262c33"), QColor("#4b5561"), QColor("#e4e7eb"),
            QColor("#9aa5b1"),      QColor("#5b9bff"), QColor("#f0a35e"), QColor("#4cc38a"), QColor("#ff6b6b"),
            QColor("#f5c451"),      QColor("#8a7400"), QColor("#c39bd3")};
}

Theme Theme::byId(const QString& id) { return id == QLatin1String("dark") ? dark() : light(); }

}  // namespace commviz::views
