#include "datreader/records/record.h"
#include "datreader/records/vital_table.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonObject>
#include <QObject>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::jsonRoundTrips;

namespace {

constexpr std::uint32_t kDid = 0x0E000003;

Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                 // 0x00 id
    b.i32(5).i32(1).i32(0).i32(2).u32(2).u32(0); // 0x04 health: (endurance + 0) / 2 + 5
    b.i32(0).i32(1).i32(0).i32(1).u32(2).u32(0); // 0x1C stamina: endurance
    b.i32(0).i32(1).i32(1).i32(3).u32(5).u32(6); // 0x34 mana: (focus + self) / 3
    return b;                                    // 0x4C
}

} // namespace

class TestVitalTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const VitalTable table = VitalTable::decode(bytes.data, kDid);
        QCOMPARE(table.health.additiveBonus, 5);
        QCOMPARE(table.health.divisor, 2);
        QCOMPARE(table.health.attribute1, 2u);
        QCOMPARE(table.stamina.attribute1Multiplier, 1);
        QCOMPARE(table.mana.attribute2Multiplier, 1);
        QCOMPARE(table.mana.divisor, 3);
        QCOMPARE(table.mana.attribute2, 6u);
        QVERIFY(table.trailing.empty());
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<VitalTable>(DatKind::Portal, kDid,
                                                             handWritten().data);
    }

    void keepsTrailingBytesAndRoundTripsThroughJson() {
        Bytes b = handWritten();
        b.u8(0xCD).u8(0xCD);
        const VitalTable table = VitalTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(2));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "vitalTable"))
            return;
        QCOMPARE(table.toJson().value("mana")["attribute2"].toInt(), 6);
    }

    void sourceTakesDefaults() {
        const VitalTable table = portalkit::testing::fromSource<VitalTable>(
            R"({"mana": {"divisor": 1, "attribute1": 6}})", "vitalTable", kDid);
        QCOMPARE(table.mana.divisor, 1);
        QCOMPARE(table.health, SkillFormula{});
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("id") << 0x02 << "id" << 0x00;
        QTest::newRow("health") << 0x06 << "vitalTable.health.additiveBonus" << 0x04;
        QTest::newRow("stamina") << 0x1E << "vitalTable.stamina.additiveBonus" << 0x1C;
        QTest::newRow("mana") << 0x4A << "vitalTable.mana.attribute2" << 0x48;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<VitalTable>(handWritten().data, kDid);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("divisor not a number")
            << QJsonObject{{"health", QJsonObject{{"divisor", "two"}}}}
            << "vitalTable.health.divisor"
            << "expected";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<VitalTable>("vitalTable", kDid);
    }
};

QTEST_APPLESS_MAIN(TestVitalTable)
#include "tst_vital_table.moc"
