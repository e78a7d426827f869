// RenderSurface → QImage: exact pixels for every decoded format, from bytes written by hand
// (docs/formats.md, S3TC block layout), and the errors for data that cannot be an image.

#include "datreader/imaging/surface_image.h"

#include <QBuffer>
#include <QByteArray>
#include <QColor>
#include <QIODevice>
#include <QImage>
#include <QObject>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QTest>

using namespace portalkit::dat;
using Bytes = std::vector<std::uint8_t>;

namespace {

// "RRGGBBAA" of one pixel, read from the image's bytes so nothing converts it on the way.
QString rgbaAt(const QImage& image, int x, int y) {
    const std::uint8_t* p = image.constScanLine(y) + 4 * x;
    return QString::asprintf("%02X%02X%02X%02X", p[0], p[1], p[2], p[3]);
}

QStringList row(const QImage& image, int y) {
    QStringList pixels;
    for (int x = 0; x < image.width(); ++x)
        pixels << rgbaAt(image, x, y);
    return pixels;
}

RenderSurface surface(PixelFormat format, int width, int height, Bytes pixels) {
    RenderSurface s;
    s.id = 0x06000777;
    s.width = width;
    s.height = height;
    s.pixelFormat = std::uint32_t(format);
    s.sourceData = std::move(pixels);
    return s;
}

Bytes u16s(std::initializer_list<std::uint16_t> values) {
    Bytes bytes;
    for (std::uint16_t v : values) {
        bytes.push_back(std::uint8_t(v));
        bytes.push_back(std::uint8_t(v >> 8));
    }
    return bytes;
}

DatError imageError(const RenderSurface& s, const Palette* palette = nullptr) {
    try {
        renderSurfaceImage(s, palette);
    } catch (const DatError& error) {
        return error;
    }
    throw std::runtime_error("renderSurfaceImage accepted bad data");
}

} // namespace

class TestSurfaceImage : public QObject {
    Q_OBJECT
  private slots:
    void dxt1FromSpecBytes() {
        const Bytes bytes{
            0x00,
            0x03,
            0x00,
            0x06, // id 0x06000300
            0x00,
            0x00,
            0x00,
            0x00, // dataCategory
            0x08,
            0x00,
            0x00,
            0x00, // width 8: two blocks side by side
            0x04,
            0x00,
            0x00,
            0x00, // height 4
            0x44,
            0x58,
            0x54,
            0x31, // 'DXT1'
            0x10,
            0x00,
            0x00,
            0x00, // length 16
            // Block 0: color0 0xF800 (red) > color1 0x001F (blue): four colours,
            // c2 = (2 c0 + c1) / 3 = (170, 0, 85), c3 = (c0 + 2 c1) / 3 = (85, 0, 170).
            // Indices: row 0 = 0,1,2,3 (0xE4); row 1 all 1; row 2 all 0; row 3 = 3,2,1,0 (0x1B).
            0x00,
            0xF8,
            0x1F,
            0x00,
            0xE4,
            0x55,
            0x00,
            0x1B,
            // Block 1: color0 0x0000 <= color1 0x8410 (R 16, G 32, B 16 → 132, 130, 132): three
            // colours, c2 = (c0 + c1) / 2 = (66, 65, 66), c3 = transparent black.
            // Indices: row 0 all 3; row 1 = 0,1,2,3; row 2 all 2; row 3 all 0.
            0x00,
            0x00,
            0x10,
            0x84,
            0xFF,
            0xE4,
            0xAA,
            0x00,
        };
        const RenderSurface s = RenderSurface::decode(bytes, 0x06000300);
        QCOMPARE(s.width, 8);
        QCOMPARE(s.sourceData.size(), std::size_t(16));

        const QImage image = renderSurfaceImage(s, nullptr);
        QCOMPARE(image.format(), QImage::Format_RGBA8888);
        QCOMPARE(image.size(), QSize(8, 4));
        const QString red = "FF0000FF", blue = "0000FFFF", c2 = "AA0055FF", c3 = "5500AAFF";
        const QString black = "000000FF", grey = "848284FF", mid = "424142FF", clear = "00000000";
        QCOMPARE(row(image, 0), (QStringList{red, blue, c2, c3, clear, clear, clear, clear}));
        QCOMPARE(row(image, 1), (QStringList{blue, blue, blue, blue, black, grey, mid, clear}));
        QCOMPARE(row(image, 2), (QStringList{red, red, red, red, mid, mid, mid, mid}));
        QCOMPARE(row(image, 3), (QStringList{c3, c2, blue, red, black, black, black, black}));
    }

    void p8FromSpecBytes() {
        const Bytes bytes{
            0x00, 0x04, 0x00, 0x06, // id 0x06000400
            0x00, 0x00, 0x00, 0x00, // dataCategory
            0x02, 0x00, 0x00, 0x00, // width 2
            0x02, 0x00, 0x00, 0x00, // height 2
            0x29, 0x00, 0x00, 0x00, // P8
            0x04, 0x00, 0x00, 0x00, // length 4
            0x03, 0x00, 0x02, 0x01, // indices, top row first
            0x05, 0x00, 0x00, 0x04, // defaultPaletteId 0x04000005
        };
        const RenderSurface s = RenderSurface::decode(bytes, 0x06000400);
        QCOMPARE(s.defaultPaletteId, 0x04000005u);

        Palette palette;
        palette.id = s.defaultPaletteId;
        palette.colors = {0xFF102030, 0xFFFF0000, 0x8000FF00, 0x000000FF}; // 0xAARRGGBB
        const QImage image = renderSurfaceImage(s, &palette);
        QCOMPARE(image.size(), QSize(2, 2));
        QCOMPARE(row(image, 0), (QStringList{"0000FF00", "102030FF"}));
        QCOMPARE(row(image, 1), (QStringList{"00FF0080", "FF0000FF"}));
    }

    void index16UsesTheWholePalette() {
        Palette palette;
        palette.id = 0x04000006;
        palette.colors.assign(258, 0xFF000000);
        palette.colors[257] = 0xFFABCDEF;
        palette.colors[1] = 0x11223344;
        RenderSurface s = surface(PixelFormat::Index16, 2, 1, u16s({0x0101, 0x0001}));
        s.defaultPaletteId = palette.id;
        QCOMPARE(row(renderSurfaceImage(s, &palette), 0), (QStringList{"ABCDEFFF", "22334411"}));
    }

    void dxt3AndDxt5Alpha() {
        // White colour block (color0 0xFFFF, all indices 0) under explicit 4-bit alphas:
        // pixel 0 = 0xF, pixel 1 = 0x0, pixel 2 = 0x8 (→ 0x88), the rest 0.
        const Bytes dxt3{0x0F, 0x08, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0};
        QCOMPARE(row(renderSurfaceImage(surface(PixelFormat::Dxt3, 4, 4, dxt3), nullptr), 0),
                 (QStringList{"FFFFFFFF", "FFFFFF00", "FFFFFF88", "FFFFFF00"}));

        // alpha0 200 > alpha1 100; 3-bit indices: pixel 1 = 1 (bit 3), all others 0.
        const Bytes dxt5{200, 100, 0x08, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0};
        const QImage image = renderSurfaceImage(surface(PixelFormat::Dxt5, 4, 4, dxt5), nullptr);
        QCOMPARE(row(image, 0), (QStringList{"FFFFFFC8", "FFFFFF64", "FFFFFFC8", "FFFFFFC8"}));
        QCOMPARE(rgbaAt(image, 3, 3), QString("FFFFFFC8"));
    }

    void dxtEdgeBlocksAreStoredWhole() {
        // A 2x2 DXT1 mip still occupies one 8-byte block; its top-left pixels are decoded.
        const Bytes block{0x00, 0xF8, 0x1F, 0x00, 0x04, 0x05, 0x00, 0x00};
        const QImage image = renderSurfaceImage(surface(PixelFormat::Dxt1, 2, 2, block), nullptr);
        QCOMPARE(row(image, 0), (QStringList{"FF0000FF", "0000FFFF"}));
        QCOMPARE(row(image, 1), (QStringList{"0000FFFF", "0000FFFF"}));
        // The 4-bits-per-pixel product (2 bytes) is not enough.
        QCOMPARE(imageError(surface(PixelFormat::Dxt1, 2, 2, {1, 2})).field(),
                 std::string("renderSurface.sourceData"));
    }

    void a8r8g8b8AndX8r8g8b8() {
        const Bytes pixels{0x10, 0x20, 0x30, 0x40, 0xFF, 0x00, 0x00, 0x80}; // B, G, R, A
        QCOMPARE(row(renderSurfaceImage(surface(PixelFormat::A8R8G8B8, 2, 1, pixels), nullptr), 0),
                 (QStringList{"30201040", "0000FF80"}));
        QCOMPARE(row(renderSurfaceImage(surface(PixelFormat::X8R8G8B8, 2, 1, pixels), nullptr), 0),
                 (QStringList{"302010FF", "0000FFFF"}));
    }

    void r8g8b8IsBgrAndLandscapeIsRgb() {
        const Bytes pixels{0x01, 0x02, 0x03, 0xFA, 0xFB, 0xFC};
        QCOMPARE(row(renderSurfaceImage(surface(PixelFormat::R8G8B8, 1, 2, pixels), nullptr), 1),
                 (QStringList{"FCFBFAFF"}));
        const QImage bgr = renderSurfaceImage(surface(PixelFormat::R8G8B8, 2, 1, pixels), nullptr);
        QCOMPARE(row(bgr, 0), (QStringList{"030201FF", "FCFBFAFF"}));
        const QImage rgb =
            renderSurfaceImage(surface(PixelFormat::CustomLscapeR8G8B8, 2, 1, pixels), nullptr);
        QCOMPARE(row(rgb, 0), (QStringList{"010203FF", "FAFBFCFF"}));
    }

    void sixteenBitFormats() {
        const QImage r5g6b5 = renderSurfaceImage(
            surface(PixelFormat::R5G6B5, 4, 1, u16s({0xF800, 0x07E0, 0x001F, 0x8410})), nullptr);
        QCOMPARE(row(r5g6b5, 0), (QStringList{"FF0000FF", "00FF00FF", "0000FFFF", "848284FF"}));

        const Bytes argb1555 = u16s({0x7C00, 0x83E0});
        QCOMPARE(
            row(renderSurfaceImage(surface(PixelFormat::A1R5G5B5, 2, 1, argb1555), nullptr), 0),
            (QStringList{"FF000000", "00FF00FF"}));
        QCOMPARE(
            row(renderSurfaceImage(surface(PixelFormat::X1R5G5B5, 2, 1, argb1555), nullptr), 0),
            (QStringList{"FF0000FF", "00FF00FF"}));

        // A = 8 → 0x88, R = F, G = 4 → 0x44, B = 0.
        QCOMPARE(
            row(renderSurfaceImage(surface(PixelFormat::A4R4G4B4, 1, 1, u16s({0x8F40})), nullptr),
                0),
            (QStringList{"FF440088"}));
    }

    void alphaOnlyFormatsAreWhite() {
        for (PixelFormat format : {PixelFormat::A8, PixelFormat::CustomLscapeAlpha})
            QCOMPARE(row(renderSurfaceImage(surface(format, 2, 1, {0x00, 0x40}), nullptr), 0),
                     (QStringList{"FFFFFF00", "FFFFFF40"}));
    }

    void jpegUsesItsOwnSize() {
        QImage source(8, 6, QImage::Format_RGB32);
        source.fill(QColor(200, 40, 40));
        QByteArray jpeg;
        QBuffer buffer(&jpeg);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(source.save(&buffer, "JPEG", 100));

        // The header claims 1x1: the JPEG's own 8x6 wins.
        RenderSurface s =
            surface(PixelFormat::CustomRawJpeg, 1, 1, Bytes(jpeg.constBegin(), jpeg.constEnd()));
        const QImage image = renderSurfaceImage(s, nullptr);
        QCOMPARE(image.size(), QSize(8, 6));
        QCOMPARE(image.format(), QImage::Format_RGBA8888);
        const std::uint8_t* p = image.constScanLine(3) + 4 * 4;
        QVERIFY2(std::abs(p[0] - 200) <= 3 && std::abs(p[1] - 40) <= 3 && std::abs(p[2] - 40) <= 3,
                 qPrintable(rgbaAt(image, 4, 3)));
        QCOMPARE(p[3], std::uint8_t(255));

        s.sourceData = {0xFF, 0xD8, 'n', 'o', 't', ' ', 'a', ' ', 'j', 'p', 'e', 'g'};
        const DatError error = imageError(s);
        QCOMPARE(error.field(), std::string("renderSurface.sourceData"));
        QCOMPARE(*error.did(), 0x06000777u);
    }

    void dataLengthMustMatchFormat() {
        const DatError error = imageError(surface(PixelFormat::A8R8G8B8, 2, 2, Bytes(15)));
        QCOMPARE(error.field(), std::string("renderSurface.sourceData"));
        QCOMPARE(error.offset(), std::uint64_t(RenderSurface::kLengthOffset));
        QCOMPARE(error.offsetKind(), OffsetKind::Entry);
        QCOMPARE(*error.did(), 0x06000777u);
        QVERIFY(std::string(error.what()).find("needs 16") != std::string::npos);

        QCOMPARE(imageError(surface(PixelFormat::Dxt5, 8, 8, Bytes(32))).field(),
                 std::string("renderSurface.sourceData"));
        QCOMPARE(imageError(surface(PixelFormat::P8, 2, 2, Bytes(5))).field(),
                 std::string("renderSurface.sourceData"));
    }

    void paletteFormatsNeedAPalette() {
        const RenderSurface s = surface(PixelFormat::P8, 2, 2, {0, 1, 2, 3});
        const DatError error = imageError(s);
        QCOMPARE(error.field(), std::string("renderSurface.defaultPaletteId"));
        QCOMPARE(error.offset(), std::uint64_t(24 + 4));
    }

    void paletteIndexMustBeInRange() {
        Palette palette;
        palette.id = 0x04000005;
        palette.colors = {0xFF000000, 0xFF111111, 0xFF222222, 0xFF333333};
        const DatError p8 = imageError(surface(PixelFormat::P8, 2, 2, {0, 1, 4, 3}), &palette);
        QCOMPARE(p8.field(), std::string("renderSurface.sourceData"));
        QCOMPARE(p8.offset(), std::uint64_t(24 + 2));
        QVERIFY(std::string(p8.what()).find("palette index 4") != std::string::npos);

        const DatError index16 =
            imageError(surface(PixelFormat::Index16, 2, 1, u16s({3, 0x0100})), &palette);
        QCOMPARE(index16.offset(), std::uint64_t(24 + 2));
        QVERIFY(std::string(index16.what()).find("palette index 256") != std::string::npos);
    }

    void absurdDimensionsFailBeforeAllocating_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<QString>("field");
        QTest::newRow("zero width") << 0 << 4 << "renderSurface.width";
        QTest::newRow("negative width") << -4 << 4 << "renderSurface.width";
        QTest::newRow("too wide") << kMaxImageSide + 1 << 1 << "renderSurface.width";
        QTest::newRow("zero height") << 4 << 0 << "renderSurface.height";
        QTest::newRow("huge height") << 4 << 0x40000000 << "renderSurface.height";
    }
    void absurdDimensionsFailBeforeAllocating() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(QString, field);
        const DatError error = imageError(surface(PixelFormat::A8R8G8B8, width, height, Bytes(64)));
        QCOMPARE(QString::fromStdString(error.field()), field);
        QCOMPARE(error.offset(), std::uint64_t(field.endsWith("width") ? 8 : 12));
    }

    void unsupportedFormatsAreNamed() {
        RenderSurface s = surface(PixelFormat::A8, 2, 2, Bytes(4));
        s.pixelFormat = 0x28; // A8P8: in the D3D list, not in the data
        DatError error = imageError(s);
        QCOMPARE(error.field(), std::string("renderSurface.pixelFormat"));
        QCOMPARE(error.offset(), std::uint64_t(RenderSurface::kPixelFormatOffset));
        QVERIFY(std::string(error.what()).find("0x00000028") != std::string::npos);

        s.pixelFormat = 0x32545844; // DXT2
        QCOMPARE(imageError(s).field(), std::string("renderSurface.pixelFormat"));
    }
};

QTEST_GUILESS_MAIN(TestSurfaceImage)
#include "tst_surface_image.moc"
