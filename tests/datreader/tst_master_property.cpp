#include "datreader/records/master_property.h"
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

constexpr std::uint32_t kDid = 0x39000001;

Bytes& pstring(Bytes& b, const char* s) {
    b.u8(std::uint8_t(std::strlen(s)));
    for (; *s; ++s)
        b.u8(std::uint8_t(*s));
    return b;
}

// The fixed part of a description after its values: timeout, four enum bytes, eight flags.
Bytes& descTail(Bytes& b, float timeout, std::uint8_t readOnly) {
    b.f32(timeout);
    b.u8(2).u8(0).u8(4).u8(0);                    // inheritance, datFileType, propagation, caching
    b.u8(0).u8(readOnly).u8(0).u8(0).u8(0).u8(0); // required, readOnly, ... groupable
    b.u8(0).u8(0);                                // (groupable), propagateToChildren
    return b;
}

// Two names, then a float property with default, max and min and one available property, and a
// bool property whose default sits behind an odd presence byte.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                                       // 0x00 id
    b.u32(0).u32(0);                                   // 0x04 baseEnumMap, 0x08 unknown
    b.u8(0).u8(2);                                     // 0x0C names: bucket index 0, count 2
    pstring(b.u32(0x10), "Opacity");                   // 0x0E key, 0x12 name
    pstring(b.u32(0x11), "Locked");                    // 0x1A key, 0x1E name
    b.u8(0).u8(2);                                     // 0x25 properties: index 0, count 2
    b.u32(0x10).u32(0x10).u32(4);                      // 0x27 key, 0x2B name, 0x2F type float
    b.u32(8).u32(0).u32(0).u32(0);                     // 0x33 group, provider, data, patchFlags
    b.u8(1).f32(1.0f).u8(1).f32(1.0f).u8(1).f32(0.0f); // 0x43 default, 0x48 max, 0x4D min
    descTail(b, 1.5f, 1);                              // 0x52 timeout, 0x56 enums, 0x5A flags
    b.u8(1).u8(1).u32(0x11).u32(1);                    // 0x62 available: 1 bucket, 1 entry
    b.u32(0x11).u32(0x11).u32(1);                      // 0x6C key, 0x70 name, 0x74 type bool
    b.u32(8).u32(0).u32(0).u32(0);                     // 0x78 group ... patchFlags
    b.u8(2).u8(1).u8(0).u8(0); // 0x88 default (present 2) true, 0x8A max, min
    descTail(b, 0.0f, 0);      // 0x8C timeout, 0x90 enums, 0x94 flags
    b.u8(1).u8(0);             // 0x9C available: 1 bucket, none
    return b;                  // 0x9E
}

// handWritten with one more description whose value type the references do not size.
Bytes withStringDefault() {
    Bytes b = handWritten();
    b.data[0x26] = 3;                    // three properties
    b.u32(0x12).u32(0x12).u32(7);        // 0x9E key, name, type string
    b.u32(0).u32(0).u32(0).u32(0).u8(1); // group ... patchFlags, a default present
    b.u8(3).u8('a').u8('b').u8('c');     // whatever a string default is
    return b;
}

} // namespace

class TestMasterProperty : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const MasterProperty master = MasterProperty::decode(bytes.data, kDid);
        QCOMPARE(master.enumMapper.names.entries.size(), std::size_t(2));
        QCOMPARE(master.nameOf(0x10), std::string("Opacity"));
        QCOMPARE(master.nameOf(0x11), std::string("Locked"));
        QCOMPARE(master.properties.size(), std::size_t(2));
        const PropertyDesc& opacity = master.properties[0].value;
        QCOMPARE(opacity.type, std::uint32_t(PropertyType::Float));
        QCOMPARE(opacity.group, 8u);
        QCOMPARE(opacity.defaultValue.value.asFloat(), 1.0f);
        QCOMPARE(opacity.maxValue.value.asFloat(), 1.0f);
        QCOMPARE(opacity.minValue.present, std::uint8_t(1));
        QCOMPARE(opacity.minValue.value.asFloat(), 0.0f);
        QCOMPARE(opacity.predictionTimeout, 1.5f);
        QCOMPARE(opacity.inheritance, std::uint8_t(2));
        QCOMPARE(opacity.propagation, std::uint8_t(4));
        QCOMPARE(opacity.flags[1], std::uint8_t(1)); // readOnly
        QCOMPARE(opacity.available.size(), std::size_t(1));
        QCOMPARE(opacity.available[0].key, 0x11u);
        const PropertyDesc& locked = master.properties[1].value;
        QCOMPARE(locked.type, std::uint32_t(PropertyType::Bool));
        QCOMPARE(locked.defaultValue.present, std::uint8_t(2));
        QVERIFY(locked.defaultValue.value.asBool());
        QCOMPARE(locked.maxValue.present, std::uint8_t(0));
        QVERIFY(!master.isRaw());
        QCOMPARE(master.encode(), bytes.data);
    }

    void givesTheTypesOtherRecordsNeed() {
        const PropertyTypes types =
            MasterProperty::decode(handWritten().data, kDid).propertyTypes();
        QCOMPARE(types.typeOf(0x10), std::optional(std::uint32_t(PropertyType::Float)));
        QCOMPARE(types.typeOf(0x11), std::optional(std::uint32_t(PropertyType::Bool)));
        QVERIFY(!types.typeOf(0x12));
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u32(0xCDCDCDCD);
        const MasterProperty master = MasterProperty::decode(b.data, kDid);
        QCOMPARE(master.trailing.size(), std::size_t(4));
        QCOMPARE(master.encode(), b.data);
        if (!jsonRoundTrips(master, kDid, "masterProperty"))
            return;
    }

    // The registry picks this decoder for the DID's range and gives the same bytes back.
    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<MasterProperty>(DatKind::Portal, kDid,
                                                                 handWritten().data);
    }

    void roundTripsThroughJson() {
        const MasterProperty master = MasterProperty::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(master, kDid, "masterProperty"))
            return;
        const QJsonObject locked = master.toJson()["properties"].toArray()[1].toObject();
        QCOMPARE(locked["type"].toString(), QString("bool"));
        QCOMPARE(locked["default"].toBool(), true);
        QCOMPARE(locked["defaultPresent"].toInt(), 2);
        QVERIFY(!locked.contains("max"));
    }

    // A string default has no size both references agree on: the descriptions before it stay
    // structured, it and everything after are kept raw, and the bytes still come back exactly.
    void unsizedDefaultKeepsTheRestRaw() {
        const Bytes bytes = withStringDefault();
        const MasterProperty master = MasterProperty::decode(bytes.data, kDid);
        QCOMPARE(master.properties.size(), std::size_t(2));
        QCOMPARE(master.rawCount, 1u);
        QCOMPARE(master.rawProperties,
                 std::vector<std::uint8_t>(bytes.data.begin() + 0x9E, bytes.data.end()));
        QVERIFY2(master.rawReason.find("string") != std::string::npos, master.rawReason.c_str());
        QVERIFY(master.trailing.empty());
        QCOMPARE(master.encode(), bytes.data);
        if (!jsonRoundTrips(master, kDid, "masterProperty"))
            return;
        QCOMPARE(master.toJson()["rawCount"].toInt(), 1);
    }

    // ACE reads a bool's max as an i32, DatReaderWriter as one byte: such a bound is not guessed.
    void boolBoundIsNotGuessed() {
        Bytes b = handWritten();
        b.data[0x8A] = 1; // the bool property's max is present
        b.u32(0);         // some bytes a bound could take
        const MasterProperty master = MasterProperty::decode(b.data, kDid);
        QCOMPARE(master.properties.size(), std::size_t(1));
        QCOMPARE(master.rawCount, 1u);
        QVERIFY2(master.rawReason.find("ACE") != std::string::npos, master.rawReason.c_str());
        QCOMPARE(master.encode(), b.data);
    }

    void countWidthIsKept() {
        Bytes b;
        b.u32(kDid).u32(0).u32(0).u8(0).u8(0x80).u8(0); // names: count 0 in the two-byte form
        b.u8(0).u8(0);                                  // no properties
        const MasterProperty master = MasterProperty::decode(b.data, kDid);
        QCOMPARE(master.enumMapper.names.countBytes, std::uint8_t(2));
        QCOMPARE(master.encode(), b.data);
    }

    // Each table's count must fit the bytes left at the least an entry takes (49 bytes a
    // description), so a cut inside an entry is only seen as such once that bound holds; cuts
    // before it fail at the count (countBeyondTheBytesLeftIsRejected).
    void truncationNamesFieldAndOffset_data() {
        portalkit::testing::addTruncationColumns();
        QTest::newRow("id") << 0x02 << "id" << 0x00;
        QTest::newRow("unknown") << 0x0A << "masterProperty.enumMapper.unknown" << 0x08;
        QTest::newRow("name") << 0x20 << "masterProperty.enumMapper.name" << 0x1F;
        QTest::newRow("table") << 0x30 << "masterProperty.properties" << 0x26;
        QTest::newRow("default") << 0x89 << "masterProperty.desc.default" << 0x89;
        QTest::newRow("timeout") << 0x8D << "masterProperty.desc.predictionTimeout" << 0x8C;
        QTest::newRow("flags") << 0x96 << "masterProperty.desc.flags" << 0x96;
        QTest::newRow("available") << 0x9C << "masterProperty.desc.available" << 0x9C;
    }
    void truncationNamesFieldAndOffset() {
        portalkit::testing::checkTruncationRow<MasterProperty>(handWritten().data, kDid);
    }

    // The first description alone, its available-properties count past the bytes left.
    void availableCountIsBounded() {
        Bytes one = handWritten();
        one.data.resize(0x6C);
        one.data[0x26] = 1;
        QCOMPARE(MasterProperty::decode(one.data, kDid).properties.size(), std::size_t(1));
        portalkit::testing::checkTruncation<MasterProperty>(
            one.data, 0x6A, "masterProperty.desc.available", 0x63, kDid);
    }

    void truncationSaysWhichProperty() {
        const Bytes bytes = handWritten();
        const std::span<const std::uint8_t> cut(bytes.data.data(), 0x8D);
        const auto error = errorFrom([&] { MasterProperty::decode(cut, kDid); });
        QVERIFY(error && mentions(*error, "reading property 1"));
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u32(0).u32(0).u8(0).u8(0).u8(0).u8(0x7F); // 127 descriptions, no bytes
        const auto error = errorFrom([&] { MasterProperty::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        Bytes c = handWritten();
        c.data[0x63] = 200; // 200 available properties in 8 bytes
        const auto available = errorFrom([&] { MasterProperty::decode(c.data, kDid); });
        QVERIFY(available && mentions(*available, "cannot fit"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        const auto props = [](QJsonObject desc) {
            desc["key"] = "0x10";
            return QJsonObject{{"properties", QJsonArray{desc}}};
        };
        QTest::newRow("unknown type")
            << props({{"type", "quaternion"}}) << "masterProperty.properties[0].type"
            << "not a property type";
        QTest::newRow("unsized default") << props({{"type", "string"}, {"default", "abc"}})
                                         << "masterProperty.properties[0].default"
                                         << "size is not known";
        QTest::newRow("float default not a number") << props({{"type", "float"}, {"default", true}})
                                                    << "masterProperty.properties[0].default"
                                                    << "";
        QTest::newRow("vector of two") << props({{"type", "vector"}, {"default", QJsonArray{1, 2}}})
                                       << "masterProperty.properties[0].default"
                                       << "[x, y, z]";
        QTest::newRow("raw count alone")
            << QJsonObject{{"rawCount", 2}} << "masterProperty.rawCount"
            << "needs rawProperties";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<MasterProperty>("masterProperty", kDid);
    }

    // A hand-written source: left-out fields default, the bucket index is the writer's.
    void shortSourceGetsDefaults() {
        const MasterProperty master = portalkit::testing::fromSource<MasterProperty>(
            R"({"properties": [{"key": "0x20", "type": "dataId", "default": "0x06000E11"}]})",
            "masterProperty", kDid);
        QCOMPARE(master.properties.size(), std::size_t(1));
        const PropertyDesc& desc = master.properties[0].value;
        QCOMPARE(desc.name, 0x20u);
        QCOMPARE(desc.defaultValue.value.asU32(), 0x06000E11u);
        QCOMPARE(desc.availableBuckets, std::uint8_t(1));
        QCOMPARE(MasterProperty::decode(master.encode(), kDid), master);
    }

    void demoRecordIsValid() {
        QFile file(PORTALKIT_DEMO_SOURCE);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray records = QJsonDocument::fromJson(file.readAll())["records"].toArray();
        bool found = false;
        for (const QJsonValue& record : records) {
            if (record["id"].toString() != "0x39000001")
                continue;
            found = true;
            const MasterProperty master =
                MasterProperty::fromJson(JsonNode(record, "demo", kDid), kDid);
            QVERIFY(master.properties.size() >= 5);
            QVERIFY(!master.isRaw());
            QCOMPARE(MasterProperty::decode(master.encode(), kDid), master);
            for (const auto& entry : master.properties)
                QVERIFY2(!master.nameOf(entry.key).empty(), "every demo property is named");
        }
        QVERIFY(found);
    }
};

QTEST_APPLESS_MAIN(TestMasterProperty)
#include "tst_master_property.moc"
