#pragma once

#include <array>
#include <string_view>

#include "noc/noc_events.h"

namespace commviz::noc {

/// The generic kind name of each NocEventKind (EventRecord::kind), in enum
/// order. Views key their narration table on these constants, so a misspelt
/// kind does not compile and a kind without a sentence is found by a test.
namespace kinds {
inline constexpr std::string_view kPacketCreated = "packet_created";
inline constexpr std::string_view kFlitInjected = "flit_injected";
inline constexpr std::string_view kFlitBuffered = "flit_buffered";
inline constexpr std::string_view kRouteComputed = "route_computed";
inline constexpr std::string_view kVcAllocated = "vc_allocated";
inline constexpr std::string_view kSwitchAllocated = "switch_allocated";
inline constexpr std::string_view kFlitSent = "flit_sent";
inline constexpr std::string_view kFlitEjected = "flit_ejected";
inline constexpr std::string_view kCreditSent = "credit_sent";
inline constexpr std::string_view kPeriodEnded = "period_ended";
inline constexpr std::string_view kPhaseChanged = "phase_changed";
inline constexpr std::string_view kDeadlock = "deadlock";
}  // namespace kinds

inline constexpr std::array<std::string_view, 12> kNocEventKindNames = {
    kinds::kPacketCreated, kinds::kFlitInjected,    kinds::kFlitBuffered, kinds::kRouteComputed,
    kinds::kVcAllocated,   kinds::kSwitchAllocated, kinds::kFlitSent,     kinds::kFlitEjected,
    kinds::kCreditSent,    kinds::kPeriodEnded,     kinds::kPhaseChanged, kinds::kDeadlock};
static_assert(kNocEventKindNames.size() == std::size_t(NocEventKind::Deadlock) + 1);

inline std::string_view eventKindName(NocEventKind kind) { return kNocEventKindNames[std::size_t(kind)]; }

}  // namespace commviz::noc
