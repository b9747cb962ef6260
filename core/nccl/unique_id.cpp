#include "nccl/unique_id.h"

#include <charconv>
#include <cstdio>

namespace commviz::nccl {

namespace {

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        std::string item = text.substr(start, comma - start);
        // "eth0:1234" names a port too; the bootstrap interface search ignores it.
        if (const auto colon = item.find(':'); colon != std::string::npos) item.resize(colon);
        if (!item.empty()) items.push_back(item);
        start = comma + 1;
    }
    return items;
}

// NCCL utils.cc matchIf: exact compares the whole name, otherwise the prefix only.
bool matchIfList(const std::string& name, const std::vector<std::string>& list, bool exact) {
    if (list.empty()) return true;
    for (const auto& ref : list)
        if (exact ? name == ref : startsWith(name, ref)) return true;
    return false;
}

// findInterfaces(prefixList, …, maxIfs = 1): the first interface the list admits.
int findInterface(const std::vector<HostInterface>& interfaces, std::string list) {
    const bool searchNot = !list.empty() && list[0] == '^';
    if (searchNot) list.erase(0, 1);
    const bool searchExact = !list.empty() && list[0] == '=';
    if (searchExact) list.erase(0, 1);
    const auto prefixes = splitList(list);
    for (std::size_t i = 0; i < interfaces.size(); ++i)
        if (matchIfList(interfaces[i].name, prefixes, searchExact) != searchNot) return int(i);
    return -1;
}

int findSubnet(const std::vector<HostInterface>& interfaces, std::uint32_t address) {
    for (std::size_t i = 0; i < interfaces.size(); ++i) {
        const std::uint32_t mask = interfaces[i].prefixBits == 0 ? 0 : ~0u << (32 - interfaces[i].prefixBits);
        if ((interfaces[i].ipv4 & mask) == (address & mask)) return int(i);
    }
    return -1;
}

std::uint32_t ipv4(int a, int b, int c, int d) {
    return std::uint32_t(a) << 24 | std::uint32_t(b) << 16 | std::uint32_t(c) << 8 | std::uint32_t(d);
}

}  // namespace

std::vector<HostInterface> hostInterfaces(const std::string& names, int node) {
    std::vector<HostInterface> result;
    int index = 0;
    for (const auto& name : splitList(names)) {
        HostInterface itf{name, 0, 16};
        if (startsWith(name, "lo"))
            itf = {name, ipv4(127, 0, 0, 1), 8};
        else if (startsWith(name, "docker"))
            itf.ipv4 = ipv4(172, 17, 0, 1);
        else if (startsWith(name, "virbr"))
            itf.ipv4 = ipv4(192, 168, 122, 1);
        else  // one routable 10.<index>.0.0/16 network per interface name, one address per node
            itf.ipv4 = ipv4(10, index, node / 250, node % 250 + 1);
        result.push_back(itf);
        ++index;
    }
    return result;
}

int selectInterface(const std::vector<HostInterface>& interfaces, const std::string& socketIfname,
                    const std::string& commId) {
    if (!commId.empty()) return findSubnet(interfaces, commIdAddress(commId));
    if (socketIfname.size() > 1) return findInterface(interfaces, socketIfname);
    int found = findInterface(interfaces, "ib");
    if (found < 0) found = findInterface(interfaces, "^docker,lo,virbr");
    if (found < 0) found = findInterface(interfaces, "docker");
    if (found < 0) found = findInterface(interfaces, "lo");
    if (found < 0) found = findInterface(interfaces, "virbr");
    return found;
}

std::uint32_t commIdAddress(const std::string& commId) {
    std::uint32_t address = 0;
    std::size_t pos = 0;
    const auto colon = commId.rfind(':');
    for (int i = 0; i < 4 && pos < colon; ++i) {
        int octet = 0;
        auto [next, ec] = std::from_chars(commId.data() + pos, commId.data() + colon, octet);
        (void)ec;
        address = address << 8 | std::uint32_t(octet & 0xff);
        pos = std::size_t(next - commId.data()) + 1;
    }
    return address;
}

std::uint16_t commIdPort(const std::string& commId) {
    int port = 0;
    const auto colon = commId.rfind(':');
    if (colon != std::string::npos) std::from_chars(commId.data() + colon + 1, commId.data() + commId.size(), port);
    return std::uint16_t(port);
}

std::string ipv4String(std::uint32_t a) {
    return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 0xff) + "." + std::to_string((a >> 8) & 0xff) +
           "." + std::to_string(a & 0xff);
}

std::string socketString(std::uint32_t ipv4, std::uint16_t port) {
    return ipv4String(ipv4) + "<" + std::to_string(port) + ">";
}

UniqueId UniqueId::make(std::uint64_t magic, std::uint32_t address, std::uint16_t port) {
    UniqueId id;
    for (int i = 0; i < 8; ++i) id.bytes[kMagicOffset + i] = std::uint8_t(magic >> (8 * i));  // little endian
    id.bytes[kAddrOffset + 0] = 2;  // sin_family = AF_INET (2), host order
    id.bytes[kAddrOffset + 1] = 0;
    id.bytes[kAddrOffset + 2] = std::uint8_t(port >> 8);  // sin_port, network order
    id.bytes[kAddrOffset + 3] = std::uint8_t(port);
    for (int i = 0; i < 4; ++i) id.bytes[kAddrOffset + 4 + i] = std::uint8_t(address >> (24 - 8 * i));  // sin_addr
    return id;  // nRanks (offset 36) stays 0 for a normal init; the rest is zero
}

std::uint64_t UniqueId::magic() const {
    std::uint64_t magic = 0;
    for (int i = 7; i >= 0; --i) magic = magic << 8 | bytes[kMagicOffset + i];
    return magic;
}

std::uint32_t UniqueId::ipv4() const {
    std::uint32_t address = 0;
    for (int i = 0; i < 4; ++i) address = address << 8 | bytes[kAddrOffset + 4 + i];
    return address;
}

std::uint16_t UniqueId::port() const { return std::uint16_t(bytes[kAddrOffset + 2] << 8 | bytes[kAddrOffset + 3]); }

std::uint64_t UniqueId::commHash() const {
    // NCCL getHash: result = result * 33 ^ c over `char`, which is signed on x86-64.
    std::uint64_t result = 5381;
    for (std::uint8_t byte : bytes)
        result = ((result << 5) + result) ^ std::uint64_t(std::int64_t(static_cast<signed char>(byte)));
    return result;
}

std::string UniqueId::hex() const {
    std::string text;
    char buf[3];
    for (std::uint8_t byte : bytes) {
        std::snprintf(buf, sizeof buf, "%02x", byte);
        text += buf;
    }
    return text;
}

}  // namespace commviz::nccl
