#pragma once

#include <QCoreApplication>
#include <QString>

#include "nccl/bootstrap_scene/nccl_events.h"
#include "shell/narration_table.h"
#include "sim/event_record.h"

namespace commviz::views {

/// Every sentence and label of the NCCL bootstrap scene, translatable (context "NcclText").
class NcclText {
    Q_DECLARE_TR_FUNCTIONS(NcclText)

public:
    /// One sentence per event kind of nccl::NcclEngine::eventKinds() (nccl_narration.cpp).
    static const NarrationTable& table();
    static QString about();
    /// "unique id", "check-in", "ring connect", "allgather", "initTransportsRank", "finished".
    static QString phaseLabel(int phase);
    /// The phase of a run, saying "stopped" rather than "finished" when it hangs or fails.
    static QString runLabel(int phase, bool complete);
    /// What allgather `gather` of the version carries: classic "peer addresses",
    /// "proxy addresses", "proxy UDS ids"; 2.30 its one packed "ring info".
    static QString gatherName(int gather, bool classic);
    /// The same from an event's payload field ("peer_addresses", …).
    static QString payloadName(const QString& payload);
    /// A stage of initTransportsRank, as NCCL's function names it.
    static QString stageLabel(nccl::InitStage stage);

private:
    static QString uniqueId(const sim::EventRecord& r);
    static QString idDistribution(const sim::EventRecord& r);
    static QString extInfo(const sim::EventRecord& r);
    static QString badMagic(const sim::EventRecord& r);
    static QString nextAddr(const sim::EventRecord& r);
    static QString ringConnect(const sim::EventRecord& r);
    static QString allGather(const sim::EventRecord& r);
    static QString rootConnectFailed(const sim::EventRecord& r);
    static QString initStage(const sim::EventRecord& r);
    static QString hang(const sim::EventRecord& r);
    static QString initFailed(const sim::EventRecord& r);
};

}  // namespace commviz::views
