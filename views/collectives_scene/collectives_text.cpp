#include "collectives_scene/collectives_text.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

#include "collectives_scene/collectives_config.h"
#include "collectives_scene/nccl_auto_choice.h"
#include "nccl/log/tuning_log.h"

namespace commviz::views {

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
        "vector. Each rank has one full-duplex port: it sends one message at a time and receives one at a "
        "time, so a root's p − 1 sends queue up. A message of n bytes costs Hockney's α + n·β, plus n·γ "
        "where the receiver reduces, and the run's time is the critical path over the schedule; there is no "
        "network topology and no contention beyond the ports.</p>"
        "<p>Of NCCL, the ring and double binary tree schedules, channels, chunk sizes and the Simple, LL "
        "and LL128 protocols (wire efficiency and NCCL's own latencies) are modelled. With a server "
        "(<code>topo_file</code>, <code>nnodes</code>; ranks = GPUs × nodes), <code>algorithm = auto</code> "
        "and <code>protocol = auto</code> pick exactly as NCCL's tuner does (tuning.cc, "
        "ncclTopoTuneModel and ncclTopoGetAlgoTime, on the graphs the nccl-topology scene searches, in the "
        "rules of NCCL 2.22.3); a named algorithm or protocol restricts it as NCCL_ALGO or NCCL_PROTO "
        "would. The summary lists every candidate's time and the size at which another one takes over. "
        "On a server the chosen pair then runs on the server's own channels, as a pipeline: a ring on "
        "ring c of the search, in the order rank 0 prints; a tree allreduce on channel c's tree, each "
        "server's GPUs chained under the double binary tree over the servers. Every slice goes through "
        "the NCCL_STEPS = 8 slots of its connection (a sender waits for a free slot, a receiver forwards a "
        "step as soon as it has it; Simple hands over whole steps, LL and LL128 line by line), and every "
        "hop is priced by its path (NVLink or PCI at the graph's bwIntra, NET at bwInter, tuning.cc's "
        "per-step latency). On a tree the reduce and the broadcast of a rank run at once, each with half of "
        "the channel's threads. Without a server, the double binary tree spans ranks and each message "
        "costs the link's α-β. Simplified: the head pointer travels back at once, a store takes no time, "
        "channels share no link beyond their share of it. On an NVSwitch server with sm90 GPUs the tuner "
        "also prices NVLS (the switch reduces) and, across servers, NVLSTree, on the NVLS graph the search "
        "finds (a head per GPU); the switch reduces only what ncclNvlsSupported allows (sums of every type but "
        "int8, the maximum of int32, int64, half and bfloat16). "
        "NVLS on one server runs as NCCL 2.22 cuts it: the buffer in 16-byte cells over the NVLS channels, "
        "NVLS chunks, loops of one chunk per head; each loop the heads' reduce warps load every GPU's copy "
        "of their chunk through the switch, which adds them (multimem.ld_reduce), and store the sum to every "
        "GPU (multimem.st). A GPU's link to the switch carries NCCL's NVLS bandwidth × (heads + 1) / heads, as "
        "each head's sum crosses it once more; the scatter and gather copies inside a GPU take no time and the "
        "tuner's NVLS latency is charged once. When NCCL would pick NVLSTree or PAT, the summary names it and "
        "the best ring or tree pair runs instead. CollNet stays off (it needs a plugin). GPU kernels and "
        "proxies are not modelled.</p>");
}

QString CollectivesText::gbpsNumber(double gbps) {
    const int magnitude = gbps > 0 ? int(std::floor(std::log10(gbps))) : 0;
    return QString::number(gbps, 'f', std::clamp(2 - magnitude, 0, 9));
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

namespace {

QString pairName(int algorithm, int protocol) {
    return QString::fromStdString(collectives::ncclPairName(algorithm, protocol));
}
QString microseconds(float value) { return QString::fromStdString(collectives::microsecondsText(value)); }
QString sizeText(std::int64_t bytes) { return QString::fromStdString(collectives::binarySizeText(double(bytes))); }

}  // namespace

QString CollectivesText::ncclRule(const collectives::NcclAutoChoice& choice) {
    const collectives::NcclCandidate* second = collectives::ncclRunnerUp(choice);
    if (choice.candidates.empty()) return tr("1 rank: NCCL takes Ring/Simple and sends nothing");
    const QString pick = pairName(choice.algorithm, choice.protocol);
    QString text;
    if (!second)
        text = tr("%1: %2, the only pair enabled").arg(pick, microseconds(choice.timeUs));
    else if (choice.takeoverBytes)
        text = tr("%1: %2, ahead of %3 at %4; %5 needs %6 to win")
                   .arg(pick, microseconds(choice.timeUs), pairName(second->algorithm, second->protocol),
                        microseconds(second->timeUs), QString::fromStdString(choice.takeover),
                        sizeText(choice.takeoverBytes));
    else
        text = tr("%1: %2, ahead of %3 at %4; no other pair wins up to %5")
                   .arg(pick, microseconds(choice.timeUs), pairName(second->algorithm, second->protocol),
                        microseconds(second->timeUs), sizeText(collectives::kMaxBytes));
    if (choice.animatedAlgorithm == choice.algorithm) return text;
    return tr("%1; the scene does not animate %2 and animates %3 (%4) instead")
        .arg(text, QString::fromStdString(nccl_tuning::ncclAlgoStr(choice.algorithm)),
             pairName(choice.animatedAlgorithm, choice.animatedProtocol), microseconds(choice.animatedTimeUs));
}

}  // namespace commviz::views
