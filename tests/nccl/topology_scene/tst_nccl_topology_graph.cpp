// NCCL_GRAPH_FILE reader: fields, channels, hexadecimal dev ids, and errors
// that name the line, element and attribute.

#include <QtTest>

#include "nccl/graph/graph_xml_reader.h"

using namespace commviz::nccl_topology;

namespace {

// A ring (id 0, pattern 4) over two GPUs with NET 0 at both ends, and a tree
// (id 1, pattern 1) whose second GPU's dev is written as NCCL writes it: 0x1.
const char* kGraphs = R"(<graphs version="1">
  <graph id="0" pattern="4" crossnic="0" nchannels="2" speedintra="40" speedinter="12.5" latencyinter="0" typeintra="NVL" typeinter="PIX" samechannels="1">
    <channel>
      <net dev="0"/>
      <gpu dev="0" rank="0"/>
      <gpu dev="1" rank="1"/>
      <net dev="0"/>
    </channel>
    <channel>
      <net dev="1"/>
      <gpu dev="1" rank="1"/>
      <gpu dev="0" rank="0"/>
      <net dev="1"/>
    </channel>
  </graph>
  <graph id="1" pattern="1" crossnic="0" nchannels="1" speedintra="40" speedinter="12.5" typeintra="NVL" typeinter="PXN" samechannels="0" colour="blue">
    <channel>
      <gpu dev="0x1"/>
      <gpu dev="a"/>
    </channel>
  </graph>
</graphs>
)";

std::string errorOf(const std::string& text) {
    auto file = parseGraphXml(text, "g.xml");
    return file ? std::string("(no error)") : file.error().message;
}

std::string oneGraph(const std::string& graphAttributes, const std::string& hop = "<gpu dev=\"0\"/>") {
    return "<graphs version=\"1\">\n<graph " + graphAttributes + ">\n<channel>\n" + hop +
           "\n</channel>\n</graph>\n</graphs>";
}

const std::string kGood =
    R"(id="0" pattern="4" crossnic="0" nchannels="1" speedintra="20" speedinter="20" typeintra="NVL" typeinter="PIX" samechannels="0")";

}  // namespace

class TstNcclTopologyGraph : public QObject {
    Q_OBJECT
private slots:
    void readsGraphsAndChannels() {
        auto file = parseGraphXml(kGraphs, "g.xml");
        QVERIFY2(file.ok(), file ? "" : file.error().message.c_str());
        QCOMPARE(file->graphs.size(), size_t(2));
        const TopoGraph& ring = file->graphs[0];
        QCOMPARE(ring.pattern, GraphPattern::Ring);
        QCOMPARE(ring.nChannels, 2);
        QCOMPARE(ring.channels.size(), size_t(2));
        QCOMPARE(ring.typeIntra, PathType::NVL);
        QCOMPARE(ring.typeInter, PathType::PIX);
        QCOMPARE(ring.speedInter, 12.5f);
        QCOMPARE(ring.sameChannels, 1);
        const GraphChannel& second = ring.channels[1];
        QCOMPARE(second.line, 9);
        QCOMPARE(second.hops.size(), size_t(4));
        QCOMPARE(second.hops[0].kind, GraphHop::Kind::Net);
        QCOMPARE(second.hops[0].dev, int64_t(1));
        QCOMPARE(second.hops[1].rank, 1);
        const TopoGraph& tree = file->graphs[1];
        QCOMPARE(tree.pattern, GraphPattern::BalancedTree);
        QCOMPARE(tree.typeInter, PathType::PXN);
        QCOMPARE(tree.latencyInter, 0.0f);
        QCOMPARE(tree.channels[0].hops[0].dev, int64_t(1));   // "0x1"
        QCOMPARE(tree.channels[0].hops[1].dev, int64_t(10));  // "a": hexadecimal, as NCCL reads it
        QCOMPARE(tree.channels[0].hops[0].rank, -1);
        QCOMPARE(file->unknown.size(), size_t(1));
        QCOMPARE(file->unknown[0].attribute, std::string("colour"));
        QCOMPARE(file->unknown[0].line, 16);
    }

    // NCCL packs the host (system id) in the top 8 bits of a dev id.
    void systemIdInTheTopBits() {
        auto file = parseGraphXml(oneGraph(kGood, "<gpu dev=\"0x100000000000003\"/>"), "g.xml");
        QVERIFY(file.ok());
        QCOMPARE(file->graphs[0].channels[0].hops[0].systemId, 1);
        QCOMPARE(file->graphs[0].channels[0].hops[0].dev, int64_t(3));
    }

    void errorsNameLineElementAndAttribute() {
        QCOMPARE(errorOf(oneGraph(kGood, "<gpu dev=\"zz\"/>")),
                 std::string("g.xml:4: <gpu> attribute 'dev': 'zz' is not a hexadecimal device id"));
        QCOMPARE(errorOf(oneGraph(kGood, "<net/>")), std::string("g.xml:4: <net> attribute 'dev': missing"));
        std::string badPattern = kGood;
        badPattern.replace(badPattern.find("pattern=\"4\""), 11, "pattern=\"9\"");
        QCOMPARE(errorOf(oneGraph(badPattern)),
                 std::string("g.xml:2: <graph> attribute 'pattern': expected 1 (balanced tree) to 6 (CollNet direct)"));
        std::string badType = kGood;
        badType.replace(badType.find("typeinter=\"PIX\""), 15, "typeinter=\"QPI\"");
        QVERIFY(
            errorOf(oneGraph(badType)).rfind("g.xml:2: <graph> attribute 'typeinter': 'QPI' is not a path type", 0) ==
            0);
        std::string noSpeed = kGood;
        noSpeed.replace(noSpeed.find("speedintra=\"20\" "), 16, "");
        QCOMPARE(errorOf(oneGraph(noSpeed)),
                 std::string("g.xml:2: <graph> attribute 'speedintra': missing (GB/s expected)"));
        std::string badChannels = kGood;
        badChannels.replace(badChannels.find("nchannels=\"1\""), 13, "nchannels=\"two\"");
        QCOMPARE(errorOf(oneGraph(badChannels)),
                 std::string("g.xml:2: <graph> attribute 'nchannels': 'two' is not an integer"));
        // NCCL reads it into an int; 2^32 + 1 would wrap to 1.
        std::string hugeChannels = kGood;
        hugeChannels.replace(hugeChannels.find("nchannels=\"1\""), 13, "nchannels=\"4294967297\"");
        QCOMPARE(
            errorOf(oneGraph(hugeChannels)),
            std::string("g.xml:2: <graph> attribute 'nchannels': '4294967297' is out of range (an int is expected)"));
        QCOMPARE(errorOf("<graphs version=\"1\">\n<graph>\n</graphs>"),
                 std::string("g.xml:3: malformed XML: Start-end tags mismatch"));
        QCOMPARE(errorOf("<system version=\"1\"/>"),
                 std::string("g.xml:1: <system>: the root element must be <graphs version=\"1\">"));
    }
};

QTEST_APPLESS_MAIN(TstNcclTopologyGraph)
#include "tst_nccl_topology_graph.moc"
