#include "noc/noc_key_setters.h"

#include <cstdlib>
#include <map>
#include <string_view>

#include "noc/routing_functions.h"
#include "sim/text.h"

namespace commviz::noc {

namespace {

long asInt(const ConfigValue& v) { return std::strtol(v.text.c_str(), nullptr, 10); }
double asDouble(const ConfigValue& v) { return std::strtod(v.text.c_str(), nullptr); }

}  // namespace

KeySetter intIn(int NocConfig::*field, long lo, long hi) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const long x = asInt(v);
        if (x < lo || x > hi) return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
        c.*field = static_cast<int>(x);
        return "";
    };
}

KeySetter flag(bool NocConfig::*field) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const long x = asInt(v);
        if (x != 0 && x != 1) return "0 or 1";
        c.*field = x == 1;
        return "";
    };
}

KeySetter threshold(double NocConfig::*field) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        if (v.kind == ConfigValueKind::String || v.kind == ConfigValueKind::List) return "a float (one traffic class)";
        c.*field = asDouble(v);
        return "";
    };
}

// A probability per cycle, or negative for the one BookSim derives from
// injection_rate. BookSim2 src/injection.cpp, OnOffInjectionProcess, asserts
// each is at most 1.0 and treats any negative value alike; commviz keeps -1.0
// (BookSim's default for burst_r1) as the lower end, the range `commviz
// scenes` documents for all three keys.
KeySetter burst(double NocConfig::*field, const char* allowed) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const double x = asDouble(v);
        if (!(x >= -1.0 && x <= 1.0)) return sim::Text{"commviz::noc", allowed, {}, {}}.english();
        c.*field = x;
        return "";
    };
}

KeySetter allocatorSetter(AllocatorChoice NocConfig::*allocator, int NocConfig::*iterations) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        AllocatorChoice parsed;
        std::string allowed = parseAllocatorName(v.text, parsed);
        if (!allowed.empty()) return allowed;
        c.*allocator = parsed;
        c.*iterations = parsed.iterations;
        return "";
    };
}

KeySetter only(const std::string& accepted) {
    return [=](NocConfig&, const ConfigValue& v) -> std::string { return v.text == accepted ? "" : accepted; };
}

KeySetter ignored() {
    return [](NocConfig&, const ConfigValue&) -> std::string { return ""; };
}

KeySetter routingFunctionSetter() {
    return [](NocConfig& c, const ConfigValue& v) -> std::string {
        static const std::map<std::string, RoutingFunction> names = {
            {"dor", RoutingFunction::DimOrder},
            {"dim_order", RoutingFunction::DimOrder},
            {"min_adapt", RoutingFunction::MinAdapt},
            {"valiant", RoutingFunction::Valiant},
            {"romm", RoutingFunction::Romm},
            {"dest_tag", RoutingFunction::DestTag},
            {"dor_no_express", RoutingFunction::DorNoExpress},
            {"xy_yx", RoutingFunction::XyYx},
            {"xy_yx_no_express", RoutingFunction::XyYxNoExpress},
            {"min", RoutingFunction::Min},
            {"nca", RoutingFunction::Nca},
            {"anca", RoutingFunction::Anca},
            {"ran_min", RoutingFunction::RanMin},
            {"xyyx", RoutingFunction::Xyyx},
            {"adaptive_xyyx", RoutingFunction::AdaptiveXyyx},
            {"ugal", RoutingFunction::Ugal},
            {"ugal_xyyx", RoutingFunction::UgalXyyx},
            {"ugal_pni", RoutingFunction::UgalPni}};
        const auto it = names.find(v.text);
        if (it == names.end())
            return "dor, dim_order, min_adapt, valiant or romm (mesh); dim_order, min_adapt or valiant (torus); "
                   "dest_tag (fly); dor, dor_no_express, xy_yx or xy_yx_no_express (cmesh); ran_min, xyyx, "
                   "adaptive_xyyx, valiant, ugal, ugal_xyyx or ugal_pni (flatfly); nca or anca (fattree); nca "
                   "(qtree, tree4); min or ugal (dragonflynew); min (anynet)";
        c.routing_function = it->second;
        c.routing_name = v.text;
        return "";
    };
}

KeySetter trafficSetter() {
    const KeySetter named = choice(&NocConfig::traffic, {{"uniform", TrafficKind::Uniform},
                                                         {"transpose", TrafficKind::Transpose},
                                                         {"bitcomp", TrafficKind::Bitcomp},
                                                         {"bitrev", TrafficKind::Bitrev},
                                                         {"shuffle", TrafficKind::Shuffle},
                                                         {"tornado", TrafficKind::Tornado},
                                                         {"neighbor", TrafficKind::Neighbor},
                                                         {"bad_dragon", TrafficKind::BadDragon}});
    return [named](NocConfig& c, const ConfigValue& v) -> std::string {
        if (isRandpermTraffic(v.text)) {
            auto seed = parseRandpermSeed(v.text);
            if (!seed) return seed.error().message;
            c.traffic = TrafficKind::Randperm;
            c.randpermArgument = seed.value();
            return "";
        }
        if (!isHotspotTraffic(v.text)) {
            const std::string allowed = named(c, v);
            return allowed.empty() ? allowed : allowed + ", randperm, " + kHotspotAllowed;
        }
        auto hotspot = parseHotspotTraffic(v.text);
        if (!hotspot) return hotspot.error().message;
        c.traffic = TrafficKind::Hotspot;
        c.hotspot = std::move(hotspot).value();
        return "";
    };
}

KeySetter internalSpeedupSetter() {
    return [](NocConfig& c, const ConfigValue& v) -> std::string {
        const double x = asDouble(v);
        if (!(x >= 1.0 && x <= 8.0)) return "a float from 1.0 to 8.0";
        c.internal_speedup = x;
        return "";
    };
}

KeySetter injectionRateSetter() {
    return [](NocConfig& c, const ConfigValue& v) -> std::string {
        if (v.kind != ConfigValueKind::Float) return "a float from 0.0 to 1.0 (one traffic class)";
        const double x = asDouble(v);
        if (!(x >= 0.0 && x <= 1.0)) return "a float from 0.0 to 1.0";
        c.injection_rate = x;
        return "";
    };
}

KeySetter packetSizeSetter() {
    return [](NocConfig& c, const ConfigValue& v) -> std::string {
        const long x = asInt(v);
        if (v.kind != ConfigValueKind::Int || x < 1 || x > 1024) return "an integer from 1 to 1024";
        c.packet_size = static_cast<int>(x);
        return "";
    };
}

KeySetter seedSetter() {
    return [](NocConfig& c, const ConfigValue& v) -> std::string {
        if (v.kind != ConfigValueKind::Int || asInt(v) < 0)
            return "a non-negative integer (seed = time is not deterministic)";
        c.seed = static_cast<std::uint64_t>(asInt(v));
        return "";
    };
}

KeySetter permSeedSetter() {
    return [](NocConfig& c, const ConfigValue& v) -> std::string {
        if (v.kind != ConfigValueKind::Int) return "an integer (perm_seed = time is not deterministic)";
        c.perm_seed = static_cast<int>(asInt(v));
        return "";
    };
}

}  // namespace commviz::noc
