// The ObjDesc model and its composition (preview/appearance, docs/appearance.md) on hand-built
// records: part swaps, texture swaps, palette ranges drawn into an INDEX16 texture, the order the
// client applies them in, and the ClothingTable + PaletteSet + shade route on the demo DAT.

#include "datreader/io/dat_error.h"
#include "datreader/records/clothing_table.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/palette.h"
#include "datreader/records/palette_set.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/setup.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "preview/appearance/compose.h"
#include "preview/appearance/obj_desc.h"
#include "tests/support/demo_assets.h"

#include <QJsonDocument>
#include <QtTest>

using namespace portalkit;
using namespace portalkit::preview::appearance;

namespace {

constexpr std::uint32_t kBase = 0x04000001, kRed = 0x04000002, kBlue = 0x04000003,
                        kOther = 0x04000004;
constexpr std::uint32_t kTexA = 0x05000001, kTexB = 0x05000002, kTexC = 0x05000003;
constexpr std::uint32_t kSurfA = 0x08000001, kSurfB = 0x08000002;
constexpr std::uint32_t kGfxA = 0x01000001, kGfxB = 0x01000002;
constexpr std::uint32_t kSetup = 0x02000001;

dat::Palette palette(std::uint32_t id, std::uint32_t tint) {
    dat::Palette p;
    p.id = id;
    for (std::uint32_t i = 0; i < 16; ++i)
        p.colors.push_back(0xFF000000u | tint | i);
    return p;
}

// A 4×2 INDEX16 texture indexing colours 0..3 and 8..11.
dat::RenderSurface index16(std::uint32_t id, std::uint32_t defaultPalette) {
    dat::RenderSurface rs;
    rs.id = id;
    rs.width = 4;
    rs.height = 2;
    rs.pixelFormat = std::uint32_t(dat::PixelFormat::Index16);
    for (std::uint16_t index : {0, 1, 2, 3, 8, 9, 10, 11}) {
        rs.sourceData.push_back(std::uint8_t(index & 0xFF));
        rs.sourceData.push_back(std::uint8_t(index >> 8));
    }
    rs.defaultPaletteId = defaultPalette;
    return rs;
}

template <class T> T withId(std::uint32_t id) {
    T t;
    t.id = id;
    return t;
}

// Two parts drawing GfxObj A (surface A: texture A on the base palette); GfxObj B draws
// texture B, whose own palette is another one; texture C also uses the base palette.
preview::Assets handBuilt() {
    preview::Assets assets;
    for (auto p : {palette(kBase, 0), palette(kRed, 0xAA0000), palette(kBlue, 0x0000BB),
                   palette(kOther, 0x00CC00)})
        assets.add(p);
    assets.add(index16(0x06000001, kBase));
    assets.add(index16(0x06000002, kOther));
    assets.add(index16(0x06000003, kBase));
    for (std::uint32_t i = 0; i < 3; ++i) {
        auto t = withId<dat::SurfaceTexture>(kTexA + i);
        t.renderSurfaceIds = {0x06000001 + i};
        assets.add(t);
    }
    for (auto [id, tex] : {std::pair{kSurfA, kTexA}, std::pair{kSurfB, kTexB}}) {
        auto s = withId<dat::Surface>(id);
        s.type = dat::Surface::kBase1Image;
        s.origTextureId = tex;
        assets.add(s);
    }
    auto a = withId<dat::GfxObj>(kGfxA);
    a.surfaces = {kSurfA};
    assets.add(a);
    auto b = withId<dat::GfxObj>(kGfxB);
    b.surfaces = {kSurfB};
    assets.add(b);
    auto setup = withId<dat::Setup>(kSetup);
    setup.parts = {kGfxA, kGfxA};
    assets.add(setup);
    return assets;
}

QRgb pixel(const QImage& image, int x, int y) {
    return image.pixel(x, y);
}

} // namespace

class TstAppearance : public QObject {
    Q_OBJECT

  private slots:
    void partSwapReplacesOnlyThatPart() {
        const auto assets = handBuilt();
        ObjDesc desc;
        desc.addPartChange({1, kGfxB});
        desc.addPartChange({0, 0x01000099}); // unreadable: the part keeps its GfxObj
        const Appearance app = compose(assets, kSetup, desc);
        QCOMPARE(app.parts.size(), std::size_t(2));
        QCOMPARE(app.parts[0]->gfxObj, kGfxA);
        QCOMPARE(app.parts[1]->gfxObj, kGfxB);
        QCOMPARE(app.parts[1]->setupGfxObj, kGfxA);
        QCOMPARE(app.parts[1]->surfaces.front().surface, kSurfB);
        QVERIFY(app.problems.join(' ').contains("0x01000099"));
    }

    void textureSwapOnTheNamedPart() {
        const auto assets = handBuilt();
        ObjDesc desc;
        desc.addTextureChange({0, kTexA, kTexC});
        const Appearance app = compose(assets, kSetup, desc);
        QCOMPARE(app.parts[0]->surfaces.front().texture, kTexC);
        QVERIFY(app.parts[0]->surfaces.front().textureSwapped);
        QCOMPARE(app.parts[1]->surfaces.front().texture, kTexA);
        QVERIFY(!app.parts[1]->changesSurfaces());
    }

    void paletteRangesOnIndex16ArePixelExact() {
        const auto assets = handBuilt();
        ObjDesc desc;
        desc.basePalette = kBase;
        desc.addSubPalette({kRed, 0, 8});
        desc.addSubPalette({kBlue, 8, 8});
        const Appearance app = compose(assets, kSetup, desc);
        QVERIFY2(app.problems.isEmpty(), qPrintable(app.problems.join('\n')));
        const SurfaceSwap& swap = app.parts[0]->surfaces.front();
        QVERIFY(app.parts[0]->recoloured);
        QVERIFY(swap.palette);
        QString why;
        const QImage image = surfaceImage(assets, swap, &why);
        QVERIFY2(!image.isNull(), qPrintable(why));
        for (int x = 0; x < 4; ++x) {
            QCOMPARE(pixel(image, x, 0), QRgb(0xFFAA0000u | x));       // indices 0..3: red
            QCOMPARE(pixel(image, x, 1), QRgb(0xFF0000BBu | (8 + x))); // indices 8..11: blue
        }
        // Without the ObjDesc the same texture draws its own palette.
        const QImage plain =
            surfaceImage(assets, compose(assets, kSetup, {}).parts[0]->surfaces[0]);
        QCOMPARE(pixel(plain, 1, 1), QRgb(0xFF000009u));
    }

    void partSwapComesBeforeTexturesAndPalettes() {
        const auto assets = handBuilt();
        ObjDesc desc;
        desc.addPartChange({0, kGfxB});
        desc.addTextureChange({0, kTexA, kTexC}); // names the Setup's texture: nothing to match
        desc.addTextureChange({1, kTexA, kTexC});
        desc.basePalette = kBase;
        desc.addSubPalette({kRed, 0, 16});
        const Appearance app = compose(assets, kSetup, desc);
        // Part 0 now draws GfxObj B: texture B stays, and its palette is not the base one.
        QCOMPARE(app.parts[0]->surfaces.front().texture, kTexB);
        QVERIFY(!app.parts[0]->recoloured);
        QCOMPARE(app.parts[0]->originalPalette, kOther);
        // Part 1 keeps GfxObj A: swapped to texture C and recoloured, since A's palette is the
        // base.
        QCOMPARE(app.parts[1]->surfaces.front().texture, kTexC);
        QVERIFY(app.parts[1]->recoloured);
        const QImage image = surfaceImage(assets, app.parts[1]->surfaces.front());
        QCOMPARE(pixel(image, 0, 1), QRgb(0xFFAA0008u));
    }

    void laterRangesAndChangesWin() {
        ObjDesc desc;
        desc.addSubPalette({kRed, 0, 16});
        desc.addSubPalette({kBlue, 8, 8});
        desc.addSubPalette({kOther, 0, 16}); // same range as the first: replaces it, at the end
        QCOMPARE(desc.subPalettes.size(), std::size_t(2));
        QCOMPARE(desc.subPalettes.back().palette, kOther);
        desc.addSubPalette({kRed, 0, kFullPalette}); // whole: removes every range
        QCOMPARE(desc.subPalettes.size(), std::size_t(1));
        QVERIFY(!desc.addSubPalette({kBlue, 8, 8})); // refused while a whole one is there
        desc.addTextureChange({0, kTexA, kTexB});
        desc.addTextureChange({0, kTexA, kTexC});
        QCOMPARE(desc.textureChanges.size(), std::size_t(1));
        QCOMPARE(desc.textureChanges.front().newTexture, kTexC);
        desc.addPartChange({2, kGfxA});
        desc.addPartChange({2, kGfxB});
        QCOMPARE(desc.partChanges, (std::vector<PartChange>{{2, kGfxB}}));

        // Overlapping ranges compose in order: the later range's colours win.
        const auto assets = handBuilt();
        ObjDesc ordered;
        ordered.basePalette = kBase;
        ordered.addSubPalette({kRed, 0, 16});
        ordered.addSubPalette({kBlue, 8, 8});
        const auto composed = composePalette(assets, ordered);
        QVERIFY(composed);
        QCOMPARE(composed->colors[7], 0xFFAA0007u);
        QCOMPARE(composed->colors[8], 0xFF0000BBu | 8u);
    }

    void modelDataInClientUnits() {
        preview::wire::ModelData model;
        model.basePalette = preview::wire::PackedId{kBase - preview::wire::kPaletteType};
        model.subPalettes.push_back({{kRed - preview::wire::kPaletteType}, 1, 2});
        model.subPalettes.push_back({{kBlue - preview::wire::kPaletteType}, 3, 1});
        model.textureChanges.push_back(
            {1, {kTexA - preview::wire::kTextureType}, {kTexC - preview::wire::kTextureType}});
        model.animPartChanges.push_back({1, {kGfxB - preview::wire::kGfxObjType}});
        const ObjDesc desc = fromModelData(model);
        QCOMPARE(desc.basePalette, kBase);
        QCOMPARE(desc.subPalettes, (std::vector<SubPalette>{{kRed, 8, 16}, {kBlue, 24, 8}}));
        QCOMPARE(desc.textureChanges, (std::vector<TextureChange>{{1, kTexA, kTexC}}));
        QCOMPARE(desc.partChanges, (std::vector<PartChange>{{1, kGfxB}}));
        model.subPalettes = {{{kRed - preview::wire::kPaletteType}, 0, 0}}; // count 0: 256 × 8
        QVERIFY(fromModelData(model).subPalettes.front().isWhole());
    }

    void jsonRoundTripsAndNamesTheBadField() {
        ObjDesc desc;
        desc.basePalette = kBase;
        desc.addSubPalette({kRed, 8, 16});
        desc.addTextureChange({1, kTexA, kTexC});
        desc.addPartChange({0, kGfxB});
        const QJsonObject json = toJson(desc);
        QCOMPARE(fromJson(dat::JsonNode(json, "objDesc")), desc);

        const auto error = [](const char* text) {
            const auto doc = QJsonDocument::fromJson(text);
            try {
                fromJson(dat::JsonNode(doc.object(), "objDesc"));
            } catch (const dat::DatError& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        QVERIFY(error(R"({"subPalettes": [{"palette": "0x05000001", "numColors": 8}]})")
                    .contains("objDesc.subPalettes[0].palette"));
        QVERIFY(error(R"({"subPalettes": [{"palette": "0x04000001", "offset": 2044,
                          "numColors": 8}]})")
                    .contains("objDesc.subPalettes[0].offset"));
        QVERIFY(error(R"({"partChanges": [{"part": 300, "gfxObj": "0x01000001"}]})")
                    .contains("objDesc.partChanges[0].part"));
        QVERIFY(error(R"({"textureChanges": [{"part": 0, "oldTexture": "x"}]})")
                    .contains("objDesc.textureChanges[0].oldTexture"));
    }

    // PalSet::GetPaletteID: index floor((n - 0.000001) × shade). With four palettes shade 0.5
    // picks the second (index 1); rounding instead, as one public port once did, picks the third.
    void clothingShadePicksTheClientsPalette() {
        auto assets = handBuilt();
        auto set = withId<dat::PaletteSet>(0x0F000001);
        set.palettes = {kBase, kRed, kBlue, kOther};
        assets.add(set);
        auto table = withId<dat::ClothingTable>(0x10000001);
        table.baseEffects.push_back({kSetup, {{1, kGfxB, {{kTexB, kTexC}}}}});
        table.subPalEffects.push_back({7, 0, {{{{16, 8}, {40, 16}}, 0x0F000001}}});
        assets.add(table);
        const std::pair<double, std::uint32_t> cases[] = {{0.0, kBase}, {0.5, kRed}, {1.0, kOther}};
        for (auto [shade, expected] : cases) {
            const ClothingResult r =
                fromClothing(assets, kSetup, {0x10000001, 7, ClothingChoice::oneShade(shade), 0});
            QVERIFY(r.fits);
            QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.join('\n')));
            QCOMPARE(r.desc.partChanges, (std::vector<PartChange>{{1, kGfxB}}));
            QCOMPARE(r.desc.textureChanges, (std::vector<TextureChange>{{1, kTexB, kTexC}}));
            QCOMPARE(r.desc.subPalettes,
                     (std::vector<SubPalette>{{expected, 16, 8}, {expected, 40, 16}}));
            QCOMPARE(r.desc.basePalette, kOther); // GfxObj B's palette: the dressed part's
        }
        QVERIFY(!fromClothing(assets, 0x02000002, {0x10000001, 7, {}, 0}).fits);
    }

    void demoTunicShades() {
        const auto& assets = testing::demoPortalAssets();
        const std::pair<double, std::uint32_t> cases[] = {
            {0.0, 0x04000C41}, {0.5, 0x04000C42}, {1.0, 0x04000C43}};
        for (auto [shade, expected] : cases) {
            const ClothingResult red = fromClothing(
                assets, 0x02000001, {0x10000C41, 1, ClothingChoice::oneShade(shade), 0});
            QVERIFY2(red.problems.isEmpty(), qPrintable(red.problems.join('\n')));
            QCOMPARE(red.desc.subPalettes, (std::vector<SubPalette>{{expected, 0, 256}}));
            QCOMPARE(red.desc.textureChanges,
                     (std::vector<TextureChange>{{1, 0x05000A06, 0x05000C41}}));
        }
        // Template 2: the first sub-palette effect from the blue set, the second from the red.
        const ClothingResult two =
            fromClothing(assets, 0x02000001, {0x10000C41, 2, {0.0, 1.0, 1.0, 1.0}, 0});
        QCOMPARE(two.desc.subPalettes,
                 (std::vector<SubPalette>{{0x04000C44, 0, 128}, {0x04000C43, 128, 128}}));
    }

    void recolouringIsCached() {
        const auto assets = handBuilt();
        ObjDesc desc;
        desc.basePalette = kBase;
        desc.addSubPalette({kRed, 0, 8});
        const Appearance app = compose(assets, kSetup, desc);
        RecolourCache cache;
        const QImage first = cache.image(assets, app.parts[0]->surfaces[0]);
        const QImage again = cache.image(assets, app.parts[1]->surfaces[0]);
        QCOMPARE(cache.size(), std::size_t(1));
        QCOMPARE(first, again);
        QCOMPARE(first, surfaceImage(assets, app.parts[0]->surfaces[0]));
        // Another composition is another image.
        desc.addSubPalette({kBlue, 0, 8});
        cache.image(assets, compose(assets, kSetup, desc).parts[0]->surfaces[0]);
        QCOMPARE(cache.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TstAppearance)
#include "tst_appearance.moc"
