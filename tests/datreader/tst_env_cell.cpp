#include "datreader/records/env_cell.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kDid = 0x7D64010D;

Bytes& frame(Bytes& bytes, float x, float y, float z) {
    return bytes.f32(x).f32(y).f32(z).f32(1).f32(0).f32(0).f32(0);
}

// Shaped like retail 0x7D64010D: 254 bytes, no alignment anywhere. Offsets on the left.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                  // 0x00 id
    b.u32(0x1 | 0x2 | 0x8);                       // 0x04 SeenOutside | statics | restriction
    b.u32(kDid);                                  // 0x08 the id again
    b.u8(3).u8(2).u16(8);                         // 0x0C surfaces 3, portals 2, visible 8
    b.u16(0x032A).u16(0x032B).u16(0x0101);        // 0x10 surfaces 0x0800032A ...
    b.u16(0x0534);                                // 0x16 environment 0x0D000534
    b.u16(7);                                     // 0x18 cellStructure 7
    frame(b, 10, 20, -6);                         // 0x1A position
    b.u16(0x0003).u16(4).u16(0x010C).u16(1);      // 0x36 portal 0 -> cell 0x010C
    b.u16(0x0000).u16(5).u16(0xFFFF).u16(0xFFFF); // 0x3E portal 1 -> outside
    for (std::uint16_t cell = 0x0108; cell < 0x0110; ++cell)
        b.u16(cell); // 0x46 8 visible cells
    b.u32(5);        // 0x56 5 statics
    for (std::uint32_t i = 0; i < 5; ++i)
        frame(b.u32(0x02000100 + i), float(i), 1, 2); // 0x5A 32 bytes each
    b.u32(0x7D640010);                                // 0xFA restriction object
    return b;                                         // 0xFE = 254 bytes
}

} // namespace

class TestEnvCell : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        QCOMPARE(bytes.data.size(), std::size_t(254));
        const EnvCell cell = EnvCell::decode(bytes.data, kDid);
        QCOMPARE(cell.flags, 0xBu);
        QCOMPARE(cell.cellId, kDid);
        QCOMPARE(cell.surfaces, (std::vector<std::uint32_t>{0x0800032A, 0x0800032B, 0x08000101}));
        QCOMPARE(cell.environmentId, 0x0D000534u);
        QCOMPARE(cell.cellStructure, std::uint16_t(7));
        QCOMPARE(cell.position.origin.z, -6.0f);
        QCOMPARE(cell.portals.size(), std::size_t(2));
        QCOMPARE(cell.portals[0].otherCellId, std::uint16_t(0x010C));
        QCOMPARE(cell.portals[0].flags, std::uint16_t(3));
        QVERIFY(!cell.portals[0].leadsOutside());
        QVERIFY(cell.portals[1].leadsOutside());
        QCOMPARE(cell.visibleCells.size(), std::size_t(8));
        QCOMPARE(cell.visibleCells.back(), std::uint16_t(0x010F));
        QCOMPARE(cell.statics.size(), std::size_t(5));
        QCOMPARE(cell.statics[4].id, 0x02000104u);
        QCOMPARE(cell.statics[4].frame.origin.x, 4.0f);
        QCOMPARE(cell.restrictionObject, 0x7D640010u);
        QVERIFY(cell.trailing.empty());
        QCOMPARE(cell.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        checkThroughRegistry<EnvCell>(DatKind::Cell, kDid, handWritten().data);
    }

    void withoutOptionalPartsStopsAtTheVisibleCells() {
        Bytes b;
        b.u32(kDid).u32(0x10).u32(kDid); // an unknown flag bit, no statics, no restriction
        b.u8(0).u8(0).u16(1).u16(0x0001).u16(0);
        frame(b, 0, 0, 0);
        b.u16(0x0100);
        const EnvCell cell = EnvCell::decode(b.data, kDid);
        QCOMPARE(cell.flags, 0x10u);
        QCOMPARE(cell.environmentId, 0x0D000001u);
        QVERIFY(cell.statics.empty());
        QCOMPARE(cell.encode(), b.data);
        if (!jsonRoundTrips(cell, kDid, "envCell"))
            return;
    }

    void keepsTrailingBytes() {
        Bytes bytes = handWritten();
        bytes.u8(0xCD).u8(0xCD);
        const EnvCell cell = EnvCell::decode(bytes.data, kDid);
        QCOMPARE(cell.trailing, (std::vector<std::uint8_t>{0xCD, 0xCD}));
        QCOMPARE(cell.encode(), bytes.data);
        if (!jsonRoundTrips(cell, kDid, "envCell"))
            return;
    }

    void roundTripsThroughJson() {
        const EnvCell cell = EnvCell::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(cell, kDid, "envCell"))
            return;
        QCOMPARE(cell.toJson()["environmentId"].toString(), QString("0x0D000534"));
    }

    void jsonFlagsFollowThePartsGiven() {
        const QJsonObject source{{"environmentId", "0x0D000002"},
                                 {"statics", QJsonArray{QJsonObject{{"id", "0x01000005"}}}}};
        const EnvCell cell = EnvCell::fromJson(JsonNode(source, "envCell", kDid), kDid);
        QCOMPARE(cell.flags, EnvCell::kHasStaticObjects);
        QCOMPARE(cell.cellId, kDid);
        QCOMPARE(cell.statics[0].frame, Frame{});
        QCOMPARE(EnvCell::decode(cell.encode(), kDid), cell);
    }

    void jsonErrorsNameThePath_data() {
        addJsonErrorColumns();
        QTest::newRow("environment of another type")
            << QJsonObject{{"environmentId", "0x0E000002"}} << "envCell.environmentId"
            << "not a 0x0D000000 id";
        QTest::newRow("surface of another type")
            << QJsonObject{{"environmentId", "0x0D000002"},
                           {"surfaces", QJsonArray{"0x08000001", "0x05000001"}}}
            << "envCell.surfaces[1]"
            << "not a 0x08000000 id";
        QTest::newRow("statics without flag")
            << QJsonObject{{"environmentId", "0x0D000002"}, {"flags", 0}, {"statics", QJsonArray{}}}
            << "envCell.statics"
            << "flags lack";
        QTest::newRow("portal without cell")
            << QJsonObject{{"environmentId", "0x0D000002"},
                           {"portals", QJsonArray{QJsonObject{{"polygonId", 1}}}}}
            << "envCell.portals[0].otherCellId"
            << "missing";
    }
    void jsonErrorsNameThePath() { checkJsonErrorRow<EnvCell>("envCell", kDid); }

    void truncationNamesFieldAndOffset_data() {
        addTruncationColumns();
        QTest::newRow("id") << 2 << "id" << 0;
        QTest::newRow("flags") << 0x06 << "envCell.flags" << 0x04;
        QTest::newRow("cellId") << 0x0B << "envCell.cellId" << 0x08;
        QTest::newRow("surface count") << 0x0C << "envCell.surfaces" << 0x0C;
        QTest::newRow("portal count") << 0x0D << "envCell.portals" << 0x0D;
        QTest::newRow("visible count") << 0x0F << "envCell.visibleCells" << 0x0E;
        QTest::newRow("surfaces") << 0x13 << "envCell.surfaces" << 0x12;
        QTest::newRow("environment") << 0x17 << "envCell.environmentId" << 0x16;
        QTest::newRow("cellStructure") << 0x18 << "envCell.cellStructure" << 0x18;
        QTest::newRow("position") << 0x30 << "envCell.position" << 0x2E;
        QTest::newRow("portal flags") << 0x37 << "envCell.portal.flags" << 0x36;
        QTest::newRow("portal polygon") << 0x39 << "envCell.portal.polygonId" << 0x38;
        QTest::newRow("portal other cell") << 0x43 << "envCell.portal.otherCellId" << 0x42;
        QTest::newRow("portal other portal") << 0x45 << "envCell.portal.otherPortalId" << 0x44;
        QTest::newRow("visible cells") << 0x55 << "envCell.visibleCells" << 0x46;
        QTest::newRow("statics cut") << 0x80 << "envCell.statics" << 0x56;
        QTest::newRow("restriction") << 0xFC << "envCell.restrictionObject" << 0xFA;
    }
    void truncationNamesFieldAndOffset() { checkTruncationRow<EnvCell>(handWritten().data, kDid); }

    void encodeRejectsWhatCouldNotDecodeBack() {
        EnvCell cell;
        cell.statics.push_back({});
        QVERIFY(errorFrom([&] { cell.encode(); }));
        cell = {};
        cell.environmentId = 0x0E000001;
        QVERIFY(errorFrom([&] { cell.encode(); }));
        cell = {};
        cell.surfaces.assign(256, 0x08000001);
        const auto error = errorFrom([&] { cell.encode(); });
        QVERIFY(error && mentions(*error, "more than 255 surfaces"));
    }
};

QTEST_APPLESS_MAIN(TestEnvCell)
#include "tst_env_cell.moc"
