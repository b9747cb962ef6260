#include "nccl/topology_scene/topology_text.h"

namespace commviz::views {

// The simplifications below are the ones stated in core/nccl_topology's headers
// (topo_xml_reader.h, topo_paths.h, topo_search.h, topo_postset.h).
QString TopologyText::about() {
    return tr("<p>Each step is one stage of NCCL's topology work in <code>initTransportsRank</code>: read the XML "
              "(<code>ncclTopoGetSystemFromXml</code>), compute the paths (<code>ncclTopoComputePaths</code>), "
              "search the ring and then the tree (<code>ncclTopoCompute</code>), join the channels across "
              "<code>nnodes</code> servers (<code>ncclTopoPostset</code>) and pick a transport per connection. Link "
              "bandwidths come from NCCL's constants and PCIe width × speed; a path's type is its worst link and its "
              "bandwidth its narrowest; the P2P, GDR, PXN and NVB rules follow NCCL's knobs, set as keys.</p>"
              "<p>How it is simplified: one process sees the whole server, and NVML's P2P status is not asked, so "
              "every GPU pair counts as P2P-capable. Values NCCL probes from the hardware (NVLinks, SM, NIC speed, "
              "GDR) are taken from keys when the file leaves them out, and marked “assumed”. Not modelled: "
              "host_hash (one host), the flattening of Broadcom PCI switches, MLOPart. For PXN a NIC's local GPU is "
              "the first closest GPU. With <code>nnodes</code> above 1 every node is this same server; rings are "
              "joined node to node in rank order and trees use the double binary tree over nodes. A "
              "<code>graph_file</code> replaces the searches with its graphs; a <code>log_file</code> draws the "
              "rings, trees and transports the log describes instead of the model's.</p>") +
           tr("<p>On one server, NCCL 2.22 (<code>version=classic</code>) removes the NETs before the search "
              "(<code>ncclTopoTrimSystem</code>), so its log prints none: they are drawn faint and marked "
              "“trimmed”; 2.30 keeps them. <code>cumem_enable=false</code> turns P2P/CUMEM into P2P/IPC. A log "
              "that holds several communicators draws the first; the lines of the others are listed as unread, "
              "each naming its communicator.</p>");
}

QString TopologyText::bandwidthText(double gbps) { return tr("%1 GB/s").arg(QString::number(gbps, 'f', 1)); }

}  // namespace commviz::views
