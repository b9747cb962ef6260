#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nccl/log/tuning_log_reader.h"

// Shared by the tuning log reader's files (tuning_log_*.cpp) only.
namespace commviz::nccl_tuning::tuning_log_detail {

std::string_view trimmed(std::string_view text);
/// Splits on `separator`, keeping empty pieces (a table's `|` columns).
std::vector<std::string_view> splitKeep(std::string_view text, char separator);
std::optional<float> readFloat(std::string_view text);
std::optional<long long> readInteger(std::string_view text);

/// Reads the table lines one by one (a state machine over headers, `Max NThreads` and rows).
class TableReader {
public:
    /// True when `message` is a table line (read or reported).
    bool read(std::string_view message, int line, LoggedTuning& out);
    /// Closes the last table (marks it partial when blocks or rows are missing).
    void finish(LoggedTuning& out);

private:
    struct Column {
        int algorithm = -1;
        int protocol = -1;
    };
    void openTable(LoggedTuning& out, int line, TableLayout layout);
    void closeTable(LoggedTuning& out);
    void startBlock(std::vector<int> algorithms, bool assumed);
    void readAlgorithmHeader(const std::vector<std::string_view>& fields, int line, LoggedTuning& out);
    void readProtocolHeader(const std::vector<std::string_view>& fields, int line, LoggedTuning& out);
    void readLatencyAlgBwHeader(const std::vector<std::string_view>& fields, int line, LoggedTuning& out);
    void readMaxThreads(const std::vector<std::string_view>& fields, int line, LoggedTuning& out);
    void readRow(int func, const std::vector<std::string_view>& fields, int line, LoggedTuning& out);
    void checkCut(std::string_view tail, int line, LoggedTuning& out);

    bool m_open = false;
    LoggedTable m_table;
    std::vector<int> m_blockAlgorithms;
    std::vector<Column> m_columns;
    bool m_headerOnly = false;  ///< the last line was an `Algorithm` header (its `Protocol` line follows)
    int m_rowsInBlock = 0;
    bool m_threadsInBlock = false;
};

/// The other line kinds; each returns true when `message` is of its kind (read or reported).
bool readSelection(std::string_view message, int line, int lastOpCountFunc, LoggedTuning& out);
bool readPattern(std::string_view message, int line, const std::string& process, LoggedTuning& out);
bool readEnvironment(std::string_view message, int line, LoggedTuning& out);
bool readCpu(std::string_view message, LoggedTuning& out);
/// `Coll: opCount …` (the COLL line of each call): the collective, or -1.
int opCountFunc(std::string_view message);

}  // namespace commviz::nccl_tuning::tuning_log_detail
