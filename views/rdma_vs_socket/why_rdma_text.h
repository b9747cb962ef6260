#pragma once

#include <QCoreApplication>
#include <QString>

#include "rdma_vs_socket/stage.h"
#include "rdma_vs_socket/why_rdma_config.h"
#include "sim/event_record.h"

namespace commviz::views {

/// Every sentence and label of the "Why RDMA" scene, translatable (context "WhyRdmaText").
class WhyRdmaText {
    Q_DECLARE_TR_FUNCTIONS(WhyRdmaText)

public:
    /// One sentence for an engine event: one per stage kind plus "message_done".
    static QString narrate(const sim::EventRecord& record);
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
};

}  // namespace commviz::views
