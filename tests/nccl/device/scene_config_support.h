#pragma once

// The collectives scene's Config for `values`, as `--set` would give it: the NCCL pipeline tests' servers.

#include <QtGlobal>

#include "collectives_scene/collectives_config.h"

namespace commviz::collectives::test {

inline Config sceneConfig(const sim::ParamValues& values) {
    auto keys = sim::mergeKeys(params(), values);
    if (!keys) qFatal("%s", keys.error().message.c_str());
    auto config = configOf(keys.value());
    if (!config) qFatal("%s", config.error().message.c_str());
    return config.value();
}

}  // namespace commviz::collectives::test
