#include "datreader/records/combat_table.h"
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

constexpr std::uint32_t kDid = 0x30000A01;

// Two sword maneuvers for one lookup (slash, medium height), as retail pairs them.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                             // 0x00 id
    b.u32(2);                                // 0x04 two maneuvers
    b.u32(0x8000003E).u32(2).u32(4).u32(0);  // 0x08 style, height, type, minSkill
    b.u32(0x10000058);                       // 0x18 motion
    b.u32(0x8000003E).u32(2).u32(4).u32(50); // 0x1C second, odd minSkillLevel
    b.u32(0x10000059);                       // 0x2C motion
    return b;                                // 0x30
}

} // namespace

class TestCombatTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const CombatTable table = CombatTable::decode(bytes.data, kDid);
        QCOMPARE(table.maneuvers.size(), std::size_t(2));
        QCOMPARE(table.maneuvers[0].style, 0x8000003Eu);
        QCOMPARE(table.maneuvers[0].attackHeight, 2u);
        QCOMPARE(table.maneuvers[0].attackType, 4u);
        QCOMPARE(table.maneuvers[0].motion, 0x10000058u);
        QCOMPARE(table.maneuvers[1].minSkillLevel, 50u);
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<CombatTable>(DatKind::Portal, kDid,
                                                              handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u8(0xAB);
        const CombatTable table = CombatTable::decode(b.data, kDid);
        QCOMPARE(table.trailing, std::vector<std::uint8_t>{0xAB});
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "combatTable"))
            return;
    }

    void roundTripsThroughJson() {
        const CombatTable table = CombatTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "combatTable"))
            return;
        const QJsonObject first = table.toJson()["maneuvers"].toArray()[0].toObject();
        QCOMPARE(first["motion"].toString(), QString("0x10000058"));
    }

    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonError<CombatTable>(
            QJsonObject{{"maneuvers", QJsonArray{QJsonObject{{"attackType", "slash"}}}}},
            "combatTable", kDid, "combatTable.maneuvers[0].attackType", "expected an unsigned");
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<CombatTable>(bytes.data, 0x06, "combatTable.maneuvers",
                                                         0x04, kDid);
        portalkit::testing::checkTruncation<CombatTable>(bytes.data, 0x2F, "combatTable.maneuvers",
                                                         0x04, kDid);
    }
};

QTEST_APPLESS_MAIN(TestCombatTable)
#include "tst_combat_table.moc"
