// The collectives scene's narration: one sentence per kind of
// CollectivesEngine::eventKinds(), filled from the event's fields.

#include "collectives_scene/collectives_events.h"
#include "collectives_scene/collectives_text.h"
#include "shell/event_fields.h"

namespace commviz::views {

namespace {

QString number(const sim::EventRecord& record, const char* key) { return EventFields(record).count(key); }
// Rounds are 0-based in the events and 1-based for people.
QString roundNumber(const sim::EventRecord& record) {
    return QString::number(EventFields(record).integer("round").value_or(0));
}
QString timeText(const sim::EventRecord& record) {
    return QString::number(EventFields(record).number("end_us").value_or(0), 'g', 4);
}

QString sendSentence(const sim::EventRecord& record) {
    const EventFields fields(record);
    const QStringList blockList = fields.list("blocks").value_or(QStringList());
    const QString blocks = CollectivesText::blocksText(blockList);
    const QString what = blockList.size() == 1 ? CollectivesText::tr("block %1").arg(blocks)
                                               : CollectivesText::tr("blocks %1").arg(blocks);
    const QString bytes = CollectivesText::bytesText(fields.integer("bytes").value_or(0));
    const bool reduce = fields.flag("reduce").value_or(false);
    if (fields.text("transport") == QLatin1String("NVLS")) {  // through the switch, which does the adding
        if (reduce)
            return CollectivesText::tr(
                       "Round %1: the NVSwitch reads rank %2's copy of %3 (%4) for head rank %5 and adds it to the "
                       "other GPUs' copies (multimem.ld_reduce, done at %6 µs).")
                .arg(roundNumber(record), number(record, "src"), what, bytes, number(record, "dst"), timeText(record));
        return CollectivesText::tr(
                   "Round %1: head rank %2's sum of %3 (%4) goes through the NVSwitch into rank %5's buffer "
                   "(multimem.st, done at %6 µs).")
            .arg(roundNumber(record), number(record, "src"), what, bytes, number(record, "dst"), timeText(record));
    }
    if (reduce)
        return CollectivesText::tr(
                   "Round %1: rank %2 sends %3 (%4) to rank %5, which adds the data into its partial sums (done at "
                   "%6 µs).")
            .arg(roundNumber(record), number(record, "src"), what, bytes, number(record, "dst"), timeText(record));
    return CollectivesText::tr("Round %1: rank %2 sends %3 (%4) to rank %5, which stores the data (done at %6 µs).")
        .arg(roundNumber(record), number(record, "src"), what, bytes, number(record, "dst"), timeText(record));
}

QString waitedFor(const QString& wait) {
    if (wait == QLatin1String("previous_primitive")) return CollectivesText::tr("its own previous primitive");
    if (wait == QLatin1String("data")) return CollectivesText::tr("the data it forwards");
    if (wait == QLatin1String("slot")) return CollectivesText::tr("a free slot at the receiver");
    return CollectivesText::tr("the launch");
}

// On a server's rings: where the send sits in its channel's pipeline.
QString pipelineSentence(const sim::EventRecord& record) {
    const EventFields fields(record);
    const auto channel = fields.integer("channel");
    if (!channel) return {};
    return CollectivesText::tr(
               "On channel %1 it goes out at %2 µs as NCCL step %3 (slot %4) over %5, after waiting for %6; the "
               "receiver runs %7 on it.")
        .arg(QString::number(*channel), QString::number(fields.number("start_us").value_or(0), 'g', 4),
             number(record, "nccl_step"), number(record, "slot"), fields.text("transport").value_or(QString()),
             waitedFor(fields.text("waited_for").value_or(QString())),
             fields.text("receiver_primitive").value_or(QString()));
}

// NCCL's sends name the device function and the primitive the sender runs (the event's anchor).
QString send(const sim::EventRecord& record) {
    const std::optional<QString> function = EventFields(record).text("device_function");
    if (!function) return sendSentence(record);
    const QString sentence = CollectivesText::tr("%1 In NCCL's %2 the sender calls %3.")
                                 .arg(sendSentence(record), *function, QString::fromStdString(record.anchor));
    const QString pipeline = pipelineSentence(record);
    return pipeline.isEmpty() ? sentence : CollectivesText::tr("%1 %2").arg(sentence, pipeline);
}

QString round(const sim::EventRecord& record) {
    const EventFields fields(record);
    const QString bytes = CollectivesText::bytesText(fields.integer("bytes").value_or(0));
    if (fields.flag("reduce").value_or(false))
        return CollectivesText::tr(
                   "Round %1: %2 messages carry %3 in all and their receivers reduce; the round ends at %4 µs.")
            .arg(roundNumber(record), number(record, "messages"), bytes, timeText(record));
    return CollectivesText::tr("Round %1: %2 messages carry %3 in all; the round ends at %4 µs.")
        .arg(roundNumber(record), number(record, "messages"), bytes, timeText(record));
}

}  // namespace

const NarrationTable& CollectivesText::table() {
    static const NarrationTable t{
        {collectives::SendEvent::kKind, &send,
         [](int n) {
             return countedPhrase(n, CollectivesText::tr("1 message sent"), CollectivesText::tr("%1 messages sent"));
         }},
        {collectives::RoundEvent::kKind, &round, [](int n) {
             return countedPhrase(n, CollectivesText::tr("1 round ended"), CollectivesText::tr("%1 rounds ended"));
         }}};
    return t;
}

}  // namespace commviz::views
