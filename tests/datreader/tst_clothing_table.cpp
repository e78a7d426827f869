#include "datreader/records/clothing_table.h"
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

constexpr std::uint32_t kDid = 0x10000A01;

// A shirt for one body: the chest part swapped, one texture replaced, and two palette templates
// stored in an order DRW's writer would not choose (key 5 before key 1 with 3 buckets).
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);              // 0x00 id
    b.u16(1).u16(8);          // 0x04 baseEffects: one entry, 8 buckets
    b.u32(0x02000001);        // 0x08 setupId
    b.u32(1);                 // 0x0C one object effect
    b.u32(9).u32(0x01000B09); // 0x10 index, modelId
    b.u32(1);                 // 0x18 one texture effect
    b.u32(0x05000101);        // 0x1C oldTexture
    b.u32(0x05000201);        // 0x20 newTexture
    b.u16(2).u16(3);          // 0x24 subPalEffects: two entries, 3 buckets
    b.u32(5).u32(0x06000301); // 0x28 key, icon
    b.u32(1);                 // 0x30 one sub-palette
    b.u32(2);                 // 0x34 two ranges
    b.u32(0).u32(24);         // 0x38 offset, numColors
    b.u32(64).u32(8);         // 0x40 offset, numColors
    b.u32(0x0F000A01);        // 0x48 paletteSet
    b.u32(1).u32(0).u32(0);   // 0x4C key, icon, no sub-palettes
    return b;                 // 0x58
}

} // namespace

class TestClothingTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const ClothingTable table = ClothingTable::decode(bytes.data, kDid);
        QCOMPARE(table.baseEffectBuckets, std::uint16_t(8));
        QCOMPARE(table.baseEffects.size(), std::size_t(1));
        const ClothingBaseEffect& base = table.baseEffects[0];
        QCOMPARE(base.setupId, 0x02000001u);
        QCOMPARE(base.objectEffects.size(), std::size_t(1));
        QCOMPARE(base.objectEffects[0].index, 9u);
        QCOMPARE(base.objectEffects[0].modelId, 0x01000B09u);
        QCOMPARE(base.objectEffects[0].textureEffects[0].oldTexture, 0x05000101u);
        QCOMPARE(base.objectEffects[0].textureEffects[0].newTexture, 0x05000201u);
        QCOMPARE(table.subPalEffectBuckets, std::uint16_t(3));
        QCOMPARE(table.subPalEffects.size(), std::size_t(2));
        const CloSubPalEffect& first = table.subPalEffects[0];
        QCOMPARE(first.key, 5u); // file order kept
        QCOMPARE(first.icon, 0x06000301u);
        QCOMPARE(first.subPalettes[0].ranges.size(), std::size_t(2));
        QCOMPARE(first.subPalettes[0].ranges[1].offset, 64u);
        QCOMPARE(first.subPalettes[0].ranges[1].numColors, 8u);
        QCOMPARE(first.subPalettes[0].paletteSet, 0x0F000A01u);
        QCOMPARE(table.subPalEffects[1].key, 1u);
        QVERIFY(table.subPalEffects[1].subPalettes.empty());
        QCOMPARE(table.subPalEffect(1), &table.subPalEffects[1]);
        QVERIFY(!table.subPalEffect(7));
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<ClothingTable>(DatKind::Portal, kDid,
                                                                handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u8(0xCD).u8(0xCD);
        const ClothingTable table = ClothingTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(2));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "clothing"))
            return;
    }

    void roundTripsThroughJsonKeepingOrderAndBuckets() {
        const ClothingTable table = ClothingTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "clothing"))
            return;
        const QJsonObject sub = table.toJson()["subPalEffects"].toObject();
        QCOMPARE(sub["buckets"].toInt(), 3);
        QCOMPARE(sub["entries"].toArray()[0].toObject()["key"].toInt(), 5);
        const ClothingTable again =
            ClothingTable::fromJson(JsonNode(table.toJson(), "clothing", kDid), kDid);
        QCOMPARE(again.encode(), handWritten().data);
    }

    // Authored without a bucket count: DRW's default count, entries by key % buckets, stably.
    void authoredTablesTakeDrwsOrder() {
        const ClothingTable table = portalkit::testing::fromSource<ClothingTable>(
            R"({"subPalEffects": {"entries": [{"key": 33}, {"key": 2}, {"key": 1}]}})", "clothing",
            kDid);
        QCOMPARE(table.subPalEffectBuckets, ClothingTable::kDefaultBuckets);
        QCOMPARE(table.baseEffectBuckets, ClothingTable::kDefaultBuckets);
        QCOMPARE(table.subPalEffects.size(), std::size_t(3));
        QCOMPARE(table.subPalEffects[0].key, 33u); // 33 % 32 == 1, first in the file
        QCOMPARE(table.subPalEffects[1].key, 1u);
        QCOMPARE(table.subPalEffects[2].key, 2u);
        const ClothingTable kept = portalkit::testing::fromSource<ClothingTable>(
            R"({"subPalEffects": {"buckets": 32, "entries": [{"key": 2}, {"key": 1}]}})",
            "clothing", kDid);
        QCOMPARE(kept.subPalEffects[0].key, 2u);
    }

    void emptyTableIsTwelveBytes() {
        ClothingTable table;
        table.id = kDid;
        QCOMPARE(table.encode(), Bytes().u32(kDid).u16(0).u16(32).u16(0).u16(32).data);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        const QJsonObject noSet{
            {"entries",
             QJsonArray{QJsonObject{{"key", 1}, {"subPalettes", QJsonArray{QJsonObject{}}}}}}};
        QTest::newRow("sub-palette without set")
            << QJsonObject{{"subPalEffects", noSet}}
            << "clothing.subPalEffects.entries[0].subPalettes[0].paletteSet"
            << "missing";
        QTest::newRow("buckets not a number")
            << QJsonObject{{"baseEffects", QJsonObject{{"buckets", "many"}}}}
            << "clothing.baseEffects.buckets"
            << "expected an integer";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<ClothingTable>("clothing", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        using portalkit::testing::checkTruncation;
        checkTruncation<ClothingTable>(bytes.data, 0x05, "clothing.baseEffects", 0x04, kDid);
        checkTruncation<ClothingTable>(bytes.data, 0x07, "clothing.baseEffects.buckets", 0x06,
                                       kDid);
        checkTruncation<ClothingTable>(bytes.data, 0x1E, "clothing.objectEffect.textureEffects",
                                       0x18, kDid);
        checkTruncation<ClothingTable>(bytes.data, 0x4A, "clothing.subPalette.paletteSet", 0x48,
                                       kDid);
    }

    // A u16 entry count far past the bytes left fails at the count, before any allocation.
    void hugeCountFailsAtTheCount() {
        Bytes b = Bytes().u32(kDid).u16(0xFFFF).u16(32);
        portalkit::testing::checkTruncation<ClothingTable>(b.data, int(b.data.size()),
                                                           "clothing.baseEffects", 0x04, kDid);
    }
};

QTEST_APPLESS_MAIN(TestClothingTable)
#include "tst_clothing_table.moc"
