#include "nccl/device/nccl_primitives.h"

namespace commviz::collectives::nccl_primitives {

std::string_view ringAllreduce(int step, int ranks) {
    if (step == 0) return "directSend";                              // own chunk, nothing received yet
    if (step < ranks - 1) return "directRecvReduceDirectSend";       // reduce-scatter: add and pass on
    if (step == ranks - 1) return "directRecvReduceCopyDirectSend";  // the chunk is final: keep and pass
    return "directRecvCopyDirectSend";                               // allgather: keep and pass
}

std::string_view ringAllgather(int step) { return step == 0 ? "directCopySend" : "directRecvCopyDirectSend"; }

std::string_view ringReduceScatter(int step) { return step == 0 ? "send" : "recvReduceSend"; }

std::string_view ringBroadcast(int position) { return position == 0 ? "directCopySend" : "directRecvCopyDirectSend"; }

std::string_view ringReduce(int position) { return position == 0 ? "send" : "recvReduceSend"; }

std::string_view treeUp(bool senderHasChildren) {
    return senderHasChildren ? "directRecvReduceDirectSend" : "directSend";
}

std::string_view treeDown(bool senderIsRoot) {
    return senderIsRoot ? "directRecvReduceCopyDirectSend" : "directRecvCopyDirectSend";
}

}  // namespace commviz::collectives::nccl_primitives
