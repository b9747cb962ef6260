// Copies of the RDMA engine (Timeline keyframes) share what never changes and
// the memory-region pages neither copy has written; footprintBytes() counts
// only what one copy alone holds.

#include <QtTest>
#include <algorithm>
#include <numeric>

#include "rdma/rdma_footprint.h"
#include "rdma_test_support.h"

using namespace commviz::rdma;
using namespace commviz::rdma::testing;

namespace {
constexpr std::size_t kPage = PagedBytes::kPageSize;

std::vector<std::uint8_t> counting(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 7 + 1);
    return v;
}
const MemoryRegion& mrOf(const RdmaEngine& e, std::size_t host, const std::string& name) {
    return *e.hosts()[host].mrByName(name);
}
std::size_t tableBytes(const PagedBytes& b) { return b.pageCount() * sizeof(std::shared_ptr<PagedBytes::Page>); }
bool holdsEvent(const std::vector<Event>& events, const std::string& kind) {
    return std::any_of(events.begin(), events.end(),
                       [&](const Event& e) { return RdmaEngine::describe(e).kind == kind; });
}
std::size_t sharedPages(const PagedBytes& a, const PagedBytes& b) {
    std::size_t n = 0;
    for (std::size_t p = 0; p < a.pageCount(); ++p) n += a.sharesPage(b, p) ? 1 : 0;
    return n;
}
}  // namespace

class TestRdmaEngineSharing : public QObject {
    Q_OBJECT
private slots:
    void pagedBytesReadsLikeTheVectorItHolds() {
        const auto v = counting(3 * kPage + 100);
        PagedBytes b;
        b.assign(v);
        QCOMPARE(b.size(), v.size());
        QCOMPARE(b.pageCount(), std::size_t(4));  // the last page holds 100 bytes
        QVERIFY(std::equal(b.begin(), b.end(), v.begin(), v.end()));
        QCOMPARE(b.end() - b.begin(), std::ptrdiff_t(v.size()));
        QCOMPARE(b.toVector(), v);
        std::vector<std::uint8_t> out(kPage + 10);
        QCOMPARE(b.read(kPage - 5, out.data(), out.size()), out.size());  // across a page boundary
        QVERIFY(std::equal(out.begin(), out.end(), v.begin() + std::ptrdiff_t(kPage - 5)));
        QCOMPARE(b.read(v.size() - 3, out.data(), 10), std::size_t(3));  // clipped at the end
    }

    void zeroPagesAreAbsentUntilWritten() {
        PagedBytes b(2 * kPage);
        QCOMPARE(b.allocatedPages(), std::size_t(0));
        QCOMPARE(b[kPage + 3], std::uint8_t(0));
        b.set(kPage + 3, 9);
        QCOMPARE(b.allocatedPages(), std::size_t(1));
        QCOMPARE(b[kPage + 3], std::uint8_t(9));
        QCOMPARE(b[kPage + 4], std::uint8_t(0));
        std::vector<std::uint8_t> zeros(3 * kPage, 0);
        zeros[2 * kPage] = 1;
        b.assign(zeros);
        QCOMPARE(b.allocatedPages(), std::size_t(1));  // only the page with a non-zero byte
    }

    void aCopyClonesOnlyThePagesItWrites() {
        PagedBytes a;
        a.assign(counting(4 * kPage));
        QVERIFY(a.unsharedBytes() >= tableBytes(a) + 4 * kPage);  // sole owner of every page
        PagedBytes b = a;
        QCOMPARE(sharedPages(a, b), std::size_t(4));
        QCOMPARE(a.unsharedBytes(), tableBytes(a));  // everything is shared now
        QCOMPARE(b.unsharedBytes(), tableBytes(b));

        // A write spanning pages 1 and 2 clones exactly those two, in b only.
        const std::vector<std::uint8_t> data(200, 0xee);
        QCOMPARE(b.write(2 * kPage - 100, data), data.size());
        QCOMPARE(sharedPages(a, b), std::size_t(2));
        QVERIFY(a.sharesPage(b, 0) && a.sharesPage(b, 3));
        QCOMPARE(b[2 * kPage - 100], std::uint8_t(0xee));
        QCOMPARE(a[2 * kPage - 100], counting(4 * kPage)[2 * kPage - 100]);  // the original is untouched
        const std::size_t twoPages = b.unsharedBytes() - tableBytes(b);
        QVERIFY(twoPages >= 2 * kPage && twoPages < 2 * kPage + 256);
        QCOMPARE(a.unsharedBytes() - tableBytes(a), twoPages);  // a alone keeps the old versions

        // Writing the same page again does not clone it a second time.
        b.set(kPage + 1, 1);
        QCOMPARE(b.unsharedBytes() - tableBytes(b), twoPages);
        storeU64(b, 8, 0x0102030405060708ull);
        QCOMPARE(loadU64(b, 8), std::uint64_t(0x0102030405060708ull));
        QCOMPARE(sharedPages(a, b), std::size_t(1));
    }

    // The engine path: B's HCA places one byte of an RDMA WRITE into a 4-page MR.
    void oneByteWrittenByTheEngineClonesOnePage() {
        Json wr = sendWr(1, "IBV_WR_RDMA_WRITE", {sge("bufA", 1)});
        wr["remote_mr"] = "bufB";
        wr["remote_offset"] = 5000;  // page 1
        Json s = append(preamble(int(4 * kPage)),
                        Json::array({connectQps(), postSend("A", "qpA", {wr}), pollCq("A", "cqA", 1)}));
        auto setup = parseRdmaScenario(scenario(s));
        QVERIFY(bool(setup));
        RdmaEngine engine(std::move(setup.value()));
        std::vector<RdmaEngine> before;  // the copy taken just before the write
        while (!engine.done() && before.empty()) {
            RdmaEngine copy = engine;
            if (holdsEvent(engine.step(), "memory_written")) before.push_back(std::move(copy));
        }
        QCOMPARE(before.size(), std::size_t(1));
        const PagedBytes& now = mrOf(engine, 1, "bufB").bytes;
        const PagedBytes& then = mrOf(before[0], 1, "bufB").bytes;
        QCOMPARE(now[5000], std::uint8_t('H'));  // "Hello from A! "[0]
        QCOMPARE(then[5000], std::uint8_t(std::string("B memory. ")[5000 % 10]));
        QCOMPARE(sharedPages(now, then), std::size_t(3));
        QVERIFY(!now.sharesPage(then, 1));
        QCOMPARE(sharedPages(mrOf(engine, 0, "bufA").bytes, mrOf(before[0], 0, "bufA").bytes), std::size_t(4));
        const std::size_t onePage = now.unsharedBytes() - tableBytes(now);
        QVERIFY(onePage >= kPage && onePage < kPage + 256);
        QCOMPARE(mrOf(engine, 0, "bufA").bytes.unsharedBytes(), tableBytes(mrOf(engine, 0, "bufA").bytes));
    }

    // footprintBytes() counts MR pages only while this copy alone holds them,
    // and never the shared script and configuration.
    void footprintCountsWhatACopyAloneHolds() {
        const std::size_t big = 64 * kPage;  // 256 KiB per buffer
        Json s = append(preamble(int(big)), Json::array({connectQps()}));
        auto setup = parseRdmaScenario(scenario(s));
        QVERIFY(bool(setup));
        RdmaEngine engine(std::move(setup.value()));
        while (!engine.done()) engine.step();
        const std::size_t alone = engine.footprintBytes();
        QVERIFY(alone >= 2 * big);  // sole owner of both buffers
        const RdmaEngine copy = engine;
        const std::size_t shared = engine.footprintBytes();
        QVERIFY(alone - shared >= 2 * big);          // the pages are shared now
        QVERIFY(shared < 64 * 1024);                 // page tables and the small objects
        QVERIFY(copy.footprintBytes() <= shared);    // a fresh copy has no spare capacity
        QCOMPARE(&copy.script(), &engine.script());  // one script for all copies
        QCOMPARE(footprintBytes(copy.world()), copy.footprintBytes());
    }

    // Copies taken at every step replay to the same result as the original: a
    // page written after a copy never leaks into that copy.
    void copiesTakenAlongTheWayFinishLikeTheOriginal() {
        Json wr = sendWr(1, "IBV_WR_RDMA_WRITE", {sge("bufA", 6000)});
        wr["remote_mr"] = "bufB";
        wr["remote_offset"] = 1000;
        Json s = append(preamble(int(4 * kPage)),
                        Json::array({connectQps(), postSend("A", "qpA", {wr}), pollCq("A", "cqA", 1)}));
        auto setup = parseRdmaScenario(scenario(s));
        QVERIFY(bool(setup));
        RdmaEngine engine(std::move(setup.value()));
        std::vector<RdmaEngine> copies;
        while (!engine.done()) {
            copies.push_back(engine);
            engine.step();
        }
        // The last copy shares the wire's packet history (a landed packet is not copied).
        QVERIFY(engine.wire().find("pkt/1") != nullptr);
        QCOMPARE(copies.back().wire().find("pkt/1"), engine.wire().find("pkt/1"));
        const auto expected = mrOf(engine, 1, "bufB").bytes.toVector();
        for (std::size_t i = 0; i < copies.size(); i += 7) {
            RdmaEngine replay = copies[i];
            while (!replay.done()) replay.step();
            QCOMPARE(replay.summary(), engine.summary());
            QCOMPARE(mrOf(replay, 1, "bufB").bytes.toVector(), expected);
        }
    }
};

QTEST_APPLESS_MAIN(TestRdmaEngineSharing)
#include "tst_rdma_engine_sharing.moc"
