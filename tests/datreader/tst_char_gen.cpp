#include "datreader/records/char_gen.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x0E000002;

// A PString: a one-byte compressed length, then the bytes (no fill).
Bytes& pstr(Bytes& b, const std::string& text) {
    b.u8(std::uint8_t(text.size()));
    for (char c : text)
        b.u8(std::uint8_t(c));
    return b;
}

// One start area, one heritage with one skill and one gender whose appearance lists hold a
// hair colour, a hair style and a shirt. Retail quirks: a sub-palette in the long packed form,
// a hair style's ObjDesc opened by one byte of 0xCD fill.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid).u32(kDid);                     // 0x00 id, 0x04 dataId
    b.u8(1);                                   // 0x08 one starting area
    pstr(b, "Town");                           // 0x09 name (length, 4 bytes)
    b.u8(1).u32(0xA9B40024);                   // 0x0E one location: 0x0F cellId
    b.f32(100).f32(88).f32(40.25f);            // 0x13 origin
    b.f32(1).f32(0).f32(0).f32(0);             // 0x1F orientation
    b.u8(1).u8(1);                             // 0x2F bucket index 1, 0x30 one heritage
    b.u32(1);                                  // 0x31 key
    pstr(b, "Wa");                             // 0x35 name
    b.u32(0x06000001).u32(0x02000001);         // 0x38 iconId, 0x3C setupId
    b.u32(0x02000C01).u32(330).u32(50);        // 0x40 environment, credits
    b.u8(1).i32(0);                            // 0x4C primaryStartAreas [0]
    b.u8(0);                                   // 0x51 no secondary start areas
    b.u8(1).u32(6).i32(10).i32(20);            // 0x52 one skill: id, costs
    b.u8(0);                                   // 0x5F no templates
    b.u8(1).u8(1).u32(2);                      // 0x60 genders: index 1, one, key 2
    pstr(b, "F");                              // 0x66 name
    b.u32(95).u32(0x02000001).u32(0x20000001); // 0x68 scale, setup, sound table
    b.u32(0).u32(0x04000A01).u32(0);           // 0x74 icon, base palette, skin palset
    b.u32(0x34000004).u32(0x09000001).u32(0);  // 0x80 physics, motion, combat tables
    b.u8(0x11).u8(1).u8(1).u8(1);              // 0x8C baseObjDesc: version, counts
    b.u16(0x0A01);                             // 0x90 paletteId 0x04000A01
    b.u16(0x8000).u16(0x0A02).u8(2).u8(3);     // 0x92 sub-palette, long form
    b.u8(1).u16(0x0A01).u16(0x0A02);           // 0x98 texture change: part, old, new
    b.u8(2).u16(0x0003);                       // 0x9D part change: part, GfxObj
    b.u8(1).u32(0x0F000001);                   // 0xA0 one hair colour
    b.u8(1).u32(0).u8(1).u32(0);               // 0xA5 one hair style: icon, bald, setup
    b.u8(0xCD).u8(0x11).u8(0).u8(0).u8(0);     // 0xAF fill, then its ObjDesc
    b.u8(0).u8(0).u8(0).u8(0).u8(0);           // 0xB4 eyes, eye strips, nose, mouth, hats
    b.u8(1);                                   // 0xB9 one shirt
    pstr(b, "Tunic");                          // 0xBA name
    b.u32(0x10000001).u32(130);                // 0xC0 clothing table, weenie
    b.u8(0).u8(0).u8(1).u32(5);                // 0xC8 pants, footwear, one colour
    return b;                                  // 0xCF
}

} // namespace

class TestCharGen : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const CharGen gen = CharGen::decode(bytes.data, kDid);
        QCOMPARE(gen.dataId, kDid);
        QCOMPARE(gen.startingAreas.size(), std::size_t(1));
        QCOMPARE(gen.startingAreas[0].name.text, std::string("Town"));
        QCOMPARE(gen.startingAreas[0].locations[0].cellId, 0xA9B40024u);
        QCOMPARE(gen.startingAreas[0].locations[0].frame.origin.z, 40.25f);
        QCOMPARE(gen.heritageBucketIndex, std::uint8_t(1));
        QCOMPARE(gen.heritageGroups.size(), std::size_t(1));
        const HeritageGroupCG& group = gen.heritageGroups[0].value;
        QCOMPARE(gen.heritageGroups[0].key, 1u);
        QCOMPARE(group.name.text, std::string("Wa"));
        QCOMPARE(group.setupId, 0x02000001u);
        QCOMPARE(group.environmentSetupId, 0x02000C01u);
        QCOMPARE(group.attributeCredits, 330u);
        QCOMPARE(group.skillCredits, 50u);
        QCOMPARE(group.primaryStartAreas, std::vector<std::int32_t>{0});
        QVERIFY(group.secondaryStartAreas.empty());
        QCOMPARE(group.skills.size(), std::size_t(1));
        QCOMPARE(group.skills[0].skill, 6u);
        QCOMPARE(group.skills[0].primaryCost, 20);
        QCOMPARE(group.genders.size(), std::size_t(1));
        QCOMPARE(group.genders[0].key, 2u);
        const SexCG& sex = group.genders[0].value;
        QCOMPARE(sex.name.text, std::string("F"));
        QCOMPARE(sex.scale, 95u);
        QCOMPARE(sex.basePalette, 0x04000A01u);
        QCOMPARE(sex.physicsTable, 0x34000004u);
        QCOMPARE(sex.motionTable, 0x09000001u);
        const ObjDesc& base = sex.baseObjDesc;
        QCOMPARE(base.version, std::uint8_t(0x11));
        QCOMPARE(base.paletteId.did, 0x04000A01u);
        QCOMPARE(base.subPalettes[0].palette.did, 0x04000A02u);
        QVERIFY(base.subPalettes[0].palette.longForm);
        QCOMPARE(base.subPalettes[0].numColors, std::uint8_t(3));
        QCOMPARE(base.textureChanges[0].newTexture.did, 0x05000A02u);
        QCOMPARE(base.animPartChanges[0].partId.did, 0x01000003u);
        QCOMPARE(sex.hairColors, std::vector<std::uint32_t>{0x0F000001});
        QCOMPARE(sex.hairStyles[0].bald, std::uint8_t(1));
        QCOMPARE(sex.hairStyles[0].objDesc.padBefore, 0xCDu);
        QCOMPARE(sex.shirts.size(), std::size_t(1));
        QCOMPARE(sex.shirts[0].name.text, std::string("Tunic"));
        QCOMPARE(sex.shirts[0].clothingTable, 0x10000001u);
        QCOMPARE(sex.clothingColors, std::vector<std::uint32_t>{5});
        QCOMPARE(gen.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<CharGen>(DatKind::Portal, kDid,
                                                          handWritten().data);
    }

    void roundTripsThroughJson() {
        const CharGen gen = CharGen::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(gen, kDid, "charGen"))
            return;
        const QJsonObject json = gen.toJson();
        const QJsonObject sex = json["heritageGroups"][0]["genders"][0].toObject();
        QCOMPARE(sex["motionTable"].toString(), QString("0x09000001"));
        QCOMPARE(sex["baseObjDesc"]["subPalettes"][0]["palette"]["longForm"].toBool(), true);
    }

    // Stored order and an odd bucket index survive decode, JSON and encode.
    void keepsStoredOrderBucketIndexAndTrailingBytes() {
        Bytes b = handWritten();
        b.data[0x2F] = 5; // heritage bucket index
        b.u32(0xDEADBEEF);
        const CharGen gen = CharGen::decode(b.data, kDid);
        QCOMPARE(gen.heritageBucketIndex, std::uint8_t(5));
        QCOMPARE(gen.trailing.size(), std::size_t(4));
        QCOMPARE(gen.encode(), b.data);
        if (!jsonRoundTrips(gen, kDid, "charGen"))
            return;
    }

    // Without a bucket index a source gets index 1 (23 buckets) and bucket order: key modulo
    // 23, ties in source order (24 and 1 share bucket 1).
    void sourceWithoutBucketIndexGetsBucketOrder() {
        const CharGen gen = portalkit::testing::fromSource<CharGen>(
            R"({"heritageGroups": [{"key": 2}, {"key": 24}, {"key": 1}, {"key": 0}]})", "charGen",
            kDid);
        QCOMPARE(gen.heritageBucketIndex, std::uint8_t(1));
        std::vector<std::uint32_t> keys;
        for (const auto& entry : gen.heritageGroups)
            keys.push_back(entry.key);
        QCOMPARE(keys, (std::vector<std::uint32_t>{0, 24, 1, 2}));
        QCOMPARE(gen.dataId, kDid);
        const CharGen given = portalkit::testing::fromSource<CharGen>(
            R"({"heritageBucketIndex": 1, "heritageGroups": [{"key": 2}, {"key": 1}]})", "charGen",
            kDid);
        QCOMPARE(given.heritageGroups[0].key, 2u);
    }

    void refusesFormsItCouldNotWriteBack() {
        Bytes b = handWritten();
        b.data[0x93] = 0xC0; // bit 0x4000 in the long packed DID's first word
        auto error = errorFrom([&] { CharGen::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "0x4000"));
        QCOMPARE(error->offset(), std::uint64_t(0x92));
        // A count of 1 in the two-byte compressed form.
        Bytes c;
        c.u32(kDid).u32(kDid).u8(0x80).u8(0x01);
        error = errorFrom([&] { CharGen::decode(c.data, kDid); });
        QVERIFY(error && mentions(*error, "shortest form"));
        QCOMPARE(QString::fromStdString(error->field()), QString("charGen.startingAreas"));
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b = handWritten();
        b.data[0x30] = 0x7F; // 127 heritage groups
        const auto error = errorFrom([&] { CharGen::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(error->offset(), std::uint64_t(0x30));
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("dataId") << 0x06 << "charGen.dataId" << 0x04;
        QTest::newRow("location count") << 0x12 << "charGen.startingAreas.locations" << 0x0E;
        QTest::newRow("heritage count") << 0x30 << "charGen.heritageGroups" << 0x30;
        // Lists check their count against the bytes left, so most cuts fail at a count.
        QTest::newRow("heritage cut") << 0x46 << "charGen.heritageGroups" << 0x30;
        QTest::newRow("gender cut") << 0x6A << "heritage.genders" << 0x61;
        QTest::newRow("part change") << 0x9F << "objDesc.animPartChanges.partId" << 0x9E;
        QTest::newRow("shirt cut") << 0xC2 << "sex.gear" << 0xB9;
        QTest::newRow("clothing colour") << 0xCD << "sex.clothingColors" << 0xCA;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<CharGen>(handWritten().data, kDid);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        const QJsonObject paletteAlone{{"key", 1},
                                       {"baseObjDesc", QJsonObject{{"paletteId", "0x04000001"}}}};
        QTest::newRow("palette id without sub-palettes")
            << QJsonObject{{"heritageGroups",
                            QJsonArray{
                                QJsonObject{{"key", 1}, {"genders", QJsonArray{paletteAlone}}}}}}
            << "charGen.heritageGroups[0].genders[0].baseObjDesc.paletteId"
            << "stored only with sub-palettes";
        const QJsonObject wrongPart{
            {"objDesc",
             QJsonObject{{"animPartChanges", QJsonArray{QJsonObject{{"partId", "0x00000005"}}}}}}};
        QTest::newRow("part id below the GfxObjs")
            << QJsonObject{{"heritageGroups",
                            QJsonArray{QJsonObject{
                                {"key", 1},
                                {"genders",
                                 QJsonArray{QJsonObject{{"key", 1},
                                                        {"hairStyles", QJsonArray{wrongPart}}}}}}}}}
            << "charGen.heritageGroups[0].genders[0].hairStyles[0].objDesc.animPartChanges[0]."
               "partId"
            << "not an id of the type";
        QTest::newRow("heritage without key")
            << QJsonObject{{"heritageGroups", QJsonArray{QJsonObject{}}}}
            << "charGen.heritageGroups[0].key"
            << "missing";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<CharGen>("charGen", kDid);
    }
};

QTEST_APPLESS_MAIN(TestCharGen)
#include "tst_char_gen.moc"
