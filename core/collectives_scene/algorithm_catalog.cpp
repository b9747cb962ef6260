#include "collectives_scene/algorithm_catalog.h"

#include "nccl/device/nccl_nvls.h"
#include "nccl/device/nccl_ring.h"
#include "nccl/device/nccl_tree.h"
#include "nccl/graph/bundled_files.h"
#include "ompi/tuned/ompi_fixed_rules.h"
#include "ompi/tuned/ompi_tuned_algorithms.h"

namespace commviz::collectives {

namespace {

std::vector<AlgorithmEntry> ompiEntries(Collective collective) {
    std::vector<AlgorithmEntry> entries;
    for (const OmpiAlgorithm& algorithm : ompiAlgorithms(collective))
        entries.push_back({algorithm.name, algorithm.id, algorithm.build});
    return entries;
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::string libraryText(Library library) { return library == Library::Ompi ? "Open MPI" : "NCCL"; }

sim::Result<Schedule> autoSchedule(Library library, const ScheduleRequest& request) {
    const auto entries = algorithms(library, request.collective);
    if (library == Library::Nccl) {
        if (entries.empty())
            return sim::fail("no NCCL algorithm is modelled for " + std::string(name(request.collective)));
        // NCCL's tuner reads the server's graphs (ncclTopoTuneModel): CollectivesEngine asks it when the
        // config has a topo_file; without one there is nothing to tune on.
        std::vector<std::string> named;
        for (const auto& entry : entries) named.push_back(entry.name);
        return sim::fail(
            "algorithm=auto with library=nccl needs a server: NCCL's tuner reads its graphs; set "
            "topo_file (e.g. " +
            std::string(nccl_topology::kDefaultTopology) + ") or name an algorithm: " + joined(named));
    }
    const auto choice = fixedDecision(request.collective, request.ranks, request.bytes(), request.commutative);
    if (!choice)
        return sim::fail("algorithm=auto: Open MPI's fixed rules for " + std::string(name(request.collective)) +
                         " are not modelled yet; name an algorithm");
    // The fixed rules call <coll>_intra_do_this with fan-in/out 0 and segsize 0
    // (coll_tuned_decision_fixed.c), whatever the person set; coll_base_topo.c
    // turns a chain fan-out of 0 into 1, one pipeline.
    ScheduleRequest fixedRequest = request;
    fixedRequest.segsize = 0;
    fixedRequest.fanout = 1;
    for (const auto& entry : entries)
        if (entry.id == choice->algorithmId) {
            Schedule schedule = entry.build(fixedRequest);
            // Algorithms built from other collectives name the inner calls' choices.
            schedule.rule = schedule.rule.empty() ? choice->rule : choice->rule + "; " + schedule.rule;
            return schedule;
        }
    std::vector<std::string> modelled;
    for (const auto& entry : entries) modelled.push_back(entry.name);
    return sim::fail("algorithm=auto: the fixed rule '" + choice->rule + "' picks Open MPI's " +
                     std::string(name(request.collective)) + " algorithm " + std::to_string(choice->algorithmId) +
                     ", not modelled yet; name one of: " + joined(modelled));
}

}  // namespace

static Schedule ncclRing(const ScheduleRequest& request) { return ncclRingAllreduce(request, request.nchannels); }

// NCCL's algorithms per collective (src/enqueue.cc, src/graph/tuning.cc): the
// tree and NVLS (on one NVSwitch server) only for allreduce; PAT, NVLSTree and CollNet are not modelled.
static std::vector<AlgorithmEntry> ncclAlgorithms(Collective collective) {
    switch (collective) {
        case Collective::Allreduce:
            return {{"tree", 0, ncclTreeAllreduce}, {"ring", 0, ncclRing}, {"nvls", 0, ncclNvlsAllreduce}};
        case Collective::Bcast:
            return {{"ring", 0, ncclRingBroadcast}};
        case Collective::Reduce:
            return {{"ring", 0, ncclRingReduce}};
        case Collective::Allgather:
            return {{"ring", 0, ncclRingAllgather}};
        case Collective::ReduceScatter:
            return {{"ring", 0, ncclRingReduceScatter}};
        default:
            return {};
    }
}

std::vector<AlgorithmEntry> algorithms(Library library, Collective collective) {
    if (library == Library::Ompi) return ompiEntries(collective);
    return ncclAlgorithms(collective);
}

std::vector<std::string> allowedAlgorithmNames(Library library, Collective collective) {
    std::vector<std::string> names{"auto"};
    for (const auto& entry : algorithms(library, collective)) names.push_back(entry.name);
    return names;
}

namespace {

sim::Result<Schedule> namedAlgorithm(Library library, const std::string& algorithm, const ScheduleRequest& request) {
    for (const auto& entry : algorithms(library, request.collective))
        if (entry.name == algorithm) return entry.build(request);
    return sim::fail("algorithm=" + algorithm + " is not an " + libraryText(library) + " " +
                     std::string(name(request.collective)) +
                     " algorithm; allowed: " + joined(allowedAlgorithmNames(library, request.collective)));
}

}  // namespace

sim::Result<Schedule> buildSchedule(Library library, const std::string& algorithm, const ScheduleRequest& request) {
    auto schedule = algorithm == "auto" ? autoSchedule(library, request) : namedAlgorithm(library, algorithm, request);
    if (schedule && !schedule->unsupported.empty())
        return sim::fail("algorithm=" + schedule->algorithm + " " + schedule->unsupported);
    return schedule;
}

}  // namespace commviz::collectives
