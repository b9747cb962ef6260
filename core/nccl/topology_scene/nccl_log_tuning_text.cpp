// `commviz nccl-log`'s tuning section as text.
#include <array>
#include <cstdio>
#include <sstream>

#include "nccl/log/tuning_log.h"
#include "nccl/topology_scene/nccl_log_tuning.h"

namespace commviz::nccl_topology {

namespace tuning = commviz::nccl_tuning;

namespace {

std::string cellText(float latency, float bandwidth) {
    return tuning::printedOneDecimal(latency) + "/" + tuning::printedOneDecimal(bandwidth);
}

std::string timeText(float time) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", static_cast<double>(time));
    return buffer;
}

std::string differenceText(const tuning::CellComparison& cell) {
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "differs (latency %+.1f us, bandwidth %+.1f GB/s)",
                  static_cast<double>(cell.modelLatency - cell.logged.latency),
                  static_cast<double>(cell.modelBandwidth - cell.logged.bandwidth));
    return buffer;
}

void tableSummary(std::ostream& out, const tuning::LoggedTuning& logged) {
    if (logged.tables.empty()) {
        out << "  logged table: none (NCCL_DEBUG_SUBSYS without TUNING, or not rank 0's log)\n";
        return;
    }
    const tuning::LoggedTable& table = logged.tables.front();
    out << "  logged table: line " << table.firstLine << ", " << layoutName(table.layout) << ", " << table.blocks
        << " block(s), " << table.cellsRead << " cells" << (table.partial ? ", partial" : ", complete")
        << (table.algorithmsAssumed ? " (a block's Algorithm line missing: NCCL's block order taken)" : "") << "\n";
    if (logged.tables.size() > 1)
        out << "  (" << logged.tables.size() - 1 << " more table(s): the first is compared)\n";
}

void graphLine(std::ostream& out, const char* name, const tuning::TuningGraph& graph) {
    if (graph.nChannels == 0) return;
    constexpr std::array<const char*, 12> types{"LOC", "NVL", "NVB", "C2C", "PIX", "PXB",
                                                "P2C", "PXN", "PHB", "SYS", "NET", "DIS"};
    out << "  " << name << " graph: pattern " << graph.pattern << ", " << graph.nChannels << " channels, bw "
        << graph.bwIntra << "/" << graph.bwInter << ", type " << types[static_cast<std::size_t>(graph.typeIntra)] << "/"
        << types[static_cast<std::size_t>(graph.typeInter)] << "\n";
}

void inputsSummary(std::ostream& out, const tuning::LogTuningInputs& inputs) {
    const tuning::TuningInputs& in = inputs.inputs;
    out << "  " << (inputs.inputs.ringGraph.nChannels > 0 ? "model" : "choice") << ": NCCL 2." << in.version.minor
        << "." << in.version.patch << " rules (from " << inputs.versionSource << "); " << in.nRanks << " ranks, "
        << in.nNodes << " nodes, sm" << in.minCompCap;
    if (inputs.commNChannels > 0) out << ", " << inputs.commNChannels << " channels";
    out << "\n";
    graphLine(out, "ring", in.ringGraph);
    graphLine(out, "tree", in.treeGraph);
    graphLine(out, "collnet direct", in.collNetDirectGraph);
    graphLine(out, "collnet chain", in.collNetChainGraph);
    graphLine(out, "nvls", in.nvlsGraph);
    for (const std::string& assumption : inputs.assumptions) out << "  assumed: " << assumption << "\n";
}

void cellsSection(std::ostream& out, const tuning::TuningExplanation& explanation) {
    out << "  cells: " << explanation.cells.size() << " compared, " << explanation.cellsAgreeing << " agree\n";
    for (const tuning::CellComparison& cell : explanation.cells) {
        const bool empty = cell.agrees && cell.logged.latency == 0.0f && cell.logged.bandwidth == 0.0f;
        if (empty) continue;  // 0.0/0.0 on both sides: the algorithm does not apply
        char label[48];
        std::snprintf(label, sizeof label, "%-13s %-20s", tuning::ncclFuncStr(cell.func).c_str(),
                      cellName(cell.algorithm, cell.protocol).c_str());
        out << "    " << label << " logged " << cellText(cell.logged.latency, cell.logged.bandwidth) << "  model "
            << cellText(cell.modelLatency, cell.modelBandwidth) << "  "
            << (cell.agrees ? std::string("agree") : differenceText(cell)) << "\n";
    }
}

void selectionSection(std::ostream& out, const tuning::ExplainedSelection& selection) {
    const tuning::LoggedSelection& logged = selection.logged;
    out << "  line " << logged.line << ": " << tuning::ncclFuncStr(selection.call.func)
        << (selection.collectiveAssumed ? " (assumed)" : "") << " " << logged.bytes << " bytes"
        << (selection.count > 1 ? " (x" + std::to_string(selection.count) + ")" : "") << ": logged "
        << cellName(logged.algorithm, logged.protocol);
    if (logged.time) out << " time " << timeText(*logged.time);
    out << "; model " << cellName(selection.choice.algorithm, selection.choice.protocol) << " time "
        << timeText(selection.choice.printedTime) << " -> " << (selection.agrees ? "agree" : "differ")
        << "\n    candidates:";
    for (const tuning::AlgoTime& candidate : selection.choice.candidates)
        if (candidate.time >= 0)
            out << " " << cellName(candidate.algorithm, candidate.protocol) << " " << timeText(candidate.time)
                << (candidate.backup ? " (ring backup)" : "");
    out << "\n";
}

}  // namespace

std::string formatTuningReport(const tuning::LoggedTuning& logged, const tuning::TuningExplanation& explanation) {
    std::ostringstream out;
    out << "tuning:\n";
    tableSummary(out, logged);
    out << "  selection lines: " << logged.selections.size() << ", GRAPH Pattern lines: " << logged.graphs.size()
        << "\n";
    for (const tuning::TuningLogProblem& problem : logged.problems)
        out << "  line " << problem.line << ": " << problem.reason << "\n";
    if (!explanation.modelMade) out << "  model: cannot be made: " << explanation.whyNoModel << "\n";
    if (!explanation.modelMade && !explanation.choicesFromLoggedTable) return out.str();
    inputsSummary(out, explanation.inputs);
    if (explanation.modelMade && !logged.tables.empty()) cellsSection(out, explanation);
    if (explanation.modelMade && logged.tables.empty())
        out << "  no TUNING table in the log to compare with: --json has the model's cells (tuning.model)\n";
    if (explanation.choicesFromLoggedTable)
        out << "  why NCCL chose, from the logged table's cells (rounded to 0.1 as printed, so the times are "
               "close to NCCL's, not equal):\n";
    else if (!explanation.selections.empty())
        out << "  why NCCL chose (every enabled candidate's time, us):\n";
    for (const tuning::ExplainedSelection& selection : explanation.selections) selectionSection(out, selection);
    return out.str();
}

std::string cellName(int algorithm, int protocol) {
    return tuning::ncclAlgoStr(algorithm) + "/" + tuning::ncclProtoStr(protocol);
}

std::string layoutName(tuning::TableLayout layout) {
    switch (layout) {
        case tuning::TableLayout::LatencyAlgBw:
            return "one Latency/AlgBw header (up to 2.17)";
        case tuning::TableLayout::Blocks:
            return "blocks of three algorithms (2.18+)";
        case tuning::TableLayout::BlocksWithPat:
            return "blocks of three algorithms and a PAT block (2.23+)";
    }
    return "?";
}

}  // namespace commviz::nccl_topology
