#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace commviz::noc {

/// The allocators BookSim's Allocator::NewAllocator builds by name, as the iq
/// router's vc_allocator and sw_allocator keys write them.
enum class AllocatorKind : std::uint8_t {
    Islip,                 ///< islip, islip(N)
    SeparableInputFirst,   ///< separable_input_first, (round_robin) or (matrix)
    SeparableOutputFirst,  ///< separable_output_first, likewise
    Wavefront,             ///< wavefront
    RrWavefront,           ///< rr_wavefront: the priority diagonal follows the first grant
    Select,                ///< select, select(N): iSLIP that honours request priorities
    Pim,                   ///< pim, pim(N): random grants and accepts
    Loa,                   ///< loa: lonely output allocator
};

/// The arbiters inside the separable allocators (Arbiter::NewArbiter).
enum class ArbiterKind : std::uint8_t { RoundRobin, Matrix };

/// One allocator as configured: its kind, the arbiter a separable one uses and
/// the iterations iSLIP, select and PIM run.
struct AllocatorChoice {
    AllocatorKind kind = AllocatorKind::Islip;
    ArbiterKind arbiter = ArbiterKind::RoundRobin;
    int iterations = 1;

    bool operator==(const AllocatorChoice&) const = default;
};

/// Reads an allocator's name as BookSim's NewAllocator does: `name` or
/// `name(parameter)`, the parameter being the iterations of islip, select and
/// pim (1 to 16) or the arbiter of the separable ones (round_robin, matrix).
/// Returns "" when taken, else the names allowed.
std::string parseAllocatorName(const std::string& text, AllocatorChoice& choice);
/// The allocator's name as BookSim writes it (islip(2), separable_input_first(matrix)).
std::string allocatorName(const AllocatorChoice& choice);
/// The names the scene's choice lists offer.
std::vector<std::string> allocatorNames();

}  // namespace commviz::noc
