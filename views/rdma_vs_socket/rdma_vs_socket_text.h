#pragma once

#include <QCoreApplication>
#include <QString>

#include "rdma_vs_socket/rdma_vs_socket_config.h"
#include "rdma_vs_socket/stage.h"
#include "shell/narration_table.h"
#include "sim/event_record.h"

namespace commviz::views {

/// Every sentence and label of the "Why RDMA" scene, translatable (context "RdmaVsSocketText").
class RdmaVsSocketText {
    Q_DECLARE_TR_FUNCTIONS(RdmaVsSocketText)

public:
    /// "About this model": what the scene models and what it simplifies.
    static QString about();
    /// One sentence per engine event kind: one per stage kind plus "message_done" (rdma_vs_socket_narration.cpp).
    static const NarrationTable& table();
    /// A short name for a stage chip: "send()", "copy → skb", "ibv_post_send" …
    static QString stageLabel(rdma_vs_socket::StageId id);
    /// "socket (kernel TCP/IP)" / "verbs (RDMA WRITE)".
    static QString laneTitle(rdma_vs_socket::Lane lane, rdma_vs_socket::VerbsOp op);
    /// "820 ns", "11.5 µs", "3.42 ms".
    static QString duration(double ns);
    /// "4 KiB", "1.5 MiB", "100 B".
    static QString bytes(double bytes);
    /// The engine's "this is a model" note, translated.
    static QString modelNote();

private:
    static QString messageDone(const sim::EventRecord& r);
    static QString nicDmaToUser(const sim::EventRecord& r);
};

}  // namespace commviz::views
