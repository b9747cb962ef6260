#pragma once

#include <QString>
#include <QStringList>
#include <functional>
#include <string>
#include <vector>

#include "noc/booksim_config_reader.h"
#include "noc/noc_config.h"
#include "noc/noc_engine.h"

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

/// Overrides as the tests' Qt data rows hold them (BookSim's key=value form).
inline std::vector<std::string> keys(const QStringList& overrides) {
    std::vector<std::string> out;
    for (const QString& o : overrides) out.push_back(o.toStdString());
    return out;
}

/// What the config reader answers for `base` (read as file `name`) with `overrides`, as BookSim's runner
/// reads them: the refusal's message, or "" when the config runs.
inline QString configError(const std::string& base, const std::string& name, const QStringList& overrides) {
    auto doc = commviz::noc::parseBookSimConfig(base, name);
    if (!doc) return QString::fromStdString(doc.error().message);
    if (auto ok = commviz::noc::applyOverrides(doc.value(), keys(overrides)); !ok)
        return QString::fromStdString(ok.error().message);
    auto config = commviz::noc::makeNocConfig(doc.value(), commviz::noc::ConfigRunner::BookSim);
    return config ? QString() : QString::fromStdString(config.error().message);
}

/// The figures of BookSim's Overall Traffic Statistics a digit-for-digit test compares, as BookSim prints them
/// (6 significant digits): packet and network latency, accepted flit rate average and minimum, hops, time taken.
inline QStringList bookSimFigures(const commviz::noc::NocReport& report) {
    const commviz::noc::OverallStats& o = report.overall;
    return {QString::number(o.plat.average(), 'g', 6),
            QString::number(o.nlat.average(), 'g', 6),
            QString::number(o.acceptedFlits.average, 'g', 6),
            QString::number(o.acceptedFlits.min, 'g', 6),
            QString::number(o.hops, 'g', 6),
            QString::number(o.timeTaken)};
}

/// Short runs over seeds 0 .. seeds-1: how many completed (stable), and their mean packet latency and
/// accepted flit rate.
struct SeedMeans {
    int stable = 0;
    double latency = 0;
    double accepted = 0;
};
inline SeedMeans meansOverSeeds(int seeds, const std::function<commviz::noc::NocConfig(int seed)>& configOfSeed) {
    SeedMeans means;
    for (int seed = 0; seed < seeds; ++seed) {
        const commviz::noc::NocReport r = commviz::noc::runNocBatch(configOfSeed(seed));
        if (r.outcome != commviz::noc::NocOutcome::Completed) continue;
        ++means.stable;
        means.latency += r.overall.plat.average();
        means.accepted += r.overall.acceptedFlits.average;
    }
    if (means.stable > 0) {
        means.latency /= means.stable;
        means.accepted /= means.stable;
    }
    return means;
}

}  // namespace noctest
