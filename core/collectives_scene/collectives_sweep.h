#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "collectives/cost_model.h"
#include "collectives/schedule.h"
#include "collectives_scene/collectives_config.h"

namespace commviz::collectives {

/// 1 B, 2 B, 4 B, … 1 GiB: the 31 message sizes of the time-against-size chart.
std::vector<std::int64_t> sweepSizes();
/// 2, 4, … 1,024: the rank counts of the time-against-p chart.
std::vector<int> sweepRanks();

/// The critical-path time of `schedule` under `config`'s costs, exactly what
/// CollectivesEngine reports as time_us, without moving data: the rounds are
/// laid out one at a time and only their costs are walked.
double scheduleTimeUs(const Schedule& schedule, const Config& config);

/// The time of `config.algorithm` ("auto" too) at config's bytes and ranks;
/// NaN where the engine refuses the run (the algorithm cannot run there, the
/// size is not a whole number of elements, the root is not a rank).
double sweepPointTimeUs(const Config& config);

/// One algorithm's times along a sweep, NaN where it cannot run.
struct AlgorithmCurve {
    std::string algorithm;
    int algorithmId = 0;
    std::vector<double> timeUs;
};

/// A run of neighbouring sweep points where Open MPI's fixed rules pick the
/// same algorithm: points [first, last] of the sweep.
struct AutoBand {
    int first = 0;
    int last = 0;
    int algorithmId = 0;
    std::string algorithm;  ///< the modelled name of that ID; empty when it is not modelled
    std::string rule;       ///< the rule that fired at the band's first point
};

/// Where the fastest algorithm changes: between points `before` and
/// `before + 1`, at `at` (bytes or ranks) where the two lines meet.
struct Crossover {
    int before = 0;
    double at = 0;
    double timeUs = 0;   ///< the time both take there
    std::string slower;  ///< fastest below the crossover
    std::string faster;  ///< fastest above it
};

enum class SweepAxis { Bytes, Ranks };

/// Every modelled algorithm of the config's collective and library along one
/// axis, with the fixed rules' choice and the crossovers of the fastest line.
struct Sweep {
    SweepAxis axis = SweepAxis::Bytes;
    std::vector<double> x;  ///< bytes or ranks of each point
    std::vector<AlgorithmCurve> curves;
    std::vector<AutoBand> bands;  ///< empty when the library has no fixed rules for the collective
    std::vector<Crossover> crossovers;
    bool cancelled = false;
};

/// Times against message size (sweepSizes) at config.ranks; for NCCL on a server, ncclTunerSweep. `cancel`, when
/// given and set, stops the sweep early (the result says `cancelled`).
Sweep sweepOverSizes(const Config& config, const std::atomic<bool>* cancel = nullptr);
/// Times against rank count (sweepRanks) at config.bytes.
Sweep sweepOverRanks(const Config& config, const std::atomic<bool>* cancel = nullptr);

/// Where two lines through (x0, a0)-(x1, a1) and (x0, b0)-(x1, b1) meet, kept
/// within [x0, x1]: exact for times affine in x, as Hockney's are in bytes.
double crossingPoint(double x0, double x1, double a0, double a1, double b0, double b1);

/// Where the fastest of `sweep`'s curves changes from one point to the next.
std::vector<Crossover> findCrossovers(const Sweep& sweep);

/// The index of the fastest curve at point `index` (the first one on a tie), -1 when none can run.
int fastestAt(const Sweep& sweep, int index);

}  // namespace commviz::collectives
