#pragma once

#include <QCoreApplication>
#include <QString>

#include "sim/param_spec.h"

namespace commviz::views {

/// A scene key's help in the current language (core marks it for translation
/// in the "commviz::params" scope).
inline QString keyHelp(const sim::ParamSpec& spec) {
    return QCoreApplication::translate("commviz::params", spec.help.c_str());
}

}  // namespace commviz::views
