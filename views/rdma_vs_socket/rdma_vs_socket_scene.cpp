#include "rdma_vs_socket/rdma_vs_socket_scene.h"

#include <QCoreApplication>
#include <QDockWidget>

#include "perftest/perftest_chart_dock.h"
#include "rdma_vs_socket/rdma_vs_socket_scene_model.h"
#include "rdma_vs_socket/why_rdma_engine.h"
#include "rdma_vs_socket/why_rdma_renderer.h"
#include "rdma_vs_socket/why_rdma_text.h"

namespace commviz::views {

namespace {

class RdmaVsSocketText {
    Q_DECLARE_TR_FUNCTIONS(RdmaVsSocketText)

public:
    static QString name() { return tr("Why RDMA: sockets vs verbs"); }
    static QString description() {
        return tr(
            "Race one message through send()/recv() and the kernel TCP/IP stack against ibv_post_send, "
            "counting copies, syscalls, context switches and interrupts.");
    }
    static QString about() {
        return tr(
            "<p>Two lanes share one clock. The socket lane follows one message through the Linux kernel "
            "(rdma.md §7): send(2) enters the kernel, tcp_sendmsg copies the user buffer into skbs, TCP/IP "
            "runs on the CPU, the driver rings the NIC, the receiving NIC DMAs into the kernel's RX ring, "
            "an interrupt starts NAPI, TCP receives and ACKs, the sleeping reader is woken and recv(2) copies "
            "the data out. The verbs lane pays its setup once (open device, ibv_reg_mr, CQ/QP, "
            "RESET→INIT→RTR→RTS, all through the kernel), then per message only ibv_post_send's MMIO "
            "doorbell, NIC DMA from the registered buffer, transport in the NIC, DMA into the remote "
            "buffer and a polled CQE.</p>"
            "<p><b>Times are illustrative, order-of-magnitude costs</b> chosen after the reference's "
            "figures (kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); they are not measurements of any "
            "machine. Stages are drawn one after another, while real hosts overlap them.</p>"
            "<p>Left out: TSO/GRO and zero-copy socket options (MSG_ZEROCOPY, io_uring), busy polling, "
            "interrupt coalescing, NUMA and cache effects, congestion, loss and retransmission, the "
            "out-of-band exchange of QPN/PSN/rkey, and the cost of pinning memory per page. One message "
            "is in flight per lane, like a ping-pong benchmark.</p>");
    }
};

}  // namespace

SceneDescriptor rdmaVsSocketScene() {
    SceneDescriptor scene;
    scene.model = rdma_vs_socket::sceneModel();
    scene.name = &RdmaVsSocketText::name;
    scene.description = &RdmaVsSocketText::description;
    scene.about = &RdmaVsSocketText::about;
    scene.iconPath = QStringLiteral(":/icons/rdma-vs-socket.svg");
    scene.createRenderer = [] { return std::make_unique<WhyRdmaRenderer>(); };
    scene.narrate = &WhyRdmaText::narrate;
    scene.eventKinds = &rdma_vs_socket::WhyRdmaEngine::eventKinds;
    scene.narration = &WhyRdmaText::table();
    scene.lessonPath = QStringLiteral(":/lessons/rdma-vs-socket.json");
    scene.exampleScenarios = {QStringLiteral(":/scenarios/rdma-vs-socket/one_message.json")};
    // The perftest chart continues the story: how the verbs path scales with message size.
    scene.createDocks = [](SimulationController&, QWidget* parent) {
        // Hidden at first so the canvas keeps its room; View > perftest model shows it.
        return std::vector<SceneDock>{{createPerftestChartDock(parent), Qt::BottomDockWidgetArea, true}};
    };
    return scene;
}

}  // namespace commviz::views
