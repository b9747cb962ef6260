#include "noc/onoff_injection.h"

#include <cstdio>

namespace commviz::noc {

namespace {

std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

}  // namespace

sim::Result<OnOffRates> resolveOnOffRates(double rate, double alpha, double beta, double r1) {
    const int negative = (alpha < 0.0) + (beta < 0.0) + (r1 < 0.0);
    if (negative != 1) {
        // InjectionProcess::New: "Invalid parameters for injection process"
        return sim::fail("injection_process = on_off: burst_alpha = " + number(alpha) +
                         ", burst_beta = " + number(beta) + ", burst_r1 = " + number(r1) +
                         ": exactly one of the three must be negative (that one is derived from injection_rate; "
                         "BookSim: 'Invalid parameters for injection process')");
    }
    OnOffRates out{alpha, beta, r1};
    if (r1 < 0.0) {
        if (alpha <= 0.0)
            return sim::fail("burst_alpha = " + number(alpha) +
                             ": a source that never turns on cannot reach injection_rate; allowed: greater than 0.0 "
                             "when burst_r1 is derived");
        out.r1 = rate * (alpha + beta) / alpha;
    } else if (alpha < 0.0) {
        if (!(r1 > rate))
            return sim::fail("burst_r1 = " + number(r1) + ": must exceed the packet rate " + number(rate) +
                             " to derive burst_alpha = burst_beta * rate / (burst_r1 - rate)");
        out.alpha = beta * rate / (r1 - rate);
    } else {
        if (!(rate > 0.0) || r1 < rate)
            return sim::fail("burst_r1 = " + number(r1) +
                             ": to derive burst_beta = burst_alpha * (burst_r1 - rate) / "
                             "rate the packet rate (" +
                             number(rate) + ") must be above 0 and at most burst_r1");
        out.beta = alpha * (r1 - rate) / rate;
    }
    return out;
}

}  // namespace commviz::noc
