#include "shell/step_caption.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QRegularExpression>
#include <map>

#include "shell/narration_table.h"
#include "shell/step_narration.h"

namespace commviz::views {

namespace {

struct CaptionText {
    Q_DECLARE_TR_FUNCTIONS(CaptionText)
};

constexpr int kSelectedSentences = 2;

// The step counted by kind in the order the kinds first appear; kinds the
// table has no count for are lumped together as other events.
QString countedSummary(const SceneDescriptor& scene, std::size_t step, const std::vector<sim::EventRecord>& records) {
    std::vector<std::pair<std::string, int>> kinds;
    for (const auto& record : records) {
        auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == record.kind; });
        if (it == kinds.end())
            kinds.emplace_back(record.kind, 1);
        else
            ++it->second;
    }
    QStringList parts;
    int other = 0;
    for (const auto& [kind, n] : kinds) {
        const QString phrase = scene.narration ? scene.narration->counted(kind, n) : QString();
        if (phrase.isEmpty())
            other += n;
        else
            parts << phrase;
    }
    if (other > 0)
        parts << (parts.isEmpty()
                      ? countedPhrase(other, CaptionText::tr("1 event"), CaptionText::tr("%1 events"))
                      : countedPhrase(other, CaptionText::tr("1 other event"), CaptionText::tr("%1 other events")));
    return CaptionText::tr("Step %1: %2.").arg(step).arg(parts.join(CaptionText::tr(", ")));
}

double wrappedHeight(const QString& text, const QFont& font, const QRectF& room) {
    return QFontMetricsF(font).boundingRect(room, Qt::TextWordWrap, text).height();
}

}  // namespace

StepCaption stepCaption(const SceneDescriptor& scene, const sim::Session& session, std::size_t step,
                        const QString& selected) {
    StepCaption caption;
    caption.full = stepNarration(scene, session, step);
    if (caption.full.isEmpty()) return caption;
    const std::vector<sim::EventRecord> records = session.eventRecords(step);
    QStringList lead;
    if (!selected.isEmpty()) {
        const std::string id = selected.toStdString();
        for (const auto& record : records) {
            if (std::find(record.objects.begin(), record.objects.end(), id) == record.objects.end()) continue;
            if (lead.size() == kSelectedSentences) break;
            lead << scene.narrate(record);
        }
    }
    const QString counts =
        scene.summarizeStep ? scene.summarizeStep(step, records) : countedSummary(scene, step, records);
    caption.summary = joinSentences(lead << counts);
    return caption;
}

QStringList splitSentences(const QString& text) {
    // After Latin . ! ? followed by a space, or after full-width 。！？.
    static const QRegularExpression end(QStringLiteral("(?<=[.!?])\\s+|(?<=[。！？])"));
    QStringList sentences = text.split(end, Qt::SkipEmptyParts);
    for (QString& s : sentences) s = s.trimmed();
    sentences.removeAll(QString());
    return sentences;
}

QString fitCaption(const QString& full, const QString& summary, const QFont& font, const QRectF& room) {
    if (wrappedHeight(full, font, room) <= room.height()) return full;
    const QString shorter = summary.isEmpty() ? full : summary;
    if (wrappedHeight(shorter, font, room) <= room.height()) return shorter;
    const QStringList sentences = splitSentences(shorter);
    QStringList kept;
    for (const QString& sentence : sentences) {
        QStringList tried = kept;
        tried << sentence;
        if (!kept.isEmpty() && wrappedHeight(joinSentences(tried), font, room) > room.height()) break;
        kept = tried;
    }
    return joinSentences(kept);
}

}  // namespace commviz::views
