// RenderSurface (0x06): decode hand-written bytes laid out as in docs/formats.md, re-encode them
// byte for byte, and reject damaged input with the field and entry offset at fault.

#include "datreader/records/render_surface.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using Bytes = std::vector<std::uint8_t>;
using portalkit::testing::expectDatError;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

RenderSurface sample(std::uint32_t format, Bytes pixels, std::uint32_t paletteId = 0) {
    RenderSurface s;
    s.id = 0x06001234;
    s.dataCategory = 3;
    s.width = 16;
    s.height = 8;
    s.pixelFormat = format;
    s.sourceData = std::move(pixels);
    s.defaultPaletteId = paletteId;
    return s;
}

RenderSurface fromJsonText(const QByteArray& source) {
    return RenderSurface::fromJson(
        JsonNode(QJsonDocument::fromJson(source).object(), "renderSurface", 0x06001234),
        0x06001234);
}

} // namespace

class TestRenderSurface : public QObject {
    Q_OBJECT
  private slots:
    void dxt1FromSpecBytes() {
        const Bytes bytes{
            0x00, 0x01, 0x00, 0x06, // id 0x06000100
            0x00, 0x00, 0x00, 0x00, // dataCategory
            0x04, 0x00, 0x00, 0x00, // width 4
            0x04, 0x00, 0x00, 0x00, // height 4
            0x44, 0x58, 0x54, 0x31, // pixelFormat 'DXT1'
            0x08, 0x00, 0x00, 0x00, // length 8: one 4x4 block
            0x00, 0xF8, 0x1F, 0x00, // color0 0xF800, color1 0x001F
            0xE4, 0x55, 0x00, 0x1B, // 2-bit indices, one byte per row
        };
        const RenderSurface s = RenderSurface::decode(bytes, 0x06000100);
        QCOMPARE(s.id, 0x06000100u);
        QCOMPARE(s.dataCategory, 0u);
        QCOMPARE(s.width, 4);
        QCOMPARE(s.height, 4);
        QCOMPARE(s.pixelFormat, std::uint32_t(PixelFormat::Dxt1));
        QCOMPARE(s.sourceData, (Bytes{0x00, 0xF8, 0x1F, 0x00, 0xE4, 0x55, 0x00, 0x1B}));
        QVERIFY(!s.hasDefaultPalette());
        QCOMPARE(s.defaultPaletteId, 0u);
        QCOMPARE(s.encode(), bytes);

        const QJsonObject json = s.toJson();
        QCOMPARE(json["pixelFormatName"].toString(), QString("DXT1"));
        QCOMPARE(json["sourceDataLength"].toInt(), 8);
        QCOMPARE(json["sourceData"].toString(), QString("APgfAORVABs="));
        QVERIFY(!json.contains("defaultPaletteId"));
        jsonRoundTrips(s, 0x06000100, "renderSurface");
    }

    void p8FromSpecBytes() {
        const Bytes bytes{
            0x00, 0x02, 0x00, 0x06, // id 0x06000200
            0x0A, 0x00, 0x00, 0x00, // dataCategory 0xA
            0x02, 0x00, 0x00, 0x00, // width 2
            0x02, 0x00, 0x00, 0x00, // height 2
            0x29, 0x00, 0x00, 0x00, // pixelFormat P8
            0x04, 0x00, 0x00, 0x00, // length 4
            0x00, 0x01, 0x02, 0x03, // palette indices
            0xBC, 0x0A, 0x00, 0x04, // defaultPaletteId 0x04000ABC, after the pixels
        };
        const RenderSurface s = RenderSurface::decode(bytes, 0x06000200);
        QCOMPARE(s.dataCategory, 0xAu);
        QCOMPARE(s.width, 2);
        QCOMPARE(s.height, 2);
        QCOMPARE(s.pixelFormat, std::uint32_t(PixelFormat::P8));
        QCOMPARE(s.sourceData, (Bytes{0, 1, 2, 3}));
        QVERIFY(s.hasDefaultPalette());
        QCOMPARE(s.defaultPaletteId, 0x04000ABCu);
        QCOMPARE(s.encode(), bytes);

        const QJsonObject json = s.toJson();
        QCOMPARE(json["id"].toString(), QString("0x06000200"));
        QCOMPARE(json["defaultPaletteId"].toString(), QString("0x04000ABC"));
        QCOMPARE(json["pixelFormat"].toInt(), 0x29);
        QCOMPARE(json["pixelFormatName"].toString(), QString("P8"));
        jsonRoundTrips(s, 0x06000200, "renderSurface");
    }

    void roundTripsEveryBranch_data() {
        QTest::addColumn<std::uint32_t>("format");
        QTest::addColumn<std::size_t>("length");
        QTest::addColumn<std::uint32_t>("paletteId");
        QTest::newRow("P8") << std::uint32_t(PixelFormat::P8) << std::size_t(128) << 0x04000010u;
        QTest::newRow("INDEX16") << std::uint32_t(PixelFormat::Index16) << std::size_t(256)
                                 << 0x04000020u;
        QTest::newRow("A8R8G8B8") << std::uint32_t(PixelFormat::A8R8G8B8) << std::size_t(512) << 0u;
        QTest::newRow("DXT5") << std::uint32_t(PixelFormat::Dxt5) << std::size_t(128) << 0u;
        QTest::newRow("JPEG") << std::uint32_t(PixelFormat::CustomRawJpeg) << std::size_t(77) << 0u;
        // Formats unknown to PortalKit keep their number and bytes.
        QTest::newRow("unknown") << 0x12345u << std::size_t(3) << 0u;
        QTest::newRow("empty") << std::uint32_t(PixelFormat::R8G8B8) << std::size_t(0) << 0u;
    }
    void roundTripsEveryBranch() {
        QFETCH(std::uint32_t, format);
        QFETCH(std::size_t, length);
        QFETCH(std::uint32_t, paletteId);
        Bytes pixels(length);
        for (std::size_t i = 0; i < length; ++i)
            pixels[i] = std::uint8_t(i * 7 + 1);
        const RenderSurface s = sample(format, pixels, paletteId);
        const Bytes bytes = s.encode();
        QCOMPARE(bytes.size(), 24 + length + (paletteId ? 4 : 0));
        QCOMPARE(RenderSurface::decode(bytes, s.id), s);
        jsonRoundTrips(s, s.id, "renderSurface");
    }

    // A name may stand in for the format number; the palette id, category and pixels default.
    void jsonReadsAShortSource() {
        const RenderSurface dxt1 = fromJsonText(
            R"({"width": 4, "height": 4, "pixelFormatName": "DXT1", "sourceData": "APgfAORVABs="})");
        QCOMPARE(dxt1.id, 0x06001234u);
        QCOMPARE(dxt1.pixelFormat, std::uint32_t(PixelFormat::Dxt1));
        QCOMPARE(dxt1.sourceData, (Bytes{0x00, 0xF8, 0x1F, 0x00, 0xE4, 0x55, 0x00, 0x1B}));
        QCOMPARE(dxt1.dataCategory, 0u);

        const RenderSurface p8 = fromJsonText(R"({"width": 2, "height": 2, "pixelFormat": 41})");
        QVERIFY(p8.hasDefaultPalette());
        QCOMPARE(p8.defaultPaletteId, 0u);
        QVERIFY(p8.sourceData.empty());
        QCOMPARE(RenderSurface::decode(p8.encode(), p8.id), p8);
    }

    void jsonErrorsNameTheField_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("length disagrees")
            << QByteArray(
                   R"({"width": 2, "height": 2, "pixelFormat": 28, "sourceData": "AAECAw==", "sourceDataLength": 5})")
            << "renderSurface.sourceDataLength"
            << "5 disagrees with the 4 bytes";
        QTest::newRow("pixels not base64")
            << QByteArray(R"({"width": 2, "height": 2, "pixelFormat": 28, "sourceData": "@@"})")
            << "renderSurface.sourceData"
            << "not valid base64";
        QTest::newRow("palette id on a DXT surface")
            << QByteArray(
                   R"({"width": 4, "height": 4, "pixelFormatName": "DXT1", "defaultPaletteId": "0x04000001"})")
            << "renderSurface.defaultPaletteId"
            << "stored only by P8 and INDEX16";
        QTest::newRow("format name disagrees")
            << QByteArray(
                   R"({"width": 1, "height": 1, "pixelFormat": 41, "pixelFormatName": "A8"})")
            << "renderSurface.pixelFormatName"
            << "does not name pixelFormat 0x00000029";
        QTest::newRow("unknown format name")
            << QByteArray(R"({"width": 1, "height": 1, "pixelFormatName": "DXT2"})")
            << "renderSurface.pixelFormatName"
            << "'DXT2' is not a pixel format name";
        QTest::newRow("format missing")
            << QByteArray(R"({"width": 1, "height": 1})") << "renderSurface.pixelFormat"
            << "missing";
        QTest::newRow("width missing")
            << QByteArray(R"({"height": 1, "pixelFormat": 28})") << "renderSurface.width"
            << "missing";
        QTest::newRow("height not a number")
            << QByteArray(R"({"width": 1, "height": "tall", "pixelFormat": 28})")
            << "renderSurface.height"
            << "expected a 32-bit integer";
        QTest::newRow("another entry's id")
            << QByteArray(R"({"id": "0x06001235", "width": 1, "height": 1, "pixelFormat": 28})")
            << "renderSurface.id"
            << "its entry is 0x06001234";
    }
    void jsonErrorsNameTheField() {
        portalkit::testing::checkSourceErrorRow<QByteArray>(
            [](const QByteArray& source) { fromJsonText(source); }, 0x06001234);
    }

    void unknownFormatHasNoName() {
        QVERIFY(pixelFormatName(0x12345).empty());
        QVERIFY(!sample(0x12345, {}).toJson().contains("pixelFormatName"));
        QCOMPARE(pixelFormatName(0x1F4), std::string_view("CUSTOM_RAW_JPEG"));
    }

    void truncatedHeaderNamesFieldAndOffset() {
        const Bytes bytes = sample(std::uint32_t(PixelFormat::A8), Bytes(128)).encode();
        const Bytes truncated(bytes.begin(), bytes.begin() + 14);
        const DatError error =
            expectDatError([&] { RenderSurface::decode(truncated, 0x06001234); });
        QCOMPARE(error.field(), std::string("renderSurface.height"));
        QCOMPARE(error.offset(), std::uint64_t(12));
        QCOMPARE(error.offsetKind(), OffsetKind::Entry);
        QCOMPARE(*error.did(), 0x06001234u);
    }

    void lengthMustFitTheEntry() {
        Bytes bytes = sample(std::uint32_t(PixelFormat::A8), Bytes(128)).encode();
        bytes.pop_back();
        DatError error = expectDatError([&] { RenderSurface::decode(bytes, 0x06001234); });
        QCOMPARE(error.field(), std::string("renderSurface.length"));
        QCOMPARE(error.offset(), std::uint64_t(RenderSurface::kLengthOffset));

        bytes = sample(std::uint32_t(PixelFormat::A8), {}).encode();
        bytes[23] = 0x80; // length -2147483648
        error = expectDatError([&] { RenderSurface::decode(bytes, 0x06001234); });
        QCOMPARE(error.field(), std::string("renderSurface.length"));
    }

    void missingPaletteIdIsTruncation() {
        Bytes bytes = sample(std::uint32_t(PixelFormat::P8), Bytes(128), 0x04000001).encode();
        // The pixels are all there, so the shortfall shows at the palette id.
        bytes.resize(bytes.size() - 2);
        const DatError error = expectDatError([&] { RenderSurface::decode(bytes, 0x06001234); });
        QCOMPARE(error.field(), std::string("renderSurface.defaultPaletteId"));
        QCOMPARE(error.offset(), std::uint64_t(24 + 128));
    }

    void leftoverBytesAreKept() {
        // A palette id after a non-palette format is not read, so it is left over: trailing.
        Bytes bytes = sample(std::uint32_t(PixelFormat::A8R8G8B8), Bytes(512)).encode();
        for (std::uint8_t b : {0x01, 0x00, 0x00, 0x04})
            bytes.push_back(b);
        const RenderSurface surface = RenderSurface::decode(bytes, 0x06001234);
        QCOMPARE(surface.trailing, (Bytes{0x01, 0x00, 0x00, 0x04}));
        QCOMPARE(surface.encode(), bytes);
    }

    void idMustMatchEntry() {
        const Bytes bytes = sample(std::uint32_t(PixelFormat::A8), {}).encode();
        const DatError error = expectDatError([&] { RenderSurface::decode(bytes, 0x07001234); });
        QCOMPARE(error.field(), std::string("id"));
        QCOMPARE(error.offset(), std::uint64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestRenderSurface)
#include "tst_render_surface.moc"
