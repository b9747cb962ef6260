#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "nccl/graph/comm_graphs.h"

namespace commviz::nccl_topology {

/// `NCCL version 2.22.3+cuda12.4` (NCCL src/init.cc, showVersion).
struct VersionMessage {
    std::string version;
};

/// Every form of the `… comm 0x… rank R nranks N cudaDev D … - Init START|COMPLETE`
/// line from 2.4 to 2.30 (NCCL src/init.cc, ncclCommInitRankFunc / initTransportsRank).
struct InitMessage {
    bool complete = false;
    std::string function;  ///< "ncclCommInitRank" (2.21+), empty before
    std::string comm;
    int rank = -1;
    int nRanks = 0;
    int cudaDev = -1;
    int nvmlDev = -1;
    std::string busId;
};

/// `Init timings: rank R nranks N total T (…)` (2.22) and
/// `Init timings - func: rank R nranks N total T (…)` (2.23+).
struct InitTimingsMessage {
    int rank = -1;
    int nRanks = 0;
    double totalSeconds = 0.0;
};

/// `Bootstrap timings total T (create …)` (2.23+, NCCL src/bootstrap.cc, bootstrapInit).
struct BootstrapTimingsMessage {
    double totalSeconds = 0.0;
};

/// `comm 0x… rank R nRanks N nNodes M localRanks L localRank l MNNVL m` (2.20+).
struct CommShapeMessage {
    int nRanks = 0;
    int nNodes = 0;
};

/// Rank 0's `Channel 00/02 : 0 1 2 3` (NCCL src/graph/rings.cc, dumpLine); 2.4's
/// form has no `/02`. `truncated` when the line ends in `...` (2.23+ cut at 128
/// characters; a number cut by the `...` is dropped).
struct RingListMessage {
    int channel = 0;
    int nChannels = 0;  ///< 0 when the line does not say (2.4)
    std::vector<int> ranks;
    bool truncated = false;
};

/// GRAPH `Ring 00 : 3 -> 0 -> 1`: prev -> me -> next (NCCL src/init.cc, initTransportsRank).
struct RingHopMessage {
    int channel = 0;
    int prev = -1;
    int rank = -1;
    int next = -1;
};

/// `Trees [0] 1/-1/-1->0->-1 …` (and 2.4's up-first, 2.5–2.7's `|` forms), or one GRAPH
/// `Tree 0 : -1 -> 0 -> 1/-1/-1` line: one rank's tree in each listed channel.
struct TreesMessage {
    int rank = -1;
    std::vector<std::pair<int, RankTree>> channels;
};

/// A connection line with its transport (NCCL src/transport/p2p.cc, shm.cc, net.cc).
struct ConnectionMessage {
    Connection connection;
};

/// A line NCCL prints that we know but draw nothing from (`Connected all rings`,
/// `NET/IB : Using …`, `threadThresholds …`, the topology print, …).
struct NotedMessage {};

/// A line of a kind we know that does not hold what that kind holds.
struct MalformedMessage {
    std::string reason;
    bool fatal = false;  ///< absurd sizes (nranks 2^31): the whole read fails
};

struct UnknownMessage {};

using LogMessage = std::variant<UnknownMessage, MalformedMessage, NotedMessage, VersionMessage, InitMessage,
                                InitTimingsMessage, BootstrapTimingsMessage, CommShapeMessage, RingListMessage,
                                RingHopMessage, TreesMessage, ConnectionMessage>;

/// What one INFO message (the text after `NCCL INFO `) says.
LogMessage parseInfoMessage(std::string_view message);

/// The channel-numbered kinds: `Channel …`, `Ring …`, `Tree …`, `Trees …`;
/// UnknownMessage when the message is none of them.
LogMessage parseChannelMessage(std::string_view message);

/// `Trees [0] 1/-1/-1->0->-1 [1] …` in its three forms (2.4, 2.5–2.7, 2.8+).
LogMessage readTreesMessage(std::string_view message);

/// A tree neighbour: a rank or -1 for none.
std::optional<int> readTreeNeighbour(std::string_view word);

/// `d0/d1/d2`, each a rank or -1; false when it is not exactly three of them.
bool readTreeDowns(std::string_view text, std::array<int, 3>& downs);

/// Splits on spaces, dropping empty pieces.
std::vector<std::string_view> splitWords(std::string_view text);

}  // namespace commviz::nccl_topology
