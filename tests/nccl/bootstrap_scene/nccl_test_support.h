#pragma once

// Helpers for the NCCL suites: build an engine from keys, run it with a guard,
// and write each message event in a short form the tests spell out by hand:
//   E3        rank 3's extInfo to the root        E3@1   … to root1
//   X0@2      rank 0's extra extInfo to root2     D1     duplicate of rank 1
//   B1        stale client (bad magic) before 1   N0:1   root -> rank 0: address of 1 (N0:1@0 with roots)
//   C0>1      ring connect 0 -> 1                 0>1:0  allgather 0 -> 1, slice 0

#include <QtTest>
#include <set>
#include <string>
#include <vector>

#include "nccl/bootstrap_scene/nccl_engine.h"

namespace nccltest {

using namespace commviz;
using namespace commviz::nccl;

inline Config config(const sim::ParamValues& values) {
    auto c = configFrom(values, std::nullopt);
    if (!c) qFatal("bad test config: %s", c.error().message.c_str());
    return c.value();
}

inline std::string at(int root, int nroots) { return nroots > 1 ? "@" + std::to_string(root) : std::string(); }

inline std::string shortForm(const NcclEngine::Event& event) {
    if (const auto* e = std::get_if<ExtInfoSent>(&event)) {
        const char* tag = e->what == CheckIn::Extra       ? "X"
                          : e->what == CheckIn::Duplicate ? "D"
                          : e->what == CheckIn::BadMagic  ? "B"
                                                          : "E";
        return tag + std::to_string(e->src) + at(e->root, e->nroots);
    }
    if (const auto* e = std::get_if<NextAddrSent>(&event))
        return "N" + std::to_string(e->dst) + ":" + std::to_string(e->peer) + at(e->root, e->nroots);
    if (const auto* e = std::get_if<RingConnected>(&event))
        return "C" + std::to_string(e->src) + ">" + std::to_string(e->dst);
    if (const auto* e = std::get_if<AllGatherSent>(&event))
        return std::to_string(e->src) + ">" + std::to_string(e->dst) + ":" + std::to_string(e->slice);
    return "";
}

/// Runs to the end (with a guard against hangs) and returns every event.
inline std::vector<NcclEngine::Event> runAll(NcclEngine& engine, std::size_t guard = 10'000'000) {
    std::vector<NcclEngine::Event> all;
    for (std::size_t i = 0; !engine.done() && i < guard; ++i)
        for (auto& e : engine.step()) all.push_back(e);
    return all;
}

/// Short forms of the check-in, reply and ring-connect events, in order.
inline std::vector<std::string> bootstrapMessages(const std::vector<NcclEngine::Event>& events) {
    std::vector<std::string> out;
    for (const auto& e : events)
        if (std::holds_alternative<ExtInfoSent>(e) || std::holds_alternative<NextAddrSent>(e) ||
            std::holds_alternative<RingConnected>(e))
            out.push_back(shortForm(e));
    return out;
}

inline std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        if (end > start) out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

inline QStringList q(const std::vector<std::string>& items) {
    QStringList list;
    for (const auto& s : items) list << QString::fromStdString(s);
    return list;
}

inline std::vector<std::string> logLines(const NcclEngine& engine) { return formatLog(engine.world(), engine.log()); }

}  // namespace nccltest
