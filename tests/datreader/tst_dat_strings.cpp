#include "datreader/io/dat_error.h"
#include "datreader/records/dat_strings.h"
#include "support/le_bytes.h"

#include <QChar>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;

namespace {

template <typename T, typename Read>
T readAll(const std::vector<std::uint8_t>& bytes, Read read, std::size_t* end = nullptr) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, 0x0E00000E);
    T value = read(in, "name");
    if (end)
        *end = in.position();
    return value;
}

template <typename T> std::vector<std::uint8_t> written(const T& value) {
    ByteWriter out;
    write(out, value);
    return out.take();
}

} // namespace

class TestDatStrings : public QObject {
    Q_OBJECT

  private slots:
    void pStringReadsItsCompressedLength() {
        Bytes b;
        b.u8(5).raw({'F', 'l', 'a', 'm', 'e'});
        const PString value = readAll<PString>(b.data, readPString);
        QCOMPARE(QString::fromStdString(value.text), QString("Flame"));
        QCOMPARE(value.lengthBytes, std::uint8_t(0));
        QCOMPARE(written(value), b.data);
        QCOMPARE(toJson(value), QJsonValue("Flame"));
    }

    void pStringKeepsALongerLengthThanNeeded() {
        // Length 3 in the two-byte form (0x80 0x03): a plain writer would store one byte.
        Bytes b;
        b.u8(0x80).u8(0x03).raw({'a', 'b', 'c'});
        const PString value = readAll<PString>(b.data, readPString);
        QCOMPARE(value.lengthBytes, std::uint8_t(2));
        QCOMPARE(written(value), b.data);
        const QJsonValue json = toJson(value);
        QCOMPARE(json.toObject()["lengthBytes"].toInt(), 2);
        QCOMPARE(pStringFromJson(JsonNode(json, "s")), value);
    }

    void pStringLongLengthUsesTheMixedByteOrder() {
        // 0x4001 bytes: C0 00 then the low half as a little-endian u16 (01 40).
        std::vector<std::uint8_t> bytes{0xC0, 0x00, 0x01, 0x40};
        bytes.resize(4 + 0x4001, 'x');
        const PString value = readAll<PString>(bytes, readPString);
        QCOMPARE(value.text.size(), std::size_t(0x4001));
        QCOMPARE(written(value), bytes);
    }

    void pStringBytesSurviveJsonAsLatin1() {
        Bytes b;
        b.u8(3).raw({0x80, 0xE9, 0x00}); // a euro sign, é and a NUL
        const PString value = readAll<PString>(b.data, readPString);
        QCOMPARE(pStringFromJson(JsonNode(toJson(value), "s")), value);
        QCOMPARE(windows1252(value.text), QString::fromUtf16(u"\u20AC\u00E9") + QChar(0));
    }

    void wideStringIsUtf16() {
        Bytes b;
        b.u8(3).u16(0x0048).u16(0x00E9).u16(0x4E2D); // "Hé中"
        const WideString value = readAll<WideString>(b.data, readWideString);
        QCOMPARE(toJson(value), QJsonValue(QString::fromUtf16(u"H\u00E9\u4E2D")));
        QCOMPARE(written(value), b.data);
        QCOMPARE(wideStringFromJson(JsonNode(toJson(value), "s")), value);
    }

    void wideStringKeepsALoneSurrogateAsHex() {
        Bytes b;
        b.u8(2).u16(0xD800).u16(0x0041);
        const WideString value = readAll<WideString>(b.data, readWideString);
        const QJsonValue json = toJson(value);
        QCOMPARE(json.toObject()["utf16"].toString(), QString("00d84100"));
        QCOMPARE(wideStringFromJson(JsonNode(json, "s")), value);
    }

    void obfuscatedStringSwapsNibblesAndAligns() {
        // "Bolt" is 42 6F 6C 74, stored nibble-swapped (24 F6, then 0xC6 0x47) after a u16 length
        // of 4; the six bytes are filled to eight with two pad bytes kept raw.
        Bytes b;
        b.u16(4).raw({0x24, 0xF6, 0xC6, 0x47}).u8(0xCD).u8(0xCD);
        std::size_t end = 0;
        const ObfuscatedString value =
            readAll<ObfuscatedString>(b.data, readObfuscatedString, &end);
        QCOMPARE(QString::fromStdString(value.text), QString("Bolt"));
        QCOMPARE(end, std::size_t(8));
        QCOMPARE(value.pad, 0xCDCDu);
        ByteWriter out;
        writeObfuscatedString(out, value, "name");
        QCOMPARE(out.data(), b.data);
        const QJsonValue json = toJson(value);
        QCOMPARE(json.toObject()["text"].toString(), QString("Bolt"));
        QCOMPARE(obfuscatedStringFromJson(JsonNode(json, "s")), value);
    }

    void truncatedStringNamesItsField() {
        Bytes b;
        b.u16(10).raw({0x24, 0xF6});
        try {
            readAll<ObfuscatedString>(b.data, readObfuscatedString);
            QFAIL("a cut string decoded");
        } catch (const DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), QString("name"));
            QCOMPARE(error.offset(), std::uint64_t(2));
        }
    }

    void jsonRejectsALengthWidthThatCannotHoldTheLength() {
        const QJsonObject source{{"text", QString(200, 'a')}, {"lengthBytes", 1}};
        QVERIFY_THROWS_EXCEPTION(DatError, pStringFromJson(JsonNode(source, "s")));
    }
};

QTEST_APPLESS_MAIN(TestDatStrings)
#include "tst_dat_strings.moc"
