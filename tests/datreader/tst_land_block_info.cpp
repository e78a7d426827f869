#include "datreader/records/land_block_info.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kDid = 0xA9B4FFFE;

Bytes& frame(Bytes& bytes, float x, float y, float z) {
    return bytes.f32(x).f32(y).f32(z).f32(1).f32(0).f32(0).f32(0);
}

// One static object, one building with two portals (an odd stab list with retail fill, an even
// one without), and a restriction table of two entries in stored (not sorted) order.
Bytes handWritten(std::uint16_t fill = 0xCDCD) {
    Bytes b;
    b.u32(kDid);                                  // 0x00 id
    b.u32(4);                                     // 0x04 numCells
    b.u32(1);                                     // 0x08 one object
    frame(b.u32(0x02000AAA), 5, 6, 7);            // 0x0C id, frame
    b.u16(1).u16(0x1);                            // 0x2C one building, restrictions present
    b.u32(0x01001234);                            // 0x30 modelId
    frame(b, 96, 96, 40);                         // 0x34 frame
    b.u32(3);                                     // 0x50 numLeaves
    b.u32(2);                                     // 0x54 two portals
    b.u16(0x2).u16(0x0100).u16(0);                // 0x58 flags, other cell, other portal
    b.u16(2).u16(0x0100).u16(0x0103);             // 0x5E 2 stabs, no fill
    b.u16(0x1).u16(0x0101).u16(1);                // 0x64 second portal
    b.u16(3).u16(0x0100).u16(0x0101).u16(0x0102); // 0x6A 3 stabs
    b.u16(fill);                                  // 0x72 fill to four bytes
    b.u16(2).u16(8);                              // 0x74 2 restrictions, 8 buckets
    b.u32(0x7).u32(0x70000001);                   // 0x78 key, value
    b.u32(0x3).u32(0x70000002);                   // 0x80 key, value
    return b;                                     // 0x88
}

} // namespace

class TestLandBlockInfo : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const LandBlockInfo info = LandBlockInfo::decode(bytes.data, kDid);
        QCOMPARE(info.numCells, 4u);
        QCOMPARE(info.objects.size(), std::size_t(1));
        QCOMPARE(info.objects[0].id, 0x02000AAAu);
        QCOMPARE(info.objects[0].frame.origin.y, 6.0f);
        QCOMPARE(info.buildings.size(), std::size_t(1));
        const BuildingInfo& building = info.buildings[0];
        QCOMPARE(building.modelId, 0x01001234u);
        QCOMPARE(building.numLeaves, 3u);
        QCOMPARE(building.portals.size(), std::size_t(2));
        QCOMPARE(building.portals[1].stabs, (std::vector<std::uint16_t>{0x0100, 0x0101, 0x0102}));
        QCOMPARE(building.portals[1].pad, 0xCDCDu);
        QCOMPARE(building.portals[1].otherCellId, std::uint16_t(0x0101));
        QCOMPARE(building.portals[0].pad, 0u);
        QVERIFY(info.hasRestrictions());
        QCOMPARE(info.restrictionBuckets, std::uint16_t(8));
        QCOMPARE(info.restrictions.size(), std::size_t(2));
        QCOMPARE(info.restrictions[0].key, 7u); // stored order kept, not re-sorted
        QCOMPARE(info.restrictions[1].value, 0x70000002u);
        QCOMPARE(info.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        checkThroughRegistry<LandBlockInfo>(DatKind::Cell, kDid, handWritten(0).data);
    }

    void withoutRestrictionsKeepsTrailingBytes() {
        Bytes b;
        b.u32(kDid).u32(0).u32(0).u16(0).u16(0x8); // unknown flag bit, no table
        b.u32(0xCDCDCDCD);
        const LandBlockInfo info = LandBlockInfo::decode(b.data, kDid);
        QCOMPARE(info.flags, std::uint16_t(0x8));
        QVERIFY(info.restrictions.empty());
        QCOMPARE(info.trailing.size(), std::size_t(4));
        QCOMPARE(info.encode(), b.data);
        if (!jsonRoundTrips(info, kDid, "landBlockInfo"))
            return;
    }

    void roundTripsThroughJson() {
        const LandBlockInfo info = LandBlockInfo::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(info, kDid, "landBlockInfo"))
            return;
    }

    void jsonErrorsNameThePath_data() {
        addJsonErrorColumns();
        QTest::newRow("restrictions without flag")
            << QJsonObject{{"flags", 0}, {"restrictions", QJsonArray{}}}
            << "landBlockInfo.restrictions"
            << "flags lack";
        const QJsonObject evenPortal{{"otherCellId", 256}, {"stabs", QJsonArray{1, 2}}, {"pad", 1}};
        QTest::newRow("fill after an even stab list")
            << QJsonObject{{"buildings",
                            QJsonArray{QJsonObject{{"modelId", "0x01000001"},
                                                   {"portals", QJsonArray{evenPortal}}}}}}
            << "landBlockInfo.buildings[0].portals[0].pad"
            << "even stab count";
        QTest::newRow("building without model")
            << QJsonObject{{"buildings", QJsonArray{QJsonObject{}}}}
            << "landBlockInfo.buildings[0].modelId"
            << "missing";
    }
    void jsonErrorsNameThePath() { checkJsonErrorRow<LandBlockInfo>("landBlockInfo", kDid); }

    void truncationNamesFieldAndOffset_data() {
        addTruncationColumns();
        QTest::newRow("numCells") << 0x06 << "landBlockInfo.numCells" << 0x04;
        QTest::newRow("object count") << 0x0A << "landBlockInfo.objects" << 0x08;
        QTest::newRow("objects cut") << 0x20 << "landBlockInfo.objects" << 0x08;
        QTest::newRow("building count") << 0x2D << "landBlockInfo.buildings" << 0x2C;
        QTest::newRow("flags") << 0x2F << "landBlockInfo.flags" << 0x2E;
        QTest::newRow("buildings cut") << 0x40 << "landBlockInfo.buildings" << 0x2C;
        // Both portals need 16 bytes, so a cut before 0x68 is caught at their count...
        QTest::newRow("portals cut") << 0x65 << "landBlockInfo.building.portals" << 0x54;
        // ...and after it each field of the last portal names itself.
        QTest::newRow("portal other portal")
            << 0x69 << "landBlockInfo.building.portal.otherPortalId" << 0x68;
        QTest::newRow("stab count") << 0x6B << "landBlockInfo.building.portal.stabs" << 0x6A;
        QTest::newRow("stabs cut") << 0x6E << "landBlockInfo.building.portal.stabs" << 0x6A;
        QTest::newRow("fill") << 0x73 << "landBlockInfo.building.portal.pad" << 0x72;
        QTest::newRow("restriction count") << 0x75 << "landBlockInfo.restrictions" << 0x74;
        QTest::newRow("buckets") << 0x77 << "landBlockInfo.restrictionBuckets" << 0x76;
        QTest::newRow("restrictions cut") << 0x84 << "landBlockInfo.restrictions" << 0x74;
    }
    void truncationNamesFieldAndOffset() {
        checkTruncationRow<LandBlockInfo>(handWritten().data, kDid);
    }

    void encodeRejectsWhatCouldNotDecodeBack() {
        LandBlockInfo info;
        info.restrictions.push_back({1, 2});
        auto error = errorFrom([&] { info.encode(); });
        QVERIFY(error && mentions(*error, "without their flag"));
        info = {};
        info.buildings.push_back({});
        info.buildings[0].portals.push_back({});
        info.buildings[0].portals[0].pad = 1; // no stabs: no fill to hold it
        error = errorFrom([&] { info.encode(); });
        QVERIFY(error && mentions(*error, "does not fit"));
    }
};

QTEST_APPLESS_MAIN(TestLandBlockInfo)
#include "tst_land_block_info.moc"
