#include "datreader/records/contract_table.h"
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

constexpr std::uint32_t kDid = 0x0E00001D;

Bytes& position(Bytes& b, std::uint32_t cell, float x) {
    b.u32(cell).f32(x).f32(2).f32(3);
    return b.f32(1).f32(0).f32(0).f32(0);
}

// One contract; its name carries one byte of 0xAB fill, the other ten strings are empty.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                        // 0x00 id
    b.u16(1).u16(64);                   // 0x04 one contract, 64 buckets
    b.u32(7);                           // 0x08 key
    b.u32(1).u32(7);                    // 0x0C version, contractId
    b.u16(5);                           // 0x14 contractName: length
    for (char c : std::string("Quest")) // 0x16 its bytes
        b.u8(std::uint8_t(c));
    b.u8(0xAB);                  // 0x1B fill
    for (int i = 0; i < 10; ++i) // 0x1C ten empty strings with their fill
        b.u16(0).u16(0);
    position(b, 0xA9B40024, 100); // 0x44 locationNpcStart
    position(b, 0xA9B40025, 110); // 0x64 locationNpcEnd
    position(b, 0x01D90102, 96);  // 0x84 locationQuestArea
    return b;                     // 0xA4
}

} // namespace

class TestContractTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const ContractTable table = ContractTable::decode(bytes.data, kDid);
        QCOMPARE(table.buckets, std::uint16_t(64));
        QCOMPARE(table.contracts.size(), std::size_t(1));
        QCOMPARE(table.contracts[0].key, 7u);
        const Contract& contract = table.contracts[0].value;
        QCOMPARE(contract.version, 1u);
        QCOMPARE(contract.contractId, 7u);
        QCOMPARE(contract.strings[0].text, std::string("Quest"));
        QCOMPARE(contract.strings[0].pad, 0xABu);
        QVERIFY(contract.strings[10].text.empty());
        QCOMPARE(contract.locationNpcStart.cellId, 0xA9B40024u);
        QCOMPARE(contract.locationNpcEnd.frame.origin.x, 110.0f);
        QCOMPARE(contract.locationQuestArea.cellId, 0x01D90102u);
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<ContractTable>(DatKind::Portal, kDid,
                                                                handWritten().data);
    }

    void roundTripsThroughJsonWithTrailingBytes() {
        Bytes b = handWritten();
        b.u32(0);
        const ContractTable table = ContractTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(4));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "contractTable"))
            return;
        const QJsonObject contract = table.toJson().value("contracts")[0].toObject();
        QCOMPARE(contract["locationQuestArea"]["cellId"].toString(), QString("0x01D90102"));
    }

    void sourceTakesDefaults() {
        const ContractTable table = portalkit::testing::fromSource<ContractTable>(
            R"({"contracts": [{"key": 3, "contractName": "Hunt"}, {"key": 1}]})", "contractTable",
            kDid);
        QCOMPARE(table.buckets, ContractTable::kDefaultBuckets);
        QCOMPARE(table.contracts[0].key, 1u); // bucket order
        QCOMPARE(table.contracts[1].value.strings[0].text, std::string("Hunt"));
        QCOMPARE(table.contracts[1].value.locationNpcEnd.frame.orientation.w, 1.0f);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("contracts cut") << 0x20 << "contractTable.contracts" << 0x04;
        QTest::newRow("quest area") << 0xA0 << "contractTable.contract.locationQuestArea" << 0xA0;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<ContractTable>(handWritten().data, kDid);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("version not a number")
            << QJsonObject{{"contracts", QJsonArray{QJsonObject{{"key", 1}, {"version", "x"}}}}}
            << "contractTable.contracts[0].version"
            << "expected";
        QTest::newRow("position without cell")
            << QJsonObject{{"contracts",
                            QJsonArray{QJsonObject{{"key", 1}, {"locationNpcEnd", QJsonObject{}}}}}}
            << "contractTable.contracts[0].locationNpcEnd.cellId"
            << "missing";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<ContractTable>("contractTable", kDid);
    }
};

QTEST_APPLESS_MAIN(TestContractTable)
#include "tst_contract_table.moc"
