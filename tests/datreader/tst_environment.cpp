#include "datreader/records/environment.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kDid = 0x0D000534;

std::uint32_t tagOf(const char (&letters)[5]) {
    return (std::uint32_t(std::uint8_t(letters[0])) << 24) |
           (std::uint32_t(std::uint8_t(letters[1])) << 16) |
           (std::uint32_t(std::uint8_t(letters[2])) << 8) | std::uint32_t(std::uint8_t(letters[3]));
}

Bytes& vec(Bytes& b, float x, float y, float z) {
    return b.f32(x).f32(y).f32(z);
}

// One CellStruct (key 7) with both alignment fills non-zero, as retail fill can be. Offsets on
// the left.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid).u32(1).u32(7);    // 0x00 id, one cell, key 7
    b.u32(1).u32(1).u32(3);       // 0x0C polygons 1, physics polygons 1, portals 3
    b.i32(1).u32(2);              // 0x18 SWVertex, 2 vertices
    b.u16(0).u16(1);              // 0x20 vertex 0, one UV
    vec(b, 0, 0, 0);              // 0x24 origin
    vec(b, 0, 0, 1);              // 0x30 normal
    b.f32(0.5f).f32(1);           // 0x3C uv
    b.u16(1).u16(0);              // 0x44 vertex 1, no UVs
    vec(b, 4, 0, 0);              // 0x48 origin
    vec(b, 0, 0, 1);              // 0x54 normal
    b.u16(0).u8(2).u8(0x4);       // 0x60 polygon 0: 2 points, NoPos (no UV indices)
    b.i32(0).u16(0).u16(0);       // 0x64 sides, pos/neg surface
    b.u16(0).u16(1);              // 0x6C vertex ids
    b.u16(0).u16(0x10).u16(0x20); // 0x70 portal polygons
    b.u16(0xCDCD);                // 0x76 fill to four bytes
    b.u32(tagOf("BPnN"));         // 0x78 cell BSP: both children
    vec(b, 1, 0, 0).f32(-2);      // 0x7C plane
    b.u32(tagOf("LEAF")).i32(0);  // 0x8C
    b.u32(tagOf("LEAF")).i32(1);  // 0x94
    b.u16(0).u8(2).u8(0x4);       // 0x9C physics polygon 0
    b.i32(1).u16(0).u16(0);       // 0xA0 sides 1 (double sided)
    b.u16(0).u16(1);              // 0xA8 vertex ids
    b.u32(tagOf("LEAF")).i32(0);  // 0xAC physics BSP: one leaf
    b.i32(1);                     // 0xB4 solid
    vec(b, 2, 0, 0).f32(2);       // 0xB8 sphere
    b.u32(1).u16(0);              // 0xC8 its polygons
    b.u32(1);                     // 0xCE hasDrawingBsp
    b.u32(tagOf("PORT"));         // 0xD2 drawing BSP: a portal node
    vec(b, 0, 1, 0).f32(0);       // 0xD6 plane
    b.u32(tagOf("LEAF")).i32(0);  // 0xE6 pos
    b.u32(tagOf("LEAF")).i32(1);  // 0xEE neg
    vec(b, 2, 0, 0).f32(3);       // 0xF6 sphere
    b.u32(2).u32(1);              // 0x106 2 polygons, 1 portal
    b.u16(0).u16(1);              // 0x10E polygons
    b.u16(0).u16(2);              // 0x112 pair: polygon 0, portal 2
    b.u16(0xCDCD);                // 0x116 fill to four bytes
    return b;                     // 0x118
}

} // namespace

class TestEnvironment : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const Environment environment = Environment::decode(bytes.data, kDid);
        QCOMPARE(environment.cells.size(), std::size_t(1));
        QCOMPARE(environment.cells[0].key, 7u);
        const CellStruct& cell = environment.cells[0].structure;
        QCOMPARE(cell.vertices.size(), std::size_t(2));
        QCOMPARE(cell.vertices[0].uvs.size(), std::size_t(1));
        QCOMPARE(cell.vertices[1].origin.x, 4.0f);
        QCOMPARE(cell.polygons.size(), std::size_t(1));
        QCOMPARE(cell.polygons[0].vertexIds, (std::vector<std::int16_t>{0, 1}));
        QVERIFY(cell.polygons[0].posUVIndices.empty());
        QCOMPARE(cell.portals, (std::vector<std::uint16_t>{0, 0x10, 0x20}));
        QCOMPARE(cell.portalPad, 0xCDCDu);
        QCOMPARE(cell.cellBsp.nodes.size(), std::size_t(3));
        QCOMPARE(cell.cellBsp.nodes[2].leafIndex, 1);
        QCOMPARE(cell.physicsPolygons[0].sidesType, 1);
        QCOMPARE(cell.physicsBsp.nodes[0].solid, 1);
        QCOMPARE(cell.hasDrawingBsp, 1u);
        QCOMPARE(bspNodeKind(cell.drawingBsp.nodes[0].tag), BspNodeKind::Portal);
        QCOMPARE(cell.drawingBsp.nodes[0].portals[0].portalIndex, std::int16_t(2));
        QCOMPARE(cell.endPad, 0xCDCDu);
        QCOMPARE(environment.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        checkThroughRegistry<Environment>(DatKind::Portal, kDid, handWritten().data);
    }

    void withoutDrawingTreeAndWithTrailingBytes() {
        Bytes b;
        b.u32(kDid).u32(1).u32(0);            // one cell, key 0
        b.u32(0).u32(0).u32(0).i32(1).u32(0); // nothing in it
        b.u32(tagOf("LEAF")).i32(0);          // cell BSP
        b.u32(tagOf("LEAF")).i32(0).i32(0);   // physics BSP
        b.f32(0).f32(0).f32(0).f32(0).u32(0);
        b.u32(0);   // no drawing BSP
        b.u8(0xEE); // a trailing byte
        const Environment environment = Environment::decode(b.data, kDid);
        QCOMPARE(environment.cells[0].structure.hasDrawingBsp, 0u);
        QVERIFY(environment.cells[0].structure.drawingBsp.nodes.empty());
        QCOMPARE(environment.trailing, std::vector<std::uint8_t>{0xEE});
        QCOMPARE(environment.encode(), b.data);
        if (!jsonRoundTrips(environment, kDid, "environment"))
            return;
    }

    void roundTripsThroughJson() {
        const Environment environment = Environment::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(environment, kDid, "environment"))
            return;
        const QJsonObject cell = environment.toJson()["cells"].toArray()[0].toObject();
        QCOMPARE(cell["key"].toInt(), 7);
        QCOMPARE(cell["cellBsp"].toArray()[0].toObject()["tag"].toString(), QString("BPnN"));
    }

    void jsonErrorsNameThePath() {
        const QJsonArray leaf{QJsonObject{{"tag", "LEAF"}}};
        const QJsonObject source{{"cells", QJsonArray{QJsonObject{{"cellBsp", leaf},
                                                                  {"physicsBsp", leaf},
                                                                  {"hasDrawingBsp", false},
                                                                  {"drawingBsp", leaf}}}}};
        checkJsonError<Environment>(source, "environment", kDid, "environment.cells[0].drawingBsp",
                                    "hasDrawingBsp is false");
    }

    void truncationNamesFieldAndOffset_data() {
        addTruncationColumns();
        // Lists that cannot fit are caught at their counts...
        QTest::newRow("cells cut") << 0x0A << "environment.cells" << 0x04;
        QTest::newRow("vertices cut") << 0x50 << "cellStruct.vertices" << 0x1C;
        QTest::newRow("polygons cut") << 0x66 << "cellStruct.polygons" << 0x0C;
        QTest::newRow("portals cut") << 0x75 << "cellStruct.portals" << 0x14;
        QTest::newRow("physics polygons cut") << 0xA0 << "cellStruct.physicsPolygons" << 0x10;
        // ...and past them each field names itself.
        QTest::newRow("vertex normal") << 0x5C << "cellStruct.vertex.normal" << 0x5C;
        QTest::newRow("polygon vertex ids") << 0x6F << "cellStruct.polygon.vertexIds" << 0x6E;
        QTest::newRow("portal fill") << 0x77 << "cellStruct.portalPad" << 0x76;
        QTest::newRow("cell BSP leaf") << 0x92 << "bsp.leafIndex" << 0x90;
        QTest::newRow("physics polygon vertex ids")
            << 0xAB << "cellStruct.polygon.vertexIds" << 0xAA;
        QTest::newRow("physics BSP solid") << 0xB5 << "bsp.solid" << 0xB4;
        QTest::newRow("hasDrawingBsp") << 0xD0 << "cellStruct.hasDrawingBsp" << 0xCE;
        QTest::newRow("drawing BSP sphere") << 0xF8 << "bsp.boundingSphere" << 0xF6;
        QTest::newRow("end fill") << 0x117 << "cellStruct.endPad" << 0x116;
    }
    void truncationNamesFieldAndOffset() {
        QFETCH(int, length);
        QFETCH(QString, field);
        QFETCH(int, offset);
        const Bytes bytes = handWritten();
        const std::span<const std::uint8_t> cut(bytes.data.data(), std::size_t(length));
        const auto error = errorFrom([&] { Environment::decode(cut, kDid); });
        checkEntryError(error, field, std::uint64_t(offset), kDid,
                        length > 0x0C ? "reading cell struct 7" : "");
    }

    void encodeRejectsWhatCouldNotDecodeBack() {
        Environment environment = Environment::decode(handWritten().data, kDid);
        environment.cells[0].structure.hasDrawingBsp = 0;
        auto error = errorFrom([&] { environment.encode(); });
        QVERIFY(error && mentions(*error, "without hasDrawingBsp"));
        environment = Environment::decode(handWritten().data, kDid);
        environment.cells[0].structure.portals.push_back(0x30); // even count: no room for fill
        error = errorFrom([&] { environment.encode(); });
        QVERIFY(error && mentions(*error, "does not fit"));
    }
};

QTEST_APPLESS_MAIN(TestEnvironment)
#include "tst_environment.moc"
