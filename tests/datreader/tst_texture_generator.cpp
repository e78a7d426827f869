// The texture generator: patterns that look like their name and decode back to themselves in
// every pixel format, determinism, P8 against its palette, and errors that name the spec path
// and DID.

#include "datreader/imaging/surface_image.h"
#include "generator_test_support.h"

#include <QJsonArray>
#include <algorithm>
#include <array>

using namespace portalkit;
using namespace portalkit::dat;
using authoring::generateTexture;
using namespace portalkit::testing;

namespace {

// --- pixels ---

using Pixel = std::array<int, 4>;

Pixel pixelAt(const QImage& image, int x, int y) {
    const std::uint8_t* p = image.constScanLine(y) + 4 * x;
    return {p[0], p[1], p[2], p[3]};
}

QString describe(const Pixel& p) {
    return QString::asprintf("(%d, %d, %d, %d)", p[0], p[1], p[2], p[3]);
}

// The levels an n-bit channel can show after surface_image widens it by bit replication.
std::vector<int> shownLevels(int bits) {
    std::vector<int> levels;
    for (int level = 0; level < (1 << bits); ++level)
        levels.push_back(bits == 4 ? level * 17
                                   : (level << (8 - bits)) | (level >> (2 * bits - 8)));
    return levels;
}

// Whether `shown` is as close to `wanted` as any level the channel could show.
bool isNearestLevel(int shown, int wanted, const std::vector<int>& levels) {
    for (int level : levels)
        if (std::abs(level - wanted) < std::abs(shown - wanted))
            return false;
    return std::find(levels.begin(), levels.end(), shown) != levels.end();
}

int distance2(const Pixel& a, const Pixel& b) {
    int sum = 0;
    for (std::size_t c = 0; c < 4; ++c)
        sum += (a[c] - b[c]) * (a[c] - b[c]);
    return sum;
}

Pixel fromArgb(std::uint32_t argb) {
    return {int(argb >> 16 & 0xFF), int(argb >> 8 & 0xFF), int(argb & 0xFF), int(argb >> 24)};
}

Pixel rgba(const char* hex) {
    const QString text(hex);
    Pixel p;
    for (int c = 0; c < 4; ++c)
        p[std::size_t(c)] = text.mid(1 + 2 * c, 2).toInt(nullptr, 16);
    return p;
}

} // namespace

class TestTextureGenerator : public QObject {
    Q_OBJECT
  private slots:
    void patternsLookLikeTheirName() {
        const auto image = [](const char* pattern, const QJsonObject& extra = {}) {
            QJsonObject object{{"format", "A8R8G8B8"},
                               {"width", 64},
                               {"height", 32},
                               {"pattern", pattern},
                               {"cells", 4},
                               {"colors", QJsonArray{"#FF000080", "#00FF00FF", "#0000FFFF"}}};
            for (auto it = extra.begin(); it != extra.end(); ++it)
                object[it.key()] = it.value();
            return renderSurfaceImage(texture(object), nullptr);
        };
        const Pixel red = rgba("#FF000080"), green = rgba("#00FF00FF"), blue = rgba("#0000FFFF");
        const auto closest = [&](const Pixel& p) {
            const int toRed = distance2(p, red), toGreen = distance2(p, green),
                      toBlue = distance2(p, blue);
            return toRed <= std::min(toGreen, toBlue) ? red : toGreen <= toBlue ? green : blue;
        };

        const QImage gradient = image("gradient");
        for (int x = 0; x < 64; ++x) {
            QCOMPARE(pixelAt(gradient, x, 0), red);
            QCOMPARE(pixelAt(gradient, x, 31), blue);
        }
        QCOMPARE(closest(pixelAt(gradient, 0, 15)), green);

        const QImage radial = image("radial");
        QCOMPARE(closest(pixelAt(radial, 32, 16)), red);
        QCOMPARE(pixelAt(radial, 0, 0), blue); // the corners lie past the circle

        const QImage ring = image("ring");
        QCOMPARE(pixelAt(ring, 32, 16), blue);              // the centre is far from the ring
        QCOMPARE(closest(pixelAt(ring, 32 + 22, 16)), red); // on it: 0.7 of the half-width out

        const QImage spark = image("spark");
        QCOMPARE(pixelAt(spark, 32, 16), red);
        QCOMPARE(closest(pixelAt(spark, 16, 16)), green); // on a streak
        QCOMPARE(closest(pixelAt(spark, 16, 4)), blue);   // beside it

        // 4 cells across 64 and down 32 px; colours cycle cell by cell.
        const QImage checker = image("checker");
        QCOMPARE(pixelAt(checker, 0, 0), red);
        QCOMPARE(pixelAt(checker, 16, 0), green);
        QCOMPARE(pixelAt(checker, 16, 8), blue);
        QCOMPARE(pixelAt(checker, 63, 31), red); // cell 3 + 3 = 6 → colour 0

        const QImage stripes = image("stripes");
        for (int y = 0; y < 32; ++y) {
            QCOMPARE(pixelAt(stripes, 15, y), red);
            QCOMPARE(pixelAt(stripes, 16, y), green);
            QCOMPARE(pixelAt(stripes, 48, y), red);
        }

        const QImage noise = image("noise", {{"seed", 7}});
        QCOMPARE(noise, image("noise", {{"seed", 7}}));
        QVERIFY(noise != image("noise", {{"seed", 8}}));
        QVERIFY(noise != image("noise", {{"cells", 2}, {"seed", 7}}));
    }

    void everyFormatDecodesBackToThePattern_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("pattern");
        for (const char* format :
             {"A8R8G8B8", "R8G8B8", "A8", "R5G6B5", "A4R4G4B4", "P8", "DXT1", "DXT3", "DXT5"})
            for (const char* pattern :
                 {"radial", "checker", "gradient", "ring", "spark", "noise", "stripes"})
                QTest::addRow("%s %s", format, pattern) << QString(format) << QString(pattern);
    }
    void everyFormatDecodesBackToThePattern() {
        QFETCH(QString, format);
        QFETCH(QString, pattern);
        // DXT keeps two colours per 4×4 block and DXT1 only 1-bit alpha, so DXT patterns are
        // two-colour ramps, opaque for DXT1: what it can hold, as effect textures are.
        const QJsonArray colours = format == "DXT1" ? QJsonArray{"#FF8000FF", "#2040C0FF"}
                                   : format == "DXT3" || format == "DXT5"
                                       ? QJsonArray{"#FFC040FF", "#2040C000"}
                                       : QJsonArray{"#FF800040", "#2040C0FF", "#F0F0F000"};
        QJsonObject object{{"width", 32},       {"height", 16}, {"pattern", pattern},
                           {"colors", colours}, {"cells", 4},   {"seed", 3}};
        QJsonObject reference = object;
        reference["format"] = "A8R8G8B8"; // lossless: the pattern itself
        const QImage wanted = renderSurfaceImage(texture(reference), nullptr);

        Palette levels; // 64 greys at four alphas, for P8
        levels.id = 0x04000007;
        for (std::uint32_t i = 0; i < 256; ++i)
            levels.colors.push_back((i % 4 * 0x55) << 24 | (i / 4 * 4) * 0x010101);
        object["format"] = format;
        if (format == "P8")
            object["palette"] = "0x04000007";

        const RenderSurface surface = texture(object, &levels);
        QCOMPARE(surface.id, kTextureDid);
        QVERIFY(RenderSurface::decode(surface.encode(), kTextureDid) == surface);
        const QImage shown = renderSurfaceImage(surface, &levels);
        QCOMPARE(shown.size(), wanted.size());

        const auto five = shownLevels(5), six = shownLevels(6), four = shownLevels(4);
        double totalError = 0;
        for (int y = 0; y < wanted.height(); ++y)
            for (int x = 0; x < wanted.width(); ++x) {
                const Pixel want = pixelAt(wanted, x, y), got = pixelAt(shown, x, y);
                const QString where = QString("pixel %1,%2: wanted %3, shown %4")
                                          .arg(x)
                                          .arg(y)
                                          .arg(describe(want), describe(got));
                bool exact = true;
                if (format == "R8G8B8")
                    exact = got == Pixel{want[0], want[1], want[2], 255};
                else if (format == "A8")
                    exact = got == Pixel{255, 255, 255, want[3]};
                else if (format == "R5G6B5")
                    exact = isNearestLevel(got[0], want[0], five) &&
                            isNearestLevel(got[1], want[1], six) &&
                            isNearestLevel(got[2], want[2], five) && got[3] == 255;
                else if (format == "A4R4G4B4")
                    for (std::size_t c = 0; c < 4; ++c)
                        exact = exact && isNearestLevel(got[c], want[c], four);
                else if (format == "P8")
                    exact = std::all_of(levels.colors.begin(), levels.colors.end(),
                                        [&](std::uint32_t colour) {
                                            return distance2(want, got) <=
                                                   distance2(want, fromArgb(colour));
                                        }) &&
                            std::find_if(levels.colors.begin(), levels.colors.end(),
                                         [&](std::uint32_t colour) {
                                             return fromArgb(colour) == got;
                                         }) != levels.colors.end();
                for (std::size_t c = 0; c < 4; ++c)
                    totalError += std::abs(want[c] - got[c]);
                QVERIFY2(exact, qPrintable(where));
            }
        if (format.startsWith("DXT")) {
            const double meanError = totalError / (4.0 * wanted.width() * wanted.height());
            QVERIFY2(meanError < 6, qPrintable(QString("mean abs error %1").arg(meanError)));
        }
    }

    void defaultColoursFadeWhiteToTransparent() {
        const QImage image = renderSurfaceImage(
            generateTexture(spec(R"({"format": "A8R8G8B8", "width": 16, "height": 16,
                                     "pattern": "radial"})",
                                 "texture", kTextureDid),
                            kTextureDid, nullptr),
            nullptr);
        QCOMPARE(pixelAt(image, 0, 0), (Pixel{255, 255, 255, 0}));
        QVERIFY(pixelAt(image, 8, 8)[3] > 220);
    }

    void texturesAreDeterministic() {
        const QJsonObject object{
            {"format", "DXT5"},   {"width", 64}, {"height", 64},
            {"pattern", "noise"}, {"seed", 99},  {"colors", QJsonArray{"#102030FF", "#F0E0D000"}}};
        QCOMPARE(texture(object).encode(), texture(object).encode());
    }

    void p8StoresItsPaletteAndNeedsIt() {
        Palette greys;
        greys.id = 0x04000009;
        greys.colors = {0xFF000000, 0xFFFFFFFF};
        const QJsonObject object{{"format", "P8"},
                                 {"width", 4},
                                 {"height", 4},
                                 {"pattern", "checker"},
                                 {"cells", 2},
                                 {"palette", "0x04000009"},
                                 {"colors", QJsonArray{"#101010FF", "#E0E0E0FF"}}};
        const RenderSurface surface = texture(object, &greys);
        QCOMPARE(surface.pixelFormat, std::uint32_t(PixelFormat::P8));
        QCOMPARE(surface.defaultPaletteId, 0x04000009u);
        QCOMPARE(surface.sourceData,
                 (std::vector<std::uint8_t>{0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0}));

        if (!failsAt([&] { texture(object, nullptr); }, "texture.palette", kTextureDid))
            return;
        Palette other = greys;
        other.id = 0x04000010;
        if (!failsAt([&] { texture(object, &other); }, "texture.palette", kTextureDid))
            return;
        QJsonObject unnamed = object;
        unnamed.remove("palette");
        if (!failsAt([&] { texture(unnamed, &greys); }, "texture.palette", kTextureDid))
            return;
        QJsonObject notP8 = object;
        notP8["format"] = "A8";
        failsAt([&] { texture(notP8, &greys); }, "texture.palette", kTextureDid);
    }

    void badTextureSpecsNameTheirPath_data() {
        addBadSpecColumns();
        const auto row = [](const char* name, const char* json, const char* path) {
            QTest::newRow(name) << QString(json) << QString(path);
        };
        row("unknown format", R"({"format": "DXT2", "width": 8, "height": 8, "pattern": "radial"})",
            "texture.format");
        row("unknown pattern", R"({"format": "A8", "width": 8, "height": 8, "pattern": "plaid"})",
            "texture.pattern");
        row("not a power of two",
            R"({"format": "A8", "width": 12, "height": 8, "pattern": "radial"})", "texture.width");
        row("too big", R"({"format": "A8", "width": 8, "height": 2048, "pattern": "radial"})",
            "texture.height");
        row("DXT below one block",
            R"({"format": "DXT1", "width": 2, "height": 8, "pattern": "radial"})", "texture.width");
        row("no colours",
            R"({"format": "A8", "width": 8, "height": 8, "pattern": "radial", "colors": []})",
            "texture.colors");
        // moc misreads '#' inside raw strings, so this one is escaped.
        row("bad colour",
            "{\"format\": \"A8\", \"width\": 8, \"height\": 8, \"pattern\": \"radial\", "
            "\"colors\": [\"#FFFFFF\", \"#GG0000FF\"]}",
            "texture.colors[1]");
        row("no cells",
            R"({"format": "A8", "width": 8, "height": 8, "pattern": "checker", "cells": 0})",
            "texture.cells");
    }
    void badTextureSpecsNameTheirPath() {
        badSpecFailsAt(
            [](const char* text) {
                generateTexture(spec(text, "texture", kTextureDid), kTextureDid, nullptr);
            },
            kTextureDid);
    }
};

QTEST_GUILESS_MAIN(TestTextureGenerator)
#include "tst_texture_generator.moc"
