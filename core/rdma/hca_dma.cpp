#include "rdma/hca_dma.h"

#include <algorithm>

namespace commviz::rdma {

ScatterTarget scatterToSgList(Host& host, const std::vector<Sge>& sgList, std::uint64_t offset,
                              const std::vector<std::uint8_t>& data) {
    ScatterTarget target;
    std::uint64_t skip = offset, done = 0;
    for (const auto& sge : sgList) {
        if (done >= data.size()) break;
        if (skip >= sge.length) {
            skip -= sge.length;
            continue;
        }
        MemoryRegion* mr = host.mrByLkey(sge.lkey);
        const std::uint64_t take = std::min<std::uint64_t>(sge.length - skip, data.size() - done);
        if (mr) {
            if (target.mrId.empty()) {
                target.mrId = mr->id;
                target.addr = sge.addr + skip;
            }
            mr->bytes.write(sge.addr - mr->addr + skip, data.data() + done, take);
        }
        done += take;
        skip = 0;
    }
    return target;
}

}  // namespace commviz::rdma
