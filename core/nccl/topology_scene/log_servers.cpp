#include "nccl/topology_scene/log_servers.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace commviz::nccl_topology {

namespace {

std::string lower(std::string text) {
    for (char& letter : text) letter = char(std::tolower(static_cast<unsigned char>(letter)));
    return text;
}

/// The NET device a connection names: `NET/IB/1/GDRDMA`, `NET/IB/0(2)/GDRDMA` (PXN through 2), `NET/Socket/0`.
int netDevice(const std::string& via) {
    if (via.rfind("NET/", 0) != 0) return -1;
    const std::size_t slash = via.find('/', 4);
    if (slash == std::string::npos || slash + 1 >= via.size() ||
        !std::isdigit(static_cast<unsigned char>(via[slash + 1])))
        return -1;
    return std::stoi(via.substr(slash + 1, 3));
}

std::set<int> netDevices(const InfoLog& log) {
    std::set<int> devices;
    for (const Connection& connection : log.comm.connections)
        if (const int device = netDevice(connection.via); device >= 0) devices.insert(device);
    return devices;
}

const std::vector<int>& largestHost(const std::vector<std::vector<int>>& hosts) {
    return *std::max_element(hosts.begin(), hosts.end(),
                             [](const auto& left, const auto& right) { return left.size() < right.size(); });
}

std::string gpuXml(const LoggedRank& rank, int localIndex, int sm) {
    const int dev = rank.nvmlDev >= 0 ? rank.nvmlDev : localIndex;
    return "    <pci busid=\"" + busIdFromLog(rank.busId) + "\" class=\"0x030200\" vendor=\"0x10de\">\n" +
           "      <gpu dev=\"" + std::to_string(dev) + "\" sm=\"" + std::to_string(sm) + "\" rank=\"" +
           std::to_string(rank.rank) + "\" gdr=\"1\"/>\n" + "    </pci>\n";
}

/// NICs have no bus id in a log: they take free slots at the top of the bus range.
std::string nicXml(int device, int speedMbps) {
    char busId[16];
    std::snprintf(busId, sizeof busId, "0000:%02x:00.0", 0xf0 + device % 16);
    return std::string("    <pci busid=\"") + busId + "\" class=\"0x020700\" vendor=\"0x15b3\">\n" +
           "      <nic>\n        <net name=\"NET/" + std::to_string(device) + "\" dev=\"" + std::to_string(device) +
           "\" speed=\"" + std::to_string(speedMbps) + "\" gdr=\"1\"/>\n      </nic>\n    </pci>\n";
}

}  // namespace

std::string busIdFromLog(const std::string& printed) {
    if (printed.empty() || printed.size() > 12 || !std::all_of(printed.begin(), printed.end(), [](char letter) {
            return std::isxdigit(static_cast<unsigned char>(letter)) != 0;
        }))
        return {};
    std::string digits =
        std::string(std::max<std::size_t>(0, 9 - std::min<std::size_t>(9, printed.size())), '0') + printed;
    const std::size_t domain = digits.size() - 5;
    return lower(digits.substr(0, domain) + ":" + digits.substr(domain, 2) + ":" + digits.substr(domain + 2, 2) + "." +
                 digits.substr(domain + 4, 1));
}

std::vector<std::vector<int>> ranksPerHost(const InfoLog& log) {
    std::vector<std::vector<int>> hosts(log.hosts.size());
    for (const LoggedRank& rank : log.ranks) {
        const auto host = std::find(log.hosts.begin(), log.hosts.end(), rank.host);
        if (rank.rank >= 0 && host != log.hosts.end())
            hosts[std::size_t(host - log.hosts.begin())].push_back(rank.rank);
    }
    for (auto& ranks : hosts) std::sort(ranks.begin(), ranks.end());
    hosts.erase(std::remove_if(hosts.begin(), hosts.end(), [](const auto& ranks) { return ranks.empty(); }),
                hosts.end());
    return hosts;
}

std::string serverXmlFromLog(const InfoLog& log, const TopoAssumptions& assumptions) {
    const std::vector<std::vector<int>> hosts = ranksPerHost(log);
    if (hosts.empty()) return {};
    std::string gpus;
    int localIndex = 0;
    for (int rankIndex : largestHost(hosts)) {
        const auto rank = std::find_if(log.ranks.begin(), log.ranks.end(),
                                       [rankIndex](const LoggedRank& logged) { return logged.rank == rankIndex; });
        if (busIdFromLog(rank->busId).empty()) return {};
        gpus += gpuXml(*rank, localIndex++, assumptions.gpuSm);
    }
    std::string nics;
    for (int device : netDevices(log)) nics += nicXml(device, assumptions.nicSpeedMbps);
    // A log names no CPU: one x86 socket stands for the host (listed as assumed by the caller).
    return "<system version=\"1\">\n  <cpu numaid=\"0\" arch=\"x86_64\" vendor=\"GenuineIntel\" familyid=\"6\" "
           "modelid=\"143\">\n" +
           gpus + nics + "  </cpu>\n</system>\n";
}

LogMismatch logTopologyMismatch(const InfoLog& log, const TopoSystem& system) {
    LogMismatch mismatch;
    const std::vector<std::vector<int>> hosts = ranksPerHost(log);
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    mismatch.topologyGpus = int(gpus.size());
    mismatch.logRanksPerHost = hosts.empty() ? mismatch.topologyGpus : int(largestHost(hosts).size());
    std::set<std::string> topologyBusIds;
    for (int gpu : gpus) topologyBusIds.insert(lower(system.nodes[std::size_t(gpu)].busId));
    std::set<std::string> missing;
    for (const LoggedRank& rank : log.ranks)
        if (const std::string busId = busIdFromLog(rank.busId); !busId.empty() && !topologyBusIds.count(busId))
            missing.insert(busId);
    mismatch.missingBusIds.assign(missing.begin(), missing.end());
    for (std::size_t host = 0; host < hosts.size() && mismatch.nonConsecutiveHost < 0; ++host)
        if (hosts[host].back() - hosts[host].front() + 1 != int(hosts[host].size()))
            mismatch.nonConsecutiveHost = int(host);
    return mismatch;
}

std::vector<std::string> mismatchSentences(const LogMismatch& mismatch) {
    std::vector<std::string> sentences;
    if (mismatch.logRanksPerHost != mismatch.topologyGpus)
        sentences.push_back("the log has " + std::to_string(mismatch.logRanksPerHost) +
                            " ranks per host, the topology " + std::to_string(mismatch.topologyGpus) +
                            " GPUs per server");
    if (!mismatch.missingBusIds.empty())
        sentences.push_back("the topology has no GPU at " + mismatch.missingBusIds.front() +
                            (mismatch.missingBusIds.size() > 1
                                 ? " nor at " + std::to_string(mismatch.missingBusIds.size() - 1) + " more bus ids"
                                 : "") +
                            " the log names");
    if (mismatch.nonConsecutiveHost >= 0)
        sentences.push_back("host " + std::to_string(mismatch.nonConsecutiveHost) +
                            "'s ranks are not consecutive; they are drawn as if they were");
    return sentences;
}

}  // namespace commviz::nccl_topology
