#include "rdma/rdma_text.h"

namespace commviz::views {

QString RdmaText::about() {
    return tr(
        "<p>Two hosts, each with one HCA port and one protection domain, joined by a single RC link. "
        "The model follows libibverbs and the IBTA RC transport; the HCA is split into requester, "
        "responder and completer like the soft-RoCE driver (rxe), but behaves like hardware (mlx5): "
        "retry_cnt = 7 means seven retries, unsignaled SQ slots are freed only when a later signaled "
        "completion is polled, and the doorbell is an MMIO write, not a system call.</p>"
        "<p>Simplified: one port and no GRH (RoCE address resolution and LIDs are not simulated), "
        "no SRQ, UD/UC or memory windows, no congestion control. Time is a simulated clock with "
        "order-of-magnitude costs for PCIe, DMA and the wire — not measurements of a real NIC. "
        "QPNs start at 16 as in rxe; initial PSNs come from the scenario's seed.</p>");
}

}  // namespace commviz::views
