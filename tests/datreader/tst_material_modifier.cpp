#include "datreader/records/material_modifier.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x17000C41;

// Two properties: the first starts aligned, so the second starts at an odd
// offset and its fill after dataType is a different length (and here not zero).
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);              // 0x00 id
    b.u32(2);                 // 0x04 two properties
    b.u32(0x00000101).u16(3); // 0x08 nameId, 0x0C dataType
    b.u16(0);                 // 0x0E fill to 0x10
    b.u32(4).u32(8).u16(2);   // 0x10 dataLength, 0x14 dataLength2, 0x18 dataLength3
    b.u8(1);                  // 0x1A dataLength4
    b.u32(0x00000202).u16(5); // 0x1B nameId, 0x1F dataType
    b.u8(0xCD);               // 0x21 fill to 0x24 (three bytes)
    b.u8(0xCD).u8(0xCD);      // 0x22
    b.u32(16).u32(0).u16(0);  // 0x24 dataLength, 0x28 dataLength2, 0x2C dataLength3
    b.u8(0);                  // 0x2E dataLength4
    return b;                 // 0x2F
}

} // namespace

class TestMaterialModifier : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const MaterialModifier m = MaterialModifier::decode(bytes.data, kDid);
        QCOMPARE(m.properties.size(), std::size_t(2));
        QCOMPARE(m.properties[0].nameId, 0x101u);
        QCOMPARE(m.properties[0].dataType, std::uint16_t(3));
        QCOMPARE(m.properties[0].pad, 0u);
        QCOMPARE(m.properties[0].dataLength2, 8u);
        QCOMPARE(m.properties[0].dataLength3, std::uint16_t(2));
        QCOMPARE(m.properties[0].dataLength4, std::uint8_t(1));
        QCOMPARE(m.properties[1].nameId, 0x202u);
        QCOMPARE(m.properties[1].pad, 0xCDCDCDu); // three bytes of odd fill, kept
        QCOMPARE(m.properties[1].dataLength, 16u);
        QCOMPARE(m.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<MaterialModifier>(DatKind::Portal, kDid,
                                                                   handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u8(0xAB);
        const MaterialModifier m = MaterialModifier::decode(b.data, kDid);
        QCOMPARE(m.trailing.size(), std::size_t(1));
        QCOMPARE(m.encode(), b.data);
    }

    void roundTripsThroughJson() {
        const MaterialModifier m = MaterialModifier::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(m, kDid, "materialModifier"))
            return;
        const QJsonArray props = m.toJson()["properties"].toArray();
        QVERIFY(!props[0].toObject().contains("pad"));
        QVERIFY(props[1].toObject().contains("pad"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("property without name")
            << QJsonObject{{"properties", QJsonArray{QJsonObject{}}}}
            << "materialModifier.properties[0].nameId"
            << "missing";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<MaterialModifier>("materialModifier", kDid);
    }

    // A pad too wide for the fill the position leaves is refused, not silently
    // cut.
    void padThatDoesNotFitIsAnError() {
        MaterialModifier m = MaterialModifier::decode(handWritten().data, kDid);
        m.properties[0].pad = 0x10000;
        QVERIFY(portalkit::testing::errorFrom([&] { m.encode(); }));
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        using portalkit::testing::checkTruncation;
        checkTruncation<MaterialModifier>(bytes.data, 0x06, "materialModifier.numProperties", 0x04,
                                          kDid);
        // The count needs 17 bytes a property, so short cuts fail at the count.
        checkTruncation<MaterialModifier>(bytes.data, 0x20, "materialModifier.numProperties", 0x04,
                                          kDid);
        checkTruncation<MaterialModifier>(bytes.data, 0x2A, "materialModifier.property.dataLength2",
                                          0x28, kDid);
        checkTruncation<MaterialModifier>(bytes.data, 0x2D, "materialModifier.property.dataLength3",
                                          0x2C, kDid);
    }
};

QTEST_APPLESS_MAIN(TestMaterialModifier)
#include "tst_material_modifier.moc"
