#include "datreader/records/did_mapper.h"
#include "datreader/records/dual_did_mapper.h"
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

constexpr std::uint32_t kDid = 0x25000A01;
constexpr std::uint32_t kDualDid = 0x27000A01;

// The four tables after the id: two client ids, their names, no server ids, one server name.
Bytes tables() {
    Bytes b;
    b.u8(1).u8(2);            // 0x04 clientIds: index 1 (23 buckets), two entries
    b.u32(0).u32(0);          // 0x06 key 0 -> 0
    b.u32(1).u32(0x13000000); // 0x0E key 1 -> the Region
    b.u8(1).u8(2);            // 0x16 clientNames
    b.u32(0).u8(5).raw({'U', 'n', 'd', 'e', 'f'}); // 0x18 key 0 -> "Undef"
    b.u32(1).u8(1).raw({'D'});                     // 0x22 key 1 -> "D"
    b.u8(7).u8(0);                                 // 0x28 serverIds: odd index 7, empty
    b.u8(1).u8(1);                                 // 0x2A serverNames
    b.u32(9).u8(0);                                // 0x2C key 9 -> ""
    return b;                                      // 0x31 with the id
}

Bytes handWritten(std::uint32_t did) {
    Bytes b;
    b.u32(did); // 0x00 id
    b.raw(tables().data);
    return b;
}

} // namespace

class TestDidMapper : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten(kDid);
        const DidMapper mapper = DidMapper::decode(bytes.data, kDid);
        QCOMPARE(mapper.maps.clientIds.bucketIndex, std::uint8_t(1));
        QCOMPARE(mapper.maps.clientIds.entries.size(), std::size_t(2));
        QCOMPARE(mapper.maps.clientIds.entries[1].key, 1u);
        QCOMPARE(mapper.maps.clientIds.entries[1].value, 0x13000000u);
        QCOMPARE(mapper.maps.clientNames.entries[0].value.text, std::string("Undef"));
        QCOMPARE(mapper.maps.serverIds.bucketIndex, std::uint8_t(7));
        QVERIFY(mapper.maps.serverIds.entries.empty());
        QCOMPARE(mapper.maps.serverNames.entries[0].key, 9u);
        QCOMPARE(mapper.encode(), bytes.data);
    }

    void dualMapperReadsTheSameTables() {
        const Bytes bytes = handWritten(kDualDid);
        const DualDidMapper dual = DualDidMapper::decode(bytes.data, kDualDid);
        QCOMPARE(dual.maps, DidMapper::decode(handWritten(kDid).data, kDid).maps);
        QCOMPARE(dual.encode(), bytes.data);
        if (!jsonRoundTrips(dual, kDualDid, "dualDidMapper"))
            return;
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<DidMapper>(DatKind::Portal, kDid,
                                                            handWritten(kDid).data);
        portalkit::testing::checkThroughRegistry<DualDidMapper>(DatKind::Portal, kDualDid,
                                                                handWritten(kDualDid).data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten(kDid);
        b.u32(0xCDCDCDCD);
        const DidMapper mapper = DidMapper::decode(b.data, kDid);
        QCOMPARE(mapper.trailing.size(), std::size_t(4));
        QCOMPARE(mapper.encode(), b.data);
    }

    void roundTripsThroughJson() {
        const DidMapper mapper = DidMapper::decode(handWritten(kDid).data, kDid);
        if (!jsonRoundTrips(mapper, kDid, "didMapper"))
            return;
        const QJsonObject ids = mapper.toJson()["clientIds"].toObject();
        QCOMPARE(ids["entries"].toArray()[1].toObject()["id"].toString(), QString("0x13000000"));
    }

    // Authored tables start at 23 buckets, as retail's small mappers do, in key % 23 order.
    void authoringChoosesBucketsAndOrder() {
        const auto mapper = portalkit::testing::fromSource<DidMapper>(
            R"({"clientIds": {"entries": [{"key": 24, "id": "0x13000000"}, {"key": 2, "id": 1}]}})",
            "didMapper", kDid);
        QCOMPARE(mapper.maps.clientIds.bucketIndex, std::uint8_t(1));
        QCOMPARE(mapper.maps.clientIds.entries[0].key, 24u); // 24 % 23 = 1 before 2
        QCOMPARE(mapper.maps.serverNames.bucketIndex, std::uint8_t(1));
        QCOMPARE(mapper.encode().size(), std::size_t(4 + 2 + 16 + 2 + 2 + 2));
    }

    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonError<DidMapper>(
            QJsonObject{
                {"serverIds",
                 QJsonObject{{"entries", QJsonArray{QJsonObject{{"key", 1}, {"id", "x"}}}}}}},
            "didMapper", kDid, "didMapper.serverIds.entries[0].id", "");
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten(kDid);
        portalkit::testing::checkTruncation<DidMapper>(bytes.data, 0x04,
                                                       "didMapper.clientIds.buckets", 0x04, kDid);
        portalkit::testing::checkTruncation<DidMapper>(bytes.data, 0x12, "didMapper.clientIds",
                                                       0x05, kDid);
        portalkit::testing::checkTruncation<DidMapper>(bytes.data, 0x27,
                                                       "didMapper.clientNames.name", 0x27, kDid);
        portalkit::testing::checkTruncation<DualDidMapper>(
            handWritten(kDualDid).data, 0x2B, "dualDidMapper.serverNames", 0x2B, kDualDid);
    }
};

QTEST_APPLESS_MAIN(TestDidMapper)
#include "tst_did_mapper.moc"
