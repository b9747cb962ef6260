#pragma once

#include <concepts>
#include <string>
#include <vector>

#include "sim/event_record.h"
#include "sim/json.h"

namespace commviz::sim {

/// What every engine is: a copyable, deterministic value type that advances one
/// teaching step at a time and says what happened in typed events.
template <class E>
concept Engine = std::copyable<E> &&
    requires(E engine, const E& view, const typename E::Event& event, const std::string& id) {
    { engine.step() } -> std::same_as<std::vector<typename E::Event>>;
    { view.done() } -> std::convertible_to<bool>;
    { view.summary() } -> std::convertible_to<Json>;
    { view.inspect(id) } -> std::convertible_to<Json>;
    { E::describe(event) } -> std::same_as<EventRecord>;
};

}  // namespace commviz::sim
