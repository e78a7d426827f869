#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "datreader/records/common.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <cmath>

using namespace portalkit::dat;
using portalkit::testing::expectDatError;
using portalkit::testing::mentions;

class TestByteIo : public QObject {
    Q_OBJECT
  private slots:
    void readsLittleEndianValues() {
        const std::vector<std::uint8_t> bytes{0x01, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0xFF,
                                              0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x80, 0x3F};
        ByteCursor in(bytes);
        QCOMPARE(in.u8("a"), 0x01);
        QCOMPARE(in.u16("b"), 0x1234);
        QCOMPARE(in.u32("c"), 0x12345678u);
        QCOMPARE(in.i32("d"), -1);
        QCOMPARE(in.f32("e"), 1.0f);
        QVERIFY(in.atEnd());
        in.expectEnd("end");
    }

    void overrunNamesFieldOffsetAndDid() {
        const std::vector<std::uint8_t> bytes{1, 2, 3, 4, 5, 6};
        ByteCursor in(bytes, 0x400, OffsetKind::File, 0x02000124);
        in.u32("first");
        try {
            in.u32("setup.numParts");
            QFAIL("read past the end");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("setup.numParts"));
            QCOMPARE(error.offset(), std::uint64_t(0x404));
            QCOMPARE(*error.did(), 0x02000124u);
            QVERIFY(std::string(error.what()).find("DID 0x02000124") != std::string::npos);
            QVERIFY(std::string(error.what()).find("2 left") != std::string::npos);
        }
    }

    void leftoverBytesAreAnError() {
        const std::vector<std::uint8_t> bytes{1, 2, 3};
        ByteCursor in(bytes);
        in.u8("x");
        QVERIFY_THROWS_EXCEPTION(DatError, in.expectEnd("record"));
    }

    void contextAccumulatesInMessage() {
        DatError error("hook.type", "unknown hook type 99", 12, OffsetKind::Entry, 0x03000001);
        error.withContext("reading frame 2").withContext("reading Animation 0x03000001");
        const std::string text = error.what();
        QVERIFY(text.find("entry offset 0xC") != std::string::npos);
        QVERIFY(text.find("(while reading frame 2) (while reading Animation") != std::string::npos);
        QCOMPARE(error.context().size(), std::size_t(2));
    }

    void alignsRelativeToRangeStart() {
        const std::vector<std::uint8_t> bytes(9, 0);
        ByteCursor in(bytes);
        in.u8("a");
        in.align4("pad");
        QCOMPARE(in.position(), std::size_t(4));
        in.align4("pad");
        QCOMPARE(in.position(), std::size_t(4));
        in.skip(5, "b");
        // Three pad bytes are due but the range ends: a truncated object, not a silent clamp.
        QVERIFY_THROWS_EXCEPTION(DatError, in.align4("hook.pad"));
    }

    void compressedUIntRoundTripsAtEveryBoundary_data() {
        QTest::addColumn<std::uint32_t>("value");
        QTest::addColumn<int>("length");
        for (auto [value, length] :
             std::initializer_list<std::pair<std::uint32_t, int>>{{0, 1},
                                                                  {0x7F, 1},
                                                                  {0x80, 2},
                                                                  {0x3FFF, 2},
                                                                  {0x4000, 4},
                                                                  {0x123456, 4},
                                                                  {0x3FFFFFFF, 4}})
            QTest::addRow("0x%X", value) << value << length;
    }
    void compressedUIntRoundTripsAtEveryBoundary() {
        QFETCH(std::uint32_t, value);
        QFETCH(int, length);
        ByteWriter out;
        out.compressedUInt(value);
        QCOMPARE(int(out.size()), length);
        ByteCursor in(out.data());
        QCOMPARE(in.compressedUInt("count"), value);
        QVERIFY(in.atEnd());
    }

    void compressedUIntUsesMixedByteOrder() {
        // docs/formats.md: high 14 bits big-endian in b0/b1, low 16 bits little-endian.
        const std::vector<std::uint8_t> bytes{0xC1, 0x23, 0x67, 0x45};
        ByteCursor in(bytes);
        QCOMPARE(in.compressedUInt("n"), 0x01234567u);
        ByteWriter out;
        out.compressedUInt(0x01234567u);
        QCOMPARE(out.data(), bytes);
    }

    void typedIdsAreAlwaysHex() {
        QCOMPARE(*parseDid("0x3300011C"), 0x3300011Cu);
        QCOMPARE(*parseDid(" 3300011c "), 0x3300011Cu);
        QCOMPARE(*parseDid("0X2000124"), 0x02000124u);
        QCOMPARE(*parseDid("10"), 0x10u);
        QVERIFY(!parseDid("0xZZ"));
        QVERIFY(!parseDid(""));
        QVERIFY(!parseDid("0x"));
        QVERIFY(!parseDid("0x100000000"));
        QVERIFY(!parseDid("-1"));
    }

    void packedDidShortAndLongForms() {
        ByteWriter out;
        out.packedDid(0x01000123, 0x01000000);
        out.packedDid(0x01012345, 0x01000000);
        out.packedDid(0x01000005, 0x01000000, true);
        QCOMPARE(out.size(), std::size_t(2 + 4 + 4));
        ByteCursor in(out.data());
        auto a = in.packedDid(0x01000000, "a");
        auto b = in.packedDid(0x01000000, "b");
        auto c = in.packedDid(0x01000000, "c");
        QCOMPARE(a.did, 0x01000123u);
        QVERIFY(!a.longForm);
        QCOMPARE(b.did, 0x01012345u);
        QVERIFY(b.longForm);
        QCOMPARE(c.did, 0x01000005u);
        QVERIFY(c.longForm);
    }

    void writerAlignsWithZeros() {
        ByteWriter out;
        out.u8(0xAA);
        out.align4();
        QCOMPARE(out.data(), (std::vector<std::uint8_t>{0xAA, 0, 0, 0}));
        out.align4();
        QCOMPARE(out.size(), std::size_t(4));
    }
    // The JSON twin of ByteCursor: the same promise of naming DID and field on every fault.
    void jsonNodeReadsTypedValues() {
        const auto document = QJsonDocument::fromJson(
            R"({"n": 7, "hex": "0x8000003D", "neg": -3, "negHex": "0xFFFFFFFF", "f": 0.5,
                "nan": "nan", "inf": "-inf", "nz": "-0", "b": true, "s": "x", "bytes": "0A ff",
                "list": [1, 2, 3]})");
        const JsonNode root(document.object(), "setup", 0x02000001);
        QCOMPARE(root["n"].u32(), 7u);
        QCOMPARE(root["hex"].u32(), 0x8000003Du);
        QCOMPARE(root["neg"].i32(), -3);
        QCOMPARE(root["negHex"].i32(), -1);
        QCOMPARE(root["f"].f32(), 0.5f);
        QVERIFY(std::isnan(root["nan"].f32()));
        QCOMPARE(root["inf"].f64(), -std::numeric_limits<double>::infinity());
        QVERIFY(std::signbit(root["nz"].f32()) && root["nz"].f32() == 0);
        QVERIFY(root["b"].boolean());
        QCOMPARE(root["s"].string(), QString("x"));
        QCOMPARE(root["bytes"].hexBytes(), QByteArray("\x0a\xff", 2));
        QCOMPARE(root["list"].elements().size(), std::size_t(3));
        QCOMPARE(root["list"][2].u8(), std::uint8_t(3));
        QCOMPARE(root["absent"].u32(42), 42u);
        QCOMPARE(root["absent"]["deeper"].f32(1.5f), 1.5f);
        QVERIFY(root["absent"].elements().empty());
    }

    void jsonNodeErrorsNameDidAndPath_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, const char* json, const char* path,
                            const char* message) {
            QTest::newRow(name) << QString(json) << QString(path) << QString(message);
        };
        row("missing", R"({"spheres": [{}]})", "setup.spheres[0].radius", "missing");
        row("fraction", R"({"n": 1.5})", "setup.n", "is not");
        row("range", R"({"n": 4294967296})", "setup.n", "is not");
        row("negative", R"({"n": -1})", "setup.n", "is not");
        row("signed range", R"({"i": 3000000000})", "setup.i", "signed 32-bit");
        row("type", R"({"n": "seven"})", "setup.n", "expected");
        row("index", R"({"spheres": []})", "setup.spheres", "no element 0");
        row("float range", R"({"f": 1e300})", "setup.f", "32-bit float");
        row("bad hex", R"({"bytes": "0g"})", "setup.bytes", "hex digits");
    }

    void jsonNodeErrorsNameDidAndPath() {
        QFETCH(QString, json);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const JsonNode root(QJsonDocument::fromJson(json.toUtf8()).object(), "setup", 0x02000001);
        const DatError error = expectDatError([&] {
            if (root.has("spheres"))
                root["spheres"][0]["radius"].f32();
            else if (root.has("f"))
                root["f"].f32();
            else if (root.has("bytes"))
                root["bytes"].hexBytes();
            else if (root.has("i"))
                root["i"].i32();
            else
                root["n"].u32();
        });
        QCOMPARE(QString::fromStdString(error.field()), path);
        QVERIFY2(mentions(error, message.toStdString()), error.what());
        QVERIFY2(mentions(error, "DID 0x02000001"), error.what());
        QVERIFY2(!mentions(error, "offset"), "a source error has no byte offset");
    }
};

QTEST_APPLESS_MAIN(TestByteIo)
#include "tst_byte_io.moc"
