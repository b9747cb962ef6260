#pragma once

#include <functional>
#include <vector>

#include "collectives/schedule.h"

namespace commviz::collectives {

/// A run of rounds of one stage of an algorithm (fold, reduce-scatter, allgather, …).
struct Phase {
    int rounds = 0;
    std::function<Round(int)> round;
};

/// Fills `schedule.rounds` and `schedule.round` with `phases` one after another.
void setPhases(Schedule& schedule, std::vector<Phase> phases);

}  // namespace commviz::collectives
