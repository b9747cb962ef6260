#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <vector>

#include "sim/result.h"

namespace commviz::views {

/// Text in each language of the lesson, keyed "en" / "zh_CN".
using LocalizedText = QMap<QString, QString>;

/// Picks the text for `language`, falling back to English.
QString localized(const LocalizedText& text, const QString& language);

struct LessonStep {
    QString scenario;        ///< resource or file path of the scenario to show; empty = keep the current one
    std::size_t step = 0;    ///< the engine step to show
    QStringList highlights;  ///< object ids to highlight
    LocalizedText narration;
    QString source;          ///< the real source function, e.g. "libibverbs/verbs.h: ibv_post_send()"
    LocalizedText question;  ///< optional "predict the next step"
    LocalizedText answer;
};

/// A guided walk through one scene, read from a resource JSON file.
struct Lesson {
    QString scene;
    LocalizedText title;
    std::vector<LessonStep> steps;
};

sim::Result<Lesson> parseLesson(const QByteArray& json, const QString& origin);
sim::Result<Lesson> loadLesson(const QString& path);

}  // namespace commviz::views
