#pragma once

#include <optional>
#include <string>
#include <vector>

#include "noc/booksim_config_reader.h"
#include "noc/noc_key_setters.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::noc {

/// One key BookSim knows: its name, the value types its parser accepts, its
/// default as written in booksim_config.cpp, and whether commviz models it.
/// Each key is declared once, in booksim_keys.cpp: what commviz does with its
/// value (`set`) and, for a key of the noc scene, its ParamSpec, from which
/// the scene's keys (nocParams) are derived.
struct BookSimKey {
    std::string name;
    bool acceptsInt = false;
    bool acceptsFloat = false;
    bool acceptsString = false;
    std::string defaultText;
    KeySetter set;                        ///< empty: not modelled, accepted only at its default
    std::optional<sim::ParamSpec> param;  ///< the noc scene's key, when it is one
    bool supported() const { return bool(set); }
};

/// Every key BookSim2's booksim_config.cpp defines (plus commviz's extensions), in its order.
const std::vector<BookSimKey>& bookSimKeys();
const BookSimKey* findBookSimKey(const std::string& name);
/// The known key nearest to `name` by edit distance, for "did you mean".
std::string closestKey(const std::string& name);
/// "" when BookSim's parser stores `value` into `key`, else the reason in
/// BookSim's words ("Unknown integer field: ...") and the types the key takes.
std::string typeProblem(const BookSimKey& key, const ConfigValue& value);
/// BookSim's parser stores each statement as it reads it (config_utils.cpp,
/// Configuration::Assign) and stops at the first unknown key or wrong type,
/// file before overrides: the first such statement, named with its place.
sim::Status checkKeysAndTypes(const ConfigDocument& document);
/// Whether `value` is the key's default as booksim_config.cpp writes it (`1.0` = `1`).
bool isDefaultValue(const BookSimKey& key, const ConfigValue& value);

}  // namespace commviz::noc
