#include "perftest/perftest_model.h"

#include <algorithm>
#include <utility>

#include "sim/enum_names.h"
#include "sim/translatable.h"

namespace commviz::perftest {

namespace {

// Bytes per ns at a rate in Gb/s: 100 Gb/s = 12.5 B/ns.
double bytesPerNs(double gbps) { return gbps / 8.0; }

// The payload's trip from the sender's memory to the receiver's memory. The
// first packet is store-and-forward through three stages (DMA read over PCIe,
// the wire, DMA write over PCIe); later packets stream behind it at the slower
// of wire and PCIe. An inline payload skips the DMA read: it came with the WQE.
double serializationNs(const LinkModel& m, Opcode op, std::int64_t bytes, bool inlined) {
    const double link = bytesPerNs(m.link_gbps);
    const double pcie = bytesPerNs(m.pcie_gbps);
    const std::int64_t first = std::min<std::int64_t>(bytes, m.mtu);
    const WireCost whole = wireCost(m, op, bytes);
    const WireCost head = wireCost(m, op, first);  // same extension headers as the real first packet
    const double firstNs = (inlined ? 0.0 : first / pcie) + head.wire_bytes / link + first / pcie;
    const double restNs = std::max((whole.wire_bytes - head.wire_bytes) / link, (bytes - first) / pcie);
    return firstNs + restNs;
}

// One leg NIC to NIC: requester pipeline, propagation, responder pipeline.
double legNs(const LinkModel& m) { return m.nic_tx_ns + m.propagation_ns + m.nic_rx_ns; }

// Time from ibv_post_send to the polled completion of one non-inline message,
// as the *_bw tests see it. WRITE/SEND complete when the ACK is back
// (Linux drivers/infiniband/sw/rxe/rxe_comp.c, rxe_completer: a SEND/WRITE WQE
// completes on the ACK covering its last PSN); READ when the last response packet has landed.
double completionNs(const LinkModel& m, Opcode op, std::int64_t bytes) {
    if (op == Opcode::Read) return latency(m, op, bytes).total_ns;
    const double ack = m.propagation_ns + controlPacketBytes(m, m.headers.aeth) / bytesPerNs(m.link_gbps) + m.nic_rx_ns;
    return m.post_ns + m.dma_fetch_ns + legNs(m) + serializationNs(m, op, bytes, false) + ack + m.cqe_ns + m.poll_ns;
}

}  // namespace

constexpr sim::EnumNames<Bound::Wire> kBoundNames({"cpu", "window", "pcie", "wire"});
std::string_view boundName(Bound bound) { return kBoundNames(bound); }

LatencySample latency(const LinkModel& m, Opcode op, std::int64_t bytes) {
    LatencySample s;
    s.bytes = std::max<std::int64_t>(bytes, 0);
    s.post_ns = m.post_ns;
    s.poll_ns = m.poll_ns;
    if (op == Opcode::Read) {
        // ib_read_lat reports the whole round trip (rtt_factor 1): the request
        // (BTH + RETH, no payload) goes out, the responder's HCA DMA-reads the
        // target memory, the response packets come back and land in the buffer.
        s.rtt_factor = 1;
        s.fetch_ns = m.dma_fetch_ns;
        const double request = controlPacketBytes(m, m.headers.reth) / bytesPerNs(m.link_gbps);
        s.fixed_ns = legNs(m) + request + legNs(m) + m.cqe_ns;
        s.serialization_ns = serializationNs(m, op, s.bytes, false);
    } else {
        // ib_send_lat / ib_write_lat: ping-pong, RTT / 2 = one leg.
        s.rtt_factor = 2;
        s.inlined = s.bytes <= inlineThreshold(m, op);
        s.fetch_ns = s.inlined ? 0.0 : m.dma_fetch_ns;
        s.fixed_ns = legNs(m) + m.cqe_ns;
        s.serialization_ns = serializationNs(m, op, s.bytes, s.inlined);
    }
    s.total_ns = s.post_ns + s.fetch_ns + s.fixed_ns + s.serialization_ns + s.poll_ns;
    return s;
}

BandwidthSample bandwidth(const LinkModel& m, Opcode op, std::int64_t bytes) {
    BandwidthSample s;
    s.bytes = std::max<std::int64_t>(bytes, 0);
    s.iterations = op == Opcode::Write ? m.iterations_write_bw : m.iterations;
    const WireCost wire = wireCost(m, op, s.bytes);
    s.packets = wire.packets;
    s.efficiency = wire.efficiency;
    s.completion_ns = completionNs(m, op, s.bytes);

    // Steady state: the slowest of the four resources sets the pace.
    const int depth = op == Opcode::Read ? std::min(m.tx_depth, m.max_rd_atomic) : m.tx_depth;
    const std::pair<Bound, double> bounds[] = {
        {Bound::Cpu, m.post_ns + m.poll_ns / m.cq_mod},
        {Bound::Window, s.completion_ns / depth},
        {Bound::Pcie, s.bytes / bytesPerNs(m.pcie_gbps)},
        {Bound::Wire, wire.wire_bytes / bytesPerNs(m.link_gbps)},
    };
    for (const auto& [bound, ns] : bounds) {
        if (ns >= s.per_message_ns) {
            s.per_message_ns = ns;
            s.bound = bound;
        }
    }

    // perftest: BW average = size × iterations / (first post → last completion).
    const double totalNs = (s.iterations - 1) * s.per_message_ns + s.completion_ns;
    const double peak = s.per_message_ns > 0 ? s.bytes / s.per_message_ns : 0.0;  // B/ns
    const double avg = totalNs > 0 ? double(s.bytes) * s.iterations / totalNs : 0.0;
    s.bw_peak_gbps = peak * 8.0;
    s.bw_avg_gbps = avg * 8.0;
    s.bw_peak_mibps = peak * 1e9 / (1024.0 * 1024.0);
    s.bw_avg_mibps = avg * 1e9 / (1024.0 * 1024.0);
    s.msg_rate_mpps = totalNs > 0 ? s.iterations / totalNs * 1e3 : 0.0;
    return s;
}

sim::Result<std::vector<Row>> sweep(const LinkModel& m, Opcode op) {
    if (auto status = validate(m); !status) return status.error();
    std::vector<Row> rows;
    for (int e = kSweepMinExponent; e <= kSweepMaxExponent; ++e) {
        const std::int64_t bytes = std::int64_t(1) << e;
        rows.push_back({bytes, latency(m, op, bytes), bandwidth(m, op, bytes)});
    }
    return rows;
}

std::string_view modelDescription() {
    return QT_TRANSLATE_NOOP(
        "commviz::perftest",
        "Latency = post + (PCIe fetch unless inline) + NIC pipelines + "
        "propagation + first packet store-and-forward (DMA read, wire, DMA write) + remaining packets at "
        "the bottleneck + CQE + poll; SEND/WRITE report RTT/2, READ the full round trip, as perftest does. "
        "Bandwidth: the slowest of software posting, messages in flight, PCIe and the wire (line rate x "
        "payload / (payload + RoCEv2 headers and Ethernet framing)). Constants are order-of-magnitude for a "
        "100 GbE ConnectX-4/5-class NIC, calibrated to published ib_send_lat/ib_send_bw numbers; real "
        "results depend on hardware, firmware and tuning.");
}

sim::Json toJson(const LinkModel& m) {
    const HeaderBytes& h = m.headers;
    return {
        {"link_gbps", m.link_gbps},
        {"pcie_gbps", m.pcie_gbps},
        {"mtu", m.mtu},
        {"headers",
         {{"ethernet", h.ethernet},
          {"ip", h.ip},
          {"udp", h.udp},
          {"bth", h.bth},
          {"icrc", h.icrc},
          {"fcs", h.fcs},
          {"framing", h.framing},
          {"reth", h.reth},
          {"aeth", h.aeth},
          {"min_frame", h.min_frame},
          {"per_packet", h.perPacket()}}},
        {"post_ns", m.post_ns},
        {"nic_tx_ns", m.nic_tx_ns},
        {"propagation_ns", m.propagation_ns},
        {"nic_rx_ns", m.nic_rx_ns},
        {"cqe_ns", m.cqe_ns},
        {"poll_ns", m.poll_ns},
        {"dma_fetch_ns", m.dma_fetch_ns},
        {"inline_send", m.inline_send},
        {"inline_write", m.inline_write},
        {"tx_depth", m.tx_depth},
        {"cq_mod", m.cq_mod},
        {"max_rd_atomic", m.max_rd_atomic},
        {"iterations", m.iterations},
        {"iterations_write_bw", m.iterations_write_bw},
        {"is_model", true},
    };
}

sim::Json toJson(const Row& row) {
    const LatencySample& l = row.latency;
    const BandwidthSample& b = row.bandwidth;
    return {
        {"#bytes", row.bytes},
        {"packets", b.packets},
        {"inline", l.inlined},
        {"t_typical[usec]", l.usec()},
        {"rtt_factor", l.rtt_factor},
        {"latency_parts_ns",
         {{"post", l.post_ns},
          {"fetch", l.fetch_ns},
          {"fixed", l.fixed_ns},
          {"serialization", l.serialization_ns},
          {"poll", l.poll_ns}}},
        {"#iterations", b.iterations},
        {"BW peak[Gb/sec]", b.bw_peak_gbps},
        {"BW average[Gb/sec]", b.bw_avg_gbps},
        {"BW peak[MiB/sec]", b.bw_peak_mibps},
        {"BW average[MiB/sec]", b.bw_avg_mibps},
        {"MsgRate[Mpps]", b.msg_rate_mpps},
        {"efficiency", b.efficiency},
        {"bound", std::string(boundName(b.bound))},
    };
}

}  // namespace commviz::perftest
