#include "datreader/records/record.h"
#include "datreader/records/spell_table.h"
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

constexpr std::uint32_t kDid = 0x0E00000E;

// school .. metaSpellId (0x34 bytes), the middle of every spell.
void head(Bytes& b, std::uint32_t metaSpellType, std::uint32_t metaSpellId) {
    b.u32(2).u32(0x06001234).u32(0x73).u32(0x0C); // +0x00 school, icon, category, bitfield
    b.u32(5).f32(20).f32(0.5f).u32(1);            // +0x10 baseMana, range const/mod, power
    b.f32(0.1f).u32(1).f32(0.25f);                // +0x20 economy, formulaVersion, loss
    b.u32(metaSpellType).u32(metaSpellId);        // +0x2C metaSpellType, metaSpellId
}

// components .. manaMod (0x44 bytes).
void tail(Bytes& b) {
    for (std::uint32_t c : {1u, 2u, 3u, 4u, 5u, 0u, 0u, 0u}) // +0x00 eight components
        b.u32(c);
    b.u32(0x2A).u32(0x2B).u32(0x51); // +0x20 caster, target, fizzle effect
    b.f64(0).f32(0);                 // +0x2C recoveryInterval, recoveryAmount
    b.u32(100).u32(0x10).u32(0);     // +0x38 displayOrder, nonComponentTargetType, manaMod
}

// Two spells stored out of key order (27 before 1), then one spell set.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                         // 0x00 id
    b.u16(2).u16(64);                    // 0x04 two spells, 64 buckets
    b.u32(27);                           // 0x08 key
    b.u16(4).u8(0x24).u8(0xF6);          // 0x0C name "Bolt", nibbles swapped
    b.u8(0xC6).u8(0x47).u16(0);          // 0x10 ... and two zero fill bytes
    b.u16(3).u8(0x84).u8(0xF6).u8(0x47); // 0x14 description "Hot"
    b.u8(0).u16(0);                      // 0x19 fill
    head(b, 2, 27);                      // 0x1C projectile: no extra fields
    tail(b);                             // 0x50
    b.u32(1);                            // 0x94 key
    b.u16(3).u8(0x14).u8(0x27).u8(0xD6); // 0x98 name "Arm"
    b.u8(0xCD).u8(0xCD).u8(0xCD);        // 0x9D fill that is not zero
    b.u16(0).u16(0);                     // 0xA0 empty description, fill
    head(b, 1, 1);                       // 0xA4 enchantment
    b.f64(1800).f32(-0.5f).f32(0);       // 0xD8 duration, degradeModifier, degradeLimit
    tail(b);                             // 0xE8
    b.u16(1).u16(0x17);                  // 0x12C one set, 23 buckets
    b.u32(13);                           // 0x130 equipmentSet
    b.u16(1).u16(0);                     // 0x134 one tier, 0 buckets
    b.u32(2).u32(1).u32(1);              // 0x138 pieces, one spell: 1
    return b;                            // 0x144
}

} // namespace

class TestSpellTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const SpellTable table = SpellTable::decode(bytes.data, kDid);
        QCOMPARE(table.spells.buckets, std::uint16_t(64));
        QCOMPARE(table.spells.entries.size(), std::size_t(2));
        const SpellBase& bolt = table.spells.entries[0];
        QCOMPARE(bolt.spellId, 27u); // file order kept, not key order
        QCOMPARE(bolt.name.text, std::string("Bolt"));
        QCOMPARE(bolt.description.text, std::string("Hot"));
        QCOMPARE(bolt.icon, 0x06001234u);
        QCOMPARE(bolt.baseRangeConstant, 20.0f);
        QCOMPARE(bolt.componentLoss, 0.25f);
        QCOMPARE(bolt.metaSpellType, 2u);
        QCOMPARE(bolt.components[4], 5u);
        QCOMPARE(bolt.fizzleEffect, 0x51u);
        QCOMPARE(bolt.displayOrder, 100u);
        QCOMPARE(bolt.nonComponentTargetType, 0x10u);
        const SpellBase& arm = table.spells.entries[1];
        QCOMPARE(arm.name.text, std::string("Arm"));
        QCOMPARE(arm.name.pad, 0xCDCDCDu);
        QVERIFY(arm.description.text.empty());
        QCOMPARE(arm.duration, 1800.0);
        QCOMPARE(arm.degradeModifier, -0.5f);
        QCOMPARE(table.spellSets.buckets, std::uint16_t(0x17));
        const SpellSet& set = table.spellSets.entries.at(0);
        QCOMPARE(set.equipmentSet, 13u);
        QCOMPARE(set.tiers.entries.at(0).pieces, 2u);
        QCOMPARE(set.tiers.entries.at(0).spells, std::vector<std::uint32_t>{1});
        QVERIFY(table.trailing.empty());
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<SpellTable>(DatKind::Portal, kDid,
                                                             handWritten().data);
    }

    void plainNameEncodesObfuscated() {
        SpellTable table;
        table.id = kDid;
        SpellBase spell;
        spell.name.text = "Flame Bolt";
        table.spells.entries.push_back(spell);
        const std::vector<std::uint8_t> bytes = table.encode();
        // 'F' (0x46) is stored 0x64, 'l' (0x6C) 0xC6, after the key at 0x08 and the length.
        QCOMPARE(bytes.at(0x0C), std::uint8_t(10));
        QCOMPARE(bytes.at(0x0E), std::uint8_t(0x64));
        QCOMPARE(bytes.at(0x0F), std::uint8_t(0xC6));
        const SpellTable back = SpellTable::decode(bytes, kDid);
        QCOMPARE(back.spells.entries.at(0).name.text, std::string("Flame Bolt"));
        QCOMPARE(back.encode(), bytes);
    }

    void portalSummonCarriesItsLifetime() {
        Bytes b;
        b.u32(kDid).u16(1).u16(1).u32(9); // id, one spell, key
        b.u16(0).u16(0).u16(0).u16(0);    // empty name and description
        head(b, 7, 9);
        b.f64(60); // portalLifetime
        tail(b);
        b.u16(0).u16(0); // no sets
        const SpellTable table = SpellTable::decode(b.data, kDid);
        QCOMPARE(table.spells.entries.at(0).portalLifetime, 60.0);
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "spellTable"))
            return;
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u8(0xCD).u8(0xAB);
        const SpellTable table = SpellTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(2));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "spellTable"))
            return;
    }

    void roundTripsThroughJson() {
        const SpellTable table = SpellTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "spellTable"))
            return;
        const QJsonObject json = table.toJson();
        const QJsonArray spells = json["spells"].toArray();
        QCOMPARE(spells[0].toObject()["name"].toString(), QString("Bolt")); // plain text
        QCOMPARE(spells[0].toObject()["icon"].toString(), QString("0x06001234"));
        QVERIFY(!spells[0].toObject().contains("duration"));
        QCOMPARE(spells[1].toObject()["duration"].toDouble(), 1800.0);
        QCOMPARE(json["spellsBuckets"].toInt(), 64);
    }

    void handWrittenSourceTakesDefaults() {
        const SpellTable table = portalkit::testing::fromSource<SpellTable>(
            R"({"spells": [{"id": 3, "name": "Force Bolt", "components": [1, 2]}]})", "spellTable",
            kDid);
        QCOMPARE(table.spells.entries.at(0).name.text, std::string("Force Bolt"));
        QCOMPARE(table.spells.entries.at(0).components[1], 2u);
        QCOMPARE(table.spells.entries.at(0).components[2], 0u);
        QCOMPARE(table.spells.buckets, std::uint16_t(32));
        QVERIFY(table.spellSets.entries.empty());
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("spell without id")
            << QJsonObject{{"spells", QJsonArray{QJsonObject{}}}} << "spellTable.spells[0].id"
            << "missing";
        QTest::newRow("duration on a projectile")
            << QJsonObject{{"spells", QJsonArray{QJsonObject{
                                          {"id", 1}, {"metaSpellType", 2}, {"duration", 5}}}}}
            << "spellTable.spells[0].duration"
            << "not an enchantment";
        QTest::newRow("nine components")
            << QJsonObject{{"spells",
                            QJsonArray{QJsonObject{
                                {"id", 1}, {"components", QJsonArray{1, 2, 3, 4, 5, 6, 7, 8, 9}}}}}}
            << "spellTable.spells[0].components"
            << "8 components";
        QTest::newRow("buckets beyond u16")
            << QJsonObject{{"spellsBuckets", 70000}} << "spellTable.spellsBuckets"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<SpellTable>("spellTable", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<SpellTable>(bytes.data, 0x02, "id", 0x00, kDid);
        // Two spells of at least 132 bytes do not fit 0x40 bytes: the count at 0x04 is named.
        portalkit::testing::checkTruncation<SpellTable>(bytes.data, 0x40, "spellTable.spells", 0x04,
                                                        kDid);
        portalkit::testing::checkTruncation<SpellTable>(bytes.data, 0x12E, "spellTable.spellSets",
                                                        0x12E, kDid); // at the bucket count
        portalkit::testing::checkTruncation<SpellTable>(bytes.data, 0x140,
                                                        "spellTable.set.tier.spells", 0x13C, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u16(0xFFFF).u16(1);
        const auto error = errorFrom([&] { SpellTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(QString::fromStdString(error->field()), QString("spellTable.spells"));
    }
};

QTEST_APPLESS_MAIN(TestSpellTable)
#include "tst_spell_table.moc"
