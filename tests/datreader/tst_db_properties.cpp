#include "datreader/container/dat_writer.h"
#include "datreader/records/db_properties.h"
#include "datreader/records/master_property.h"
#include "datreader/records/record_in_dat.h"
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
#include <map>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::checkEntryError;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x78000000;

// What a MasterProperty would say about the ids below.
PropertyTypes lookup() {
    PropertyTypes types;
    types.byId = {{0x10, std::uint32_t(PropertyType::Float)},
                  {0x11, std::uint32_t(PropertyType::Bool)},
                  {0x12, std::uint32_t(PropertyType::Array)},
                  {0x13, std::uint32_t(PropertyType::Integer)},
                  {0x14, std::uint32_t(PropertyType::Struct)}};
    return types;
}

// A float, a bool, an array of two integers, and a struct holding a bool.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                          // 0x00 id
    b.u8(1).u8(4);                        // 0x04 bucket byte, 0x05 count 4
    b.u32(0x10).u32(0x10).f32(0.75f);     // 0x06 key, 0x0A property, 0x0E float
    b.u32(0x11).u32(0x11).u8(1);          // 0x12 key, 0x16 property, 0x1A bool
    b.u32(0x12).u32(0x12).u32(2);         // 0x1B key, 0x1F property, 0x23 array count
    b.u32(0x13).i32(-5).u32(0x13).i32(7); // 0x27 element: property, int; 0x2F second
    b.u32(0x14).u32(0x14).u8(1).u8(1);    // 0x37 key, 0x3B property, 0x3F buckets, 0x40 count
    b.u32(0x11).u32(0x11).u8(0);          // 0x41 member key, 0x45 property, 0x49 bool
    return b;                             // 0x4A
}

std::vector<std::uint8_t> from(const Bytes& b, std::size_t offset) {
    return {b.data.begin() + std::ptrdiff_t(offset), b.data.end()};
}

} // namespace

class TestDbProperties : public QObject {
    Q_OBJECT

  private slots:
    void decodesWithTheMasterPropertyTypes() {
        const Bytes bytes = handWritten();
        const DbProperties table = DbProperties::decode(bytes.data, kDid, lookup());
        QVERIFY(!table.isRaw());
        QCOMPARE(table.buckets, std::uint8_t(1));
        QCOMPARE(table.properties.size(), std::size_t(4));
        QCOMPARE(table.properties[0].key, 0x10u);
        QCOMPARE(table.properties[0].value.asFloat(), 0.75f);
        QVERIFY(table.properties[1].value.asBool());
        const PropertyValue& array = table.properties[2].value;
        QCOMPARE(array.items.size(), std::size_t(2));
        QCOMPARE(array.items[0].propertyId, 0x13u);
        QCOMPARE(array.items[0].value.asInt(), -5);
        QCOMPARE(array.items[1].value.asInt(), 7);
        const PropertyValue& members = table.properties[3].value;
        QCOMPARE(members.buckets, std::uint8_t(1));
        QCOMPARE(members.items.size(), std::size_t(1));
        QCOMPARE(members.items[0].key, 0x11u);
        QVERIFY(!members.items[0].value.asBool());
        QCOMPARE(table.encode(), bytes.data);
    }

    // Without the MasterProperty nothing sizes the values: the entries stay raw and exact.
    void withoutTypesKeepsTheEntriesRaw() {
        const Bytes bytes = handWritten();
        const DbProperties table = DbProperties::decode(bytes.data, kDid);
        QVERIFY(table.isRaw());
        QVERIFY(table.properties.empty());
        QCOMPARE(table.rawCount, 4u);
        QCOMPARE(table.rawProperties, from(bytes, 0x06));
        QVERIFY2(table.rawReason.find("MasterProperty") != std::string::npos,
                 table.rawReason.c_str());
        QCOMPARE(table.encode(), bytes.data);
        if (!jsonRoundTrips(table, kDid, "dbProperties"))
            return;
        QCOMPARE(table.typed(lookup()), DbProperties::decode(bytes.data, kDid, lookup()));
    }

    void emptyTableNeedsNoTypes() {
        Bytes b;
        b.u32(kDid).u8(0).u8(0);
        const DbProperties table = DbProperties::decode(b.data, kDid);
        QVERIFY(!table.isRaw());
        QCOMPARE(table.buckets, std::uint8_t(0));
        QCOMPARE(table.encode(), b.data);
    }

    // An id the lookup lacks stops the typing there; the entries before it stay typed.
    void unknownIdKeepsTheRestRaw() {
        const Bytes bytes = handWritten();
        PropertyTypes types = lookup();
        types.byId.erase(0x12);
        const DbProperties table = DbProperties::decode(bytes.data, kDid, types);
        QCOMPARE(table.properties.size(), std::size_t(2));
        QCOMPARE(table.rawCount, 2u);
        QCOMPARE(table.rawProperties, from(bytes, 0x1B));
        QVERIFY2(table.rawReason.find("0x00000012") != std::string::npos, table.rawReason.c_str());
        QCOMPARE(table.encode(), bytes.data);
        if (!jsonRoundTrips(table, kDid, "dbProperties"))
            return;
    }

    // A type with no agreed size (a string) is not guessed.
    void unsizedTypeKeepsTheRestRaw() {
        PropertyTypes types = lookup();
        types.byId[0x11] = std::uint32_t(PropertyType::String);
        const Bytes bytes = handWritten();
        const DbProperties table = DbProperties::decode(bytes.data, kDid, types);
        QCOMPARE(table.properties.size(), std::size_t(1));
        QCOMPARE(table.rawCount, 3u);
        QCOMPARE(table.rawProperties, from(bytes, 0x12));
        QVERIFY2(table.rawReason.find("string") != std::string::npos, table.rawReason.c_str());
        QCOMPARE(table.encode(), bytes.data);
    }

    void keepsTrailingBytesAndOddValues() {
        Bytes b = handWritten();
        b.data[0x1A] = 0x7F;                      // a bool stored as 0x7F
        b.data[0x0E] = 0x34, b.data[0x0F] = 0x12; // the float becomes ...
        b.data[0x10] = 0xC0, b.data[0x11] = 0x7F; // ... a NaN with a payload
        b.u32(0xCDCDCDCD);
        const DbProperties table = DbProperties::decode(b.data, kDid, lookup());
        QCOMPARE(table.properties[1].value.bits, std::uint64_t(0x7F));
        QCOMPARE(table.properties[0].value.bits, std::uint64_t(0x7FC01234));
        QCOMPARE(table.trailing.size(), std::size_t(4));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "dbProperties"))
            return;
        const QJsonObject json = table.toJson();
        QCOMPARE(json["properties"].toArray()[1].toObject()["value"].toInt(), 0x7F);
    }

    // The registry picks this decoder for the DID's range and gives the same bytes back.
    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<DbProperties>(DatKind::Portal, kDid,
                                                               handWritten().data);
    }

    void roundTripsThroughJson() {
        const DbProperties table = DbProperties::decode(handWritten().data, kDid, lookup());
        if (!jsonRoundTrips(table, kDid, "dbProperties"))
            return;
        const QJsonArray properties = table.toJson()["properties"].toArray();
        QCOMPARE(properties[0].toObject()["type"].toString(), QString("float"));
        QVERIFY(!properties[0].toObject().contains("property")); // same as its key
        const QJsonArray elements = properties[2].toObject()["value"].toArray();
        QCOMPARE(elements[1].toObject()["value"].toInt(), 7);
    }

    void truncationNamesFieldAndOffset_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("offset");
        // Counts are bounded first (9 bytes an entry), so only cuts past that bound reach an
        // entry's own fields.
        QTest::newRow("count") << 0x05 << "dbProperties.count" << 0x05;
        QTest::newRow("count past the bytes") << 0x10 << "dbProperties.count" << 0x05;
        QTest::newRow("element property")
            << 0x31 << "dbProperties.property.value.element.property" << 0x2F;
        QTest::newRow("element value")
            << 0x35 << "dbProperties.property.value.element.value" << 0x33;
        QTest::newRow("key") << 0x39 << "dbProperties.property.key" << 0x37;
        QTest::newRow("struct buckets") << 0x3F << "dbProperties.property.value.buckets" << 0x3F;
        QTest::newRow("struct count") << 0x47 << "dbProperties.property.value.count" << 0x40;
    }
    void truncationNamesFieldAndOffset() {
        QFETCH(int, length);
        QFETCH(QString, field);
        QFETCH(int, offset);
        const Bytes bytes = handWritten();
        const std::span<const std::uint8_t> cut(bytes.data.data(), std::size_t(length));
        checkEntryError(errorFrom([&] { DbProperties::decode(cut, kDid, lookup()); }), field,
                        std::uint64_t(offset), kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u8(1).u8(3).u32(0x10); // three entries in four bytes
        const auto error = errorFrom([&] { DbProperties::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        Bytes c = handWritten();
        c.data[0x23] = 0xFF; // an array of 255 elements in 36 bytes
        const auto array = errorFrom([&] { DbProperties::decode(c.data, kDid, lookup()); });
        QVERIFY(array && mentions(*array, "cannot fit"));
    }

    // An array whose elements are arrays of itself, nested past the limit, fails cleanly.
    void deepNestingIsRejected() {
        Bytes b;
        b.u32(kDid).u8(1).u8(1).u32(0x12).u32(0x12);
        for (int i = 0; i < 20; ++i)
            b.u32(1).u32(0x12);
        b.u32(0);
        PropertyTypes types;
        types.byId = {{0x12, std::uint32_t(PropertyType::Array)}};
        const auto error = errorFrom([&] { DbProperties::decode(b.data, kDid, types); });
        QVERIFY(error && mentions(*error, "nest deeper"));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        const auto one = [](QJsonObject item) {
            item["key"] = "0x10";
            return QJsonObject{{"properties", QJsonArray{item}}};
        };
        QTest::newRow("no type") << one({{"value", 1}}) << "dbProperties.properties[0].type"
                                 << "";
        QTest::newRow("string value")
            << one({{"type", "string"}, {"value", "x"}}) << "dbProperties.properties[0].value"
            << "size is not known";
        QTest::newRow("bool missing")
            << one({{"type", "bool"}}) << "dbProperties.properties[0].value"
            << "required";
        QTest::newRow("element without property")
            << one({{"type", "array"}, {"value", QJsonArray{QJsonObject{{"type", "bool"}}}}})
            << "dbProperties.properties[0].value[0].property"
            << "";
        QTest::newRow("bitfield64 not hex")
            << one({{"type", "bitfield64"}, {"value", "12"}}) << "dbProperties.properties[0].value"
            << "not a hex number";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<DbProperties>("dbProperties", kDid);
    }

    void everySizedTypeRoundTrips() {
        const DbProperties table = portalkit::testing::fromSource<DbProperties>(
            R"({"properties": [
                {"key": "0x1", "type": "vector", "value": [1, -0.5, "-0"]},
                {"key": "0x2", "type": "color", "value": "0x80FF0000"},
                {"key": "0x3", "type": "bitfield32", "value": "0x00000005"},
                {"key": "0x4", "type": "bitfield64", "value": "0x8000000000000001"},
                {"key": "0x5", "type": "instanceId", "value": "0x50000001"},
                {"key": "0x6", "type": "struct", "value": {"members": [
                    {"key": "0x2", "type": "color", "value": "0xFF000000"}]}}]})",
            "dbProperties", kDid);
        QCOMPARE(table.properties[3].value.bits, std::uint64_t(0x8000000000000001ull));
        PropertyTypes types;
        for (const PropertyItem& item : table.properties)
            types.byId[item.propertyId] = item.value.type;
        const std::vector<std::uint8_t> bytes = table.encode();
        QCOMPARE(bytes.size(), std::size_t(4 + 2 + 6 * 8 + 12 + 4 + 4 + 8 + 4 + 2 + 12));
        QCOMPARE(DbProperties::decode(bytes, kDid, types), table);
        if (!jsonRoundTrips(table, kDid, "dbProperties"))
            return;
    }

    // The demo's settings, typed by the demo's MasterProperty.
    void demoRecordIsValid() {
        std::optional<MasterProperty> master;
        std::optional<DbProperties> table;
        loadDemo(master, table);
        QVERIFY(master && table);
        QVERIFY(table->properties.size() >= 5);
        const std::vector<std::uint8_t> bytes = table->encode();
        QCOMPARE(DbProperties::decode(bytes, kDid, master->propertyTypes()), *table);
        for (const PropertyItem& item : table->properties)
            QCOMPARE(master->propertyTypes().typeOf(item.propertyId),
                     std::optional(item.value.type));
    }

    // Decoded with its DAT at hand, a DbProperties is typed through the MasterProperty beside it.
    void decodeRecordInTypesThroughTheDatsMasterProperty() {
        std::optional<MasterProperty> master;
        std::optional<DbProperties> table;
        loadDemo(master, table);
        QVERIFY(master && table);
        const std::vector<std::uint8_t> bytes = table->encode();
        const DatFile dat = datOf({{kMasterPropertyId, master->encode()}, {kDid, bytes}});
        const auto record = decodeRecordIn(dat, kDid, bytes);
        QVERIFY(record);
        const auto* typed = std::get_if<DbProperties>(&*record);
        QVERIFY(typed);
        QVERIFY(!typed->isRaw());
        QCOMPARE(*typed, *table);
        QCOMPARE(encodeRecord(*record), bytes);
    }

    // Without a MasterProperty, or with one that does not decode, it stays raw and says why.
    void decodeRecordInSaysWhyARecordStaysRaw() {
        std::optional<MasterProperty> master;
        std::optional<DbProperties> table;
        loadDemo(master, table);
        QVERIFY(master && table);
        const std::vector<std::uint8_t> bytes = table->encode();
        std::vector<std::uint8_t> cut = master->encode();
        cut.resize(cut.size() / 2);
        const struct {
            DatFile dat;
            const char* reason;
        } cases[] = {{datOf({{kDid, bytes}}), "this DAT has no MasterProperty 0x39000001"},
                     {datOf({{kMasterPropertyId, cut}, {kDid, bytes}}),
                      "the MasterProperty that types them fails to decode"}};
        for (const auto& [dat, reason] : cases) {
            const auto record = decodeRecordIn(dat, kDid, bytes);
            QVERIFY(record);
            const auto* raw = std::get_if<DbProperties>(&*record);
            QVERIFY(raw && raw->isRaw());
            QVERIFY2(raw->rawReason.find(reason) != std::string::npos, raw->rawReason.c_str());
            QCOMPARE(encodeRecord(*record), bytes);
        }
    }

  private:
    static void loadDemo(std::optional<MasterProperty>& master,
                         std::optional<DbProperties>& table) {
        QFile file(PORTALKIT_DEMO_SOURCE);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray records = QJsonDocument::fromJson(file.readAll())["records"].toArray();
        for (const QJsonValue& record : records) {
            if (record["id"].toString() == "0x39000001")
                master = MasterProperty::fromJson(JsonNode(record, "demo", 0x39000001), 0x39000001);
            if (record["id"].toString() == "0x78000000")
                table = DbProperties::fromJson(JsonNode(record, "demo", kDid), kDid);
        }
    }

    // A portal DAT in memory holding `entries`.
    static DatFile datOf(const std::map<std::uint32_t, std::vector<std::uint8_t>>& entries) {
        DatWriter writer(DatKind::Portal);
        for (const auto& [id, bytes] : entries) {
            WriterEntry entry;
            entry.id = id;
            entry.data =
                QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
            writer.put(entry);
        }
        return DatFile::fromBytes(writer.build());
    }
};

QTEST_APPLESS_MAIN(TestDbProperties)
#include "tst_db_properties.moc"
