#pragma once

// core/rdma names a struct member `slots`, which is a Qt keyword macro. Include
// the engine's headers through here, with the macro lifted, and #undef slots in
// a .cpp that reads the member (after its Qt includes).
#pragma push_macro("slots")
#undef slots
#include "rdma/host.h"
#include "rdma/packet.h"
#include "rdma/rdma_events.h"
#include "rdma/script.h"
#include "rdma/verbs_names.h"
#include "rdma/wire.h"
#pragma pop_macro("slots")
