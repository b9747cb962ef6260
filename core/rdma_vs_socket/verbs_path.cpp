#include "rdma_vs_socket/verbs_path.h"

namespace commviz::rdma_vs_socket {

namespace {

StageDef stage(StageId id, Place where, Place from, Place to, double cost, std::string_view anchor) {
    return makeStage(Lane::Verbs, id, where, from, to, cost, anchor);
}

StageDef setup(StageId id, int syscallsPerHost, std::string_view anchor) {
    StageDef s = stage(id, kKernelBoth, kKernelBoth, kKernelBoth, 0, anchor);
    s.setup = true;
    s.delta.syscalls = 2 * syscallsPerHost;
    return s;
}

}  // namespace

std::vector<StageDef> verbsSetupPlan() {
    // Syscalls per host, counted the way rdma-core issues them: open(2) of
    // /dev/infiniband/uverbsN, mmap(2) of the doorbell (UAR) page, one uverbs
    // command per object. The out-of-band QPN/PSN/rkey exchange over TCP is
    // not counted.
    return {
        setup(StageId::SetupOpenDevice, 3, "ibv_open_device → ibv_alloc_pd (open, mmap UAR, ALLOC_PD)"),
        setup(StageId::SetupRegMr, 1, "ibv_reg_mr → ib_umem_get (pins pages, fills the NIC's translation table)"),
        setup(StageId::SetupCreateCqQp, 2, "ibv_create_cq, ibv_create_qp (queues mapped into user space)"),
        setup(StageId::SetupConnectQp, 3, "ibv_modify_qp RESET→INIT→RTR→RTS"),
    };
}

std::vector<StageDef> verbsPlan(std::int64_t bytes, VerbsOp op, const perftest::LinkModel& m) {
    const perftest::Opcode opcode = op == VerbsOp::Write ? perftest::Opcode::Write : perftest::Opcode::Send;
    const double link = m.link_gbps / 8.0;
    const double dmaNs = bytes / (m.pcie_gbps / 8.0);
    const double wireNs = m.propagation_ns + perftest::wireCost(m, opcode, bytes).wire_bytes / link;

    std::vector<StageDef> plan;
    // 2. ibv_post_send writes a WQE into the SQ the library mmapped and rings
    //    an MMIO doorbell: no system call (kernel bypass).
    plan.push_back(stage(StageId::PostSendDoorbell, kUserA, kUserA, kNicA, m.post_ns,
                         "ibv_post_send → mlx5_post_send (WQE + doorbell)"));
    // 3. The NIC fetches the WQE and DMAs the payload straight out of the
    //    registered user buffer: zero copy, no CPU.
    plan.push_back(stage(StageId::NicDmaFromUser, kNicA, kUserA, kNicA, m.dma_fetch_ns + dmaNs,
                         "HCA DMA read of the registered MR (rxe: rxe_requester → copy_data)"));
    plan.back().moves_payload = true;
    //    Segmentation, PSNs, headers, ACK/retransmit state: on the NIC.
    plan.push_back(stage(StageId::TransportOffload, kNicA, kNicA, kNicA, m.nic_tx_ns,
                         "HCA requester (rxe: next_opcode, init_req_packet)"));
    // RoCEv2 packets: the same link as the socket lane.
    plan.push_back(stage(StageId::WireRoce, kWire, kNicA, kNicB, wireNs, "RoCEv2: Ethernet / IPv4 / UDP 4791 / BTH"));
    plan.back().moves_payload = true;
    // 4. The remote NIC checks the rkey (WRITE) or takes a receive WQE (SEND) and
    //    DMAs straight into the user buffer.
    const bool write = op == VerbsOp::Write;
    plan.push_back(stage(StageId::NicDmaToUser, kNicB, kNicB, kUserB, m.nic_rx_ns + dmaNs,
                         write ? "HCA responder: check_rkey → write_data_in (rxe_resp.c)"
                               : "HCA responder: get_rwqe → send_data_in (rxe_resp.c)"));
    plan.back().moves_payload = true;
    // For a one-sided WRITE the payload is now in place and host_b's CPU and OS
    // never knew; for a SEND the receiver still has to see its completion.
    plan.back().delivers = write;
    // 5. Completion: a CQE in user-mapped memory, found by polling (no interrupt).
    if (write) {
        const double ack = m.propagation_ns + perftest::controlPacketBytes(m, m.headers.aeth) / link + m.cqe_ns;
        plan.push_back(stage(StageId::AckAndCqe, kNicA, kNicB, kUserA, ack,
                             "ACK covers the WQE → CQE written (rxe_completer: do_complete)"));
        plan.push_back(stage(StageId::PollCq, kUserA, kUserA, kUserA, m.poll_ns, "ibv_poll_cq → mlx5_poll_cq"));
    } else {
        plan.push_back(stage(StageId::RecvCqe, kNicB, kNicB, kUserB, m.cqe_ns,
                             "receive CQE written (rxe_responder: do_complete)"));
        plan.push_back(stage(StageId::PollCq, kUserB, kUserB, kUserB, m.poll_ns, "ibv_poll_cq → mlx5_poll_cq"));
        plan.back().delivers = true;
    }
    return plan;
}

}  // namespace commviz::rdma_vs_socket
