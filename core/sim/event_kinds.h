#pragma once

// An engine's event kinds, derived from its event variant: every alternative
// declares `static constexpr std::string_view kKind`, describe() uses that
// constant, and views key their narration table on the same constants. A kind
// that exists in core but has no sentence in a view is then found by a test
// walking kinds(), not by a reader meeting "wqe_fetched (rxe_requester)".

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace commviz::sim {

template <class Variant>
struct VariantKinds;

template <class... Alternatives>
struct VariantKinds<std::variant<Alternatives...>> {
    static std::vector<std::string> names() { return {std::string(Alternatives::kKind)...}; }
};

/// Every kind name of an event variant, in the variant's order.
template <class Variant>
std::vector<std::string> variantKinds() {
    return VariantKinds<Variant>::names();
}

}  // namespace commviz::sim
