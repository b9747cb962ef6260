// Rank 0's TUNING table (NCCL src/graph/tuning.cc, end of ncclTopoTuneModel) read back in each release's
// layout: ≤2.17 one `Latency/AlgBw` header naming every `Algo/Proto` column; 2.18+ blocks of three
// algorithms, each an `Algorithm` line, a `Protocol` line (always nine columns, even in 2.23's PAT block),
// `Max NThreads` and one row per collective. Cells are `%8.1f/%6.1f |`.
#include <algorithm>
#include <array>

#include "nccl/log/tuning_log_reader_internal.h"

namespace commviz::nccl_tuning::tuning_log_detail {

namespace {

constexpr int kRowsPerBlock = NCCL_NUM_FUNCTIONS;

/// NCCL's block order, for a block whose `Algorithm` line the log lost.
std::vector<int> assumedBlock(int blockIndex) {
    if (blockIndex == 0) return {NCCL_ALGO_TREE, NCCL_ALGO_RING, NCCL_ALGO_COLLNET_DIRECT};
    if (blockIndex == 1) return {NCCL_ALGO_COLLNET_CHAIN, NCCL_ALGO_NVLS, NCCL_ALGO_NVLS_TREE};
    return {NCCL_ALGO_PAT};
}

void report(LoggedTuning& out, int line, std::string reason) { out.problems.push_back({line, std::move(reason)}); }

}  // namespace

void TableReader::openTable(LoggedTuning& out, int line, TableLayout layout) {
    closeTable(out);
    m_open = true;
    m_table = LoggedTable{};
    m_table.firstLine = line;
    m_table.layout = layout;
    for (auto& perProtocol : m_table.maxThreads) perProtocol.fill(-1);
    m_columns.clear();
    m_blockAlgorithms.clear();
    m_rowsInBlock = 0;
    m_threadsInBlock = false;
}

void TableReader::closeTable(LoggedTuning& out) {
    if (!m_open) return;
    if (m_rowsInBlock < kRowsPerBlock || !m_threadsInBlock) m_table.partial = true;
    if (m_table.layout == TableLayout::Blocks && m_table.blocks < 2) m_table.partial = true;
    out.tables.push_back(m_table);
    m_open = false;
}

void TableReader::finish(LoggedTuning& out) { closeTable(out); }

void TableReader::startBlock(std::vector<int> algorithms, bool assumed) {
    if (m_table.blocks > 0 && (m_rowsInBlock < kRowsPerBlock || !m_threadsInBlock)) m_table.partial = true;
    ++m_table.blocks;
    m_blockAlgorithms = std::move(algorithms);
    if (std::find(m_blockAlgorithms.begin(), m_blockAlgorithms.end(), NCCL_ALGO_PAT) != m_blockAlgorithms.end())
        m_table.layout = TableLayout::BlocksWithPat;
    m_table.algorithmsAssumed = m_table.algorithmsAssumed || assumed;
    if (assumed) m_table.partial = true;
    m_columns.clear();
    for (int algorithm : m_blockAlgorithms)
        for (int protocol = 0; protocol < NCCL_NUM_PROTOCOLS; ++protocol) m_columns.push_back({algorithm, protocol});
    m_rowsInBlock = 0;
    m_threadsInBlock = false;
}

void TableReader::readAlgorithmHeader(const std::vector<std::string_view>& fields, int line, LoggedTuning& out) {
    std::vector<int> algorithms;
    for (std::size_t index = 1; index < fields.size(); ++index) {
        if (trimmed(fields[index]).empty()) continue;
        const int algorithm = ncclAlgoIndex(fields[index]);
        if (algorithm < 0)
            return report(out, line, "TUNING: unknown algorithm '" + std::string(trimmed(fields[index])) + "'");
        algorithms.push_back(algorithm);
    }
    if (algorithms.empty()) return report(out, line, "TUNING: an Algorithm line naming no algorithm");
    if (!m_open || algorithms.front() == NCCL_ALGO_TREE) openTable(out, line, TableLayout::Blocks);
    startBlock(std::move(algorithms), false);
    m_headerOnly = true;
}

void TableReader::readProtocolHeader(const std::vector<std::string_view>& fields, int line, LoggedTuning& out) {
    const bool afterAlgorithms = m_headerOnly;
    m_headerOnly = false;
    if (!afterAlgorithms) {  // the block's Algorithm line is missing: take NCCL's block order
        if (!m_open) openTable(out, line, TableLayout::Blocks);
        startBlock(assumedBlock(m_table.blocks), true);
    }
    std::size_t column = 0;
    for (std::size_t index = 1; index < fields.size() && column < m_columns.size(); ++index) {
        if (trimmed(fields[index]).empty() && index + 1 == fields.size()) break;
        const int protocol = ncclProtoIndex(fields[index]);
        if (protocol < 0)
            return report(out, line, "TUNING: unknown protocol '" + std::string(trimmed(fields[index])) + "'");
        m_columns[column++].protocol = protocol;
    }
}

void TableReader::readLatencyAlgBwHeader(const std::vector<std::string_view>& fields, int line, LoggedTuning& out) {
    openTable(out, line, TableLayout::LatencyAlgBw);
    m_table.blocks = 1;
    for (std::size_t index = 1; index < fields.size(); ++index) {
        const std::string_view field = trimmed(fields[index]);
        if (field.empty()) continue;
        const std::size_t slash = field.find('/');
        const int algorithm = slash == std::string_view::npos ? -1 : ncclAlgoIndex(field.substr(0, slash));
        const int protocol = slash == std::string_view::npos ? -1 : ncclProtoIndex(field.substr(slash + 1));
        if (algorithm < 0 || protocol < 0) report(out, line, "TUNING: unknown column '" + std::string(field) + "'");
        m_columns.push_back({algorithm, protocol});
    }
    m_threadsInBlock = true;  // ≤2.13 printed no Max NThreads line
}

void TableReader::readMaxThreads(const std::vector<std::string_view>& fields, int line, LoggedTuning& out) {
    m_threadsInBlock = true;
    for (std::size_t index = 1; index < fields.size(); ++index) {
        if (index == fields.size() - 1) return checkCut(fields[index], line, out);
        const std::size_t column = index - 1;
        const auto threads = readInteger(fields[index]);
        if (!threads || *threads < 0 || *threads > 4096)
            return report(out, line, "TUNING: Max NThreads '" + std::string(trimmed(fields[index])) + "'");
        if (column >= m_columns.size() || m_columns[column].algorithm < 0 || m_columns[column].protocol < 0) continue;
        const Column where = m_columns[column];
        m_table.maxThreads[static_cast<std::size_t>(where.algorithm)][static_cast<std::size_t>(where.protocol)] =
            static_cast<int>(*threads);
    }
}

void TableReader::checkCut(std::string_view tail, int line, LoggedTuning& out) {
    if (trimmed(tail).empty()) return;
    m_table.partial = true;
    report(out, line, "TUNING: line cut inside a cell ('" + std::string(trimmed(tail)) + "')");
}

void TableReader::readRow(int func, const std::vector<std::string_view>& fields, int line, LoggedTuning& out) {
    ++m_rowsInBlock;
    for (std::size_t index = 1; index < fields.size(); ++index) {
        if (index == fields.size() - 1) return checkCut(fields[index], line, out);
        const std::size_t column = index - 1;
        const std::size_t slash = fields[index].find('/');
        const auto latency = readFloat(fields[index].substr(0, slash));
        const auto bandwidth =
            slash == std::string_view::npos ? std::nullopt : readFloat(fields[index].substr(slash + 1));
        if (!latency || !bandwidth)
            return report(out, line, "TUNING: cell '" + std::string(trimmed(fields[index])) + "' is not lat/bw");
        if (column >= m_columns.size() || m_columns[column].algorithm < 0 || m_columns[column].protocol < 0) {
            report(out, line, "TUNING: more cells than the header has columns");
            m_table.partial = true;
            return;
        }
        const Column where = m_columns[column];
        LoggedCell& cell = m_table.cells[static_cast<std::size_t>(func)][static_cast<std::size_t>(where.algorithm)]
                                        [static_cast<std::size_t>(where.protocol)];
        cell = LoggedCell{true, *latency, *bandwidth, line};
        ++m_table.cellsRead;
    }
}

bool TableReader::read(std::string_view message, int line, LoggedTuning& out) {
    const std::vector<std::string_view> fields = splitKeep(message, '|');
    if (fields.size() < 2) return false;
    const std::string_view label = trimmed(fields[0]);
    if (label == "Algorithm") {
        readAlgorithmHeader(fields, line, out);
        return true;
    }
    if (label == "Protocol") {
        readProtocolHeader(fields, line, out);
        return true;
    }
    if (label == "Latency/AlgBw") {
        m_headerOnly = false;
        readLatencyAlgBwHeader(fields, line, out);
        return true;
    }
    const int func = ncclFuncIndex(label);
    if (label != "Max NThreads" && func < 0) return false;
    m_headerOnly = false;
    if (!m_open || m_columns.empty()) {
        report(out, line, "TUNING: a table row before any header");
        return true;
    }
    if (func < 0)
        readMaxThreads(fields, line, out);
    else
        readRow(func, fields, line, out);
    return true;
}

}  // namespace commviz::nccl_tuning::tuning_log_detail
