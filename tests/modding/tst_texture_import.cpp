// Image → RenderSurfaces (modding/texture_import.h): what the importer writes decodes back to the
// image through the reader's own decoder (surface_image.h), exactly for the lossless formats and
// P8, within the DXT error for DXT; the mip chain's sizes and box filter; and the refusals.

#include "datreader/imaging/pixel_encoder.h"
#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/surface_texture.h"
#include "modding/texture_import.h"

#include <QImage>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

using namespace portalkit;
using namespace portalkit::modding;
using dat::PixelFormat;

namespace {

constexpr std::uint32_t kId = 0x06007000;
constexpr std::uint32_t kTextureId = 0x05007000;

// Every pixel its own colour (and, when `alpha`, its own alpha), so a swapped or shifted pixel
// shows.
QImage distinctImage(int width, int height, bool alpha) {
    QImage image(width, height, QImage::Format_RGBA8888);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            image.setPixelColor(x, y,
                                QColor((x * 37 + y * 11) % 256, (y * 53 + 7) % 256,
                                       (x * 13 + y * 29 + 100) % 256,
                                       alpha ? (x * 7 + y * 17 + 30) % 256 : 255));
    return image;
}

// A smooth image, the kind of picture DXT is meant for.
QImage gradientImage(int side) {
    QImage image(side, side, QImage::Format_RGBA8888);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            image.setPixelColor(x, y,
                                QColor(x * 255 / (side - 1), y * 255 / (side - 1), 128,
                                       (x + y) * 255 / (2 * side - 2)));
    return image;
}

dat::RenderSurface surfaceOf(const ImportedEntry& entry) {
    return dat::RenderSurface::decode(entry.bytes, entry.id);
}

QImage decoded(const ImportedEntry& entry, const dat::Palette* palette = nullptr) {
    return dat::renderSurfaceImage(surfaceOf(entry), palette);
}

// The largest difference of one channel between the images (same size required).
int maxChannelError(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGBA8888);
    const QImage y = b.convertToFormat(QImage::Format_RGBA8888);
    int worst = 0;
    for (int row = 0; row < x.height(); ++row)
        for (int i = 0; i < 4 * x.width(); ++i)
            worst = std::max(worst,
                             std::abs(int(x.constScanLine(row)[i]) - int(y.constScanLine(row)[i])));
    return worst;
}

TextureImport options(std::optional<PixelFormat> format) {
    TextureImport o;
    o.id = kId;
    o.format = format;
    return o;
}

} // namespace

class TextureImportTest : public QObject {
    Q_OBJECT

  private slots:
    void losslessFormatsDecodeToTheSamePixels_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<bool>("alpha");
        QTest::newRow("A8R8G8B8") << int(PixelFormat::A8R8G8B8) << true;
        QTest::newRow("R8G8B8") << int(PixelFormat::R8G8B8) << false;
    }
    void losslessFormatsDecodeToTheSamePixels() {
        QFETCH(int, format);
        QFETCH(bool, alpha);
        const QImage image = distinctImage(16, 8, alpha);
        const auto entries = importTexture(image, options(PixelFormat(format)), "in.png");
        QCOMPARE(entries.size(), std::size_t(1));
        QCOMPARE(entries[0].id, kId);
        const dat::RenderSurface surface = surfaceOf(entries[0]);
        QCOMPARE(surface.pixelFormat, std::uint32_t(format));
        QCOMPARE(surface.width, 16);
        QCOMPARE(surface.height, 8);
        QCOMPARE(maxChannelError(decoded(entries[0]), image), 0);
    }

    void p8IndexesThePaletteAndNamesIt() {
        dat::Palette palette;
        palette.id = 0x04007001;
        // Colours in an order unrelated to where the image uses them, with a translucent one.
        palette.colors = {0xFF000000, 0xFFFF0000, 0x8000FF00, 0xFF0000FF, 0xFFFFFFFF, 0xFF123456};
        QImage image(8, 4, QImage::Format_RGBA8888);
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 8; ++x) {
                const std::uint32_t argb = palette.colors[(x * 5 + y * 3) % palette.colors.size()];
                image.setPixelColor(
                    x, y, QColor((argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF, argb >> 24));
            }
        TextureImport o = options(PixelFormat::P8);
        o.palette = &palette;
        const auto entries = importTexture(image, o, "in.png");
        const dat::RenderSurface surface = surfaceOf(entries[0]);
        QCOMPARE(surface.pixelFormat, std::uint32_t(PixelFormat::P8));
        QCOMPARE(surface.defaultPaletteId, palette.id);
        QCOMPARE(surface.sourceData.size(), std::size_t(32));
        QCOMPARE(maxChannelError(dat::renderSurfaceImage(surface, &palette), image), 0);
    }

    void dxtStaysWithinTheBlockError_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("bound");
        // DXT1 stores no alpha worth comparing on a translucent gradient: compare an opaque one.
        QTest::newRow("DXT1") << int(PixelFormat::Dxt1) << 12;
        QTest::newRow("DXT5") << int(PixelFormat::Dxt5) << 12;
    }
    void dxtStaysWithinTheBlockError() {
        QFETCH(int, format);
        QFETCH(int, bound);
        QImage image = gradientImage(64);
        if (format == int(PixelFormat::Dxt1))
            image = image.convertToFormat(QImage::Format_RGBX8888)
                        .convertToFormat(QImage::Format_RGBA8888);
        const auto entries = importTexture(image, options(PixelFormat(format)), "in.png");
        const dat::RenderSurface surface = surfaceOf(entries[0]);
        QCOMPARE(surface.pixelFormat, std::uint32_t(format));
        // 64×64 is 256 blocks of 8 (DXT1) or 16 (DXT5) bytes.
        QCOMPARE(surface.sourceData.size(),
                 std::size_t(format == int(PixelFormat::Dxt1) ? 2048 : 4096));
        // A smooth gradient lies near each block's line between two 5:6:5 endpoints: a few
        // levels of 5-bit rounding (8 apart) at most.
        const int error = maxChannelError(decoded(entries[0]), image);
        QVERIFY2(error <= bound, QByteArray::number(error));
    }

    // Large DXT levels are compressed in bands of block rows at once: the bytes must be those of
    // the whole image compressed in one piece.
    void bandedDxtIsTheWholeImagesBytes() {
        const QImage image = gradientImage(512).scaled(512, 300).scaled(512, 512);
        const auto entries = importTexture(image, options(PixelFormat::Dxt5), "in.png");
        const QImage rgba = image.convertToFormat(QImage::Format_RGBA8888);
        std::vector<std::uint8_t> pixels;
        for (int y = 0; y < rgba.height(); ++y)
            pixels.insert(pixels.end(), rgba.constScanLine(y), rgba.constScanLine(y) + 4 * 512);
        QVERIFY(surfaceOf(entries[0]).sourceData ==
                dat::encodePixels(pixels, 512, 512, PixelFormat::Dxt5, nullptr));
    }

    void theDefaultFormatFollowsTheAlpha() {
        const auto opaque = importTexture(distinctImage(8, 8, false), options({}), "in.png");
        QCOMPARE(surfaceOf(opaque[0]).pixelFormat, std::uint32_t(PixelFormat::Dxt1));
        const auto translucent = importTexture(distinctImage(8, 8, true), options({}), "in.png");
        QCOMPARE(surfaceOf(translucent[0]).pixelFormat, std::uint32_t(PixelFormat::Dxt5));
    }

    void mipLevelsHalveDownToTheSmallest_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<QList<QSize>>("sizes");
        QTest::newRow("A8R8G8B8 16×4 to 1×1")
            << int(PixelFormat::A8R8G8B8) << 16 << 4
            << QList<QSize>{{16, 4}, {8, 2}, {4, 1}, {2, 1}, {1, 1}};
        QTest::newRow("DXT1 64×16 stops at a 4-pixel side")
            << int(PixelFormat::Dxt1) << 64 << 16 << QList<QSize>{{64, 16}, {32, 8}, {16, 4}};
        QTest::newRow("DXT5 4×4 is one level")
            << int(PixelFormat::Dxt5) << 4 << 4 << QList<QSize>{{4, 4}};
    }
    void mipLevelsHalveDownToTheSmallest() {
        QFETCH(int, format);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(QList<QSize>, sizes);
        TextureImport o = options(PixelFormat(format));
        o.levels = 0;
        o.textureId = kTextureId;
        const auto entries = importTexture(distinctImage(width, height, true), o, "in.png");
        QCOMPARE(entries.size(), std::size_t(sizes.size() + 1));
        std::vector<std::uint32_t> ids;
        for (qsizetype level = 0; level < sizes.size(); ++level) {
            const dat::RenderSurface surface = surfaceOf(entries[std::size_t(level)]);
            QCOMPARE(surface.id, kId + std::uint32_t(level));
            QCOMPARE(QSize(surface.width, surface.height), sizes[level]);
            QCOMPARE(surface.pixelFormat, std::uint32_t(format));
            QCOMPARE(decoded(entries[std::size_t(level)]).size(), sizes[level]);
            ids.push_back(surface.id);
        }
        const auto texture = dat::SurfaceTexture::decode(entries.back().bytes, kTextureId);
        QCOMPARE(texture.renderSurfaceIds, ids);
    }

    void aLevelIsTheRoundedMeanOfTheFourPixelsItCovers() {
        QImage image(2, 2, QImage::Format_RGBA8888);
        image.setPixelColor(0, 0, QColor(10, 20, 30, 40));
        image.setPixelColor(1, 0, QColor(20, 30, 40, 50));
        image.setPixelColor(0, 1, QColor(30, 40, 50, 60));
        image.setPixelColor(1, 1, QColor(41, 51, 62, 255));
        TextureImport o = options(PixelFormat::A8R8G8B8);
        o.levels = 2;
        o.textureId = kTextureId;
        const auto entries = importTexture(image, o, "in.png");
        const QImage small = decoded(entries[1]);
        QCOMPARE(small.size(), QSize(1, 1));
        // (10+20+30+41)/4 = 25.25, (20+30+40+51)/4 = 35.25, (30+40+50+62)/4 = 45.5 → 46,
        // (40+50+60+255)/4 = 101.25.
        QCOMPARE(small.pixelColor(0, 0), QColor(25, 35, 46, 101));
    }

    void resizeScalesUpToPowersOfTwo() {
        TextureImport o = options(PixelFormat::A8R8G8B8);
        o.resize = true;
        const auto entries = importTexture(distinctImage(300, 100, false), o, "in.png");
        const dat::RenderSurface surface = surfaceOf(entries[0]);
        QCOMPARE(QSize(surface.width, surface.height), QSize(512, 128));
    }

    void badInputsNameTheFileAndField_data() {
        QTest::addColumn<QImage>("image");
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        const QImage square = distinctImage(8, 8, false);
        QTest::newRow("not a power of two") << distinctImage(300, 200, false) << ""
                                            << "--png"
                                            << "not a power of two";
        QTest::newRow("empty") << QImage() << ""
                               << "--png"
                               << "empty";
        QTest::newRow("too large") << QImage(4096, 1, QImage::Format_RGBA8888) << ""
                                   << "--png"
                                   << "larger than 2048";
        QTest::newRow("DXT under one block") << distinctImage(2, 2, false) << "dxt1"
                                             << "--png"
                                             << "4×4 DXT block";
        QTest::newRow("P8 without a palette") << square << "p8"
                                              << "--palette"
                                              << "P8 needs";
        QTest::newRow("a palette for A8R8G8B8") << square << "palette"
                                                << "--palette"
                                                << "only P8";
        QTest::newRow("levels without a texture") << square << "levels"
                                                  << "--levels"
                                                  << "need a SurfaceTexture";
        QTest::newRow("more levels than the image has") << square << "levels99"
                                                        << "--levels"
                                                        << "has only 4 levels";
        QTest::newRow("an id that is no RenderSurface") << square << "id"
                                                        << "--as"
                                                        << "is SurfaceTexture";
        QTest::newRow("a texture id that is no SurfaceTexture") << square << "texture"
                                                                << "--texture"
                                                                << "not a SurfaceTexture";
    }
    void badInputsNameTheFileAndField() {
        QFETCH(QImage, image);
        QFETCH(QString, change);
        QFETCH(QString, field);
        QFETCH(QString, says);
        dat::Palette palette;
        palette.id = 0x04007001;
        palette.colors = {0xFF000000};
        TextureImport o = options(PixelFormat::A8R8G8B8);
        if (change == "dxt1")
            o.format = PixelFormat::Dxt1;
        if (change == "p8")
            o.format = PixelFormat::P8;
        if (change == "palette")
            o.palette = &palette;
        if (change == "levels")
            o.levels = 2;
        if (change == "levels99") {
            o.levels = 9;
            o.textureId = kTextureId;
        }
        if (change == "id")
            o.id = kTextureId;
        if (change == "texture")
            o.textureId = kId + 100;
        try {
            importTexture(image, o, "art/in.png");
            QFAIL("no error");
        } catch (const dat::DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), field);
            QVERIFY2(QString::fromUtf8(error.what()).contains(says), error.what());
            if (field != "--as")
                QVERIFY2(QString::fromUtf8(error.what()).contains("art/in.png"), error.what());
        }
    }

    void unreadableFilesNameThemselves() {
        QTemporaryDir dir;
        const QString garbage = dir.filePath("garbage.png");
        QFile file(garbage);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("\x89PNG\r\n\x1a\nthis is no PNG");
        file.close();
        for (const QString& path : {garbage, dir.filePath("missing.png")}) {
            try {
                readTextureFile(path);
                QFAIL("no error");
            } catch (const dat::DatError& error) {
                QCOMPARE(error.field(), std::string("--png"));
                QVERIFY2(QString::fromUtf8(error.what()).contains(path), error.what());
            }
        }
    }

    void formatNames() {
        QCOMPARE(textureFormatFromName("dxt5"), PixelFormat::Dxt5);
        QCOMPARE(textureFormatFromName("P8"), PixelFormat::P8);
        QVERIFY_THROWS_EXCEPTION(dat::DatError, textureFormatFromName("DXT3"));
    }
};

QTEST_GUILESS_MAIN(TextureImportTest)
#include "tst_texture_import.moc"
