#include "datreader/records/key_map.h"
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

constexpr std::uint32_t kDid = 0x14000000;

// The GUID 01234567-89ab-cdef-0011-223344556677 as stored: Data1..Data3 little-endian.
Bytes& guid(Bytes& b, std::uint8_t last) {
    b.u32(0x01234567).u16(0x89AB).u16(0xCDEF);
    return b.u8(0x00).u8(0x11).u8(0x22).u8(0x33).u8(0x44).u8(0x55).u8(0x66).u8(last);
}

// A keyboard and a mouse, one meta key, a map with one binding and an empty map.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                             // 0x00 id
    b.u8(4).u8('d').u8('e').u8('m').u8('o'); // 0x04 name: compressed length, bytes, no fill
    guid(b, 0x77);                           // 0x09 guidMap
    b.u32(2);                                // 0x19 two devices
    guid(b.u8(1), 0x01);                     // 0x1D keyboard, its GUID
    guid(b.u8(2), 0x02);                     // 0x2E mouse, its GUID
    b.u32(1);                                // 0x3F one meta key
    b.u32(0x2A).u32(1);                      // 0x43 left shift, modifier bit 1
    b.u32(2);                                // 0x4B two input maps
    b.u32(0x00000001);                       // 0x4F input map key
    b.u32(1);                                // 0x53 one binding
    b.u32(0x11).u32(0).u32(1).u32(0x101);    // 0x57 key W, no modifier, activation, unknown
    b.u32(0x00000002).u32(0);                // 0x67 second map, no bindings
    return b;                                // 0x6F
}

KeyMap demoRecord() {
    const auto record = portalkit::testing::demoSourceRecord(kDid);
    if (!record)
        qFatal("no KeyMap in %s", PORTALKIT_DEMO_SOURCE);
    return KeyMap::fromJson(JsonNode(*record, "keyMap", kDid), kDid);
}

} // namespace

class TestKeyMap : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const KeyMap map = KeyMap::decode(bytes.data, kDid);
        QCOMPARE(map.name.text, std::string("demo"));
        QCOMPARE(keyMapGuidText(map.guidMap), QString("01234567-89ab-cdef-0011-223344556677"));
        QCOMPARE(map.devices.size(), std::size_t(2));
        QCOMPARE(map.devices[0].type, std::uint8_t(1));
        QCOMPARE(map.devices[1].type, std::uint8_t(2));
        QCOMPARE(map.devices[1].guid.bytes[15], std::uint8_t(0x02));
        QCOMPARE(map.metaKeys, (std::vector<KeyMapControl>{{0x2A, 1}}));
        QCOMPARE(map.inputMaps.size(), std::size_t(2));
        QCOMPARE(map.inputMaps[0].key, 1u);
        const KeyMapBinding& w = map.inputMaps[0].value.at(0);
        QCOMPARE(w.control.key, 0x11u);
        QCOMPARE(w.control.modifier, 0u);
        QCOMPARE(w.activation, 1u);
        QCOMPARE(w.unknown, 0x101u);
        QCOMPARE(map.inputMaps[1].key, 2u);
        QVERIFY(map.inputMaps[1].value.empty());
        QVERIFY(map.trailing.empty());
        QCOMPARE(map.encode(), bytes.data);
    }

    void keepsTrailingBytesAndLongNameLength() {
        Bytes b;
        b.u32(kDid).u8(0x80).u8(0x02).u8('g').u8('m'); // a length of 2 in the two-byte form
        guid(b, 0x77).u32(0).u32(0).u32(0);
        b.u8(0xEE).u8(0xFF); // trailing
        const KeyMap map = KeyMap::decode(b.data, kDid);
        QCOMPARE(map.name.lengthBytes, std::uint8_t(2));
        QCOMPARE(map.trailing, (std::vector<std::uint8_t>{0xEE, 0xFF}));
        QCOMPARE(map.encode(), b.data);
        if (!jsonRoundTrips(map, kDid, "keyMap"))
            return;
    }

    // The registry picks this decoder for the DID's range and gives the same bytes back.
    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<KeyMap>(DatKind::Portal, kDid, handWritten().data);
    }

    void roundTripsThroughJson() {
        const KeyMap map = KeyMap::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(map, kDid, "keyMap"))
            return;
        const QJsonObject json = map.toJson();
        QCOMPARE(json["name"].toString(), QString("demo"));
        QCOMPARE(json["devices"][0]["type"].toString(), QString("keyboard"));
        QCOMPARE(json["devices"][1]["guid"].toString(),
                 QString("01234567-89ab-cdef-0011-223344556602"));
        QCOMPARE(json["inputMaps"][0]["inputMap"].toString(), QString("0x00000001"));
        QCOMPARE(json["inputMaps"][0]["bindings"][0]["key"].toInteger(), 0x11);
    }

    // Upper-case GUIDs, unnamed device types and left-out fields are accepted.
    void shortSourceTakesDefaults() {
        const KeyMap map = portalkit::testing::fromSource<KeyMap>(
            R"({"guidMap": "01234567-89AB-CDEF-0011-223344556677",
                "devices": [{"type": 9}],
                "inputMaps": [{"inputMap": 3, "bindings": [{"key": "0x39"}]}]})",
            "keyMap", kDid);
        QCOMPARE(map.guidMap, KeyMap::decode(handWritten().data, kDid).guidMap);
        QCOMPARE(map.devices.at(0).type, std::uint8_t(9));
        QCOMPARE(map.devices.at(0).guid, KeyMapGuid{});
        QCOMPARE(map.inputMaps.at(0).value.at(0).control.key, 0x39u);
        QVERIFY(map.name.text.empty());
        QCOMPARE(KeyMap::decode(map.encode(), kDid), map);
        QCOMPARE(map.toJson()["devices"][0]["type"].toInteger(), 9);
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("GUID too short")
            << QJsonObject{{"guidMap", "01234567-89ab"}} << "keyMap.guidMap"
            << "a GUID is written";
        QTest::newRow("GUID with a bad digit")
            << QJsonObject{{"guidMap", "0123456g-89ab-cdef-0011-223344556677"}} << "keyMap.guidMap"
            << "hex digits";
        QTest::newRow("GUID dash misplaced")
            << QJsonObject{{"guidMap", "012345678-9ab-cdef-0011-223344556677"}} << "keyMap.guidMap"
            << "a GUID is written";
        QTest::newRow("unknown device type")
            << QJsonObject{{"devices", QJsonArray{QJsonObject{{"type", "trackball"}}}}}
            << "keyMap.devices[0].type"
            << "unknown device type";
        QTest::newRow("binding without a key")
            << QJsonObject{{"inputMaps",
                            QJsonArray{QJsonObject{{"inputMap", 1},
                                                   {"bindings", QJsonArray{QJsonObject{}}}}}}}
            << "keyMap.inputMaps[0].bindings[0].key"
            << "";
        QTest::newRow("name not text") << QJsonObject{{"name", 5}} << "keyMap.name"
                                       << "";
    }
    void jsonErrorsNameThePath() { portalkit::testing::checkJsonErrorRow<KeyMap>("keyMap", kDid); }

    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        const auto row = portalkit::testing::truncationRow;
        row("id", 0x02, "id", 0x00);
        row("name length", 0x04, "keyMap.name", 0x04);
        row("name bytes", 0x07, "keyMap.name", 0x05);
        row("guid map", 0x10, "keyMap.guidMap", 0x09);
        row("devices count", 0x1B, "keyMap.devices", 0x19);
        row("devices promised, then cut", 0x30, "keyMap.devices", 0x19);
        row("meta keys count", 0x41, "keyMap.metaKeys", 0x3F);
        row("meta key promised, then cut", 0x45, "keyMap.metaKeys", 0x3F);
        row("input maps count", 0x4D, "keyMap.inputMaps", 0x4B);
        row("input maps promised, then cut", 0x52, "keyMap.inputMaps", 0x4B);
        row("bindings promised, then cut", 0x60, "keyMap.inputMap.bindings", 0x53);
        row("second input map key", 0x69, "keyMap.inputMap.key", 0x67);
        row("second bindings count", 0x6D, "keyMap.inputMap.bindings", 0x6B);
    }
    void truncationNamesFieldAndOffset() {
        // A count is checked against the bytes left before its items are read, so a cut inside
        // fixed-size items names the count that promised them; the input maps' smallest size
        // (an empty map) lets a cut in a later map's own fields be named.
        portalkit::testing::checkTruncationRow<KeyMap>(handWritten().data, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u8(0);
        guid(b, 0).u32(0x10000000); // devices: far more than the bytes left
        const auto error = errorFrom([&] { KeyMap::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
    }

    void demoRecordEncodesAndDecodes() {
        const KeyMap map = demoRecord();
        QCOMPARE(map.devices.size(), std::size_t(2));
        QCOMPARE(map.devices[0].type, std::uint8_t(1)); // keyboard
        QCOMPARE(map.devices[1].type, std::uint8_t(2)); // mouse
        QVERIFY(!map.inputMaps.empty());
        QCOMPARE(KeyMap::decode(map.encode(), kDid), map);
        if (!jsonRoundTrips(map, kDid, "keyMap"))
            return;
    }
};

QTEST_APPLESS_MAIN(TestKeyMap)
#include "tst_key_map.moc"
