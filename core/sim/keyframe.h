#pragma once

#include <concepts>
#include <cstddef>

#include "sim/memory_budget.h"

namespace commviz::sim {

/// An engine whose keyframes can be smaller than a copy of it: keyframe()
/// keeps what its state needs (a NoC keeps the flits in its buffers, not every
/// slot), restore() makes an engine that state again, exactly, and the
/// keyframe says what it costs.
template <class E>
concept PacksKeyframes = requires(const E& engine, E& target, const typename E::Keyframe& key) {
    { engine.keyframe() } -> std::same_as<typename E::Keyframe>;
    target.restore(key);
    { key.footprintBytes() } -> std::convertible_to<std::size_t>;
};

/// Steps between keyframes (and per chunk of stored events) before any are
/// thinned: 64, or what the engine asks for with `kKeyframeInterval`. An engine
/// whose steps are heavy asks for fewer, so that the one chunk replayed to show
/// a step with its events (a drag across the run) stays short.
template <class E>
constexpr std::size_t defaultKeyframeInterval() {
    if constexpr (requires { E::kKeyframeInterval; })
        return std::size_t(E::kKeyframeInterval);
    else
        return 64;
}

/// What a Timeline keeps per keyframe: the engine's packed form, else a copy.
template <class E>
struct KeyframeOf {
    using Type = E;
};
template <PacksKeyframes E>
struct KeyframeOf<E> {
    using Type = typename E::Keyframe;
};

template <class E>
typename KeyframeOf<E>::Type makeKeyframe(const E& engine) {
    if constexpr (PacksKeyframes<E>)
        return engine.keyframe();
    else
        return engine;
}

/// Makes `engine` the keyframe's state (reusing its storage where it can).
template <class E>
void restoreKeyframe(E& engine, const typename KeyframeOf<E>::Type& key) {
    if constexpr (PacksKeyframes<E>)
        engine.restore(key);
    else
        engine = key;
}

template <class E>
std::size_t keyframeBytes(const typename KeyframeOf<E>::Type& key) {
    if constexpr (PacksKeyframes<E>)
        return std::size_t(key.footprintBytes());
    else
        return footprintOf(key);
}

}  // namespace commviz::sim
