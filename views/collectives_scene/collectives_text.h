#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <cstdint>

#include "collectives/schedule.h"
#include "shell/narration_table.h"
#include "sim/event_record.h"

namespace commviz::collectives {
struct NcclAutoChoice;
}  // namespace commviz::collectives

namespace commviz::views {

/// Every sentence of the collectives scene: its name, "About this model" and
/// the narration table from CollectivesEngine's event kinds (context "CollectivesText").
class CollectivesText {
    Q_DECLARE_TR_FUNCTIONS(CollectivesText)

public:
    static QString about();
    /// NCCL's pick in one sentence, as core's ruleSentence says it: against the runner-up, the size at which
    /// another pair takes over, and the pair animated instead of one the scene does not animate.
    static QString ncclRule(const collectives::NcclAutoChoice& choice);
    /// One sentence per event kind (collectives_narration.cpp).
    static const NarrationTable& table();
    /// "1 B", "4 KiB", "1.5 MiB": a byte count the way Open MPI's tables write sizes.
    static QString bytesText(std::int64_t bytes);
    /// A bandwidth to three significant digits, without an exponent: "183", "21.3", "0.00133".
    static QString gbpsNumber(double gbps);
    /// "0–2, 5": the blocks an event carries (block numbers as text, ascending).
    static QString blocksText(const QStringList& blocks);
    /// The same from a message's block ranges.
    static QString rangesText(const std::vector<collectives::BlockRange>& ranges);
};

}  // namespace commviz::views
