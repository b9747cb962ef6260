#pragma once

// The allocators the default router's shortcuts run on bit masks (up to 64
// inputs and outputs), giving BookSimAllocator's results without its request
// list: iSLIP, the separable allocators with round-robin arbiters, the
// wavefront ones and PIM (its draws in the same order), when every request
// has the same priority (routers that are not speculative). `requests[o]` holds the inputs requesting output o,
// `outputs` the outputs with a request; the matched inputs come back as a mask
// with inMatch[i] set for each.

#include "noc/allocator_choice.h"
#include "noc/islip_allocator.h"
#include "sim/rng.h"

namespace commviz::noc {

/// Whether allocateOnMasks runs `choice`.
inline bool runsOnMasks(const AllocatorChoice& choice) {
    switch (choice.kind) {
        case AllocatorKind::Islip:
        case AllocatorKind::Wavefront:
        case AllocatorKind::RrWavefront:
        case AllocatorKind::Pim:
            return true;
        case AllocatorKind::SeparableInputFirst:
        case AllocatorKind::SeparableOutputFirst:
            return choice.arbiter == ArbiterKind::RoundRobin;
        default:
            return false;
    }
}

/// Whether a lone requester settles alone as vcAllocSingle / switchAllocSingle
/// do: the pointer-based allocators decompose so; wavefront's diagonal (one
/// per router, moved by every allocation) and PIM's draws do not.
inline bool settlesSingles(const AllocatorChoice& choice) {
    return choice.kind != AllocatorKind::Wavefront && choice.kind != AllocatorKind::RrWavefront &&
           choice.kind != AllocatorKind::Pim;
}

/// Whether an allocation by `choice` is one pass that moves only the matched
/// pairs' pointers (iSLIP with one iteration, the separable allocators with
/// round-robin arbiters): requests sharing no input and no output then
/// allocate apart, each group renumbered (vcAllocPerPort).
inline bool allocatesInOnePass(const AllocatorChoice& choice, int iterations) {
    if (choice.kind == AllocatorKind::Islip) return iterations == 1;
    return (choice.kind == AllocatorKind::SeparableInputFirst || choice.kind == AllocatorKind::SeparableOutputFirst) &&
           choice.arbiter == ArbiterKind::RoundRobin;
}

/// PIM draws in every allocation, requests or not (BookSim calls Allocate
/// whenever a VC waits), so its allocation runs even without requests.
inline bool drawsWithoutRequests(const AllocatorChoice& choice) { return choice.kind == AllocatorKind::Pim; }

/// SeparableInputFirstAllocator with round-robin arbiters: each input's
/// arbiter picks its first requested output at or after its pointer, each
/// output's arbiter the first input at or after its pointer among those that
/// picked it; both pointers move past a match. (Output-first is iSLIP's first
/// iteration: the outputs pick, then the inputs, and both pointers move.)
template <class Mask>
Mask separableInputFirstOnMasks(const Mask* requests, Mask outputs, int inputs, int outputCount,
                                std::int32_t* outPointers, std::int32_t* inPointers, std::int32_t* inMatch) {
    Mask wants[sizeof(Mask) * 8];  // per input: the outputs it requests
    Mask requesting = 0;
    for (Mask m = outputs; m != 0; m &= m - 1) {
        const int out = std::countr_zero(m);
        for (Mask r = requests[out]; r != 0; r &= r - 1) {
            const int in = std::countr_zero(r);
            const Mask bit = Mask(1) << in;
            wants[in] = (requesting & bit ? wants[in] : 0) | Mask(1) << out;
            requesting |= bit;
        }
    }
    Mask pickedBy[sizeof(Mask) * 8];  // per output: the inputs whose arbiter picked it
    Mask picked = 0;
    for (Mask m = requesting; m != 0; m &= m - 1) {
        const int in = std::countr_zero(m);
        const int out = firstFrom(wants[in], inPointers[in]);
        const Mask bit = Mask(1) << out;
        pickedBy[out] = (picked & bit ? pickedBy[out] : 0) | Mask(1) << in;
        picked |= bit;
    }
    Mask matched = 0;
    for (Mask m = picked; m != 0; m &= m - 1) {
        const int out = std::countr_zero(m);
        const int in = firstFrom(pickedBy[out], outPointers[out]);
        inMatch[in] = out;
        matched |= Mask(1) << in;
        outPointers[out] = in + 1 == inputs ? 0 : in + 1;
        inPointers[in] = out + 1 == outputCount ? 0 : out + 1;
    }
    return matched;
}

/// Wavefront (and rr_wavefront with `skipDiagonals`) as BookSimAllocator::
/// wavefront: the square matrix's diagonals from the priority diagonal on,
/// each by output; a request of step s on output o comes from input
/// (diagonal + s - o) mod square. Requests are never empty here, so the
/// diagonal always moves.
template <class Mask>
Mask wavefrontOnMasks(const Mask* requests, Mask outputs, int inputs, int outputCount, bool skipDiagonals,
                      std::int32_t* diagonal, std::int32_t* inMatch) {
    const int square = inputs > outputCount ? inputs : outputCount;
    const int from = *diagonal;
    Mask atStep[sizeof(Mask) * 8];  // per step of the wave: the outputs with a request on it
    Mask steps = 0;
    for (Mask m = outputs; m != 0; m &= m - 1) {
        const int out = std::countr_zero(m);
        for (Mask r = requests[out]; r != 0; r &= r - 1) {
            int step = std::countr_zero(r) + out - from;
            step = step < 0 ? step + square : step >= square ? step - square : step;
            const Mask bit = Mask(1) << step;
            atStep[step] = (steps & bit ? atStep[step] : 0) | Mask(1) << out;
            steps |= bit;
        }
    }
    Mask matched = 0;
    Mask taken = 0;  // matched outputs
    int firstDiagonal = -1;
    for (Mask s = steps; s != 0; s &= s - 1) {
        const int step = std::countr_zero(s);
        for (Mask m = atStep[step] & ~taken; m != 0; m &= m - 1) {
            const int out = std::countr_zero(m);
            int in = from + step - out;
            in = in < 0 ? in + square : in >= square ? in - square : in;
            if (matched >> in & 1) continue;
            inMatch[in] = out;
            matched |= Mask(1) << in;
            taken |= Mask(1) << out;
            if (firstDiagonal < 0) firstDiagonal = in + out;
        }
    }
    *diagonal = ((skipDiagonals ? firstDiagonal : from) + 1) % square;
    return matched;
}

/// PIM as BookSimAllocator::pim: every output draws a starting input and grants
/// the first free requesting one from there, then every input draws a starting
/// output and accepts the first grant from there; every port draws, in that order.
template <class Mask>
Mask pimOnMasks(const Mask* requests, Mask outputs, int inputs, int outputCount, int iterations, sim::Rng& rng,
                std::int32_t* inMatch) {
    Mask matched = 0;
    Mask taken = 0;  // matched outputs
    for (int iter = 0; iter < iterations; ++iter) {
        Mask grantsTo[sizeof(Mask) * 8];
        Mask granted = 0;
        for (int out = 0; out < outputCount; ++out) {
            const int offset = int(rng.below(std::uint64_t(inputs)));
            if (!(outputs >> out & 1) || taken >> out & 1) continue;
            const Mask candidates = requests[out] & ~matched;
            if (candidates == 0) continue;
            const int in = firstFrom(candidates, offset);
            const Mask bit = Mask(1) << in;
            grantsTo[in] = (granted & bit ? grantsTo[in] : 0) | Mask(1) << out;
            granted |= bit;
        }
        for (int in = 0; in < inputs; ++in) {
            const int offset = int(rng.below(std::uint64_t(outputCount)));
            if (!(granted >> in & 1)) continue;
            const int out = firstFrom(grantsTo[in], offset);
            inMatch[in] = out;
            matched |= Mask(1) << in;
            taken |= Mask(1) << out;
        }
    }
    return matched;
}

/// One allocation by `choice` on masks (runsOnMasks(choice), `outputs` not
/// empty unless drawsWithoutRequests(choice)). grantPointers are per output, acceptPointers per input, as iSLIP
/// keeps them (the separable allocators' output and input arbiters). Always
/// inlined: only a switch over the kind, which a call would double.
template <class Mask>
[[gnu::always_inline]] inline Mask allocateOnMasks(const AllocatorChoice& choice, int iterations, const Mask* requests,
                                                   Mask outputs, int inputs, int outputCount,
                                                   std::int32_t* grantPointers, std::int32_t* acceptPointers,
                                                   std::int32_t* diagonal, sim::Rng& rng, std::int32_t* inMatch) {
    switch (choice.kind) {
        case AllocatorKind::SeparableInputFirst:
            return separableInputFirstOnMasks(requests, outputs, inputs, outputCount, grantPointers, acceptPointers,
                                              inMatch);
        case AllocatorKind::SeparableOutputFirst:
            return islipOnMasks(requests, outputs, inputs, outputCount, 1, grantPointers, acceptPointers, inMatch);
        case AllocatorKind::Wavefront:
        case AllocatorKind::RrWavefront:
            return wavefrontOnMasks(requests, outputs, inputs, outputCount, choice.kind == AllocatorKind::RrWavefront,
                                    diagonal, inMatch);
        case AllocatorKind::Pim:
            return pimOnMasks(requests, outputs, inputs, outputCount, choice.iterations, rng, inMatch);
        default:
            return islipOnMasks(requests, outputs, inputs, outputCount, iterations, grantPointers, acceptPointers,
                                inMatch);
    }
}

}  // namespace commviz::noc
