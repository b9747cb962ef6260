#include "launcher/core_commands.h"

#include <array>

#include "nccl/topology_scene/nccl_topo_command.h"
#include "noc/noc_command.h"

namespace commviz::app {

std::span<const CoreCommand> coreCommands() {
    static constexpr std::array commands{
        CoreCommand{"noc", &noc::runNocCommand},
        CoreCommand{"nccl-topo", &nccl_topology::runNcclTopoCommand},
        CoreCommand{"nccl-log", &nccl_topology::runNcclLogCommand},
    };
    return commands;
}

const CoreCommand* findCoreCommand(const std::string& name) {
    for (const CoreCommand& command : coreCommands())
        if (name == command.name) return &command;
    return nullptr;
}

}  // namespace commviz::app
