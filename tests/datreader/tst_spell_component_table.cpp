#include "datreader/records/record.h"
#include "datreader/records/spell_component_table.h"
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

constexpr std::uint32_t kDid = 0x0E00000F;

// Two components, the higher key first; the second has odd fill after its empty name.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                          // 0x00 id
    b.u16(2).u16(0x10);                   // 0x04 two components, 16 buckets
    b.u32(5);                             // 0x08 key
    b.u16(3).u8(0x94).u8(0xE6);           // 0x0C name "Ink", nibbles swapped
    b.u8(0xB6).u8(0).u16(0);              // 0x10 ... and three zero fill bytes
    b.u32(2).u32(0x06000E01).u32(3);      // 0x14 category, icon, type
    b.u32(0x1000007E).f32(0.5f);          // 0x20 gesture, time
    b.u16(2).u8(0xA5).u8(0xF6);           // 0x28 text "Zo", no fill
    b.f32(1.5f);                          // 0x2C cdm
    b.u32(1);                             // 0x30 key
    b.u16(0).u8(0xCD).u8(0xCD);           // 0x34 empty name, fill that is not zero
    b.u32(0).u32(0).u32(0).u32(0).f32(0); // 0x38 category .. time
    b.u16(0).u16(0);                      // 0x4C empty text, fill
    b.f32(0);                             // 0x50 cdm
    return b;                             // 0x54
}

} // namespace

class TestSpellComponentTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const auto table = SpellComponentTable::decode(bytes.data, kDid);
        QCOMPARE(table.components.buckets, std::uint16_t(0x10));
        QCOMPARE(table.components.entries.size(), std::size_t(2));
        const SpellComponent& ink = table.components.entries[0];
        QCOMPARE(ink.componentId, 5u); // file order kept
        QCOMPARE(ink.name.text, std::string("Ink"));
        QCOMPARE(ink.category, 2u);
        QCOMPARE(ink.icon, 0x06000E01u);
        QCOMPARE(ink.type, 3u);
        QCOMPARE(ink.gesture, 0x1000007Eu);
        QCOMPARE(ink.time, 0.5f);
        QCOMPARE(ink.text.text, std::string("Zo"));
        QCOMPARE(ink.cdm, 1.5f);
        const SpellComponent& second = table.components.entries[1];
        QVERIFY(second.name.text.empty());
        QCOMPARE(second.name.pad, 0xCDCDu);
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<SpellComponentTable>(DatKind::Portal, kDid,
                                                                      handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u8(7);
        const auto table = SpellComponentTable::decode(b.data, kDid);
        QCOMPARE(table.trailing, std::vector<std::uint8_t>{7});
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "spellComponentTable"))
            return;
    }

    void roundTripsThroughJson() {
        const auto table = SpellComponentTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "spellComponentTable"))
            return;
        const QJsonObject ink = table.toJson()["components"].toArray()[0].toObject();
        QCOMPARE(ink["name"].toString(), QString("Ink"));
        QCOMPARE(ink["text"].toString(), QString("Zo"));
        QCOMPARE(ink["icon"].toString(), QString("0x06000E01"));
    }

    void handWrittenSourceTakesDefaults() {
        const auto table = portalkit::testing::fromSource<SpellComponentTable>(
            R"({"components": [{"id": 1, "name": "Lead Scarab"}]})", "spellComponentTable", kDid);
        QCOMPARE(table.components.entries.at(0).name.text, std::string("Lead Scarab"));
        QCOMPARE(table.components.entries.at(0).time, 0.0f);
        QCOMPARE(table.components.buckets, std::uint16_t(32));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("component without id")
            << QJsonObject{{"components", QJsonArray{QJsonObject{}}}}
            << "spellComponentTable.components[0].id"
            << "missing";
        QTest::newRow("time not a number")
            << QJsonObject{{"components", QJsonArray{QJsonObject{{"id", 1}, {"time", "slow"}}}}}
            << "spellComponentTable.components[0].time"
            << "expected a number";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<SpellComponentTable>("spellComponentTable", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<SpellComponentTable>(bytes.data, 0x02, "id", 0x00,
                                                                 kDid);
        // Two components of at least 36 bytes do not fit 0x40 bytes.
        portalkit::testing::checkTruncation<SpellComponentTable>(
            bytes.data, 0x40, "spellComponentTable.components", 0x04, kDid);
    }

    void cutInsideANameNamesIt() {
        // One component whose name claims 40 bytes that are not there.
        Bytes b;
        b.u32(kDid).u16(1).u16(1).u32(1).u16(40);
        for (int i = 0; i < 30; ++i)
            b.u8(0);
        portalkit::testing::checkTruncation<SpellComponentTable>(
            b.data, int(b.data.size()), "spellComponentTable.component.name", 0x0E, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u16(0xFFFF).u16(0);
        const auto error = errorFrom([&] { SpellComponentTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
    }
};

QTEST_APPLESS_MAIN(TestSpellComponentTable)
#include "tst_spell_component_table.moc"
