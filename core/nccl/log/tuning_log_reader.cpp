// Reads the tuning-related lines of an NCCL_DEBUG log line by line. The message is what follows
// `NCCL INFO ` (or `NCCL TRACE ` for 2.18–2.19's selection line), wherever it sits on the line: mpirun's
// rank tags and program output run into NCCL's lines in published logs.
#include "nccl/log/tuning_log_reader.h"

#include "nccl/log/log_text_lines.h"
#include "nccl/log/tuning_log_reader_internal.h"

namespace commviz::nccl_tuning {

namespace {

using namespace tuning_log_detail;

/// Longer lines are not NCCL's (its buffer is 1 KiB; a TUNING row is ~170 characters).
constexpr std::size_t kMaxTuningLineBytes = 4096;

struct Message {
    std::string_view text;
    std::string process;  ///< `host:pid [dev]`: the prefix without the thread id
};

/// The prefix `host:pid:tid [dev]` before `NCCL `, without the tid.
std::string processOf(std::string_view prefix) {
    prefix = trimmed(prefix);
    const std::size_t space = prefix.rfind(' ');
    std::string_view device = space == std::string_view::npos ? std::string_view{} : prefix.substr(space);
    std::string_view owner = space == std::string_view::npos ? prefix : prefix.substr(0, space);
    const std::size_t start = owner.rfind(' ');
    if (start != std::string_view::npos) owner.remove_prefix(start + 1);
    const std::size_t tid = owner.rfind(':');
    if (tid != std::string_view::npos && owner.find(':') != tid) owner = owner.substr(0, tid);
    return std::string(owner) + std::string(device);
}

std::optional<Message> messageOf(std::string_view line) {
    for (std::string_view marker : {std::string_view("NCCL INFO "), std::string_view("NCCL TRACE ")}) {
        const std::size_t at = line.find(marker);
        if (at != std::string_view::npos)
            return Message{line.substr(at + marker.size()), processOf(line.substr(0, at))};
    }
    return std::nullopt;
}

void readCollChannels(std::string_view message, LoggedTuning& out) {
    const std::size_t at = message.find(" coll channels, ");
    if (at == std::string_view::npos || out.collChannels > 0) return;
    const auto channels = readInteger(message.substr(0, at));
    if (channels && *channels > 0 && *channels <= 64) out.collChannels = static_cast<int>(*channels);
}

struct ReaderState {
    TableReader table;
    int lastOpCountFunc = -1;
};

void readMessage(const Message& message, int line, ReaderState& state, LoggedTuning& out) {
    if (state.table.read(message.text, line, out)) return;
    if (readSelection(message.text, line, state.lastOpCountFunc, out)) return;
    if (readPattern(message.text, line, message.process, out)) return;
    if (readEnvironment(message.text, line, out)) return;
    if (readCpu(message.text, out)) return;
    const int func = opCountFunc(message.text);
    if (func >= 0) state.lastOpCountFunc = func;
    readCollChannels(message.text, out);
    if (message.text.substr(0, 7) == "comm 0x" && message.text.find(" nNodes ") != std::string_view::npos)
        out.nNodesPrinted = true;
}

}  // namespace

LoggedTuning readTuningLog(std::string_view text) {
    LoggedTuning out;
    ReaderState state;
    nccl_topology::forEachLogLine(text, [&](int lineNumber, std::string_view line) {
        if (line.size() > kMaxTuningLineBytes || line.substr(0, 1) == "#") return true;
        if (const auto message = messageOf(line)) readMessage(*message, lineNumber, state, out);
        return true;
    });
    state.table.finish(out);
    return out;
}

}  // namespace commviz::nccl_tuning
