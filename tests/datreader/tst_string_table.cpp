#include "datreader/records/record.h"
#include "datreader/records/string_table.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QChar>
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

constexpr std::uint32_t kDid = 0x23000001;

// Two strings: "Hi", and a string with two variants ("Café", "Ω") and one variable.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                  // 0x00 id
    b.u32(1);                                     // 0x04 language
    b.u8(0).u8(2);                                // 0x08 bucket index, 0x09 two entries
    b.u32(0x0A0B0C01).u32(0);                     // 0x0A key, 0x0E dataId
    b.u32(1).u8(2).u16('H').u16('i');             // 0x12 one string, 0x16 length, text
    b.u32(0).u8(0);                               // 0x1B no variables, 0x1F flag
    b.u32(0x0A0B0C02).u32(0);                     // 0x20 key, 0x24 dataId
    b.u32(2);                                     // 0x28 two variants
    b.u8(4).u16('C').u16('a').u16('f').u16(0xE9); // 0x2C "Café"
    b.u8(1).u16(0x03A9);                          // 0x35 "Ω"
    b.u32(1).u32(0x1234);                         // 0x38 one variable, 0x3C its id
    b.u8(1);                                      // 0x40 flag
    return b;                                     // 0x41
}

} // namespace

class TestStringTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const StringTable table = StringTable::decode(bytes.data, kDid);
        QCOMPARE(table.language, 1u);
        QCOMPARE(table.strings.size(), std::size_t(2));
        QCOMPARE(table.strings[0].key, 0x0A0B0C01u);
        QCOMPARE(plainText(table.strings[0].strings[0]), QString("Hi"));
        const StringTableData* second = table.find(0x0A0B0C02);
        QVERIFY(second);
        QCOMPARE(plainText(second->strings[0]), QString::fromUtf8("Café"));
        QCOMPARE(plainText(second->strings[1]), QString::fromUtf8("Ω"));
        QCOMPARE(second->variables, std::vector<std::uint32_t>{0x1234});
        QCOMPARE(second->worthPacking, std::uint8_t(1));
        QVERIFY(!table.find(0x1));
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<StringTable>(DatKind::Local, kDid,
                                                              handWritten().data);
        // The upper end of the range is a StringTable too.
        Bytes high;
        high.u32(0x24000010).u32(1).u8(0).u8(0);
        portalkit::testing::checkThroughRegistry<StringTable>(DatKind::Local, 0x24000010,
                                                              high.data);
    }

    void roundTripsThroughJson() {
        const StringTable table = StringTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "table"))
            return;
        const QJsonArray strings = table.toJson()["strings"].toArray();
        QCOMPARE(strings[1].toObject()["strings"].toArray()[0].toString(),
                 QString::fromUtf8("Café"));
    }

    // An odd bucket index, a long count and a long string length, a lone surrogate, a non-zero
    // dataId, a flag byte of 2 and trailing bytes all come back.
    void keepsRetailQuirks() {
        Bytes b;
        b.u32(kDid).u32(2).u8(9).u8(0x80).u8(1);
        b.u32(5).u32(0x23000009).u32(1);
        b.u8(0x80).u8(2).u16(0xD800).u16('x'); // a two-byte length, a lone high surrogate
        b.u32(0).u8(2);
        b.u8(0xCD).u8(0xCD);
        const StringTable table = StringTable::decode(b.data, kDid);
        QCOMPARE(table.stringsHeader.bucketIndex, std::uint8_t(9));
        QCOMPARE(table.stringsHeader.countBytes, std::uint8_t(2));
        QCOMPARE(table.strings[0].dataId, 0x23000009u);
        QCOMPARE(table.strings[0].strings[0].lengthBytes, std::uint8_t(2));
        QCOMPARE(plainText(table.strings[0].strings[0]), QString(QChar(0xFFFD)) + "x");
        QCOMPARE(table.strings[0].worthPacking, std::uint8_t(2));
        QCOMPARE(table.trailing.size(), std::size_t(2));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "table"))
            return;
    }

    void handWrittenSourceTakesDefaults() {
        const StringTable table = portalkit::testing::fromSource<StringTable>(
            R"({"strings": [{"key": "0x00000010", "strings": ["Öffnen"]}]})", "table", kDid);
        QCOMPARE(table.language, 1u);
        QCOMPARE(table.stringsHeader.bucketIndex, std::uint8_t(0)); // 11 buckets hold one
        QCOMPARE(plainText(table.strings[0].strings[0]), QString::fromUtf8("Öffnen"));
        QVERIFY(StringTable::decode(table.encode(), kDid) == table);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("entry without key")
            << QJsonObject{{"strings", QJsonArray{QJsonObject{}}}} << "table.strings[0].key"
            << "missing";
        QTest::newRow("bad count width")
            << QJsonObject{{"stringCountBytes", 3}} << "table.stringCountBytes"
            << "1, 2 or 4 bytes";
        QTest::newRow("wrong id") << QJsonObject{{"id", "0x23000002"}} << "table.id"
                                  << "its entry is";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<StringTable>("table", kDid);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("language") << 0x06 << "stringTable.language" << 0x04;
        // An entry takes at least 17 bytes: a cut before both fit names the count.
        QTest::newRow("entry count") << 0x20 << "stringTable.entries" << 0x09;
        QTest::newRow("variables") << 0x3A << "stringTable.variables" << 0x38;
        QTest::newRow("flag") << 0x40 << "stringTable.worthPacking" << 0x40;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<StringTable>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u32(1).u8(0).u8(0x7F);
        const auto error = errorFrom([&] { StringTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        QCOMPARE(QString::fromStdString(error->field()), QString("stringTable.entries"));
    }
};

QTEST_APPLESS_MAIN(TestStringTable)
#include "tst_string_table.moc"
