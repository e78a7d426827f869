#include "datreader/records/record.h"
#include "datreader/records/skill_table.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x0E000004;

// A legacy string: u16 length, the bytes, fill to four bytes.
Bytes& str(Bytes& b, const std::string& text, std::uint8_t fill = 0) {
    b.u16(std::uint16_t(text.size()));
    for (char c : text)
        b.u8(std::uint8_t(c));
    while (b.data.size() % 4 != 0)
        b.u8(fill);
    return b;
}

// Two skills in an order no bucket walk gives (24 % 5 = 4 before 6 % 5 = 1), five buckets,
// 0xCD fill after a description and a chargenUse of 7.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                 // 0x00 id
    b.u16(2).u16(5);                             // 0x04 two skills, five buckets
    b.u32(24);                                   // 0x08 key
    str(b, "Run fast", 0xCD);                    // 0x0C description (2 bytes of fill)
    str(b, "Run");                               // 0x18 name
    b.u32(0x06000100).i32(4).i32(8);             // 0x20 icon, trained, specialised cost
    b.u32(2).u32(1).u32(1);                      // 0x2C category, chargenUse, minLevel
    b.i32(0).i32(1).i32(0).i32(1).u32(3).u32(0); // 0x38 formula: quickness
    b.f64(500).f64(0).f64(1);                    // 0x50 upper, lower bound, learnMod
    b.u32(6);                                    // 0x68 key
    str(b, "");                                  // 0x6C description
    str(b, "MD");                                // 0x70 name
    b.u32(0).i32(10).i32(20);                    // 0x74 icon, costs
    b.u32(1).u32(7).u32(1);                      // 0x80 category, chargenUse 7, minLevel
    b.i32(0).i32(1).i32(1).i32(3).u32(4).u32(3); // 0x8C formula
    b.f64(500).f64(0.5).f64(1);                  // 0xA4 bounds, learnMod
    return b;                                    // 0xBC
}

} // namespace

class TestSkillTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const SkillTable table = SkillTable::decode(bytes.data, kDid);
        QCOMPARE(table.buckets, std::uint16_t(5));
        QCOMPARE(table.skills.size(), std::size_t(2));
        QCOMPARE(table.skills[0].key, 24u);
        const SkillBase& run = table.skills[0].value;
        QCOMPARE(run.description.text, std::string("Run fast"));
        QCOMPARE(run.description.pad, 0xCDCDu);
        QCOMPARE(run.name.text, std::string("Run"));
        QCOMPARE(run.iconId, 0x06000100u);
        QCOMPARE(run.specializedCost, 8);
        QCOMPARE(run.category, 2u);
        QCOMPARE(run.formula.attribute1, 3u);
        QCOMPARE(run.upperBound, 500.0);
        QCOMPARE(table.skills[1].key, 6u);
        const SkillBase& defense = table.skills[1].value;
        QCOMPARE(defense.name.text, std::string("MD"));
        QCOMPARE(defense.chargenUse, 7u);
        QCOMPARE(defense.formula.divisor, 3);
        QCOMPARE(defense.lowerBound, 0.5);
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<SkillTable>(DatKind::Portal, kDid,
                                                             handWritten().data);
    }

    // Stored order, the bucket count, fill, an odd bool32 and trailing bytes all survive JSON.
    void roundTripsThroughJson() {
        Bytes b = handWritten();
        b.u8(1);
        const SkillTable table = SkillTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(1));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "skillTable"))
            return;
        const QJsonObject json = table.toJson();
        QCOMPARE(json["buckets"].toInt(), 5);
        QCOMPARE(json["skills"][0]["key"].toInt(), 24);
        QCOMPARE(json["skills"][1]["chargenUse"].toInt(), 7);
    }

    void sourceWithoutBucketsGetsBucketOrder() {
        const SkillTable table = portalkit::testing::fromSource<SkillTable>(
            R"({"skills": [{"key": 24, "name": "Run"}, {"key": 38}, {"key": 6}]})", "skillTable",
            kDid);
        QCOMPARE(table.buckets, SkillTable::kDefaultBuckets);
        QCOMPARE(table.skills[0].key, 38u); // 38 % 32 = 6, before 6 % 32 = 6 (source order)
        QCOMPARE(table.skills[1].key, 6u);
        QCOMPARE(table.skills[2].key, 24u);
        QCOMPARE(table.skills[2].value.name.text, std::string("Run"));
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("buckets") << 0x06 << "skillTable.skills" << 0x06;
        QTest::newRow("skills cut") << 0x1B << "skillTable.skills" << 0x04;
        QTest::newRow("lowerBound") << 0xB0 << "skillTable.skill.lowerBound" << 0xAC;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<SkillTable>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u16(0xFFFF).u16(1);
        const auto error = errorFrom([&] { SkillTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("skill without key")
            << QJsonObject{{"skills", QJsonArray{QJsonObject{}}}} << "skillTable.skills[0].key"
            << "missing";
        QTest::newRow("buckets not a number")
            << QJsonObject{{"buckets", "many"}} << "skillTable.buckets"
            << "expected";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<SkillTable>("skillTable", kDid);
    }
};

QTEST_APPLESS_MAIN(TestSkillTable)
#include "tst_skill_table.moc"
