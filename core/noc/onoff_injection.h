#pragma once

#include <string>

#include "sim/result.h"
#include "sim/rng.h"

namespace commviz::noc {

enum class InjectionProcessKind { Bernoulli, OnOff };

/// BookSim's OnOffInjectionProcess (injection.cpp) after its constructor has
/// derived the one parameter left negative: a two-state Markov source per
/// node. `alpha` = P(off -> on), `beta` = P(on -> off), `r1` = P(packet | on).
struct OnOffRates {
    double alpha = 0.5;
    double beta = 0.5;
    double r1 = 0.0;
};

/// The constructor's rules: exactly one of burst_alpha, burst_beta, burst_r1
/// is negative and is derived from the others and `rate` (packets per node
/// per cycle) so the long-run rate is `rate`:
///   r1 = rate (alpha + beta) / alpha,  alpha = beta rate / (r1 - rate),
///   beta = alpha (r1 - rate) / rate.
/// Errors name the key, the value and what is allowed.
sim::Result<OnOffRates> resolveOnOffRates(double rate, double alpha, double beta, double r1);

/// OnOffInjectionProcess::test for one source and one cycle, in BookSim's draw
/// order: one draw advances the state (on stays on if u >= beta, off turns on
/// if u < alpha), then, only if the source is now on, one draw decides the
/// packet (u < r1).
inline bool onOffTrial(bool& on, const OnOffRates& rates, sim::Rng& rng) {
    on = on ? (rng.uniform() >= rates.beta) : (rng.uniform() < rates.alpha);
    return on && rng.uniform() < rates.r1;
}

}  // namespace commviz::noc
