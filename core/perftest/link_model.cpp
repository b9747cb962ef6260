#include "perftest/link_model.h"

#include <algorithm>
#include <string>

#include "sim/enum_names.h"

namespace commviz::perftest {

constexpr sim::EnumNames<Opcode::Read> kOpcodeNames({"RDMA_WRITE", "SEND", "RDMA_READ"});
std::string_view opcodeName(Opcode op) { return kOpcodeNames(op); }

constexpr sim::EnumNames<Opcode::Read> kToolNames({"ib_write", "ib_send", "ib_read"});
std::string_view toolName(Opcode op) { return kToolNames(op); }

sim::Status validate(const LinkModel& m) {
    if (!(m.link_gbps > 0)) return sim::fail("link_gbps must be greater than 0");
    if (!(m.pcie_gbps > 0)) return sim::fail("pcie_gbps must be greater than 0");
    const int mtus[] = {256, 512, 1024, 2048, 4096};
    if (std::find(std::begin(mtus), std::end(mtus), m.mtu) == std::end(mtus))
        return sim::fail("mtu " + std::to_string(m.mtu) + " is not an IB path MTU: allowed 256, 512, 1024, 2048, 4096");
    const HeaderBytes& h = m.headers;
    for (int b : {h.ethernet, h.ip, h.udp, h.bth, h.icrc, h.fcs, h.framing, h.reth, h.aeth, h.min_frame})
        if (b < 0) return sim::fail("header sizes must not be negative");
    for (double ns : {m.post_ns, m.nic_tx_ns, m.propagation_ns, m.nic_rx_ns, m.cqe_ns, m.poll_ns, m.dma_fetch_ns})
        if (!(ns >= 0)) return sim::fail("time costs must not be negative");
    if (m.inline_send < 0 || m.inline_write < 0) return sim::fail("inline thresholds must not be negative");
    if (m.tx_depth < 1 || m.cq_mod < 1 || m.max_rd_atomic < 1 || m.iterations < 2 || m.iterations_write_bw < 2)
        return sim::fail("tx_depth, cq_mod and max_rd_atomic must be at least 1, iterations at least 2");
    return sim::Ok{};
}

namespace {

// Frame bytes (header to FCS) are padded up to the Ethernet minimum; framing
// (preamble, SFD, inter-frame gap) comes on top.
std::int64_t onWire(const HeaderBytes& h, std::int64_t extension, std::int64_t payload) {
    const std::int64_t padded = (payload + 3) / 4 * 4;  // BTH PadCnt: payload to a multiple of 4
    const std::int64_t frame = h.ethernet + h.ip + h.udp + h.bth + extension + padded + h.icrc + h.fcs;
    return std::max<std::int64_t>(frame, h.min_frame) + h.framing;
}

}  // namespace

WireCost wireCost(const LinkModel& m, Opcode op, std::int64_t bytes) {
    WireCost cost;
    bytes = std::max<std::int64_t>(bytes, 0);
    const std::int64_t mtu = std::max(m.mtu, 1);
    cost.packets = std::max<std::int64_t>(1, (bytes + mtu - 1) / mtu);
    cost.payload = bytes;
    for (std::int64_t i = 0; i < cost.packets; ++i) {
        const bool first = i == 0;
        const bool last = i == cost.packets - 1;
        const std::int64_t payload = last ? bytes - (cost.packets - 1) * mtu : mtu;
        std::int64_t extension = 0;
        // rxe_req.c / IBTA: RETH only on RDMA_WRITE_FIRST/ONLY; AETH on
        // RDMA_READ_RESPONSE_FIRST/LAST/ONLY but not MIDDLE. SEND has none.
        if (op == Opcode::Write && first) extension = m.headers.reth;
        if (op == Opcode::Read && (first || last)) extension = m.headers.aeth;
        cost.wire_bytes += onWire(m.headers, extension, payload);
    }
    cost.efficiency = cost.wire_bytes > 0 ? double(cost.payload) / double(cost.wire_bytes) : 0.0;
    return cost;
}

std::int64_t controlPacketBytes(const LinkModel& m, int extension) { return onWire(m.headers, extension, 0); }

int inlineThreshold(const LinkModel& m, Opcode op) {
    switch (op) {
        case Opcode::Write:
            return m.inline_write;
        case Opcode::Send:
            return m.inline_send;
        case Opcode::Read:
            return 0;  // a READ has no outgoing payload to inline
    }
    return 0;
}

}  // namespace commviz::perftest
