#include "datreader/records/bad_data.h"
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

constexpr std::uint32_t kDid = 0x0E00001A;

// Two entries in bucket order for 3 buckets (0x0E00001A % 3 = 1, 5 % 3 = 2); the second
// value is uninitialised-looking fill.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);              // 0x00 id
    b.u16(2).u16(3);          // 0x04 two entries, three buckets
    b.u32(kDid).u32(1);       // 0x08 key, value
    b.u32(5).u32(0xCDCDCDCD); // 0x10 key, value
    return b;                 // 0x18
}

} // namespace

class TestBadData : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const BadData table = BadData::decode(bytes.data, kDid);
        QCOMPARE(table.buckets, std::uint16_t(3));
        QCOMPARE(table.entries.size(), std::size_t(2));
        QCOMPARE(table.entries[0].key, kDid);
        QCOMPARE(table.entries[0].value, 1u);
        QCOMPARE(table.entries[1].key, 5u);
        QCOMPARE(table.entries[1].value, 0xCDCDCDCDu);
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<BadData>(DatKind::Portal, kDid,
                                                          handWritten().data);
    }

    // Entries out of bucket order stay as stored, through JSON too.
    void keepsStoredOrderAndTrailingBytes() {
        Bytes b;
        b.u32(kDid).u16(2).u16(3).u32(5).u32(1).u32(kDid).u32(1).u8(9);
        const BadData table = BadData::decode(b.data, kDid);
        QCOMPARE(table.entries[0].key, 5u);
        QCOMPARE(table.trailing, std::vector<std::uint8_t>{9});
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "badData"))
            return;
        QCOMPARE(table.toJson().value("entries")[1]["key"].toString(), QString("0x0E00001A"));
    }

    void sourceWithoutBucketsGetsBucketOrder() {
        const BadData table = portalkit::testing::fromSource<BadData>(
            R"({"entries": [{"key": "0x0E00001A"}, {"key": 33}, {"key": 2}]})", "badData", kDid);
        QCOMPARE(table.buckets, BadData::kDefaultBuckets);
        QCOMPARE(table.entries[0].key, 33u); // 33 % 32 = 1
        QCOMPARE(table.entries[1].key, 2u);
        QCOMPARE(table.entries[2].key, kDid); // % 32 = 26
        QCOMPARE(table.entries[2].value, 1u); // the default value
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("buckets") << 0x07 << "badData.entries" << 0x06;
        QTest::newRow("entries cut") << 0x14 << "badData.entries" << 0x04;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<BadData>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u16(0x1000).u16(3);
        const auto error = errorFrom([&] { BadData::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("value not a number")
            << QJsonObject{{"entries", QJsonArray{QJsonObject{{"key", 1}, {"value", "yes"}}}}}
            << "badData.entries[0].value"
            << "expected";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<BadData>("badData", kDid);
    }
};

QTEST_APPLESS_MAIN(TestBadData)
#include "tst_bad_data.moc"
