#include "ompi/base/composed_schedule.h"

#include <algorithm>
#include <memory>

#include "collectives/phases.h"
#include "ompi/tuned/ompi_tuned_algorithms.h"

namespace commviz::collectives {

namespace {

/// Element offsets where a layout's blocks start, and its end.
std::vector<std::int64_t> cuts(const BlockLayout& layout) {
    std::vector<std::int64_t> offsets{0};
    for (auto elements : layout) offsets.push_back(offsets.back() + elements);
    return offsets;
}

/// For each block boundary of `inner` (size + 1 entries), the outer block
/// index there. Equal offsets (empty blocks) take equal outer cuts in turn, so
/// an inner layout with the outer's empty blocks maps onto them one to one.
std::vector<int> boundaryIndex(const BlockLayout& inner, const std::vector<std::int64_t>& outerCuts) {
    std::vector<int> index;
    std::int64_t previous = -1;
    int repeat = 0;
    for (auto offset : cuts(inner)) {
        repeat = offset == previous ? repeat + 1 : 0;
        previous = offset;
        const auto [low, high] = std::equal_range(outerCuts.begin(), outerCuts.end(), offset);
        index.push_back(int(std::min(low + repeat, high - 1) - outerCuts.begin()));
    }
    return index;
}

Phase remapped(Schedule inner, std::vector<int> boundary) {
    auto shared = std::make_shared<const Schedule>(std::move(inner));
    auto index = std::make_shared<const std::vector<int>>(std::move(boundary));
    return {shared->rounds, [shared, index](int r) {
                Round round = shared->round(r);
                for (Message& message : round)
                    for (BlockRange& range : message.blocks) {
                        const int first = (*index)[std::size_t(range.first)];
                        range.count = (*index)[std::size_t(range.first + range.count)] - first;
                        range.first = first;
                    }
                return round;
            }};
}

}  // namespace

void runOneAfterAnother(Schedule& outer, std::vector<InnerCollective> inner) {
    // The outer layout's own blocks (empty ones included: a rank's block of a
    // reduce_scatter may be empty) cut wherever an inner layout also cuts.
    std::vector<std::int64_t> outerCuts = cuts(outer.layout);
    for (const auto& call : inner)
        for (auto offset : cuts(call.schedule.layout))
            if (!std::binary_search(outerCuts.begin(), outerCuts.end(), offset))
                outerCuts.insert(std::upper_bound(outerCuts.begin(), outerCuts.end(), offset), offset);
    outer.layout.clear();
    for (std::size_t i = 1; i < outerCuts.size(); ++i) outer.layout.push_back(outerCuts[i] - outerCuts[i - 1]);

    std::vector<Phase> phases;
    std::string rule;
    for (auto& call : inner) {
        std::string ran = std::string(call.call) + ": " + call.schedule.algorithm;
        if (!call.schedule.redirectedFrom.empty()) ran += " (for " + call.schedule.redirectedFrom + ")";
        if (!call.schedule.rule.empty()) ran += " (" + call.schedule.rule + ")";
        rule += (rule.empty() ? "" : ", then ") + ran;
        std::vector<int> boundary = boundaryIndex(call.schedule.layout, outerCuts);
        phases.push_back(remapped(std::move(call.schedule), std::move(boundary)));
    }
    outer.rule = rule;
    setPhases(outer, std::move(phases));
}

ScheduleRequest innerRequest(const ScheduleRequest& request, Collective collective, std::int64_t count) {
    ScheduleRequest inner = request;
    inner.collective = collective;
    inner.count = count;
    inner.root = 0;
    return inner;
}

InnerCollective tunedCall(const char* call, const ScheduleRequest& inner) {
    auto schedule = tunedFixedSchedule(inner);
    // Every reduce, bcast, gather and scatter ID the fixed rules pick is modelled.
    return {call, schedule ? std::move(*schedule) : Schedule{}};
}

}  // namespace commviz::collectives
