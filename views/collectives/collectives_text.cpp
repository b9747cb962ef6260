#include "collectives/collectives_text.h"

#include <QLocale>

namespace commviz::views {

QString CollectivesText::name() { return tr("Collectives (Open MPI and NCCL)"); }

QString CollectivesText::description() {
    return tr(
        "Allreduce, broadcast, allgather and the other collectives round by round, as Open MPI's coll/tuned "
        "and NCCL schedule them: real data moving between ranks, partial sums building up, and the time "
        "each algorithm takes.");
}

QString CollectivesText::about() {
    return tr(
        "<p>Each step is one round of the chosen algorithm: every message of the round leaves its sender "
        "as the round begins (as <code>MPI_Sendrecv</code> does), carries whole blocks of the vector, and "
        "the receiver either stores them or adds them into its own copy. Every rank starts with distinct "
        "values, so the sums are real, and at the end each rank's result is checked against a direct "
        "computation (<code>result_ok</code>). <code>algorithm = auto</code> applies Open MPI's fixed "
        "decision rules and names the band that fired.</p>"
        "<p>How it is simplified: for large vectors only a sample of blocks (64, first and last included) "
        "and of each block its first 4 elements are simulated; byte counts always come from the whole "
        "vector. Each rank has one port and sends and receives at once; a message costs Hockney's "
        "α + n·β, plus n·γ where it reduces, and the run's time is the critical path over the "
        "schedule, with no contention between messages, no network topology and no overlap of computation "
        "beyond what the schedule allows.</p>"
        "<p>Of NCCL, the ring and tree schedules, channels, chunking and the wire efficiency of the "
        "Simple, LL and LL128 protocols are modelled; NCCL's tuner, which picks algorithm and protocol "
        "from measured tables, is not (auto runs the ring), nor are GPU kernels, proxies, transports, "
        "CollNet or NVLS.</p>");
}

QString CollectivesText::bytesText(std::int64_t bytes) {
    static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    const int decimals = value == double(std::int64_t(value)) ? 0 : 1;
    return QStringLiteral("%1 %2").arg(QLocale::c().toString(value, 'f', decimals), QLatin1String(kUnits[unit]));
}

QString CollectivesText::blocksText(const QStringList& blocks) {
    if (blocks.isEmpty()) return QStringLiteral("–");
    // Runs of consecutive blocks read as "first–last".
    QStringList parts;
    qsizetype index = 0;
    while (index < blocks.size()) {
        const qint64 first = blocks[index].toLongLong();
        qint64 last = first;
        while (index + 1 < blocks.size() && blocks[index + 1].toLongLong() == last + 1)
            last = blocks[++index].toLongLong();
        parts << (first == last ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(last));
        ++index;
    }
    return parts.join(QStringLiteral(", "));
}

QString CollectivesText::rangesText(const std::vector<collectives::BlockRange>& ranges) {
    QStringList parts;
    for (std::size_t index = 0; index < ranges.size(); ++index) {
        const int first = ranges[index].first;
        int end = first + ranges[index].count;
        while (index + 1 < ranges.size() && ranges[index + 1].first == end) end += ranges[++index].count;
        parts << (end - first == 1 ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(end - 1));
    }
    return parts.isEmpty() ? QStringLiteral("–") : parts.join(QStringLiteral(", "));
}

}  // namespace commviz::views
