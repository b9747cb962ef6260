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

std::string_view ringAllreduceReceiver(int step, int ranks) {
    return step + 1 < 2 * (ranks - 1) ? ringAllreduce(step + 1, ranks) : "directRecv";
}

std::string_view ringAllgatherReceiver(int step, int ranks) {
    return step + 1 < ranks - 1 ? ringAllgather(step + 1) : "directRecv";
}

std::string_view ringReduceScatterReceiver(int step, int ranks) {
    return step + 1 < ranks - 1 ? ringReduceScatter(step + 1) : "recvReduceCopy";
}

std::string_view ringBroadcastReceiver(int position, int ranks) {
    return position + 1 < ranks - 1 ? ringBroadcast(position + 1) : "directRecv";
}

std::string_view ringReduceReceiver(int position, int ranks) {
    return position + 1 < ranks - 1 ? ringReduce(position + 1) : "recvReduceCopy";
}

bool receives(std::string_view primitive) {
    return primitive.find("Recv") != std::string_view::npos || primitive.starts_with("recv");
}

std::string_view treeUp(bool senderHasChildren) {
    return senderHasChildren ? "directRecvReduceDirectSend" : "directSend";
}

std::string_view treeDown(bool senderIsRoot) {
    return senderIsRoot ? "directRecvReduceCopyDirectSend" : "directRecvCopyDirectSend";
}

std::string_view treeReceiver(bool up, bool receiverIsRoot, bool receiverHasChildren) {
    if (up) return receiverIsRoot ? treeDown(true) : treeUp(true);
    return receiverHasChildren ? treeDown(false) : "directRecv";
}

}  // namespace commviz::collectives::nccl_primitives
