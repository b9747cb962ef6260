#pragma once

#include <string>
#include <vector>

#include "noc/booksim_config_reader.h"
#include "noc/noc_config.h"

namespace noctest {

/// The lines every test config starts with (BookSim's key = value form): a k x k 2-D mesh, `routing`,
/// `num_vcs` VCs of 4 flits each. Append the traffic and run control.
inline std::string meshHeader(int k, int num_vcs, const std::string& routing = "dor") {
    return "\ntopology = mesh;\nk = " + std::to_string(k) + ";\nn = 2;\nrouting_function = " + routing +
           ";\nnum_vcs = " + std::to_string(num_vcs) + ";\nvc_buf_size = 4;\n";
}

/// Header of experiment a1, the config BookSim2's figures in these tests came from (8x8 mesh, DOR, uniform,
/// 1-flit packets, 4 VCs x 4 flits, default router and run control).
inline const std::string kA1 = meshHeader(8, 4) + R"(traffic = uniform;
packet_size = 1;
injection_rate = 0.3;
sim_type = latency;
seed = 0;
)";

/// a1 with `overrides` (BookSim's key=value form) applied on top.
inline commviz::noc::NocConfig config(const std::vector<std::string>& overrides, const std::string& base = kA1) {
    auto doc = commviz::noc::parseBookSimConfig(base, "a1");
    if (!doc) qFatal("%s", doc.error().message.c_str());
    if (auto ok = commviz::noc::applyOverrides(doc.value(), overrides); !ok) qFatal("%s", ok.error().message.c_str());
    auto cfg = commviz::noc::makeNocConfig(doc.value());
    if (!cfg) qFatal("%s", cfg.error().message.c_str());
    return cfg.value();
}

}  // namespace noctest
