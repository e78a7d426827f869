// Surface (0x08), SurfaceTexture (0x05) and Palette (0x04): decode hand-written bytes laid out as
// in docs/formats.md, re-encode them byte for byte, and reject damaged input.

#include "datreader/records/palette.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <cmath>
#include <limits>

using namespace portalkit::dat;
using Bytes = std::vector<std::uint8_t>;
using portalkit::testing::expectDatError;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

// Reads `source` as the record type named by `root` ("surface", "surfaceTexture", "palette").
void readJson(const QString& root, const QByteArray& source, std::uint32_t did) {
    const JsonNode node(QJsonDocument::fromJson(source).object(), root.toStdString(), did);
    if (root == "surface")
        Surface::fromJson(node, did);
    else if (root == "surfaceTexture")
        SurfaceTexture::fromJson(node, did);
    else
        Palette::fromJson(node, did);
}

template <typename Record> Record fromJsonText(const QByteArray& source, const char* root) {
    constexpr std::uint32_t kDid = 0x08000001;
    return Record::fromJson(JsonNode(QJsonDocument::fromJson(source).object(), root, kDid), kDid);
}

} // namespace

class TestSurface : public QObject {
    Q_OBJECT
  private slots:
    void surfaceImageFromSpecBytes() {
        const Bytes bytes{
            0x02, 0x00, 0x00, 0x00, // type: Base1Image
            0x34, 0x12, 0x00, 0x05, // origTextureId 0x05001234
            0x00, 0x00, 0x00, 0x00, // origPaletteId 0
            0x00, 0x00, 0x00, 0x3F, // translucency 0.5
            0x00, 0x00, 0x00, 0x00, // luminosity 0
            0x00, 0x00, 0x80, 0x3F, // diffuse 1
        };
        const Surface s = Surface::decode(bytes, 0x08000042);
        QCOMPARE(s.id, 0x08000042u);
        QCOMPARE(s.type, 0x2u);
        QVERIFY(s.hasTexture());
        QCOMPARE(s.origTextureId, 0x05001234u);
        QCOMPARE(s.origPaletteId, 0u);
        QCOMPARE(s.colorValue, 0u);
        QCOMPARE(s.translucency, 0.5f);
        QCOMPARE(s.luminosity, 0.0f);
        QCOMPARE(s.diffuse, 1.0f);
        QCOMPARE(s.encode(), bytes);
        jsonRoundTrips(s, 0x08000042, "surface");
    }

    void surfaceSolidColorFromSpecBytes() {
        const Bytes bytes{
            0x21, 0x00, 0x00, 0x00, // type: Base1Solid | Diffuse
            0x30, 0x20, 0x10, 0xFF, // colorValue 0xFF102030 (B, G, R, A)
            0x00, 0x00, 0x00, 0x00, // translucency 0
            0x00, 0x00, 0x80, 0x3E, // luminosity 0.25
            0x00, 0x00, 0x80, 0x3F, // diffuse 1
        };
        const Surface s = Surface::decode(bytes, 0x08000001);
        QVERIFY(!s.hasTexture());
        QCOMPARE(s.colorValue, 0xFF102030u);
        QCOMPARE(s.origTextureId, 0u);
        QCOMPARE(s.luminosity, 0.25f);
        QCOMPARE(s.encode(), bytes);

        const QJsonObject json = s.toJson();
        QCOMPARE(json["id"].toString(), QString("0x08000001"));
        QCOMPARE(json["colorValue"].toString(), QString("0xFF102030"));
        QCOMPARE(json["typeFlags"].toArray(), (QJsonArray{"Base1Solid", "Diffuse"}));
        QVERIFY(!json.contains("origTextureId"));
        jsonRoundTrips(s, 0x08000001, "surface");
    }

    void surfaceRoundTripsEveryBranch_data() {
        QTest::addColumn<std::uint32_t>("type");
        QTest::newRow("solid") << 0x1u;
        QTest::newRow("image") << 0x2u;
        QTest::newRow("clipmap") << 0x4u;
        QTest::newRow("clipmap+translucent+alpha") << 0x114u;
        // Both kinds of bits: the texture branch wins, as in ACE/DRW/GDLE.
        QTest::newRow("solid+image") << 0x3u;
        QTest::newRow("no base bits, unknown high bits") << 0x20000000u;
    }
    void surfaceRoundTripsEveryBranch() {
        QFETCH(std::uint32_t, type);
        Surface s;
        s.id = 0x08000123;
        s.type = type;
        if (s.hasTexture()) {
            s.origTextureId = 0x05000777;
            s.origPaletteId = 0x04000888;
        } else {
            s.colorValue = 0x80FF00AA;
        }
        s.translucency = 0.125f;
        s.luminosity = -2.5f;
        s.diffuse = 0.75f;
        const Bytes bytes = s.encode();
        QCOMPARE(bytes.size(), std::size_t(s.hasTexture() ? 24 : 20));
        QCOMPARE(Surface::decode(bytes, s.id), s);
        QCOMPARE(s.toJson()["origPaletteId"].toString(),
                 s.hasTexture() ? QString("0x04000888") : QString());
        jsonRoundTrips(s, s.id, "surface");
    }

    // Sources may name the flags instead of giving the number, and leave out zeros.
    void surfaceJsonShortSources() {
        const auto image = fromJsonText<Surface>(
            R"({"typeFlags": ["Base1Image", "Translucent"], "origTextureId": "0x05000001"})",
            "surface");
        QCOMPARE(image.id, 0x08000001u);
        QCOMPARE(image.type, 0x12u);
        QCOMPARE(image.origTextureId, 0x05000001u);
        QCOMPARE(image.origPaletteId, 0u);
        QCOMPARE(image.translucency, 0.0f);

        const auto solid = fromJsonText<Surface>(
            R"({"type": "0x20000001", "typeFlags": ["Base1Solid"], "colorValue": "0xFF00FF00",
                "luminosity": "-inf", "diffuse": "nan"})",
            "surface"); // the names cover only the known bits
        QCOMPARE(solid.type, 0x20000001u);
        QCOMPARE(solid.colorValue, 0xFF00FF00u);
        QCOMPARE(solid.luminosity, -std::numeric_limits<float>::infinity());
        QVERIFY(std::isnan(solid.diffuse));
        QCOMPARE(solid.toJson()["diffuse"].toString(), QString("nan"));
        QCOMPARE(Surface::decode(solid.encode(), solid.id).encode(), solid.encode());

        const auto cube = fromJsonText<SurfaceTexture>(
            R"({"textureTypeName": "Cube", "renderSurfaceIds": ["0x06000001"]})", "surfaceTexture");
        QCOMPARE(cube.textureType, std::uint8_t(4));
        QCOMPARE(cube.dataCategory, 0u);
        QCOMPARE(fromJsonText<SurfaceTexture>("{}", "surfaceTexture").textureType, std::uint8_t(2));

        const auto palette =
            fromJsonText<Palette>(R"({"colors": ["0xFF000000", 4294967295]})", "palette");
        QCOMPARE(palette.colors, (std::vector<std::uint32_t>{0xFF000000, 0xFFFFFFFF}));
    }

    void jsonErrorsNameTheField_data() {
        QTest::addColumn<QString>("root");
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("texture id missing")
            << "surface" << QByteArray(R"({"type": "0x2"})") << "surface.origTextureId"
            << "missing";
        QTest::newRow("texture id on a solid surface")
            << "surface" << QByteArray(R"({"type": 1, "origTextureId": "0x05000001"})")
            << "surface.origTextureId"
            << "stored only by Base1Image and Base1ClipMap";
        QTest::newRow("colour on a textured surface")
            << "surface" << QByteArray(R"({"type": 4, "origTextureId": 1, "colorValue": 0})")
            << "surface.colorValue"
            << "stored only by surfaces without";
        QTest::newRow("unknown flag name")
            << "surface" << QByteArray(R"({"typeFlags": ["Base1Solid", "Shiny"]})")
            << "surface.typeFlags[1]"
            << "'Shiny' is not a Surface flag name";
        QTest::newRow("flag names disagree with type")
            << "surface"
            << QByteArray(R"({"type": "0x12", "typeFlags": ["Base1Image"], "origTextureId": 1})")
            << "surface.typeFlags"
            << "names the bits 0x00000002";
        QTest::newRow("another entry's id")
            << "surface" << QByteArray(R"({"id": "0x08000002", "type": 1})") << "surface.id"
            << "its entry is 0x08000001";
        QTest::newRow("real as a word")
            << "surface" << QByteArray(R"({"type": 1, "diffuse": "bright"})") << "surface.diffuse"
            << "expected a number";
        QTest::newRow("negative type")
            << "surface" << QByteArray(R"({"type": -1})") << "surface.type"
            << "unsigned 32-bit";
        QTest::newRow("texture type name disagrees")
            << "surfaceTexture" << QByteArray(R"({"textureType": 2, "textureTypeName": "Cube"})")
            << "surfaceTexture.textureTypeName"
            << "does not name textureType 2";
        QTest::newRow("Unknown names no single type")
            << "surfaceTexture" << QByteArray(R"({"textureTypeName": "Unknown"})")
            << "surfaceTexture.textureTypeName"
            << "not a texture type name";
        QTest::newRow("texture type beyond u8")
            << "surfaceTexture" << QByteArray(R"({"textureType": 256})")
            << "surfaceTexture.textureType"
            << "0..255";
        QTest::newRow("render surface id not a number")
            << "surfaceTexture" << QByteArray(R"({"renderSurfaceIds": ["0x06000001", "six"]})")
            << "surfaceTexture.renderSurfaceIds[1]"
            << "expected an unsigned 32-bit integer";
        QTest::newRow("colour count disagrees")
            << "palette" << QByteArray(R"({"numColors": 3, "colors": [1, 2]})")
            << "palette.numColors"
            << "3 disagrees with the 2 colors";
        QTest::newRow("colour beyond u32")
            << "palette" << QByteArray(R"({"colors": [1, 4294967296]})") << "palette.colors[1]"
            << "unsigned 32-bit";
    }
    void jsonErrorsNameTheField() {
        QFETCH(QString, root);
        QFETCH(QByteArray, source);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const auto error =
            portalkit::testing::errorFrom([&] { readJson(root, source, 0x08000001); });
        QVERIFY2(error, "fromJson accepted the source");
        QCOMPARE(QString::fromStdString(error->field()), field);
        QVERIFY2(mentions(*error, message.toStdString()), error->what());
        QVERIFY2(mentions(*error, "DID 0x08000001"), error->what());
    }

    void surfaceTruncatedNamesFieldAndOffset() {
        const Bytes bytes{0x02, 0x00, 0x00, 0x00, 0x34, 0x12, 0x00, 0x05, 0x00, 0x00};
        const DatError error = expectDatError([&] { Surface::decode(bytes, 0x08000042); });
        QCOMPARE(error.field(), std::string("surface.origPaletteId"));
        QCOMPARE(error.offset(), std::uint64_t(8));
        QCOMPARE(error.offsetKind(), OffsetKind::Entry);
        QCOMPARE(*error.did(), 0x08000042u);
    }

    void surfaceLeftoverBytesAreKept() {
        Surface s;
        s.type = 0x1;
        Bytes bytes = s.encode();
        bytes.push_back(0x42);
        const Surface decoded = Surface::decode(bytes, 0x08000001);
        QCOMPARE(decoded.trailing, Bytes{0x42});
        QCOMPARE(decoded.encode(), bytes);
    }

    void surfaceTextureFromSpecBytes() {
        const Bytes bytes{
            0xBC, 0x0A, 0x00, 0x05, // id 0x05000ABC
            0x00, 0x00, 0x00, 0x00, // dataCategory
            0x02,                   // textureType: Texture2D
            0x02, 0x00, 0x00, 0x00, // numTextures at +9, unaligned
            0x11, 0x11, 0x00, 0x06, // 0x06001111
            0x22, 0x22, 0x00, 0x06, // 0x06002222
        };
        const SurfaceTexture t = SurfaceTexture::decode(bytes, 0x05000ABC);
        QCOMPARE(t.id, 0x05000ABCu);
        QCOMPARE(t.dataCategory, 0u);
        QCOMPARE(t.textureType, std::uint8_t(2));
        QCOMPARE(t.renderSurfaceIds, (std::vector<std::uint32_t>{0x06001111, 0x06002222}));
        QCOMPARE(t.encode(), bytes);

        const QJsonObject json = t.toJson();
        QCOMPARE(json["textureTypeName"].toString(), QString("Texture2D"));
        QCOMPARE(json["renderSurfaceIds"].toArray(), (QJsonArray{"0x06001111", "0x06002222"}));
        jsonRoundTrips(t, 0x05000ABC, "surfaceTexture");
    }

    void surfaceTextureRoundTrips() {
        SurfaceTexture t;
        t.id = 0x05000001;
        t.dataCategory = 7;
        t.textureType = 5;
        t.renderSurfaceIds = {0x06000001, 0x06000002, 0x06000003};
        QCOMPARE(SurfaceTexture::decode(t.encode(), t.id), t);
        if (!jsonRoundTrips(t, t.id, "surfaceTexture"))
            return;

        t.renderSurfaceIds.clear();
        t.textureType = 0xEE; // unknown values are kept
        QCOMPARE(t.encode().size(), std::size_t(13));
        QCOMPARE(SurfaceTexture::decode(t.encode(), t.id), t);
        jsonRoundTrips(t, t.id, "surfaceTexture"); // its name "Unknown" confirms the number
        QCOMPARE(SurfaceTexture::textureTypeName(0xEE), std::string_view("Unknown"));
    }

    void surfaceTextureCorruptCountFailsAtItsOffset() {
        SurfaceTexture t;
        t.id = 0x05000001;
        t.renderSurfaceIds = {0x06000001};
        Bytes bytes = t.encode();
        bytes[9] = 0xFF; // count 255 with 4 bytes left
        const DatError error = expectDatError([&] { SurfaceTexture::decode(bytes, t.id); });
        QCOMPARE(error.field(), std::string("surfaceTexture.numTextures"));
        QCOMPARE(error.offset(), std::uint64_t(9));
    }

    void surfaceTextureIdMustMatchEntry() {
        SurfaceTexture t;
        t.id = 0x05000001;
        const DatError error =
            expectDatError([&] { SurfaceTexture::decode(t.encode(), 0x05000002); });
        QCOMPARE(error.field(), std::string("id"));
    }

    void paletteFromSpecBytes() {
        const Bytes bytes{
            0x07, 0x00, 0x00, 0x04, // id 0x04000007
            0x03, 0x00, 0x00, 0x00, // numColors
            0x00, 0x00, 0x00, 0xFF, // 0xFF000000
            0x33, 0x22, 0x11, 0xFF, // 0xFF112233
            0xFF, 0xFF, 0xFF, 0x00, // 0x00FFFFFF
        };
        const Palette p = Palette::decode(bytes, 0x04000007);
        QCOMPARE(p.id, 0x04000007u);
        QCOMPARE(p.colors, (std::vector<std::uint32_t>{0xFF000000, 0xFF112233, 0x00FFFFFF}));
        QCOMPARE(p.encode(), bytes);

        const QJsonObject json = p.toJson();
        QCOMPARE(json["numColors"].toInt(), 3);
        QCOMPARE(json["colors"].toArray().at(1).toString(), QString("0xFF112233"));
        jsonRoundTrips(p, 0x04000007, "palette");
    }

    void paletteRoundTripsRetailSize() {
        Palette p;
        p.id = 0x04001234;
        for (std::uint32_t i = 0; i < 2048; ++i)
            p.colors.push_back(i * 0x01020305u);
        const Bytes bytes = p.encode();
        QCOMPARE(bytes.size(), std::size_t(8 + 2048 * 4));
        QCOMPARE(Palette::decode(bytes, p.id), p);
        jsonRoundTrips(p, p.id, "palette");
    }

    void paletteErrors() {
        Palette p;
        p.id = 0x04000001;
        p.colors = {1, 2};
        Bytes bytes = p.encode();

        Bytes corruptCount = bytes;
        corruptCount[7] = 0x40; // 0x40000002 colours
        DatError error = expectDatError([&] { Palette::decode(corruptCount, p.id); });
        QCOMPARE(error.field(), std::string("palette.numColors"));
        QCOMPARE(error.offset(), std::uint64_t(4));

        Bytes truncated(bytes.begin(), bytes.end() - 1);
        error = expectDatError([&] { Palette::decode(truncated, p.id); });
        QCOMPARE(error.field(), std::string("palette.numColors")); // 7 bytes cannot hold 2 colours

        bytes.push_back(0); // a leftover byte is kept, not an error
        QCOMPARE(Palette::decode(bytes, p.id).trailing, Bytes{0});
        QCOMPARE(Palette::decode(bytes, p.id).encode(), bytes);
    }
};

QTEST_APPLESS_MAIN(TestSurface)
#include "tst_surface.moc"
