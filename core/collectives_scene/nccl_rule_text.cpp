// Why NCCL's tuner picked what it picked, in one sentence: the pick against the runner-up, and the size at
// which another pair takes over (found by bisection on ncclTopoGetAlgoTime, not read off a chart).

#include "collectives_scene/nccl_rule_text.h"

#include <algorithm>
#include <cstdio>

#include "collectives_scene/collectives_config.h"
#include "collectives_scene/nccl_auto_choice.h"
#include "nccl/log/tuning_log.h"

namespace commviz::collectives {

namespace {

bool samePick(const nccl_tuning::TuningChoice& left, const nccl_tuning::TuningChoice& right) {
    return left.algorithm == right.algorithm && left.protocol == right.protocol;
}

// What differs between the pick and the pair taking over: "Simple", "Tree" or "Tree/Simple".
std::string takeoverName(const NcclAutoChoice& choice, const nccl_tuning::TuningChoice& next) {
    const std::string pair = ncclPairName(next.algorithm, next.protocol);
    const std::string algorithm = pair.substr(0, pair.find('/')), protocol = pair.substr(pair.find('/') + 1);
    if (next.algorithm == choice.algorithm) return protocol;
    if (next.protocol == choice.protocol) return algorithm;
    return pair;
}

}  // namespace

nccl_tuning::TuningChoice TunerPicker::choose(std::int64_t nBytes) const {
    nccl_tuning::CollCall call;
    call.func = func;
    call.nBytes = nBytes;
    call.nvlsSupport = inputs.nvlsGraph.nChannels > 0 && nvlsReduces;  // comm->nvlsSupport and the op/type
    return nccl_tuning::ncclTopoChooseAlgorithm(inputs, model, call, nChannels);
}

std::int64_t nextCrossover(const TunerPicker& picker, std::int64_t nBytes) {
    const nccl_tuning::TuningChoice here = picker.choose(nBytes);
    std::int64_t low = nBytes;
    while (low < kMaxBytes) {
        std::int64_t high = std::min(low * 2, kMaxBytes);
        if (samePick(picker.choose(high), here)) {
            low = high;
            continue;
        }
        while (high - low > 1) {  // the pick is `here` at low and another at high
            const std::int64_t middle = low + (high - low) / 2;
            (samePick(picker.choose(middle), here) ? low : high) = middle;
        }
        return high;
    }
    return 0;
}

void findTakeover(const TunerPicker& picker, std::int64_t nBytes, NcclAutoChoice& choice) {
    choice.takeoverBytes = nextCrossover(picker, nBytes);
    choice.takeover = choice.takeoverBytes ? takeoverName(choice, picker.choose(choice.takeoverBytes)) : std::string();
}

std::string ruleSentence(const NcclAutoChoice& choice) {
    std::string text = ncclPairName(choice.algorithm, choice.protocol) + ": " + microsecondsText(choice.timeUs);
    if (const NcclCandidate* second = ncclRunnerUp(choice))
        text += ", ahead of " + ncclPairName(second->algorithm, second->protocol) + " at " +
                microsecondsText(second->timeUs) + "; " +
                (choice.takeoverBytes
                     ? choice.takeover + " needs " + binarySizeText(double(choice.takeoverBytes)) + " to win"
                     : "no other pair wins up to " + binarySizeText(double(kMaxBytes)));
    else
        text += ", the only pair enabled";
    if (choice.animatedAlgorithm != choice.algorithm)
        text += "; the scene does not animate " + nccl_tuning::ncclAlgoStr(choice.algorithm) + " and animates " +
                ncclPairName(choice.animatedAlgorithm, choice.animatedProtocol) + " (" +
                microsecondsText(choice.animatedTimeUs) + ") instead";
    return text;
}

std::string microsecondsText(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f µs", static_cast<double>(value));
    return text;
}

std::string binarySizeText(double bytes) {
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    while (bytes >= 1024.0 && unit < 4) bytes /= 1024.0, ++unit;
    char text[32];
    const char* format = unit == 0 || bytes >= 100 ? "%.0f %s" : bytes >= 10 ? "%.1f %s" : "%.2f %s";
    std::snprintf(text, sizeof text, format, bytes, units[unit]);
    std::string out = text;
    // "1.50 MiB" → "1.5 MiB", "2.00 KiB" → "2 KiB"
    const auto dot = out.find('.');
    if (dot == std::string::npos) return out;
    const auto space = out.find(' ');
    auto end = space;
    while (end > dot + 1 && out[end - 1] == '0') --end;
    if (end == dot + 1) end = dot;
    return out.substr(0, end) + out.substr(space);
}

}  // namespace commviz::collectives
