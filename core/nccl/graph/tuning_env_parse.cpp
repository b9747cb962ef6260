#include "nccl/graph/tuning_env_parse.h"

#include <cctype>
#include <string_view>

namespace commviz::nccl_tuning {

namespace {

const std::array<std::string, NCCL_NUM_FUNCTIONS> kFuncNames{"Broadcast", "Reduce", "AllGather", "ReduceScatter",
                                                             "AllReduce"};

bool sameWord(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// strtok semantics: empty pieces are skipped.
std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> pieces;
    while (!text.empty()) {
        const std::size_t end = text.find(separator);
        const std::string_view piece = text.substr(0, end);
        if (!piece.empty()) pieces.push_back(piece);
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return pieces;
}

// One list applied to one collective; false names the first unknown word in `unknown`.
bool applyList(std::string_view list, const std::vector<std::string>& names, std::vector<int>& flags,
               std::string* unknown) {
    int unset = 0, set = 1;
    if (!list.empty() && list.front() == '^') {
        unset = 1;
        set = 0;
        list.remove_prefix(1);
    }
    flags.assign(names.size(), unset);
    for (std::string_view word : split(list, ',')) {
        bool known = false;
        for (std::size_t e = 0; e < names.size(); ++e)
            if (sameWord(word, names[e])) flags[e] = set, known = true;
        if (!known && unknown) {
            *unknown = std::string(word);
            return false;
        }
    }
    return true;
}

sim::Status parsePrefixed(const std::string& text, const std::vector<std::string>& names, EnableMatrix& matrix) {
    bool first = true;
    for (std::string_view entry : split(text, ';')) {
        const std::vector<std::string_view> parts = split(entry, ':');
        const bool hasPrefix = parts.size() >= 2;
        if (!hasPrefix && !first) return sim::fail("All entries except the first must have a prefix: \"" + text + "\"");
        first = false;
        const std::string_view list = hasPrefix ? parts[1] : (parts.empty() ? std::string_view{} : parts[0]);
        bool foundPrefix = false;
        for (int f = 0; f < NCCL_NUM_FUNCTIONS; ++f) {
            if (hasPrefix && !sameWord(parts[0], kFuncNames[static_cast<std::size_t>(f)])) continue;
            foundPrefix = true;
            std::string unknown;
            if (!applyList(list, names, matrix[static_cast<std::size_t>(f)], &unknown))
                return sim::fail("Unrecognized element token \"" + unknown + "\" when parsing \"" + text + "\"");
        }
        if (!foundPrefix)
            return sim::fail("Unrecognized prefix token \"" + std::string(parts[0]) + "\" when parsing \"" + text +
                             "\"");
    }
    return sim::Ok{};
}

}  // namespace

sim::Status parseEnableList(TuningVersion version, const std::string& text, const std::vector<std::string>& names,
                            EnableMatrix& matrix) {
    if (version.atLeast(24)) return parsePrefixed(text, names, matrix);
    for (std::vector<int>& flags : matrix) applyList(text, names, flags, nullptr);
    return sim::Ok{};
}

}  // namespace commviz::nccl_tuning
