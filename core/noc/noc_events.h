#pragma once

#include <cstdint>

namespace commviz::noc {

/// What happened in a cycle. Ids and enums only; views turn them into text.
enum class NocEventKind : std::uint8_t {
    PacketCreated,    ///< TrafficManager::_GeneratePacket (router = source, value = destination)
    FlitInjected,     ///< TrafficManager::_Step writes a flit into the injection channel
    FlitBuffered,     ///< IQRouter::_InputQueuing adds a flit to an input VC
    RouteComputed,    ///< IQRouter::_RouteUpdate (outPort = chosen port)
    VcAllocated,      ///< IQRouter::_VCAllocUpdate (outPort/outVc granted)
    SwitchAllocated,  ///< IQRouter::_SWAllocUpdate: flit leaves its input buffer (value 1: over a
                      ///< connection held for its packet, IQRouter::_SWHoldUpdate)
    FlitSent,         ///< IQRouter::_SendFlits: flit enters the output channel
    FlitEjected,      ///< TrafficManager::_RetireFlit
    CreditSent,       ///< IQRouter::_SendCredits (port = input, value = VC mask)
    PeriodEnded,      ///< a sample period's statistics are ready (value = period index)
    PhaseChanged,     ///< value = NocPhase
    Deadlock,         ///< a cycle of waiting VCs was found (value = cycle length)
};

struct NocEvent {
    NocEventKind kind = NocEventKind::FlitInjected;
    std::int32_t router = -1;
    std::int16_t port = -1;
    std::int16_t vc = -1;
    std::int16_t outPort = -1;
    std::int16_t outVc = -1;
    std::int32_t flit = -1;
    /// BookSim's packet id (Flit::pid, the number its watch output prints),
    /// not the engine's packet slot: slots are reused, ids never are.
    std::int32_t packet = -1;
    std::int64_t value = 0;
};

}  // namespace commviz::noc
