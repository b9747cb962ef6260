#include "noc/noc_config.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>

#include "noc/booksim_keys.h"
#include "noc/dragonfly.h"
#include "noc/flatfly_onchip.h"
#include "noc/routing_functions.h"
#include "sim/text.h"

namespace commviz::noc {

int NocConfig::nodes() const {
    int total = 1;
    for (int d = 0; d < n; ++d) total *= k;
    if (topology == Topology::AnyNet) return anynet ? anynet->nodes : 0;
    // dragonfly.cpp _ComputeSize (n = 1): a = 2p routers per group, g = a * p + 1 groups, p nodes a router
    if (topology == Topology::DragonFlyNew) return 2 * k * k * (2 * k * k + 1);
    return topology == Topology::CMesh || topology == Topology::FlatFly ? total * c : total;
}

int NocConfig::anynetPorts() const {
    int most = 1;
    if (anynet)
        for (int r = 0; r < anynet->routers; ++r) most = std::max(most, anynet->radix(r));
    return most;
}

OnOffRates NocConfig::onOffRates() const {
    auto rates = resolveOnOffRates(packetRate(), burst_alpha, burst_beta, burst_r1);
    return rates ? rates.value() : OnOffRates{};
}

namespace {

/// Core text for people, marked for lupdate; the reader's errors are English today.
std::string nocText(const char* source, std::vector<std::string> args = {}) {
    return sim::Text{"commviz::noc", source, std::move(args), {}}.english();
}

/// "key = value: why" when commviz cannot run the value, else "".
std::string valueProblem(NocConfig& config, const ConfigAssignment& a) {
    const BookSimKey& key = *findBookSimKey(a.key);
    const std::string stated = a.key + " = " + a.value.text + ": ";
    if (!key.supported()) {
        if (isDefaultValue(key, a.value)) return "";
        return stated + "commviz does not model BookSim's '" + a.key + "' (only its default " +
               (std::string(key.defaultText).empty() ? "\"\"" : key.defaultText) + " is accepted)";
    }
    const std::string allowed = key.set(config, a.value);
    return allowed.empty() ? "" : stated + "allowed values: " + allowed;
}

struct Problem {
    const ConfigAssignment* at;
    std::string text;  ///< "key = value: why"
};

/// One message for every value commviz cannot run; one problem keeps the single-error form.
sim::Error refusal(const ConfigDocument& document, const std::vector<Problem>& problems) {
    if (problems.size() == 1) return sim::fail(placeOf(document, *problems[0].at) + problems[0].text);
    std::string items;
    for (std::size_t i = 0; i < problems.size(); ++i) {
        const ConfigAssignment& a = *problems[i].at;
        const std::string at =
            a.line > 0 ? nocText(QT_TRANSLATE_NOOP("commviz::noc", "line %1"), {std::to_string(a.line)}) : "override";
        items += (i ? "; (" : "(") + std::to_string(i + 1) + ") " + at + ": " + problems[i].text;
    }
    return sim::fail(nocText(QT_TRANSLATE_NOOP("commviz::noc", "%1: %2 settings that commviz cannot run: %3"),
                             {document.name, std::to_string(problems.size()), items}));
}

/// Applies the final value of every key, collecting all that commviz cannot run.
sim::Result<NocConfig> applyFinalValues(const ConfigDocument& document, ConfigRunner runner) {
    NocConfig config;
    std::vector<Problem> problems;
    bool topologyRefused = false;
    // the topology first: the other keys' allowed values depend on it
    std::vector<const ConfigAssignment*> finals = finalAssignments(document);
    std::stable_partition(finals.begin(), finals.end(), [](const ConfigAssignment* a) { return a->key == "topology"; });
    for (const ConfigAssignment* a : finals) {
        std::string problem = valueProblem(config, *a);
        // checked once the topology holds its final value (it comes first)
        const bool bookSimRuns = runner == ConfigRunner::BookSim && !topologyRefused && a->key == "routing_function";
        if (problem.empty() && bookSimRuns && !stockBookSimAssertion(config).empty())
            problem = a->key + " = " + a->value.text + ": " + stockBookSimAssertion(config);
        if (problem.empty()) continue;
        topologyRefused = topologyRefused || a->key == "topology";
        problems.push_back({a, std::move(problem)});
    }
    if (!problems.empty()) return refusal(document, problems);
    return config;
}

const char* topologyName(Topology topology) {
    switch (topology) {
        case Topology::Mesh:
            return "mesh";
        case Topology::Torus:
            return "torus";
        case Topology::Fly:
            return "fly";
        case Topology::CMesh:
            return "cmesh";
        case Topology::AnyNet:
            return "anynet";
        case Topology::FlatFly:
            return "flatfly";
        case Topology::FatTree:
            return "fattree";
        case Topology::QTree:
            return "qtree";
        case Topology::Tree4:
            return "tree4";
        case Topology::DragonFlyNew:
            return "dragonflynew";
    }
    return "torus";
}

/// BookSim looks up <routing_function>_<topology>: the pairs it has, and the
/// sizes commviz's routers hold (at most 32 ports).
sim::Status validateTopologyRouting(const NocConfig& c) {
    const std::string pair = c.routing_name + "_" + topologyName(c.topology);
    if (c.topology == Topology::Fly) {
        if (c.routing_function != RoutingFunction::DestTag)
            return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                             " ('Invalid routing function: " + pair + "'); a fly routes with dest_tag");
        if (c.k > 32)
            return sim::fail("k = " + std::to_string(c.k) +
                             ": a fly's routers have k inputs and k outputs, and commviz's routers at most 32 "
                             "ports; allowed values for topology = fly: 2 to 32");
        return sim::Ok{};
    }
    if (c.topology == Topology::AnyNet) {
        if (c.routing_function != RoutingFunction::Min)
            return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                             " ('Invalid routing function: " + pair + "'); an anynet routes with min");
        if (c.traffic == TrafficKind::Tornado || c.traffic == TrafficKind::Neighbor)
            return sim::fail(std::string("traffic = ") + (c.traffic == TrafficKind::Tornado ? "tornado" : "neighbor") +
                             ": it counts k-ary n-cube digits, which an anynet does not have; allowed on an anynet: "
                             "uniform, randperm, hotspot, and the bit patterns on a power-of-two node count");
        return sim::Ok{};
    }
    if (c.topology == Topology::DragonFlyNew) return validateDragonFly(c);
    if (c.routing_function == RoutingFunction::Min)
        return sim::fail("routing_function = min: BookSim has no " + pair + " ('Invalid routing function: " + pair +
                         "'); min is for topology = anynet or dragonflynew here");
    // RanMin and after: the _flatfly functions (valiant is shared with the cubes).
    const bool flatflyFunction = c.routing_function >= RoutingFunction::RanMin;
    if (c.topology == Topology::FlatFly) return validateFlatFly(c);
    if (flatflyFunction)
        return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                         " ('Invalid routing function: " + pair + "'); " + c.routing_name + " is for topology = " +
                         (c.routing_function == RoutingFunction::Ugal ? "flatfly or dragonflynew" : "flatfly"));
    const bool treeFunction = c.routing_function == RoutingFunction::Nca || c.routing_function == RoutingFunction::Anca;
    if (c.topology == Topology::FatTree) {
        if (!treeFunction)
            return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                             " ('Invalid routing function: " + pair + "'); a fattree routes with nca or anca");
        if (c.k > 16)
            return sim::fail("k = " + std::to_string(c.k) +
                             ": a fat tree's routers have k down and k up ports, and commviz's routers at most 32 "
                             "ports; allowed values for topology = fattree: 2 to 16");
        return sim::Ok{};
    }
    if (c.topology == Topology::Tree4) {
        if (c.routing_function == RoutingFunction::Anca)
            return sim::fail(
                "routing_function = anca: commviz does not model tree4_anca (it offers all four up ports "
                "of a middle router at once, and commviz's route sets hold two); allowed for topology = "
                "tree4: nca");
        if (c.routing_function != RoutingFunction::Nca)
            return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                             " ('Invalid routing function: " + pair + "'); a tree4 routes with nca or anca");
        // tree4.cpp asserts k == 4 and n == 3.
        if (c.k != 4 || c.n != 3)
            return sim::fail("k = " + std::to_string(c.k) + ", n = " + std::to_string(c.n) +
                             ": allowed values for topology = tree4: k = 4 and n = 3 (BookSim's tree4.cpp asserts "
                             "them)");
        return sim::Ok{};
    }
    if (c.topology == Topology::QTree) {
        if (c.routing_function != RoutingFunction::Nca)
            return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                             " ('Invalid routing function: " + pair + "'); a qtree routes with nca");
        // qtree.cpp asserts k == 4 && n == 3 (its router ids h * 256 + pos hold no more).
        if (c.k != 4 || c.n != 3)
            return sim::fail("k = " + std::to_string(c.k) + ", n = " + std::to_string(c.n) +
                             ": allowed values for topology = qtree: k = 4 and n = 3 (BookSim's qtree.cpp asserts "
                             "them)");
        return sim::Ok{};
    }
    if (treeFunction)
        return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                         " ('Invalid routing function: " + pair + "'); " + c.routing_name +
                         " is for topology = fattree" +
                         (c.routing_function == RoutingFunction::Nca ? ", qtree or tree4" : " or tree4"));
    if (c.n > 3)
        return sim::fail("n = " + std::to_string(c.n) + ": allowed values for topology = " + topologyName(c.topology) +
                         ": an integer from 1 to 3 (a fly takes up to 8 stages)");
    const bool cmeshFunction = c.routing_function == RoutingFunction::DorNoExpress ||
                               c.routing_function == RoutingFunction::XyYx ||
                               c.routing_function == RoutingFunction::XyYxNoExpress;
    if (c.topology == Topology::CMesh) {
        if (!cmeshFunction && c.routing_name != "dor")
            return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                             " ('Invalid routing function: " + pair +
                             "'); a cmesh routes with dor, dor_no_express, xy_yx or xy_yx_no_express");
        // BookSim's cmesh.cpp asserts these (its wiring is right for them only).
        if (c.n != 2) return sim::fail("n = " + std::to_string(c.n) + ": allowed values for topology = cmesh: 2");
        if (c.c != 4) return sim::fail("c = " + std::to_string(c.c) + ": allowed values for topology = cmesh: 4");
        if (c.xr != 2 || c.yr != 2)
            return sim::fail("xr = " + std::to_string(c.xr) + ", yr = " + std::to_string(c.yr) +
                             ": allowed values for topology = cmesh: xr = 2 and yr = 2 (c = xr * yr = 4)");
        if (c.x != c.y)
            return sim::fail("x = " + std::to_string(c.x) + ", y = " + std::to_string(c.y) +
                             ": allowed values for topology = cmesh: x equal to y");
        if (c.k % 2 != 0 || c.k > 32)
            return sim::fail("k = " + std::to_string(c.k) +
                             ": allowed values for topology = cmesh: an even number from 2 to 32 (the express "
                             "links pair router rows k/2 apart)");
        if (c.num_vcs < 2 &&
            (c.routing_function == RoutingFunction::XyYx || c.routing_function == RoutingFunction::XyYxNoExpress))
            return sim::fail("num_vcs = " + std::to_string(c.num_vcs) + ": " + c.routing_name +
                             " splits the VCs into an XY half and a YX half, so it needs num_vcs of at least 2");
        return sim::Ok{};
    }
    if (cmeshFunction)
        return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + pair +
                         " ('Invalid routing function: " + pair + "'); " + c.routing_name + " is for topology = cmesh");
    if (c.routing_function == RoutingFunction::DestTag)
        return sim::fail("routing_function = dest_tag: BookSim has no " + pair +
                         " ('Invalid routing function: " + pair + "'); dest_tag is for topology = fly");
    return sim::Ok{};
}

}  // namespace

sim::Result<NocConfig> makeNocConfig(const ConfigDocument& document, ConfigRunner runner) {
    if (sim::Status parsed = checkKeysAndTypes(document); !parsed) return parsed.error();
    auto applied = applyFinalValues(document, runner);
    if (!applied) return applied.error();
    NocConfig config = std::move(applied).value();
    // AnyNet::_ComputeSize reads the network file when the network is built;
    // commviz reads it here, so its node count is known to what follows.
    if (config.topology == Topology::AnyNet) {
        auto file = loadAnynetFile(config.network_file, NetworkFileLookup{document.directory, document.files});
        // A file not found is named with the config line that set it; a file's own
        // errors name the file and its line.
        if (!file && file.error().message.rfind("network_file", 0) == 0) {
            for (auto a = document.assignments.rbegin(); a != document.assignments.rend(); ++a)
                if (a->key == "network_file") return sim::fail(placeOf(document, *a) + file.error().message);
        }
        if (!file) return file.error();
        config.anynet = std::make_shared<const AnynetFile>(std::move(file).value());
    }
    // BookSim picks a random hot spot when it builds the traffic pattern, once
    // k, n and seed are all known.
    if (config.traffic == TrafficKind::Hotspot) resolveRandomHotspots(config.hotspot, config.nodes(), config.seed);
    // BookSim draws the permutation when it builds the traffic pattern, from
    // randperm(N) if given, else perm_seed.
    if (config.traffic == TrafficKind::Randperm)
        config.randperm =
            randomPermutation(config.nodes(), config.randpermArgument != kNoRandpermArgument ? config.randpermArgument
                                                                                             : long(config.perm_seed));
    if (sim::Status ok = validateNocConfig(config); !ok) {
        // A cross-key rule names its key first ("num_vcs = 1: ..."): point at
        // the line that set it last, as a per-key error does.
        const std::string& message = ok.error().message;
        const std::string key = message.substr(0, message.find_first_of(" :"));
        for (auto a = document.assignments.rbegin(); a != document.assignments.rend(); ++a)
            if (a->key == key) return sim::fail(placeOf(document, *a) + message);
        return ok.error();
    }
    return config;
}

sim::Result<NocConfig> loadNocConfig(const std::string& path, const std::vector<std::string>& overrides) {
    auto document = readBookSimConfig(path);
    if (!document) return document.error();
    document.value().directory = std::filesystem::path(path).parent_path().string();
    if (document.value().directory.empty()) document.value().directory = ".";
    if (sim::Status ok = applyOverrides(document.value(), overrides); !ok) return ok.error();
    return makeNocConfig(document.value(), ConfigRunner::BookSim);
}

sim::Status validateNocConfig(const NocConfig& c) {
    if (c.topology == Topology::Torus && c.routing_name == "dor") {
        return sim::fail(
            "routing_function = dor: BookSim has no dor_torus ('Invalid routing function: dor_torus'); use "
            "dim_order on a torus");
    }
    if (c.routing_name == "none") {
        const char* allowed = c.topology == Topology::Mesh           ? "dor or dim_order for a mesh"
                              : c.topology == Topology::Torus        ? "dim_order for a torus"
                              : c.topology == Topology::Fly          ? "dest_tag for a fly"
                              : c.topology == Topology::AnyNet       ? "min for an anynet"
                              : c.topology == Topology::FatTree      ? "nca or anca for a fattree"
                              : c.topology == Topology::QTree        ? "nca for a qtree"
                              : c.topology == Topology::Tree4        ? "nca for a tree4"
                              : c.topology == Topology::DragonFlyNew ? "min or ugal for a dragonflynew"
                              : c.topology == Topology::FlatFly
                                  ? "ran_min, xyyx, adaptive_xyyx, valiant, ugal, ugal_xyyx or ugal_pni for a flatfly"
                                  : "dor, dor_no_express, xy_yx or xy_yx_no_express for a cmesh";
        return sim::fail(std::string("routing_function = none: set routing_function (") + allowed +
                         "); BookSim fails with 'Invalid routing function: none_" + topologyName(c.topology) + "'");
    }
    if (sim::Status ok = validateTopologyRouting(c); !ok) return ok;
    if (c.injection_process == InjectionProcessKind::OnOff) {
        if (auto rates = resolveOnOffRates(c.packetRate(), c.burst_alpha, c.burst_beta, c.burst_r1); !rates)
            return rates.error();
    }
    if (c.nodes() > 65536)
        return sim::fail("k = " + std::to_string(c.k) + ", n = " + std::to_string(c.n) + ": at most 65536 nodes");
    if (sim::Status ok = validateRoutingClasses(c); !ok) return ok;
    const bool torusClasses =
        c.topology == Topology::Torus && c.dateline && c.routing_function == RoutingFunction::DimOrder;
    if (torusClasses && (c.num_vcs < 2 || c.num_vcs % 2 != 0)) {
        return sim::fail(
            "num_vcs = " + std::to_string(c.num_vcs) +
            ": dim_order on a torus splits the VCs into two dateline classes, so num_vcs must be even and at least 2");
    }
    if (c.num_vcs % c.input_speedup != 0 && c.input_speedup > c.num_vcs) {
        return sim::fail("input_speedup = " + std::to_string(c.input_speedup) + ": must not exceed num_vcs");
    }
    if (c.st_prepare_delay + c.st_final_delay < 1) {
        return sim::fail("st_prepare_delay + st_final_delay must be at least 1 (the crossbar takes a cycle)");
    }
    const bool powerOfTwo = (c.nodes() & (c.nodes() - 1)) == 0;
    const bool bitPattern = c.traffic == TrafficKind::Transpose || c.traffic == TrafficKind::Bitcomp ||
                            c.traffic == TrafficKind::Bitrev || c.traffic == TrafficKind::Shuffle;
    if (bitPattern && !powerOfTwo) return sim::fail("traffic: bit-permutation patterns need a power-of-two node count");
    if (c.traffic == TrafficKind::Transpose) {
        int bits = 0;
        for (int v = c.nodes(); v > 1; v >>= 1) ++bits;
        if (bits % 2 != 0) return sim::fail("traffic = transpose needs the node count to be an even power of two");
    }
    if (c.traffic == TrafficKind::Hotspot) {
        if (c.hotspot.nodes.empty() || c.hotspot.rates.size() != c.hotspot.nodes.size())
            return sim::fail(std::string("traffic = hotspot: allowed values: ") + kHotspotAllowed);
        for (const int node : c.hotspot.nodes) {
            if (node < 0 || node >= c.nodes()) {
                const std::string shape = c.topology == Topology::AnyNet
                                              ? "network_file = " + c.network_file
                                              : "k = " + std::to_string(c.k) + ", n = " + std::to_string(c.n);
                return sim::fail("traffic = hotspot: node " + std::to_string(node) +
                                 " is not in the network: allowed node ids are 0 to " + std::to_string(c.nodes() - 1) +
                                 " (" + shape + ")");
            }
        }
    }
    return sim::Ok{};
}

}  // namespace commviz::noc
