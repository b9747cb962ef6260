#include "tutorial/lesson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace commviz::views {

namespace {

sim::Error lessonError(const QString& origin, const QString& what) {
    return sim::fail(QStringLiteral("lesson '%1': %2").arg(origin, what).toStdString());
}

LocalizedText textOf(const QJsonValue& value) {
    LocalizedText text;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) text.insert(it.key(), it.value().toString());
    return text;
}

}  // namespace

QString localized(const LocalizedText& text, const QString& language) {
    return text.value(language, text.value(QStringLiteral("en")));
}

sim::Result<Lesson> parseLesson(const QByteArray& json, const QString& origin) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (doc.isNull()) return lessonError(origin, QStringLiteral("not valid JSON (%1)").arg(error.errorString()));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toInt() != 1)
        return lessonError(origin, QStringLiteral("\"format\" must be 1"));
    Lesson lesson;
    lesson.scene = root.value(QStringLiteral("scene")).toString();
    lesson.title = textOf(root.value(QStringLiteral("title")));
    const QJsonArray steps = root.value(QStringLiteral("steps")).toArray();
    if (steps.isEmpty()) return lessonError(origin, QStringLiteral("\"steps\" must be a non-empty list"));
    for (int i = 0; i < steps.size(); ++i) {
        const QJsonObject s = steps[i].toObject();
        LessonStep step;
        step.scenario = s.value(QStringLiteral("scenario")).toString();
        const double at = s.value(QStringLiteral("step")).toDouble(-1);
        // Also refuses NaN and numbers past any step, which do not convert to std::size_t.
        if (!(at >= 0 && at <= 1e15))
            return lessonError(origin, QStringLiteral("steps[%1]: \"step\" must be a step number >= 0").arg(i));
        step.step = std::size_t(at);
        for (const auto& id : s.value(QStringLiteral("highlight")).toArray()) step.highlights << id.toString();
        step.narration = textOf(s.value(QStringLiteral("narration")));
        if (step.narration.value(QStringLiteral("en")).isEmpty() ||
            step.narration.value(QStringLiteral("zh_CN")).isEmpty())
            return lessonError(origin, QStringLiteral("steps[%1]: narration needs both \"en\" and \"zh_CN\"").arg(i));
        step.source = s.value(QStringLiteral("source")).toString();
        step.question = textOf(s.value(QStringLiteral("question")));
        step.answer = textOf(s.value(QStringLiteral("answer")));
        if (step.question.isEmpty() != step.answer.isEmpty())
            return lessonError(origin, QStringLiteral("steps[%1]: a question needs an answer").arg(i));
        lesson.steps.push_back(std::move(step));
    }
    return lesson;
}

sim::Result<Lesson> loadLesson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return lessonError(path, QStringLiteral("cannot be read"));
    return parseLesson(file.readAll(), path);
}

}  // namespace commviz::views
