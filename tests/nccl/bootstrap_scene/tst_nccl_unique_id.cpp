// Proves the 128-byte ncclUniqueId layout, the commId hash, the NCCL_SOCKET_IFNAME
// rules over a list of host interfaces, NCCL_COMM_ID, and where the root thread
// runs (NCCL src/bootstrap.cc, bootstrapNetInit and bootstrapGetUniqueId;
// src/misc/socket.cc, ncclFindInterfaces; docs/examples/01_communicators).

#include "nccl/unique_id.h"
#include "nccl_test_support.h"

using namespace nccltest;

namespace {

std::string pick(const std::string& interfaces, const std::string& ifname, const std::string& commId = "") {
    const auto list = hostInterfaces(interfaces, 0);
    const int index = selectInterface(list, ifname, commId);
    return index < 0 ? std::string("none") : list[std::size_t(index)].name;
}

}  // namespace

class NcclUniqueIdTest : public QObject {
    Q_OBJECT

private slots:
    void layoutOfTheHandle() {
        // magic little-endian at 0; sockaddr_in at 8: family 2, port 29500 = 0x733c in network
        // order, 10.0.0.1; nRanks at 36 is 0; bytes 40..127 zero.
        const UniqueId id = UniqueId::make(0x0102030405060708ULL, 0x0A000001, 29500);
        const std::uint8_t expected[16] = {0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
                                           0x02, 0x00, 0x73, 0x3c, 0x0a, 0x00, 0x00, 0x01};
        for (int i = 0; i < 16; ++i) QCOMPARE(int(id.bytes[std::size_t(i)]), int(expected[i]));
        for (int i = 16; i < kUniqueIdBytes; ++i) QCOMPARE(int(id.bytes[std::size_t(i)]), 0);
        QCOMPARE(id.magic(), 0x0102030405060708ULL);
        QCOMPARE(id.port(), std::uint16_t(29500));
        QCOMPARE(ipv4String(id.ipv4()), std::string("10.0.0.1"));
        QCOMPARE(int(id.hex().size()), 256);
        QCOMPARE(id.hex().substr(0, 16), std::string("0807060504030201"));
        QCOMPARE(id.hex().substr(16, 8), std::string("0200733c"));
    }

    void commHashIsDjb2aOverSignedChars() {
        // All zero: 5381 × 33^128 (xor 0 changes nothing).
        UniqueId zero;
        std::uint64_t expected = 5381;
        for (int i = 0; i < 128; ++i) expected *= 33;
        QCOMPARE(zero.commHash(), expected);
        // A last byte of 0xff is the char -1: the xor flips every bit of the 64-bit result.
        UniqueId last = zero;
        last.bytes[127] = 0xff;
        std::uint64_t before = 5381;
        for (int i = 0; i < 127; ++i) before *= 33;
        QCOMPARE(last.commHash(), ~(before * 33));
    }

    void socketIfnameRules() {
        const std::string all = "ib0,eth0,docker0,lo";
        QCOMPARE(pick(all, ""), std::string("ib0"));                 // ib* first
        QCOMPARE(pick("eth0,docker0,lo", ""), std::string("eth0"));  // then anything but docker, lo, virbr
        QCOMPARE(pick("docker0,lo,virbr0", ""), std::string("docker0"));
        QCOMPARE(pick("lo,virbr0", ""), std::string("lo"));
        QCOMPARE(pick("virbr0", ""), std::string("virbr0"));
        QCOMPARE(pick(all, "eth"), std::string("eth0"));         // prefix
        QCOMPARE(pick(all, "^ib,eth"), std::string("docker0"));  // ^ excludes
        QCOMPARE(pick(all, "^ib,docker"), std::string("eth0"));
        QCOMPARE(pick(all, "=eth"), std::string("none"));  // = needs exact names
        QCOMPARE(pick(all, "=eth0"), std::string("eth0"));
        QCOMPARE(pick(all, "e"), std::string("ib0"));  // one character: ignored
        QCOMPARE(pick(all, "enp"), std::string("none"));
        QCOMPARE(pick("eth0,eth1", "eth1:1234"), std::string("eth1"));  // a port is not part of the name
    }

    void commIdPicksTheInterfaceInItsSubnet() {
        // eth0 is the second name, so its network is 10.1.0.0/16; NCCL_COMM_ID ignores NCCL_SOCKET_IFNAME.
        QCOMPARE(pick("ib0,eth0", "ib", "10.1.3.7:29500"), std::string("eth0"));
        QCOMPARE(pick("ib0,eth0", "", "172.16.0.1:29500"), std::string("none"));
        const NcclEngine engine(config({{"nranks", 2}, {"comm_id", "10.1.0.9:29500"}}));
        QCOMPARE(engine.world().id(0).magic(), kNcclMagic);
        QCOMPARE(engine.world().id(0).port(), std::uint16_t(29500));
        QCOMPARE(ipv4String(engine.world().id(0).ipv4()), std::string("10.1.0.9"));
        QCOMPARE(engine.world().interfaceName(), std::string("eth0"));
    }

    void magicAndPortComeFromTheSeed() {
        const NcclEngine a(config({{"nranks", 2}, {"seed", 7}}));
        const NcclEngine b(config({{"nranks", 2}, {"seed", 7}}));
        const NcclEngine c(config({{"nranks", 2}, {"seed", 8}}));
        QCOMPARE(a.world().id(0), b.world().id(0));
        QVERIFY(a.world().id(0).magic() != c.world().id(0).magic());
        QVERIFY(a.world().id(0).magic() != kNcclMagic);
        // The id carries the root's listening address: the bootstrap interface of the creator's node.
        QCOMPARE(ipv4String(a.world().id(0).ipv4()), std::string("10.0.0.1"));
        QVERIFY(a.world().id(0).port() >= 32768);
    }

    void whereTheRootThreadRuns() {
        std::vector<NcclEngine::Event> events;
        NcclEngine mpi(config({{"nranks", 4}}));
        events = runAll(mpi);
        QCOMPARE(std::get<UniqueIdCreated>(events[0]).hostRank, 0);
        QVERIFY(!std::get<UniqueIdCreated>(events[0]).fromEnv);
        QCOMPARE(std::get<IdDistributed>(events[1]).method, Distribution::MpiBcast);
        QCOMPARE(NcclEngine::describe(events[1]).anchor, std::string("MPI_Bcast"));
        NcclEngine all(config({{"nranks", 4}, {"distribution", "init_all"}}));
        events = runAll(all);
        QCOMPARE(NcclEngine::describe(events[1]).anchor, std::string("ncclCommInitAll"));
        NcclEngine env(config({{"nranks", 4}, {"comm_id", "10.0.0.1:29500"}}));
        events = runAll(env);
        QVERIFY(std::get<UniqueIdCreated>(events[0]).fromEnv);  // rank 0 starts the root in ncclCommInitRank
        QCOMPARE(NcclEngine::describe(events[1]).anchor, std::string("NCCL_COMM_ID"));
        // Several ids: root k lives with the first rank of block k. 7 ranks, 3 roots: 0, 3, 5.
        NcclEngine scalable(config({{"nranks", 7}, {"version", "2.30"}, {"nroots", 3}}));
        events = runAll(scalable);
        QCOMPARE(std::get<UniqueIdCreated>(events[0]).hostRank, 0);
        QCOMPARE(std::get<UniqueIdCreated>(events[1]).hostRank, 3);
        QCOMPARE(std::get<UniqueIdCreated>(events[2]).hostRank, 5);
        QCOMPARE(scalable.world().rootOf(2), 0);
        QCOMPARE(scalable.world().rootOf(4), 1);
        QCOMPARE(scalable.world().rootOf(6), 2);
    }
};

QTEST_APPLESS_MAIN(NcclUniqueIdTest)
#include "tst_nccl_unique_id.moc"
