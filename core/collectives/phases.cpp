#include "collectives/phases.h"

#include <memory>
#include <utility>

namespace commviz::collectives {

void setPhases(Schedule& schedule, std::vector<Phase> phases) {
    std::erase_if(phases, [](const Phase& phase) { return phase.rounds <= 0; });
    int total = 0;
    for (const auto& phase : phases) total += phase.rounds;
    schedule.rounds = total;
    auto shared = std::make_shared<const std::vector<Phase>>(std::move(phases));
    schedule.round = [shared](int round) -> Round {
        for (const auto& phase : *shared) {
            if (round < phase.rounds) return phase.round(round);
            round -= phase.rounds;
        }
        return {};
    };
}

}  // namespace commviz::collectives
