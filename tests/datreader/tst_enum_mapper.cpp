#include "datreader/records/enum_mapper.h"
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
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x22000A01;

// Three names in an odd order for 11 buckets (key 12 % 11 = 1 after key 3), one stored with a
// two-byte length, under a raw bucket index 0.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                   // 0x00 id
    b.u32(0x22000001);                             // 0x04 baseEnumMap
    b.u8(0);                                       // 0x08 bucket index (11)
    b.u8(3);                                       // 0x09 count
    b.u32(3).u8(4).tag("Walk");                    // 0x0A key 3, "Walk"
    b.u32(12).u8(0x80).u8(3).raw({'R', 'u', 'n'}); // 0x13 key 12, long-form length
    b.u32(1).u8(0);                                // 0x1C key 1, ""
    return b;                                      // 0x21
}

} // namespace

class TestEnumMapper : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const EnumMapper mapper = EnumMapper::decode(bytes.data, kDid);
        QCOMPARE(mapper.id, kDid);
        QCOMPARE(mapper.baseEnumMap, 0x22000001u);
        QCOMPARE(mapper.names.bucketIndex, std::uint8_t(0));
        QCOMPARE(mapper.names.entries.size(), std::size_t(3));
        QCOMPARE(mapper.names.entries[0].key, 3u);
        QCOMPARE(mapper.names.entries[0].value.text, std::string("Walk"));
        QCOMPARE(mapper.names.entries[1].key, 12u);
        QCOMPARE(mapper.names.entries[1].value.lengthBytes, std::uint8_t(2));
        QVERIFY(mapper.names.entries[2].value.text.empty());
        QCOMPARE(mapper.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<EnumMapper>(DatKind::Portal, kDid,
                                                             handWritten().data);
    }

    void keepsRawHeaderAndTrailingBytes() {
        Bytes b;
        b.u32(kDid).u32(0).u8(0xEE).u8(0x80).u8(1).u32(5).u8(1).raw({'x'}).u8(0xCD);
        const EnumMapper mapper = EnumMapper::decode(b.data, kDid);
        QCOMPARE(mapper.names.bucketIndex, std::uint8_t(0xEE)); // past the primes: kept
        QCOMPARE(mapper.names.countBytes, std::uint8_t(2));
        QCOMPARE(mapper.trailing, std::vector<std::uint8_t>{0xCD});
        QCOMPARE(mapper.encode(), b.data);
        if (!jsonRoundTrips(mapper, kDid, "enumMapper"))
            return;
    }

    void roundTripsThroughJson() {
        const EnumMapper mapper = EnumMapper::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(mapper, kDid, "enumMapper"))
            return;
        const QJsonObject names = mapper.toJson()["names"].toObject();
        QCOMPARE(names["buckets"].toInt(), 0);
        QCOMPARE(names["entries"].toArray()[0].toObject()["name"].toString(), QString("Walk"));
    }

    // Without "buckets" a source gets the AutoGrow size (count + 1 <= 2 * size) and bucket order.
    void authoringChoosesBucketsAndOrder() {
        QString entries;
        for (int key = 30; key >= 0; --key)
            entries += QString(R"({"key": %1, "name": "n%1"},)").arg(key);
        entries.chop(1);
        const auto mapper = portalkit::testing::fromSource<EnumMapper>(
            QString(R"({"names": {"entries": [%1]}})").arg(entries).toUtf8(), "enumMapper", kDid);
        QCOMPARE(mapper.names.bucketIndex, std::uint8_t(1)); // 31 entries: 32 > 22, <= 46
        std::uint32_t last = 0;
        for (const auto& entry : mapper.names.entries) {
            QVERIFY(entry.key % 23 >= last);
            last = entry.key % 23;
        }
        QCOMPARE(mapper.names.entries[0].key, 23u); // 23 % 23 = 0 comes before 0 (source order)
        QCOMPARE(mapper.names.entries[1].key, 0u);
    }

    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonError<EnumMapper>(
            QJsonObject{
                {"names", QJsonObject{{"entries", QJsonArray{QJsonObject{{"name", "x"}}}}}}},
            "enumMapper", kDid, "enumMapper.names.entries[0].key", "missing");
        portalkit::testing::checkJsonError<EnumMapper>(
            QJsonObject{{"names", QJsonObject{{"countBytes", 3}}}}, "enumMapper", kDid,
            "enumMapper.names.countBytes", "1, 2 or 4");
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<EnumMapper>(bytes.data, 0x06, "enumMapper.baseEnumMap",
                                                        0x04, kDid);
        portalkit::testing::checkTruncation<EnumMapper>(bytes.data, 0x08,
                                                        "enumMapper.names.buckets", 0x08, kDid);
        portalkit::testing::checkTruncation<EnumMapper>(bytes.data, 0x0A, "enumMapper.names", 0x09,
                                                        kDid);
        portalkit::testing::checkTruncation<EnumMapper>(bytes.data, 0x20, "enumMapper.names.name",
                                                        0x20, kDid);
    }
};

QTEST_APPLESS_MAIN(TestEnumMapper)
#include "tst_enum_mapper.moc"
