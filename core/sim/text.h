#pragma once

// A sentence for people that an engine produces at run time (why a verb failed,
// why a packet was dropped). Core has no Qt, so it keeps the English template,
// marked with QT_TRANSLATE_NOOP (sim/translatable.h) so lupdate puts it in the
// .ts, plus the values that fill %1, %2, ... Views translate the template with
// QCoreApplication::translate(context, source) and fill in the values; the
// command line's JSON prints english(). Values are identifiers and numbers
// (IBV_QP_AV, RTS, 4096), never prose, so they read the same in every language.

#include <string>
#include <utility>
#include <vector>

#include "sim/json.h"
#include "sim/translatable.h"

namespace commviz::sim {

struct Text {
    std::string context;  ///< the QT_TRANSLATE_NOOP scope, e.g. "commviz::rdma"
    std::string source;   ///< English template with %1 ... %9
    std::vector<std::string> args;
    std::string subject;  ///< optional identifier the sentence is about ("qp_a"), shown as "subject: …"

    bool empty() const { return source.empty(); }
    bool operator==(const Text&) const = default;

    /// The template with its values filled in, in English.
    std::string english() const {
        std::string out = subject.empty() ? std::string() : subject + ": ";
        for (std::size_t i = 0; i < source.size(); ++i) {
            const char c = source[i];
            if (c == '%' && i + 1 < source.size() && source[i + 1] >= '1' && source[i + 1] <= '9') {
                const std::size_t n = std::size_t(source[i + 1] - '1');
                if (n < args.size()) out += args[n];
                ++i;
                continue;
            }
            out += c;
        }
        return out;
    }

    /// {"context", "text", "args", "subject"?}: what a view needs to translate it.
    Json toJson() const {
        Json j{{"context", context}, {"text", source}, {"args", args}};
        if (!subject.empty()) j["subject"] = subject;
        return j;
    }
};

/// A text that is only an identifier (an rxe state name, a verbs enum value): nothing to translate.
inline Text identifierText(std::string name) { return Text{{}, "%1", {std::move(name)}, {}}; }

}  // namespace commviz::sim
