#include "datreader/records/record.h"
#include "datreader/records/region.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <bit>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x13000000;
constexpr std::uint32_t kEveryPart = 0x10 | 0x1 | 0x2 | 0x200 | 0x4; // 0x4: unknown, no data

// A legacy string: u16 length, the bytes, fill to four bytes.
Bytes& str(Bytes& b, const std::string& text, std::uint8_t fill = 0) {
    b.u16(std::uint16_t(text.size()));
    for (char c : text)
        b.u8(std::uint8_t(c));
    while (b.data.size() % 4 != 0)
        b.u8(fill);
    return b;
}

Bytes& header(Bytes& b) {
    b.u32(kDid).u32(1).u32(3);                 // 0x000 id, regionNumber, version
    str(b, "Demo", 0xCD);                      // 0x00C name, 2 bytes of retail fill
    b.i32(255).i32(254).f32(24);               // 0x014 numBlockLength, numBlockWidth, squareLength
    b.i32(8).i32(1).f32(200).f32(1000).f32(5); // 0x020 lblock, vertex/cell, maxObj, sky, road
    for (int i = 0; i < 256; ++i)              // 0x034 landHeightTable
        b.f32(float(i) * 2);
    b.f64(0.5).u32(10).f32(7620).u32(360); // 0x434 zeroTimeOfYear, zeroYear, day, days/year
    str(b, "P.Y.");                        // 0x448 yearSpec
    b.u32(1).f32(0.25f).u32(0);            // 0x450 one time of day: start, isNight
    str(b, "Dawn");                        // 0x45C its name
    b.u32(1);                              // 0x464 one day of the week
    str(b, "Mo");                          // 0x468
    b.u32(1).u32(90);                      // 0x46C one season: startDate
    str(b, "Spring");                      // 0x474 its name
    return b;                              // 0x47C
}

Bytes& sky(Bytes& b) {
    b.f64(0.01).f64(0.02);                                 // 0x480 tickSize, lightTickSize
    b.u32(1).f32(0.75f);                                   // 0x490 one day group: chanceOfOccur
    str(b, "Sunny", 0xAB);                                 // 0x498 dayName, 1 byte of fill
    b.u32(1);                                              // 0x4A0 one sky object
    b.f32(0).f32(1).f32(-10).f32(190).f32(0.1f).f32(0.2f); // 0x4A4 times, angles, velocity
    b.u32(0x01000B01).u32(0x33000001).u32(0x5);            // 0x4BC gfx, pes, properties
    b.u32(1);                                              // 0x4C8 one sky time
    b.f32(0.5f).f32(1).f32(90).f32(45);          // 0x4CC begin, dirBright, dirHeading, dirPitch
    b.u32(0xFFFFEEDD).f32(0.4f).u32(0xFF808080); // 0x4DC dirColor, ambBright, ambColor
    b.f32(100).f32(900).u32(0xFF102030).u32(1);  // 0x4E8 fog min, max, colour, mode
    b.u32(1);                                    // 0x4F8 one replace
    b.u32(0).u32(0x01000B02).f32(0).f32(0.5f).f32(1).f32(2); // 0x4FC
    return b;                                                // 0x514
}

Bytes& soundAndScene(Bytes& b) {
    b.u32(1).u32(0x20000001);                               // 0x514 one ambient table: soundTableId
    b.u32(1).u32(0x6D).f32(0.5f).f32(0.2f).f32(10).f32(30); // 0x51C one sound
    b.u32(1).u32(0);                                        // 0x534 one scene type: ambient table 0
    b.u32(2).u32(0x12000A01).u32(0x12000A02);               // 0x53C two scenes
    return b;                                               // 0x548
}

Bytes& terrain(Bytes& b) {
    b.u32(1);                        // 0x548 one terrain type
    str(b, "Grass");                 // 0x54C name
    b.u32(0xFF40A040);               // 0x554 colour
    b.u32(1).u32(0);                 // 0x558 one scene type index
    b.u32(0);                        // 0x560 selector: texture merge
    b.u32(512);                      // 0x564 baseTexSize
    b.u32(1).u32(8).u32(0x05000C10); // 0x568 one corner map
    b.u32(1).u32(9).u32(0x05000C11); // 0x574 one side map
    b.u32(1).u32(5).u32(0x05000C12); // 0x580 one road map
    b.u32(1).u32(2).u32(0x05000C01); // 0x58C one terrain texture: type, texture
    b.u32(4).u32(10).u32(1).u32(20).u32(2).u32(30).u32(3); // 0x598 tiling, tint ranges
    b.u32(6).u32(0x05000C20);                              // 0x5B4 detail tiling, detail texture
    return b;                                              // 0x5BC
}

Bytes handWritten(std::uint32_t mask = kEveryPart) {
    Bytes b;
    header(b).u32(mask); // 0x47C partsMask
    if (mask & Region::kHasSky)
        sky(b);
    if (mask & Region::kHasSound)
        soundAndScene(b); // (both or neither in these tests)
    terrain(b);
    if (mask & Region::kHasMisc)
        b.u32(1).u32(0x06000C01).u32(0x06000C02).u32(64).u32(0xA9B4FFFF).u32(7); // 0x5BC
    return b;                                                                    // 0x5D4
}

} // namespace

class TestRegion : public QObject {
    Q_OBJECT

  private slots:
    void decodesTheHeaderAndCalendar() {
        const Region region = Region::decode(handWritten().data, kDid);
        QCOMPARE(region.regionNumber, 1u);
        QCOMPARE(region.version, 3u);
        QCOMPARE(region.name.text, std::string("Demo"));
        QCOMPARE(region.name.pad, 0xCDCDu);
        const LandDefs& defs = region.landDefs;
        QCOMPARE(defs.numBlockWidth, 254);
        QCOMPARE(defs.squareLength, 24.0f);
        QCOMPARE(defs.lblockLength, 8);
        QCOMPARE(defs.skyHeight, 1000.0f);
        QCOMPARE(defs.roadWidth, 5.0f);
        QCOMPARE(defs.landHeightTable[0], 0.0f);
        QCOMPARE(defs.landHeightTable[255], 510.0f);
        const GameTime& time = region.gameTime;
        QCOMPARE(time.zeroTimeOfYear, 0.5);
        QCOMPARE(time.zeroYear, 10u);
        QCOMPARE(time.dayLength, 7620.0f);
        QCOMPARE(time.yearSpec.text, std::string("P.Y."));
        QCOMPARE(time.timesOfDay.size(), std::size_t(1));
        QCOMPARE(time.timesOfDay[0].name.text, std::string("Dawn"));
        QCOMPARE(time.daysOfWeek[0].text, std::string("Mo"));
        QCOMPARE(time.seasons[0].startDate, 90u);
        QCOMPARE(time.seasons[0].name.text, std::string("Spring"));
        QCOMPARE(region.partsMask, kEveryPart);
    }

    void decodesSkySoundAndScene() {
        const Region region = Region::decode(handWritten().data, kDid);
        QCOMPARE(region.sky.lightTickSize, 0.02);
        QCOMPARE(region.sky.dayGroups.size(), std::size_t(1));
        const DayGroup& day = region.sky.dayGroups[0];
        QCOMPARE(day.dayName.text, std::string("Sunny"));
        QCOMPARE(day.dayName.pad, 0xABu);
        QCOMPARE(day.skyObjects[0].endAngle, 190.0f);
        QCOMPARE(day.skyObjects[0].defaultPesObjectId, 0x33000001u);
        QCOMPARE(day.skyObjects[0].properties, 5u);
        const SkyTimeOfDay& noon = day.skyTimes[0];
        QCOMPARE(noon.dirHeading, 90.0f);
        QCOMPARE(noon.ambColor, 0xFF808080u);
        QCOMPARE(noon.worldFogColor, 0xFF102030u);
        QCOMPARE(noon.worldFog, 1u);
        QCOMPARE(noon.replaces[0].gfxObjId, 0x01000B02u);
        QCOMPARE(noon.replaces[0].maxBright, 2.0f);
        QCOMPARE(region.sound.tables[0].soundTableId, 0x20000001u);
        QCOMPARE(region.sound.tables[0].sounds[0].soundType, 0x6Du);
        QCOMPARE(region.sound.tables[0].sounds[0].maxRate, 30.0f);
        QCOMPARE(region.scene.sceneTypes[0].ambientTable, 0u);
        QCOMPARE(region.scene.sceneTypes[0].scenes,
                 (std::vector<std::uint32_t>{0x12000A01, 0x12000A02}));
    }

    void decodesTerrainAndMisc() {
        const Bytes bytes = handWritten();
        const Region region = Region::decode(bytes.data, kDid);
        const TerrainDesc& terrain = region.terrain;
        QCOMPARE(terrain.terrainTypes[0].name.text, std::string("Grass"));
        QCOMPARE(terrain.terrainTypes[0].color, 0xFF40A040u);
        QCOMPARE(terrain.terrainTypes[0].sceneTypes, std::vector<std::uint32_t>{0});
        QCOMPARE(terrain.palShiftSelector, 0u);
        const TexMerge& merge = terrain.texMerge;
        QCOMPARE(merge.baseTexSize, 512u);
        QCOMPARE(merge.cornerMaps[0].textureId, 0x05000C10u);
        QCOMPARE(merge.sideMaps[0].code, 9u);
        QCOMPARE(merge.roadMaps[0].textureId, 0x05000C12u);
        const TerrainTexture& grass = merge.terrainTextures[0];
        QCOMPARE(grass.terrainType, 2u);
        QCOMPARE(grass.texTiling, 4u);
        QCOMPARE(grass.minVertHue, 3u);
        QCOMPARE(grass.detailTexTiling, 6u);
        QCOMPARE(grass.detailTextureId, 0x05000C20u);
        QCOMPARE(region.misc.gameMapId, 0x06000C01u);
        QCOMPARE(region.misc.clearCellId, 0xA9B4FFFFu);
        QCOMPARE(region.misc.clearMonsterId, 7u);
        QVERIFY(region.trailing.empty());
        QCOMPARE(bytes.data.size(), std::size_t(0x5D4));
        QCOMPARE(region.encode(), bytes.data);
    }

    void withoutTheGatedPartsKeepsUnknownBitsAndTrailingBytes() {
        Bytes b = handWritten(0x4);
        b.u32(0xCDCDCDCD);
        const Region region = Region::decode(b.data, kDid);
        QCOMPARE(region.partsMask, 0x4u);
        QVERIFY(region.sky.dayGroups.empty() && region.sound.tables.empty());
        QVERIFY(region.scene.sceneTypes.empty());
        QCOMPARE(region.misc, RegionMisc{});
        QCOMPARE(region.terrain.terrainTypes.size(), std::size_t(1)); // terrain is always there
        QCOMPARE(region.trailing.size(), std::size_t(4));
        QCOMPARE(region.encode(), b.data);
        if (!jsonRoundTrips(region, kDid, "region"))
            return;
    }

    void eachGatedPartAloneDecodes_data() {
        QTest::addColumn<std::uint32_t>("mask");
        QTest::newRow("sky") << std::uint32_t(Region::kHasSky);
        QTest::newRow("misc") << std::uint32_t(Region::kHasMisc);
        QTest::newRow("sound and scene") << std::uint32_t(Region::kHasSound | Region::kHasScene);
    }
    void eachGatedPartAloneDecodes() {
        QFETCH(std::uint32_t, mask);
        const Bytes bytes = handWritten(mask);
        const Region region = Region::decode(bytes.data, kDid);
        QCOMPARE(region.sky.dayGroups.size(), std::size_t(mask & Region::kHasSky ? 1 : 0));
        QCOMPARE(region.misc.autotestMapSize, mask & Region::kHasMisc ? 64u : 0u);
        QCOMPARE(region.scene.sceneTypes.size(), std::size_t(mask & Region::kHasScene ? 1 : 0));
        QCOMPARE(region.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<Region>(DatKind::Portal, kDid, handWritten().data);
    }

    void roundTripsThroughJson() {
        const Region region = Region::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(region, kDid, "region"))
            return;
        const QJsonObject json = region.toJson();
        QCOMPARE(json["name"].toObject()["pad"].toInteger(), 0xCDCD);
        QCOMPARE(json["gameTime"].toObject()["yearSpec"].toString(), QString("P.Y."));
        QCOMPARE(json["landDefs"].toObject()["landHeightTable"].toArray().size(), 256);
    }

    // A height with a NaN payload keeps its bits through the JSON form (docs/formats.md).
    void nanPayloadSurvivesJson() {
        Region region = Region::decode(handWritten().data, kDid);
        region.landDefs.landHeightTable[7] = std::bit_cast<float>(0x7F800001u);
        const QJsonArray heights =
            region.toJson()["landDefs"].toObject()["landHeightTable"].toArray();
        QCOMPARE(heights[7].toString(), QString("nan(0x7F800001)"));
        const Region back = portalkit::testing::viaJsonText(region, kDid, "region");
        QCOMPARE(std::bit_cast<std::uint32_t>(back.landDefs.landHeightTable[7]), 0x7F800001u);
        QCOMPARE(back.encode(), region.encode());
    }

    void paletteShiftSurfaceRoundTrips() {
        Bytes b;
        header(b).u32(0);                       // no gated parts
        b.u32(0).u32(1);                        // no terrain types; selector 1: a palette shift
        b.u32(1).u32(0x05000C01);               // one palette-shift texture
        b.u32(2).u32(0).u32(16).u32(16).u32(8); // two sub-palettes
        b.u32(1).u32(3).u32(7).u32(9);          // one road code: code, a type per sub-palette
        b.u32(1).u32(2).u32(0x04000C01);        // one terrain palette
        const Region region = Region::decode(b.data, kDid);
        const auto& shift = region.terrain.palShift;
        QCOMPARE(shift.size(), std::size_t(1));
        QCOMPARE(shift[0].subPals[1].first, 16u);
        QCOMPARE(shift[0].roadCodes[0].subPalTypes, (std::vector<std::uint32_t>{7, 9}));
        QCOMPARE(shift[0].terrainPals[0].second, 0x04000C01u);
        QCOMPARE(region.encode(), b.data);
        if (!jsonRoundTrips(region, kDid, "region"))
            return;
    }

    void longFormStringLengthIsKept() {
        Bytes b;
        b.u32(kDid).u32(1).u32(3);
        b.u16(0xFFFF).u32(2).u8('A').u8('C'); // 0x0C: long length form, then "AC", no fill
        Bytes rest = handWritten(0x4);
        b.data.insert(b.data.end(), rest.data.begin() + 0x14, rest.data.end());
        const Region region = Region::decode(b.data, kDid);
        QVERIFY(region.name.longForm);
        QCOMPARE(region.name.text, std::string("AC"));
        QCOMPARE(region.encode(), b.data);
        if (!jsonRoundTrips(region, kDid, "region"))
            return;
    }

    void jsonErrorsNameThePath_data() {
        QTest::addColumn<QJsonObject>("source");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("sky without its bit")
            << QJsonObject{{"partsMask", 0}, {"sky", QJsonObject{}}} << "region.sky"
            << "lacks HasSky";
        QTest::newRow("short height table")
            << QJsonObject{{"landDefs", QJsonObject{{"landHeightTable", QJsonArray{1, 2}}}}}
            << "region.landDefs.landHeightTable"
            << "expected 256 heights";
        QTest::newRow("name outside Latin-1")
            << QJsonObject{{"name", QString::fromUtf8("\u65e5")}} << "region.name"
            << "outside Latin-1";
        QTest::newRow("sky object field")
            << QJsonObject{{"sky", QJsonObject{{"dayGroups",
                                                QJsonArray{QJsonObject{
                                                    {"skyObjects", QJsonArray{QJsonObject{
                                                                       {"endAngle", "west"}}}}}}}}}}
            << "region.sky.dayGroups[0].skyObjects[0].endAngle"
            << "expected a number";
        QTest::newRow("texture merge with a palette shift")
            << QJsonObject{{"terrain",
                            QJsonObject{{"palShiftSelector", 1}, {"texMerge", QJsonObject{}}}}}
            << "region.terrain.texMerge"
            << "palShiftSelector is nonzero";
        const QJsonObject roadCode{{"subPalTypes", QJsonArray{1}}};
        QTest::newRow("road code without its sub-palettes")
            << QJsonObject{{"terrain",
                            QJsonObject{{"palShift", QJsonArray{QJsonObject{
                                                         {"roadCodes", QJsonArray{roadCode}}}}}}}}
            << "region.terrain.palShift[0].roadCodes[0].subPalTypes"
            << "one entry per sub-palette";
    }
    void jsonErrorsNameThePath() {
        QFETCH(QJsonObject, source);
        QFETCH(QString, field);
        QFETCH(QString, message);
        portalkit::testing::checkJsonError<Region>(source, "region", kDid, field, message);
    }

    void truncationNamesFieldAndOffset_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("offset");
        const auto row = portalkit::testing::truncationRow;
        row("regionNumber", 0x06, "region.regionNumber", 0x04);
        row("version", 0x0A, "region.version", 0x08);
        row("name length", 0x0D, "region.name", 0x0C);
        row("name bytes", 0x10, "region.name", 0x0E);
        row("name fill", 0x13, "region.name", 0x12);
        row("numBlockLength", 0x16, "region.landDefs.numBlockLength", 0x14);
        row("roadWidth", 0x33, "region.landDefs.roadWidth", 0x30);
        row("height table", 0x102, "region.landDefs.landHeightTable", 0x100);
        row("zeroTimeOfYear", 0x438, "region.gameTime.zeroTimeOfYear", 0x434);
        row("daysPerYear", 0x446, "region.gameTime.daysPerYear", 0x444);
        row("yearSpec", 0x44A, "region.gameTime.yearSpec", 0x44A);
        row("times of day", 0x452, "region.gameTime.timesOfDay", 0x450);
        // A list's first item must fit its smallest size, so a cut inside that part of it
        // names the list's count; past that part each field names itself.
        row("times of day cut", 0x458, "region.gameTime.timesOfDay", 0x450);
        row("time of day name", 0x460, "region.gameTime.timeOfDay.name", 0x45E);
        row("days of week", 0x466, "region.gameTime.daysOfWeek", 0x464);
        row("day of week cut", 0x46A, "region.gameTime.daysOfWeek", 0x464);
        row("seasons", 0x46E, "region.gameTime.seasons", 0x46C);
        row("seasons cut", 0x472, "region.gameTime.seasons", 0x46C);
        row("season name", 0x478, "region.gameTime.season.name", 0x476);
        row("partsMask", 0x47E, "region.partsMask", 0x47C);
        row("tickSize", 0x484, "region.sky.tickSize", 0x480);
        row("lightTickSize", 0x48C, "region.sky.lightTickSize", 0x488);
        row("day groups", 0x492, "region.sky.dayGroups", 0x490);
        row("day groups cut", 0x49A, "region.sky.dayGroups", 0x490);
        row("sky objects cut", 0x4C0, "region.sky.dayGroup.skyObjects", 0x4A0);
        row("sky times", 0x4CA, "region.sky.dayGroup.skyTimes", 0x4C8);
        row("sky times cut", 0x4F0, "region.sky.dayGroup.skyTimes", 0x4C8);
        row("replaces cut", 0x50A, "region.sky.skyTime.replaces", 0x4F8);
        row("ambient tables", 0x516, "region.sound.tables", 0x514);
        row("ambient tables cut", 0x51A, "region.sound.tables", 0x514);
        row("ambient sounds cut", 0x528, "region.sound.table.sounds", 0x51C);
        row("scene types", 0x536, "region.scene.sceneTypes", 0x534);
        row("scene types cut", 0x53E, "region.scene.sceneTypes", 0x534);
        row("scenes cut", 0x544, "region.scene.sceneType.scenes", 0x53C);
        row("terrain types", 0x54A, "region.terrain.types", 0x548);
        row("terrain types cut", 0x550, "region.terrain.types", 0x548);
        row("terrain scene types", 0x55A, "region.terrain.type.sceneTypes", 0x558);
        row("selector", 0x562, "region.terrain.palShiftSelector", 0x560);
        row("baseTexSize", 0x566, "region.terrain.texMerge.baseTexSize", 0x564);
        row("corner maps", 0x56A, "region.terrain.texMerge.cornerMaps", 0x568);
        row("corner maps cut", 0x570, "region.terrain.texMerge.cornerMaps", 0x568);
        row("side maps", 0x576, "region.terrain.texMerge.sideMaps", 0x574);
        row("road maps", 0x582, "region.terrain.texMerge.roadMaps", 0x580);
        row("terrain textures", 0x58E, "region.terrain.texMerge.terrainTextures", 0x58C);
        row("terrain textures cut", 0x5A0, "region.terrain.texMerge.terrainTextures", 0x58C);
        row("misc version", 0x5BE, "region.misc.version", 0x5BC);
        row("misc clearMonsterId", 0x5D2, "region.misc.clearMonsterId", 0x5D0);
    }
    void truncationNamesFieldAndOffset() {
        QFETCH(int, length);
        QFETCH(QString, field);
        QFETCH(int, offset);
        portalkit::testing::checkTruncation<Region>(handWritten().data, length, field, offset,
                                                    kDid);
    }

    // A count the bytes left cannot hold fails at the count, before anything is reserved.
    void countsBeyondTheBytesLeftAreRejected_data() {
        QTest::addColumn<int>("at");
        QTest::addColumn<QString>("field");
        QTest::newRow("times of day") << 0x450 << "region.gameTime.timesOfDay";
        QTest::newRow("day groups") << 0x490 << "region.sky.dayGroups";
        QTest::newRow("replaces") << 0x4F8 << "region.sky.skyTime.replaces";
        QTest::newRow("scenes") << 0x53C << "region.scene.sceneType.scenes";
        QTest::newRow("terrain types") << 0x548 << "region.terrain.types";
        QTest::newRow("terrain textures") << 0x58C << "region.terrain.texMerge.terrainTextures";
    }
    void countsBeyondTheBytesLeftAreRejected() {
        QFETCH(int, at);
        QFETCH(QString, field);
        Bytes bytes = handWritten();
        for (int i = 0; i < 4; ++i)
            bytes.data[std::size_t(at + i)] = i == 3 ? 0x7F : 0xFF;
        const auto error = errorFrom([&] { Region::decode(bytes.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
        portalkit::testing::checkEntryError(error, field, std::uint64_t(at), kDid);
    }

    void encodeRejectsWhatCouldNotDecodeBack() {
        Region region;
        region.sky.tickSize = 1; // no HasSky bit
        auto error = errorFrom([&] { region.encode(); });
        QVERIFY(error && mentions(*error, "without its flag"));
        region = {};
        region.name.text = "Demo";
        region.name.pad = 0x10000; // two bytes of fill cannot hold it
        error = errorFrom([&] { region.encode(); });
        QVERIFY(error && mentions(*error, "does not fit"));
        region = {};
        region.terrain.palShiftSelector = 1;
        region.terrain.palShift.push_back({});
        region.terrain.palShift[0].roadCodes.push_back({1, {2}}); // no sub-palettes
        error = errorFrom([&] { region.encode(); });
        QVERIFY(error && mentions(*error, "no count of its own"));
    }
};

QTEST_APPLESS_MAIN(TestRegion)
#include "tst_region.moc"
