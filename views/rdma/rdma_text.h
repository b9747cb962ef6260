#pragma once

#include <QCoreApplication>
#include <QString>

#include "shell/narration_table.h"
#include "sim/event_record.h"

namespace commviz::views {

/// One translated sentence per RDMA event kind, filled with its fields. The
/// table has a row for every kind in rdma::RdmaEngine::eventKinds().
class RdmaText {
    Q_DECLARE_TR_FUNCTIONS(RdmaText)

public:
    /// "About this model": what the scene models and what it simplifies.
    static QString about();
    static const NarrationTable& table();

private:
    // The verbs calls and the application side (rdma_narration.cpp).
    static QString callStarted(const sim::EventRecord& r);
    static QString callReturned(const sim::EventRecord& r);
    static QString wrPosted(const sim::EventRecord& r);
    static QString wqeWritten(const sim::EventRecord& r);
    static QString doorbell(const sim::EventRecord& r);
    static QString cqeWritten(const sim::EventRecord& r);
    static QString cqOverflow(const sim::EventRecord& r);
    static QString cqPolled(const sim::EventRecord& r);
    static QString wcReturned(const sim::EventRecord& r);
    static QString qpStateChanged(const sim::EventRecord& r);
    static QString asyncEvent(const sim::EventRecord& r);
    static QString slotFreed(const sim::EventRecord& r);
    // The HCA: requester, wire, responder, completer (rdma_narration_transport.cpp).
    static QString wqeFetched(const sim::EventRecord& r);
    static QString dmaRead(const sim::EventRecord& r);
    static QString packetSent(const sim::EventRecord& r);
    static QString packetArrived(const sim::EventRecord& r);
    static QString packetDropped(const sim::EventRecord& r);
    static QString recvWqeConsumed(const sim::EventRecord& r);
    static QString memoryWritten(const sim::EventRecord& r);
    static QString ackSent(const sim::EventRecord& r);
    static QString nakSent(const sim::EventRecord& r);
    static QString ackReceived(const sim::EventRecord& r);
    static QString retransmit(const sim::EventRecord& r);
    static QString rnrWait(const sim::EventRecord& r);
    static QString timeout(const sim::EventRecord& r);
    /// "timeout", "psn_seq_nak", "rnr_nak", "missing_read_response" in words.
    static QString retryReason(const QString& code);
    /// "send data", "rdma write", "atomic", "read response", "atomic result" in words.
    static QString memoryWhat(const QString& code);
};

}  // namespace commviz::views
