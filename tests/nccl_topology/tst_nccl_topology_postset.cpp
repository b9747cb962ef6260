#include <QtTest>

#include "nccl_topology/topo_postset.h"
#include "topology_test_support.h"

class TestNcclTopologyPostset : public QObject {
    Q_OBJECT
private slots:
    void placeholder() {}
};

QTEST_APPLESS_MAIN(TestNcclTopologyPostset)
#include "tst_nccl_topology_postset.moc"
