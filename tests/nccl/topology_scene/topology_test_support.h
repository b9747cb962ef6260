#pragma once

#include <QtTest>
#include <numeric>
#include <string>
#include <vector>

#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_xml_reader.h"

namespace topology_test {

using namespace commviz::nccl_topology;

inline std::string bundled(const std::string& name) {
    // Appended step by step: GCC 12's -Warray-bounds misreads the chained operator+ here.
    std::string path = COMMVIZ_SOURCE_DIR;
    path += "/resources/topologies/";
    path += name;
    return path;
}

inline TopoSystem load(const std::string& name, const TopoAssumptions& assumptions = {}) {
    auto system = readTopoFile(bundled(name), assumptions);
    if (!system) qFatal("%s", system.error().message.c_str());
    return std::move(system).value();
}

/// Ranks 0, 1, ..., count - 1: a ring in rank order.
inline std::vector<int> ranksUpTo(int count) {
    std::vector<int> ranks(static_cast<size_t>(count));
    std::iota(ranks.begin(), ranks.end(), 0);
    return ranks;
}

/// Index of GPU `dev` / NET `dev` in the system.
inline int gpuNode(const TopoSystem& system, int dev) {
    for (int index : system.ofType(NodeType::GPU))
        if (system.nodes[index].dev == dev) return index;
    qFatal("no GPU %d", dev);
    return -1;
}

inline int netNode(const TopoSystem& system, int dev) {
    for (int index : system.ofType(NodeType::NET))
        if (system.nodes[index].dev == dev) return index;
    qFatal("no NET %d", dev);
    return -1;
}

inline QString typeName(const Path& path) { return QString::fromLatin1(pathTypeName(path.type).data(), 3); }

}  // namespace topology_test

/// Compares a path's type name and bandwidth (GB/s, to 0.01).
#define COMPARE_PATH(path, expectedType, expectedBw)                                    \
    do {                                                                                \
        const auto& p_ = (path);                                                        \
        QCOMPARE(topology_test::typeName(p_), QString(expectedType));                   \
        QVERIFY2(std::abs(p_.bw - (expectedBw)) < 0.01,                                 \
                 qPrintable(QString("bw %1, expected %2").arg(p_.bw).arg(expectedBw))); \
    } while (0)
