#include "datreader/records/taboo_table.h"
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

constexpr std::uint32_t kDid = 0x0E00001E;

Bytes& text(Bytes& b, const char* s) {
    for (; *s; ++s)
        b.u8(std::uint8_t(*s));
    return b;
}

// Two audiences, stored key 2 before key 1 (not key order: file order must survive), the second
// with a non-zero u16 and a pattern whose length was written in two bytes.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                      // 0x00 id
    b.u8(1);                          // 0x04 bucket index 1 (23 buckets)
    b.u8(2);                          // 0x05 compressed count: two audiences
    b.u32(2);                         // 0x06 key: audience 2
    b.u32(0x00010101);                // 0x0A entryKey
    b.u16(0);                         // 0x0E unknown
    b.u32(2);                         // 0x10 two patterns
    text(b.u8(9), "*badword*");       // 0x14 PString, one length byte
    text(b.u8(5), "spam*");           // 0x1E
    b.u32(1);                         // 0x24 key: audience 1
    b.u32(0x00010101);                // 0x28 entryKey
    b.u16(7);                         // 0x2C unknown, not zero
    b.u32(1);                         // 0x2E one pattern
    text(b.u8(0x80).u8(6), "*rude*"); // 0x32 PString, length 6 in the two-byte form
    return b;                         // 0x3A
}

} // namespace

class TestTabooTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const TabooTable table = TabooTable::decode(bytes.data, kDid);
        QCOMPARE(table.id, kDid);
        QCOMPARE(table.audiences.bucketIndex, std::uint8_t(1));
        QCOMPARE(table.audiences.countBytes, std::uint8_t(0));
        QCOMPARE(table.audiences.entries.size(), std::size_t(2));
        const auto& first = table.audiences.entries[0];
        QCOMPARE(first.key, 2u);
        QCOMPARE(first.value.entryKey, 0x00010101u);
        QCOMPARE(first.value.unknown, std::uint16_t(0));
        QCOMPARE(first.value.bannedPatterns.size(), std::size_t(2));
        QCOMPARE(first.value.bannedPatterns[0].text, std::string("*badword*"));
        QCOMPARE(first.value.bannedPatterns[1].text, std::string("spam*"));
        const auto& second = table.audiences.entries[1];
        QCOMPARE(second.key, 1u);
        QCOMPARE(second.value.unknown, std::uint16_t(7));
        QCOMPARE(second.value.bannedPatterns[0].text, std::string("*rude*"));
        QCOMPARE(second.value.bannedPatterns[0].lengthBytes, std::uint8_t(2));
        QVERIFY(table.trailing.empty());
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<TabooTable>(DatKind::Portal, kDid,
                                                             handWritten().data);
    }

    void keepsAnOverlongCountAndTrailingBytes() {
        Bytes b;
        b.u32(kDid).u8(0);             // id, bucket index 0
        b.u8(0x80).u8(1);              // one audience, the count in two bytes
        b.u32(4).u32(0).u16(0).u32(0); // audience 4, no patterns
        b.u32(0xCDCDCDCD);             // trailing
        const TabooTable table = TabooTable::decode(b.data, kDid);
        QCOMPARE(table.audiences.countBytes, std::uint8_t(2));
        QCOMPARE(table.trailing, (std::vector<std::uint8_t>{0xCD, 0xCD, 0xCD, 0xCD}));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "tabooTable"))
            return;
    }

    void roundTripsThroughJson() {
        const TabooTable table = TabooTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "tabooTable"))
            return;
        const QJsonObject json = table.toJson();
        QCOMPARE(json["id"].toString(), QString("0x0E00001E"));
        const QJsonObject audiences = json["audiences"].toObject();
        QCOMPARE(audiences["buckets"].toInt(), 1);
        const QJsonObject taboo = audiences["entries"].toArray()[0].toObject()["taboo"].toObject();
        QCOMPARE(taboo["entryKey"].toString(), QString("0x00010101"));
        QCOMPARE(taboo["bannedPatterns"].toArray()[0].toString(), QString("*badword*"));
    }

    // A source without "buckets" gets the auto-growing table's index and its entries in bucket
    // order (key % 11 here), as a writer lays a new table out.
    void shortSourceGetsWriterLayout() {
        const TabooTable table = portalkit::testing::fromSource<TabooTable>(
            R"({"audiences": {"entries": [{"key": 12, "taboo": {"bannedPatterns": ["a*"]}},
                                          {"key": 2}]}})",
            "tabooTable", kDid);
        QCOMPARE(table.id, kDid);
        QCOMPARE(table.audiences.bucketIndex, std::uint8_t(0));
        QCOMPARE(table.audiences.entries[0].key, 12u); // 12 % 11 = 1
        QCOMPARE(table.audiences.entries[1].key, 2u);  // 2 % 11 = 2
        QCOMPARE(table.audiences.entries[1].value, TabooEntry{});
    }

    void loadsTheDemoRecord() {
        const auto source = portalkit::testing::demoSourceRecord(kDid);
        QVERIFY2(source, "resources/demo/filters.json has no TabooTable");
        const TabooTable table = TabooTable::fromJson(JsonNode(*source, "tabooTable", kDid), kDid);
        QCOMPARE(table.audiences.entries.size(), std::size_t(2));
        QCOMPARE(TabooTable::decode(table.encode(), kDid), table);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("key missing")
            << QJsonObject{{"audiences", QJsonObject{{"entries", QJsonArray{QJsonObject{}}}}}}
            << "tabooTable.audiences.entries[0].key"
            << "";
        QTest::newRow("pattern not text")
            << QJsonObject{{"audiences",
                            QJsonObject{
                                {"entries",
                                 QJsonArray{QJsonObject{
                                     {"key", 1},
                                     {"taboo", QJsonObject{{"bannedPatterns", QJsonArray{7}}}}}}}}}}
            << "tabooTable.audiences.entries[0].taboo.bannedPatterns[0]"
            << "";
        QTest::newRow("unknown too big")
            << QJsonObject{{"audiences",
                            QJsonObject{
                                {"entries",
                                 QJsonArray{QJsonObject{
                                     {"key", 1}, {"taboo", QJsonObject{{"unknown", 70000}}}}}}}}}
            << "tabooTable.audiences.entries[0].taboo.unknown"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<TabooTable>("tabooTable", kDid);
    }

    // The table's count is checked against the bytes left first, so a cut inside the first
    // entry fails there; the second entry's fields are reachable one by one.
    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("id") << 2 << "id" << 0x00;
        QTest::newRow("buckets") << 4 << "tabooTable.audiences.buckets" << 0x04;
        QTest::newRow("count") << 5 << "tabooTable.audiences" << 0x05;
        QTest::newRow("count too big for the cut") << 0x20 << "tabooTable.audiences" << 0x05;
        QTest::newRow("key") << 0x26 << "tabooTable.audiences.key" << 0x24;
        QTest::newRow("entryKey") << 0x2A << "tabooTable.entry.entryKey" << 0x28;
        QTest::newRow("unknown") << 0x2D << "tabooTable.entry.unknown" << 0x2C;
        QTest::newRow("pattern count") << 0x30 << "tabooTable.entry.bannedPatterns" << 0x2E;
        QTest::newRow("pattern length") << 0x33 << "tabooTable.entry.bannedPattern" << 0x33;
        QTest::newRow("pattern text") << 0x36 << "tabooTable.entry.bannedPattern" << 0x34;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<TabooTable>(handWritten().data, kDid);
    }

    void everyCutFailsCleanly() {
        portalkit::testing::checkEveryCutFails<TabooTable>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u8(0).u8(0xC0).u8(0).u16(0x1000); // 0x1000 audiences in 4 bytes
        const auto error = errorFrom([&] { TabooTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        Bytes patterns;
        patterns.u32(kDid).u8(0).u8(1).u32(1).u32(0).u16(0).u32(0xFFFFFFFF);
        const auto tooMany = errorFrom([&] { TabooTable::decode(patterns.data, kDid); });
        QVERIFY(tooMany && mentions(*tooMany, "cannot fit"));
        QCOMPARE(QString::fromStdString(tooMany->field()),
                 QString("tabooTable.entry.bannedPatterns"));
    }
};

QTEST_APPLESS_MAIN(TestTabooTable)
#include "tst_taboo_table.moc"
