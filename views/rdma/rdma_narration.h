#pragma once

#include <QCoreApplication>
#include <QString>

#include "sim/event_record.h"

namespace commviz::views {

/// One translated sentence per RDMA event kind, filled with its fields.
class RdmaNarration {
    Q_DECLARE_TR_FUNCTIONS(RdmaNarration)

public:
    static QString narrate(const sim::EventRecord& record);
};

}  // namespace commviz::views
