#include "rdma_vs_socket/stage.h"

#include <string>

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
    StageDef stage;
    stage.id = id;
    stage.lane = lane;
    stage.where = where;
    stage.from = from;
    stage.to = to;
    stage.cost_ns = cost_ns;
    stage.anchor = anchor;
    stage.cpu = where.domain == Domain::User || where.domain == Domain::Kernel;
    if (stage.cpu && where.host == Host::A) stage.delta.sender_cpu_ns = cost_ns;
    if (stage.cpu && where.host == Host::B) stage.delta.receiver_cpu_ns = cost_ns;
    return stage;
}

std::string_view kind(StageId id) {
    switch (id) {
        case StageId::SendSyscall:
            return "send_syscall";
        case StageId::CopyUserToSkb:
            return "copy_user_to_skb";
        case StageId::TcpIpTransmit:
            return "tcp_ip_transmit";
        case StageId::QdiscDriverDoorbell:
            return "qdisc_driver_doorbell";
        case StageId::NicDmaFromKernel:
            return "nic_dma_from_kernel";
        case StageId::WireTcp:
            return "wire_tcp";
        case StageId::NicDmaToKernelRing:
            return "nic_dma_to_kernel_ring";
        case StageId::InterruptNapi:
            return "interrupt_napi";
        case StageId::TcpIpReceiveAck:
            return "tcp_ip_receive_ack";
        case StageId::WakeReader:
            return "wake_reader";
        case StageId::RecvCopyToUser:
            return "recv_copy_to_user";
        case StageId::SetupOpenDevice:
            return "setup_open_device";
        case StageId::SetupRegMr:
            return "setup_reg_mr";
        case StageId::SetupCreateCqQp:
            return "setup_create_cq_qp";
        case StageId::SetupConnectQp:
            return "setup_connect_qp";
        case StageId::PostSendDoorbell:
            return "post_send_doorbell";
        case StageId::NicDmaFromUser:
            return "nic_dma_from_user";
        case StageId::TransportOffload:
            return "transport_offload";
        case StageId::WireRoce:
            return "wire_roce";
        case StageId::NicDmaToUser:
            return "nic_dma_to_user";
        case StageId::AckAndCqe:
            return "ack_and_cqe";
        case StageId::RecvCqe:
            return "recv_cqe";
        case StageId::PollCq:
            return "poll_cq";
    }
    return {};
}

std::string_view name(Lane lane) { return lane == Lane::Socket ? "socket" : "verbs"; }

std::string_view name(Host host) {
    switch (host) {
        case Host::A:
            return "host_a";
        case Host::B:
            return "host_b";
        case Host::Both:
            return "both";
    }
    return {};
}

std::string_view name(Domain domain) {
    switch (domain) {
        case Domain::User:
            return "user";
        case Domain::Kernel:
            return "kernel";
        case Domain::Nic:
            return "nic";
        case Domain::Wire:
            return "wire";
    }
    return {};
}

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
