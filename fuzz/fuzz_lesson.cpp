// libFuzzer target: a lesson file, read as the Tutorial dock reads one
// (views::parseLesson), and each step's text picked as the dock shows it.
#include <QByteArray>
#include <QString>
#include <cstddef>
#include <cstdint>

#include "tutorial/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace commviz::views;
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    auto lesson = parseLesson(json, QStringLiteral("fuzz-lesson.json"));
    if (!lesson) return 0;
    (void)localized(lesson.value().title, QStringLiteral("zh_CN"));
    for (const LessonStep& step : lesson.value().steps) {
        (void)localized(step.narration, QStringLiteral("zh_CN"));
        (void)localized(step.question, QStringLiteral("en"));
    }
    return 0;
}
