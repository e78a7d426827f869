#include "datreader/records/action_map.h"
#include "support/demo_source.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x26000000;

// One action's 25 bytes: the 13-byte header as DatReaderWriter splits it, then the binding.
// ACE reads the same 13 bytes as u8, u32, u32, u32: its first two fields are bytes 0–4, its
// "UnknownInt2" is what we call toggleType (bytes 5–8) and its "ToggleType" is our dummyCount
// (bytes 9–12). The sources disagree only on names and on the split of bytes 0–4.
Bytes& action(Bytes& b, std::uint32_t toggle, std::uint32_t actionClass, std::uint32_t name,
              std::uint32_t description) {
    b.u32(0);      // +0x00 magic (ACE: its u8 and the low three bytes of UnknownInt)
    b.u8(0);       // +0x04 unknownByte (ACE: the top byte of UnknownInt)
    b.u32(toggle); // +0x05 toggleType (ACE: UnknownInt2)
    b.u32(0);      // +0x09 dummyCount (ACE: ToggleType)
    return b.u32(actionClass).u32(name).u32(description); // +0x0D binding
}

// A movement map with two actions, the string table, and one conflict entry.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                              // 0x00 id
    b.u8(23).u8(1);                           // 0x04 inputMaps: bucket byte 23, one map
    b.u32(0x10000001);                        // 0x06 input map key (movement)
    b.u8(11).u8(2);                           // 0x0A its actions: bucket byte 11, two
    b.u32(0x00000001);                        // 0x0C action key (forward)
    action(b, 1, 1, 0xA0A0A001, 0xB0B0B001);  // 0x10 momentary, class 1, name, description
    b.u32(0x00000002);                        // 0x29 action key (autorun)
    action(b, 2, 1, 0xA0A0A002, 0xB0B0B002);  // 0x2D toggle
    b.u32(0x23000005);                        // 0x46 stringTable
    b.u8(1).u8(1);                            // 0x4A conflicts: bucket byte 1, one entry
    b.u32(0x10000001);                        // 0x4C key
    b.u32(0x10000001);                        // 0x50 inputMap
    b.u32(2).u32(0x10000002).u32(0x10000003); // 0x54 two conflicting maps
    return b;                                 // 0x60
}

ActionMap demoRecord() {
    const auto record = portalkit::testing::demoSourceRecord(kDid);
    if (!record)
        qFatal("no ActionMap in %s", PORTALKIT_DEMO_SOURCE);
    return ActionMap::fromJson(JsonNode(*record, "actionMap", kDid), kDid);
}

} // namespace

class TestActionMap : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const ActionMap map = ActionMap::decode(bytes.data, kDid);
        QCOMPARE(map.inputMaps.bucketIndex, std::uint8_t(23));
        QCOMPARE(map.inputMaps.entries.size(), std::size_t(1));
        const auto& movement = map.inputMaps.entries[0];
        QCOMPARE(movement.key, 0x10000001u);
        QCOMPARE(movement.value.bucketIndex, std::uint8_t(11));
        QCOMPARE(movement.value.entries.size(), std::size_t(2));
        const ActionMapValue& forward = movement.value.entries[0].value;
        QCOMPARE(forward.toggleType, 1u);
        QCOMPARE(forward.binding.actionClass, 1u);
        QCOMPARE(forward.binding.actionName, 0xA0A0A001u);
        QCOMPARE(forward.binding.description, 0xB0B0B001u);
        QCOMPARE(movement.value.entries[1].key, 2u);
        QCOMPARE(movement.value.entries[1].value.toggleType, 2u);
        QCOMPARE(map.stringTable, 0x23000005u);
        QCOMPARE(map.conflicts.bucketIndex, std::uint8_t(1));
        const ActionMapConflicts& conflict = map.conflicts.entries.at(0).value;
        QCOMPARE(conflict.inputMap, 0x10000001u);
        QCOMPARE(conflict.conflicting, (std::vector<std::uint32_t>{0x10000002, 0x10000003}));
        QVERIFY(map.trailing.empty());
        QCOMPARE(map.encode(), bytes.data);
    }

    // Every byte of the disputed header lands in exactly one field and is written back, whatever
    // its value: distinct bytes show which field took which.
    void keepsEveryHeaderByte() {
        Bytes b = handWritten();
        const std::uint8_t odd[13] = {0xA1, 0xA2, 0xA3, 0xA4, 0xB5, 0x07, 0x00,
                                      0x00, 0x00, 0xC6, 0xC7, 0xC8, 0xC9};
        std::copy(std::begin(odd), std::end(odd), b.data.begin() + 0x10);
        const ActionMap map = ActionMap::decode(b.data, kDid);
        const ActionMapValue& value = map.inputMaps.entries[0].value.entries[0].value;
        QCOMPARE(value.magic, 0xA4A3A2A1u);
        QCOMPARE(value.unknownByte, std::uint8_t(0xB5));
        QCOMPARE(value.toggleType, 7u); // a value no reference names stays a number
        QCOMPARE(value.dummyCount, 0xC9C8C7C6u);
        QCOMPARE(map.encode(), b.data);
        if (!jsonRoundTrips(map, kDid, "actionMap"))
            return;
        const QJsonObject json = map.toJson()["inputMaps"][0]["actions"][0].toObject();
        QCOMPARE(json["toggleType"].toInteger(), 7);
        QCOMPARE(json["unknownByte"].toInteger(), 0xB5);
    }

    void keepsTrailingBytesAndLongCounts() {
        Bytes b;
        b.u32(kDid).u8(11).u8(0x80).u8(0x00); // an empty table whose count takes two bytes
        b.u32(0x23000005).u8(11).u8(0);
        b.u32(0xCDCDCDCD); // trailing
        const ActionMap map = ActionMap::decode(b.data, kDid);
        QCOMPARE(map.inputMaps.countBytes, std::uint8_t(2));
        QCOMPARE(map.trailing.size(), std::size_t(4));
        QCOMPARE(map.encode(), b.data);
        if (!jsonRoundTrips(map, kDid, "actionMap"))
            return;
    }

    // The registry picks this decoder for the DID's range and gives the same bytes back.
    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<ActionMap>(DatKind::Portal, kDid,
                                                            handWritten().data);
    }

    void roundTripsThroughJson() {
        const ActionMap map = ActionMap::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(map, kDid, "actionMap"))
            return;
        const QJsonObject json = map.toJson();
        QCOMPARE(json["stringTable"].toString(), QString("0x23000005"));
        const QJsonObject forward = json["inputMaps"][0]["actions"][0].toObject();
        QCOMPARE(forward["toggleType"].toString(), QString("momentary"));
        QCOMPARE(forward["actionName"].toString(), QString("0xA0A0A001"));
        QVERIFY(!forward.contains("magic")); // zero raw fields are left out
    }

    // A short source gets plausible defaults: bucket bytes from the entry counts, a conflict's
    // input map from its key, zero raw header fields.
    void shortSourceTakesDefaults() {
        const ActionMap map = portalkit::testing::fromSource<ActionMap>(
            R"({"inputMaps": [{"inputMap": "0x10000001",
                               "actions": [{"action": 1, "toggleType": "impulse"}]}],
                "conflicts": [{"key": "0x10000001", "conflicting": ["0x10000002"]}]})",
            "actionMap", kDid);
        QCOMPARE(map.id, kDid);
        QCOMPARE(map.inputMaps.bucketIndex, std::uint8_t(11));
        QCOMPARE(map.inputMaps.entries[0].value.entries[0].value.toggleType, 3u);
        QCOMPARE(map.conflicts.entries[0].value.inputMap, 0x10000001u);
        const ActionMap back = ActionMap::decode(map.encode(), kDid);
        QCOMPARE(back, map);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        const QJsonObject badToggle{{"action", 1}, {"toggleType", "sometimes"}};
        QTest::newRow("unknown toggle type")
            << QJsonObject{{"inputMaps", QJsonArray{QJsonObject{
                                             {"inputMap", 1}, {"actions", QJsonArray{badToggle}}}}}}
            << "actionMap.inputMaps[0].actions[0].toggleType"
            << "unknown toggle type";
        QTest::newRow("action without its key")
            << QJsonObject{{"inputMaps",
                            QJsonArray{QJsonObject{{"inputMap", 1},
                                                   {"actions", QJsonArray{QJsonObject{}}}}}}}
            << "actionMap.inputMaps[0].actions[0].action"
            << "";
        QTest::newRow("bucket byte too large")
            << QJsonObject{{"conflictsBuckets", 300}} << "actionMap.conflictsBuckets"
            << "";
        QTest::newRow("count width that cannot be")
            << QJsonObject{{"inputMapsCountBytes", 3}} << "actionMap.inputMapsCountBytes"
            << "1, 2 or 4";
        QTest::newRow("conflicting map not a number")
            << QJsonObject{{"conflicts",
                            QJsonArray{QJsonObject{{"key", 1}, {"conflicting", QJsonArray{"x"}}}}}}
            << "actionMap.conflicts[0].conflicting[0]"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<ActionMap>("actionMap", kDid);
    }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        const auto row = portalkit::testing::truncationRow;
        row("id", 0x02, "id", 0x00);
        row("input maps bucket byte", 0x04, "actionMap.inputMaps.buckets", 0x04);
        row("input maps count", 0x05, "actionMap.inputMaps", 0x05);
        row("input map promised, then cut", 0x08, "actionMap.inputMaps", 0x05);
        row("actions promised, then cut", 0x20, "actionMap.actions", 0x0B);
        row("string table", 0x48, "actionMap.stringTable", 0x46);
        row("conflicts bucket byte", 0x4A, "actionMap.conflicts.buckets", 0x4A);
        row("conflicts count", 0x4B, "actionMap.conflicts", 0x4B);
        row("conflict promised, then cut", 0x52, "actionMap.conflicts", 0x4B);
        row("conflicting maps promised, then cut", 0x5E, "actionMap.conflict.conflicting", 0x54);
    }
    void truncationNamesFieldAndOffset() {
        // Every item here has a fixed smallest size and each count is checked against the bytes
        // left before its items are read, so a cut inside the items is reported at the count
        // that promised them ("cannot fit"), never as a half-read field.
        portalkit::testing::checkTruncationRow<ActionMap>(handWritten().data, kDid);
    }

    // Two input maps and two conflicts, the first of each larger than its smallest size, so a
    // cut in the second one's own fields is reached before any count runs short.
    void truncationInALaterEntryNamesItsField_data() {
        portalkit::testing::addTruncationColumns();
        const auto row = portalkit::testing::truncationRow;
        row("second input map key", 0x2B, "actionMap.inputMaps.key", 0x29);
        row("its bucket byte", 0x2D, "actionMap.actions.buckets", 0x2D);
        row("its actions count", 0x2E, "actionMap.actions", 0x2E);
        row("second conflict key", 0x4F, "actionMap.conflicts.key", 0x4D);
        row("its input map", 0x53, "actionMap.conflict.inputMap", 0x51);
        row("its conflicting count", 0x57, "actionMap.conflict.conflicting", 0x55);
    }
    void truncationInALaterEntryNamesItsField() {
        Bytes b;
        b.u32(kDid);                                 // 0x00 id
        b.u8(11).u8(2);                              // 0x04 two input maps
        b.u32(1).u8(11).u8(1).u32(0x101);            // 0x06 map 1: one action, its key
        action(b, 1, 1, 0xA0A0A001, 0xB0B0B001);     // 0x10 the action
        b.u32(2).u8(11).u8(0);                       // 0x29 map 2: no actions
        b.u32(0x23000005);                           // 0x2F stringTable
        b.u8(1).u8(2);                               // 0x33 two conflicts
        b.u32(1).u32(1).u32(3).u32(2).u32(3).u32(4); // 0x35 conflict 1: three maps
        b.u32(2).u32(2).u32(0);                      // 0x4D conflict 2: none
        QCOMPARE(ActionMap::decode(b.data, kDid).encode(), b.data); // 0x59: the whole is valid
        portalkit::testing::checkTruncationRow<ActionMap>(b.data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u8(11).u8(0x7F); // 127 input maps need at least 762 bytes
        b.u32(0x23000005).u8(11).u8(0);
        const auto error = errorFrom([&] { ActionMap::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
    }

    void demoRecordEncodesAndDecodes() {
        const ActionMap map = demoRecord();
        QVERIFY(map.inputMaps.entries.size() >= 2);
        QCOMPARE(map.stringTable & 0xFF000000u, 0x23000000u);
        QVERIFY(!map.conflicts.entries.empty());
        QCOMPARE(ActionMap::decode(map.encode(), kDid), map);
        if (!jsonRoundTrips(map, kDid, "actionMap"))
            return;
    }
};

QTEST_APPLESS_MAIN(TestActionMap)
#include "tst_action_map.moc"
