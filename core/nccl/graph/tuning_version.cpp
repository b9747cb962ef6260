#include "nccl/graph/tuning_version.h"

#include <array>
#include <charconv>
#include <string>

namespace commviz::nccl_tuning {

int lastTuningPatch(int minor) {
    // Tags the write-up was read at: v2.18.6 v2.19.4 v2.20.5 v2.21.5 v2.22.3 v2.23.4 v2.24.3 v2.25.1 v2.26.6
    // v2.27.7 v2.28.9 v2.29.7 v2.30.7.
    constexpr std::array<int, kLastTuningMinor - kFirstTuningMinor + 1> lastPatch{6, 4, 5, 5, 3, 4, 3,
                                                                                  1, 6, 7, 9, 7, 7};
    if (minor < kFirstTuningMinor || minor > kLastTuningMinor) return 0;
    return lastPatch[static_cast<std::size_t>(minor - kFirstTuningMinor)];
}

namespace {

// Reads one decimal number at the front of `text`, moving past it; -1 when there is none.
int takeNumber(std::string_view& text) {
    int value = -1;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{}) return -1;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return value;
}

}  // namespace

sim::Result<TuningVersion> parseTuningVersion(std::string_view text) {
    const std::string original(text);
    const auto refuse = [&] {
        return sim::fail("NCCL version \"" + original + "\" not understood: give 2.18 … 2.30, e.g. 2.22.3");
    };
    if (takeNumber(text) != 2 || text.empty() || text.front() != '.') return refuse();
    text.remove_prefix(1);
    TuningVersion version;
    version.minor = takeNumber(text);
    if (version.minor < kFirstTuningMinor || version.minor > kLastTuningMinor) return refuse();
    version.patch = lastTuningPatch(version.minor);
    if (!text.empty() && text.front() == '.') {
        text.remove_prefix(1);
        version.patch = takeNumber(text);
        if (version.patch < 0) return refuse();
    }
    if (!text.empty() && text.front() != '-' && text.front() != '+') return refuse();
    return version;
}

}  // namespace commviz::nccl_tuning
