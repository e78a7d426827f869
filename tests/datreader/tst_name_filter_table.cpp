#include "datreader/records/name_filter_table.h"
#include "support/demo_source.h"
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

constexpr std::uint32_t kDid = 0x0E000020;

// A compressed-uint length (short form), then UTF-16LE code units.
Bytes& wide(Bytes& b, std::u16string_view units) {
    b.u8(std::uint8_t(units.size()));
    for (char16_t unit : units)
        b.u16(unit);
    return b;
}

// English, then a second language (as no retail table has, so the second entry's fields can be
// cut one by one past the table's count check). English's last group is a lone surrogate.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);        // 0x00 id
    b.u8(1);            // 0x04 bucket index 1 (23 buckets)
    b.u8(2);            // 0x05 compressed count: two languages
    b.u32(1);           // 0x06 key: English
    b.u32(2);           // 0x0A maximumSameCharactersInARow
    b.u32(3);           // 0x0E maximumVowelsInARow
    b.u32(4);           // 0x12 firstNCharactersMustHaveAVowel
    b.u32(5);           // 0x16 vowelContainingSubstringLength
    wide(b, u"'-");     // 0x1A extraAllowedCharacters
    b.u32(3);           // 0x1F three compound letter groups
    wide(b, u"th");     // 0x23
    wide(b, u"ch");     // 0x28
    wide(b, u"\xD800"); // 0x2D a lone high surrogate
    b.u32(2);           // 0x30 key: language 2
    b.u32(9);           // 0x34 maximumSameCharactersInARow
    b.u32(8);           // 0x38 maximumVowelsInARow
    b.u32(0);           // 0x3C firstNCharactersMustHaveAVowel
    b.u32(0);           // 0x40 vowelContainingSubstringLength
    wide(b, u"");       // 0x44 no extra characters
    b.u32(1);           // 0x45 one group
    wide(b, u"ll");     // 0x49
    return b;           // 0x4E
}

} // namespace

class TestNameFilterTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const NameFilterTable table = NameFilterTable::decode(bytes.data, kDid);
        QCOMPARE(table.languages.bucketIndex, std::uint8_t(1));
        QCOMPARE(table.languages.entries.size(), std::size_t(2));
        const auto& english = table.languages.entries[0];
        QCOMPARE(english.key, 1u);
        QCOMPARE(english.value.maximumSameCharactersInARow, 2u);
        QCOMPARE(english.value.maximumVowelsInARow, 3u);
        QCOMPARE(english.value.firstNCharactersMustHaveAVowel, 4u);
        QCOMPARE(english.value.vowelContainingSubstringLength, 5u);
        QVERIFY(english.value.extraAllowedCharacters.text == u"'-");
        QCOMPARE(english.value.compoundLetterGroups.size(), std::size_t(3));
        QVERIFY(english.value.compoundLetterGroups[0].text == u"th");
        QVERIFY(english.value.compoundLetterGroups[2].text == std::u16string(1, char16_t(0xD800)));
        const auto& second = table.languages.entries[1];
        QCOMPARE(second.key, 2u);
        QVERIFY(second.value.extraAllowedCharacters.text.empty());
        QVERIFY(second.value.compoundLetterGroups.at(0).text == u"ll");
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<NameFilterTable>(DatKind::Portal, kDid,
                                                                  handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u16(0xABCD);
        const NameFilterTable table = NameFilterTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(2));
        QCOMPARE(table.encode(), b.data);
    }

    void roundTripsThroughJson() {
        const NameFilterTable table = NameFilterTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "nameFilterTable"))
            return;
        const QJsonObject rules = table.toJson()["languages"]
                                      .toObject()["entries"]
                                      .toArray()[0]
                                      .toObject()["rules"]
                                      .toObject();
        QCOMPARE(rules["maximumVowelsInARow"].toInt(), 3);
        QCOMPARE(rules["extraAllowedCharacters"].toString(), QString("'-"));
        const QJsonArray groups = rules["compoundLetterGroups"].toArray();
        QCOMPARE(groups[0].toString(), QString("th"));
        QCOMPARE(groups[2].toObject()["utf16"].toString().toUpper(), QString("00D8"));
    }

    // A short source: the fixed-size table's index (1 for one language) and zero defaults.
    void shortSourceGetsDefaults() {
        const NameFilterTable table = portalkit::testing::fromSource<NameFilterTable>(
            R"({"languages": {"entries": [{"key": 1, "rules": {"maximumVowelsInARow": 3}}]}})",
            "nameFilterTable", kDid);
        QCOMPARE(table.languages.bucketIndex, std::uint8_t(1));
        const NameFilterRules& rules = table.languages.entries.at(0).value;
        QCOMPARE(rules.maximumVowelsInARow, 3u);
        QCOMPARE(rules.maximumSameCharactersInARow, 0u);
        QVERIFY(rules.extraAllowedCharacters.text.empty());
        QVERIFY(rules.compoundLetterGroups.empty());
        const std::vector<std::uint8_t> bytes = table.encode();
        QCOMPARE(bytes.size(), std::size_t(4 + 2 + 25));
        QCOMPARE(bytes[4], std::uint8_t(1)); // the bucket index comes before the count
    }

    void loadsTheDemoRecord() {
        const auto source = portalkit::testing::demoSourceRecord(kDid);
        QVERIFY2(source, "resources/demo/filters.json has no NameFilterTable");
        const NameFilterTable table =
            NameFilterTable::fromJson(JsonNode(*source, "nameFilterTable", kDid), kDid);
        QCOMPARE(table.languages.entries.at(0).value.compoundLetterGroups.size(), std::size_t(4));
        QCOMPARE(NameFilterTable::decode(table.encode(), kDid), table);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        const auto entry = [](const QJsonObject& rules) {
            return QJsonObject{
                {"languages",
                 QJsonObject{{"entries", QJsonArray{QJsonObject{{"key", 1}, {"rules", rules}}}}}}};
        };
        QTest::newRow("limit negative")
            << entry({{"maximumVowelsInARow", -1}})
            << "nameFilterTable.languages.entries[0].rules.maximumVowelsInARow"
            << "";
        QTest::newRow("group not text")
            << entry({{"compoundLetterGroups", QJsonArray{true}}})
            << "nameFilterTable.languages.entries[0].rules.compoundLetterGroups[0]"
            << "";
        QTest::newRow("count width not 1, 2 or 4")
            << QJsonObject{{"languages", QJsonObject{{"countBytes", 3}}}}
            << "nameFilterTable.languages.countBytes"
            << "1, 2 or 4";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<NameFilterTable>("nameFilterTable", kDid);
    }

    // The table's count (two entries, 25 bytes each at least) is checked first, so the cuts
    // that reach a field one by one are those in the second entry past 0x38.
    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("id") << 3 << "id" << 0x00;
        QTest::newRow("buckets") << 4 << "nameFilterTable.languages.buckets" << 0x04;
        QTest::newRow("count") << 5 << "nameFilterTable.languages" << 0x05;
        QTest::newRow("count too big for the cut") << 0x36 << "nameFilterTable.languages" << 0x05;
        QTest::newRow("maximumVowelsInARow")
            << 0x3A << "nameFilterTable.rules.maximumVowelsInARow" << 0x38;
        QTest::newRow("firstNCharactersMustHaveAVowel")
            << 0x3E << "nameFilterTable.rules.firstNCharactersMustHaveAVowel" << 0x3C;
        QTest::newRow("vowelContainingSubstringLength")
            << 0x42 << "nameFilterTable.rules.vowelContainingSubstringLength" << 0x40;
        QTest::newRow("extraAllowedCharacters")
            << 0x44 << "nameFilterTable.rules.extraAllowedCharacters" << 0x44;
        QTest::newRow("group count")
            << 0x47 << "nameFilterTable.rules.compoundLetterGroups" << 0x45;
        QTest::newRow("group text") << 0x4B << "nameFilterTable.rules.compoundLetterGroup" << 0x4A;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<NameFilterTable>(handWritten().data, kDid);
    }

    void everyCutFailsCleanly() {
        portalkit::testing::checkEveryCutFails<NameFilterTable>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes groups;
        groups.u32(kDid).u8(1).u8(1).u32(1).u32(0).u32(0).u32(0).u32(0).u8(0);
        groups.u32(0x7FFFFFFF); // groups, with no bytes for them
        groups.u32(0).u32(0).u32(0).u32(0);
        const auto error = errorFrom([&] { NameFilterTable::decode(groups.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(QString::fromStdString(error->field()),
                 QString("nameFilterTable.rules.compoundLetterGroups"));
    }
};

QTEST_APPLESS_MAIN(TestNameFilterTable)
#include "tst_name_filter_table.moc"
