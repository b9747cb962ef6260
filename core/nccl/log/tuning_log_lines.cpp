// The one-line kinds of the tuning log reader: the per-call selection line (NCCL src/enqueue.cc), the
// GRAPH `Pattern` line (src/graph/search.cc, ncclTopoPrintGraph), `NCCL_* set by environment to`
// (src/misc/param.cc and tuning.cc) and the topology print's `CPU/` line (src/graph/topo.cc).
#include <string>

#include "nccl/log/tuning_log_reader_internal.h"

namespace commviz::nccl_tuning::tuning_log_detail {

namespace {

constexpr std::string_view kArrow = " Bytes -> Algo ";
/// 1 PiB: far above any call, low enough that × nRanks (2.24+ AllGather) cannot overflow.
constexpr long long kMaxSelectionBytes = 1LL << 50;

void report(LoggedTuning& out, int line, std::string reason) { out.problems.push_back({line, std::move(reason)}); }

std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> pieces;
    for (std::string_view piece : splitKeep(text, ' '))
        if (!piece.empty()) pieces.push_back(piece);
    return pieces;
}

/// `channel{Lo..Hi}={a..b}`.
bool readChannelRange(std::string_view text, LoggedSelection& selection) {
    constexpr std::string_view start = "channel{Lo..Hi}={";
    if (text.substr(0, start.size()) != start || text.empty() || text.back() != '}') return false;
    text = text.substr(start.size(), text.size() - start.size() - 1);
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) return false;
    const auto low = readInteger(text.substr(0, dots));
    const auto high = readInteger(text.substr(dots + 2));
    if (!low || !high || *low < 0 || *high < *low || *high > 1024) return false;
    selection.channelLo = static_cast<int>(*low);
    selection.channelHi = static_cast<int>(*high);
    return true;
}

/// The words after `Algo `: `A proto P time T` or `A proto P channel{Lo..Hi}={a..b}`.
bool readChoice(const std::vector<std::string_view>& after, LoggedSelection& selection) {
    if (after.size() != 4 && after.size() != 5) return false;
    if (after[1] != "proto") return false;
    const auto algoNumber = readInteger(after[0]);
    const auto protoNumber = readInteger(after[2]);
    selection.algorithm = algoNumber ? static_cast<int>(*algoNumber) : ncclAlgoIndex(after[0]);
    selection.protocol = protoNumber ? static_cast<int>(*protoNumber) : ncclProtoIndex(after[2]);
    if (selection.algorithm < 0 || selection.algorithm >= kMaxAlgorithms) return false;
    if (selection.protocol < 0 || selection.protocol >= NCCL_NUM_PROTOCOLS) return false;
    if (after.size() == 4) {
        selection.form = SelectionForm::Channels;
        return !algoNumber && readChannelRange(after[3], selection);
    }
    if (after[3] != "time" || !algoNumber) return false;
    selection.time = readFloat(after[4]);
    return selection.time.has_value();
}

}  // namespace

bool readSelection(std::string_view message, int line, int lastOpCountFunc, LoggedTuning& out) {
    const std::size_t arrow = message.find(kArrow);
    if (arrow == std::string_view::npos) return false;
    LoggedSelection selection;
    selection.line = line;
    std::string_view before = trimmed(message.substr(0, arrow));
    const std::size_t colon = before.find(": ");
    if (colon != std::string_view::npos) {
        selection.func = ncclFuncIndex(before.substr(0, colon));
        if (selection.func < 0) {
            report(out, line, "selection line: unknown collective '" + std::string(before.substr(0, colon)) + "'");
            return true;
        }
        before = before.substr(colon + 2);
    }
    const auto bytes = readInteger(before);
    const bool read = bytes && *bytes >= 0 && *bytes <= kMaxSelectionBytes &&
                      readChoice(words(message.substr(arrow + kArrow.size())), selection);
    if (!read) {
        report(out, line, "selection line not understood");
        return true;
    }
    selection.bytes = *bytes;
    if (selection.form != SelectionForm::Channels)
        selection.form = selection.func >= 0 ? SelectionForm::CollectiveTime : SelectionForm::Time;
    if (selection.func < 0 && lastOpCountFunc >= 0) selection.func = lastOpCountFunc, selection.funcFromOpCount = true;
    out.selections.push_back(selection);
    return true;
}

int opCountFunc(std::string_view message) {
    const std::size_t colon = message.find(": opCount ");
    return colon == std::string_view::npos ? -1 : ncclFuncIndex(message.substr(0, colon));
}

bool readEnvironment(std::string_view message, int line, LoggedTuning& out) {
    constexpr std::string_view middle = " set by environment to ";
    const std::size_t at = message.find(middle);
    if (message.substr(0, 5) != "NCCL_" || at == std::string_view::npos) return false;
    std::string_view value = trimmed(message.substr(at + middle.size()));
    // NCCL_PARAM values print as `%lld.`: drop the full stop after a number.
    if (value.size() > 1 && value.back() == '.' && readInteger(value.substr(0, value.size() - 1)))
        value.remove_suffix(1);
    out.environment.push_back({std::string(message.substr(0, at)), std::string(value), line});
    return true;
}

bool readCpu(std::string_view message, LoggedTuning& out) {
    if (message.substr(0, 4) != "CPU/") return false;
    const std::size_t open = message.find(" (");
    const std::size_t close = message.find(')', open == std::string_view::npos ? 0 : open);
    if (open == std::string_view::npos || close == std::string_view::npos) return true;
    const std::vector<std::string_view> parts = splitKeep(message.substr(open + 2, close - open - 2), '/');
    const auto arch = parts.size() == 3 ? readInteger(parts[0]) : std::nullopt;
    const auto vendor = parts.size() == 3 ? readInteger(parts[1]) : std::nullopt;
    if (arch && vendor && !out.cpu) out.cpu = LoggedCpu{static_cast<int>(*arch), static_cast<int>(*vendor)};
    return true;
}

}  // namespace commviz::nccl_tuning::tuning_log_detail
