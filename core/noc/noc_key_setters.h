#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "noc/booksim_config_reader.h"
#include "noc/noc_config.h"

namespace commviz::noc {

/// Stores a BookSim key's value into the config. Returns "" when the value is
/// taken, else what the key allows ("an integer from 2 to 64").
using KeySetter = std::function<std::string(NocConfig&, const ConfigValue&)>;

// The setters BookSim's keys use (booksim_keys.cpp pairs each key with one).
KeySetter intIn(int NocConfig::*field, long lo, long hi);
KeySetter flag(bool NocConfig::*field);
/// latency_thres and the other thresholds: any float (one traffic class).
KeySetter threshold(double NocConfig::*field);
/// burst_alpha / burst_beta / burst_r1: -1.0 to 1.0; `allowed` is marked for translation.
KeySetter burst(double NocConfig::*field, const char* allowed);
/// vc_allocator / sw_allocator: BookSim's allocator names (parseAllocatorName),
/// the iterations also stored into `iterations`.
KeySetter allocatorSetter(AllocatorChoice NocConfig::*allocator, int NocConfig::*iterations);
/// A key commviz reads at one value only (router = iq).
KeySetter only(const std::string& accepted);
/// A key read and without effect (watch_out: nothing can be watched).
KeySetter ignored();
KeySetter routingFunctionSetter();
KeySetter trafficSetter();
KeySetter internalSpeedupSetter();
KeySetter injectionRateSetter();
KeySetter packetSizeSetter();
KeySetter seedSetter();
KeySetter permSeedSetter();

/// One of `options`, by name ("one of mesh, torus" when another).
template <class E>
KeySetter choice(E NocConfig::*field, std::vector<std::pair<std::string, E>> options) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        std::string allowed;
        for (const auto& [name, value] : options) {
            if (v.text == name) {
                c.*field = value;
                return "";
            }
            allowed += (allowed.empty() ? "one of " : ", ") + name;
        }
        return allowed;
    };
}

}  // namespace commviz::noc
