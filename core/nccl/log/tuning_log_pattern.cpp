// GRAPH `Pattern %d, crossNic %d, nChannels %d, bw %f/%f, type %s/%s, sameChannels %d` (NCCL
// src/graph/search.cc, ncclTopoPrintGraph; `speed %f/%f` up to 2.9): one searched graph of one rank.
#include <string>

#include "nccl/log/tuning_log_reader_internal.h"

namespace commviz::nccl_tuning::tuning_log_detail {

namespace {

/// GB/s per channel: LOC_BW (5000) is the largest NCCL puts in a graph.
constexpr float kMaxGraphBw = 100000.0f;

struct PatternFields {
    std::optional<long long> pattern, nChannels, sameChannels;
    std::optional<float> bwIntra, bwInter;
    std::optional<PathType> typeIntra, typeInter;
};

/// `key value` pieces split at ", ".
void readField(std::string_view piece, PatternFields& fields) {
    piece = trimmed(piece);
    const std::size_t space = piece.find(' ');
    if (space == std::string_view::npos) return;
    const std::string_view key = piece.substr(0, space), value = trimmed(piece.substr(space + 1));
    const std::size_t slash = value.find('/');
    const std::string_view first = value.substr(0, slash);
    const std::string_view second = slash == std::string_view::npos ? std::string_view{} : value.substr(slash + 1);
    if (key == "Pattern") fields.pattern = readInteger(value);
    if (key == "nChannels") fields.nChannels = readInteger(value);
    if (key == "sameChannels") fields.sameChannels = readInteger(value);
    if (key == "bw" || key == "speed") fields.bwIntra = readFloat(first), fields.bwInter = readFloat(second);
    if (key == "type") fields.typeIntra = pathTypeIndex(first), fields.typeInter = pathTypeIndex(second);
}

}  // namespace

bool readPattern(std::string_view message, int line, const std::string& process, LoggedTuning& out) {
    if (message.substr(0, 8) != "Pattern ") return false;
    PatternFields fields;
    std::size_t start = 0;
    while (start <= message.size()) {
        const std::size_t end = message.find(", ", start);
        readField(message.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start), fields);
        if (end == std::string_view::npos) break;
        start = end + 2;
    }
    const bool complete = fields.pattern && fields.nChannels && fields.bwIntra && fields.bwInter && fields.typeIntra &&
                          fields.typeInter && *fields.pattern >= 0 && *fields.pattern < 16 && *fields.nChannels >= 0 &&
                          *fields.nChannels <= 64 && *fields.bwIntra >= 0 && *fields.bwInter >= 0 &&
                          *fields.bwIntra <= kMaxGraphBw && *fields.bwInter <= kMaxGraphBw;
    if (!complete) {
        out.problems.push_back({line, "GRAPH Pattern line not understood"});
        return true;
    }
    LoggedGraph logged{line, process, {}};
    logged.graph.pattern = static_cast<int>(*fields.pattern);
    logged.graph.nChannels = static_cast<int>(*fields.nChannels);
    logged.graph.bwIntra = *fields.bwIntra;
    logged.graph.bwInter = *fields.bwInter;
    logged.graph.typeIntra = *fields.typeIntra;
    logged.graph.typeInter = *fields.typeInter;
    logged.graph.sameChannels = !fields.sameChannels || *fields.sameChannels != 0;
    out.graphs.push_back(std::move(logged));
    return true;
}

}  // namespace commviz::nccl_tuning::tuning_log_detail
