#pragma once

#include <cstdint>

namespace commviz::sim {

/// Small seeded generator (SplitMix64): a value type, so copying an engine copies
/// its random stream and replays stay identical.
class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) : m_state(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, bound); bound > 0.
    std::uint64_t below(std::uint64_t bound) { return next() % bound; }
    /// Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    bool operator==(const Rng&) const = default;

private:
    std::uint64_t m_state;
};

}  // namespace commviz::sim
