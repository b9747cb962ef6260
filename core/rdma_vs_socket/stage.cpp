#include "rdma_vs_socket/stage.h"

#include <string>

#include "sim/enum_names.h"

namespace commviz::rdma_vs_socket {

Counters& Counters::operator+=(const Counters& o) {
    copies += o.copies;
    syscalls += o.syscalls;
    context_switches += o.context_switches;
    interrupts += o.interrupts;
    cpu_copied_bytes += o.cpu_copied_bytes;
    sender_cpu_ns += o.sender_cpu_ns;
    receiver_cpu_ns += o.receiver_cpu_ns;
    return *this;
}

StageDef makeStage(Lane lane, StageId id, Place where, Place from, Place to, double cost_ns, std::string_view anchor) {
    const bool cpu = where.domain == Domain::User || where.domain == Domain::Kernel;
    return StageDef{.id = id,
                    .lane = lane,
                    .where = where,
                    .from = from,
                    .to = to,
                    .cpu = cpu,
                    .cost_ns = cost_ns,
                    .delta = {.sender_cpu_ns = cpu && where.host == Host::A ? cost_ns : 0,
                              .receiver_cpu_ns = cpu && where.host == Host::B ? cost_ns : 0},
                    .anchor = anchor};
}

constexpr sim::EnumNames<StageId::PollCq> kStageIdNames({"send_syscall",
                                                         "copy_user_to_skb",
                                                         "tcp_ip_transmit",
                                                         "qdisc_driver_doorbell",
                                                         "nic_dma_from_kernel",
                                                         "wire_tcp",
                                                         "nic_dma_to_kernel_ring",
                                                         "interrupt_napi",
                                                         "tcp_ip_receive_ack",
                                                         "wake_reader",
                                                         "recv_copy_to_user",
                                                         "setup_open_device",
                                                         "setup_reg_mr",
                                                         "setup_create_cq_qp",
                                                         "setup_connect_qp",
                                                         "post_send_doorbell",
                                                         "nic_dma_from_user",
                                                         "transport_offload",
                                                         "wire_roce",
                                                         "nic_dma_to_user",
                                                         "ack_and_cqe",
                                                         "recv_cqe",
                                                         "poll_cq"});
std::string_view kind(StageId id) { return kStageIdNames(id); }

std::string_view name(Lane lane) { return lane == Lane::Socket ? "socket" : "verbs"; }

constexpr sim::EnumNames<Host::Both> kHostNames({"host_a", "host_b", "both"});
std::string_view name(Host host) { return kHostNames(host); }

constexpr sim::EnumNames<Domain::Wire> kDomainNames({"user", "kernel", "nic", "wire"});
std::string_view name(Domain domain) { return kDomainNames(domain); }

sim::Json toJson(const Place& place) {
    return {{"host", std::string(name(place.host))}, {"domain", std::string(name(place.domain))}};
}

sim::Json toJson(const Counters& c) {
    return {{"copies", c.copies},
            {"syscalls", c.syscalls},
            {"context_switches", c.context_switches},
            {"interrupts", c.interrupts},
            {"cpu_copied_bytes", c.cpu_copied_bytes},
            {"sender_cpu_ns", c.sender_cpu_ns},
            {"receiver_cpu_ns", c.receiver_cpu_ns}};
}

sim::Json toJson(const StageDef& s) {
    return {{"kind", std::string(kind(s.id))},
            {"lane", std::string(name(s.lane))},
            {"where", toJson(s.where)},
            {"from", toJson(s.from)},
            {"to", toJson(s.to)},
            {"moves_payload", s.moves_payload},
            {"cpu", s.cpu},
            {"setup", s.setup},
            {"delivers", s.delivers},
            {"cost_ns", s.cost_ns},
            {"illustrative", true},
            {"delta", toJson(s.delta)},
            {"anchor", std::string(s.anchor)}};
}

}  // namespace commviz::rdma_vs_socket
