#include "noc/allocator_choice.h"

#include <array>
#include <string_view>

namespace commviz::noc {

namespace {

struct Named {
    const char* name;
    AllocatorKind kind;
};
// BookSim's NewAllocator names, max_size and piggyback aside (not modelled).
constexpr std::array<Named, 8> kNames = {{{"islip", AllocatorKind::Islip},
                                          {"separable_input_first", AllocatorKind::SeparableInputFirst},
                                          {"separable_output_first", AllocatorKind::SeparableOutputFirst},
                                          {"wavefront", AllocatorKind::Wavefront},
                                          {"rr_wavefront", AllocatorKind::RrWavefront},
                                          {"select", AllocatorKind::Select},
                                          {"pim", AllocatorKind::Pim},
                                          {"loa", AllocatorKind::Loa}}};

bool iterates(AllocatorKind kind) {
    return kind == AllocatorKind::Islip || kind == AllocatorKind::Select || kind == AllocatorKind::Pim;
}
bool separable(AllocatorKind kind) {
    return kind == AllocatorKind::SeparableInputFirst || kind == AllocatorKind::SeparableOutputFirst;
}

constexpr const char* kAllowed =
    "islip, select or pim, each optionally with iterations (N) from 1 to 16; separable_input_first or "
    "separable_output_first, optionally (round_robin) or (matrix); wavefront, rr_wavefront or loa";

}  // namespace

std::string parseAllocatorName(const std::string& text, AllocatorChoice& choice) {
    const std::string_view view = text;
    const std::size_t left = view.find('(');
    const std::string_view name = view.substr(0, left);
    std::string_view parameter;
    if (left != std::string_view::npos) {
        if (!view.ends_with(")")) return kAllowed;
        parameter = view.substr(left + 1, view.size() - left - 2);
    }
    for (const Named& named : kNames) {
        if (name != named.name) continue;
        AllocatorChoice parsed{named.kind, ArbiterKind::RoundRobin, 1};
        if (left == std::string_view::npos) {
            choice = parsed;
            return "";
        }
        if (iterates(named.kind)) {
            if (parameter.empty() || parameter.size() > 2 ||
                parameter.find_first_not_of("0123456789") != std::string_view::npos)
                return kAllowed;
            parsed.iterations = std::stoi(std::string(parameter));
            if (parsed.iterations < 1 || parsed.iterations > 16) return kAllowed;
        } else if (separable(named.kind)) {
            // Arbiter::NewArbiter; BookSim's tree(groups,sub) is not modelled.
            if (parameter == "matrix")
                parsed.arbiter = ArbiterKind::Matrix;
            else if (parameter != "round_robin")
                return kAllowed;
        } else {
            return kAllowed;
        }
        choice = parsed;
        return "";
    }
    return kAllowed;
}

std::string allocatorName(const AllocatorChoice& choice) {
    std::string name;
    for (const Named& named : kNames)
        if (named.kind == choice.kind) name = named.name;
    if (iterates(choice.kind) && choice.iterations != 1) return name + "(" + std::to_string(choice.iterations) + ")";
    if (separable(choice.kind) && choice.arbiter == ArbiterKind::Matrix) return name + "(matrix)";
    return name;
}

std::vector<std::string> allocatorNames() {
    std::vector<std::string> names;
    for (const char* base : {"islip", "select", "pim"}) {
        names.push_back(base);
        for (int n = 2; n <= 16; ++n) names.push_back(std::string(base) + "(" + std::to_string(n) + ")");
    }
    for (const char* base : {"separable_input_first", "separable_output_first"}) {
        names.push_back(base);
        names.push_back(std::string(base) + "(matrix)");
    }
    for (const char* base : {"wavefront", "rr_wavefront", "loa"}) names.push_back(base);
    return names;
}

}  // namespace commviz::noc
