#include "datreader/records/setup.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

using namespace portalkit::dat;
using portalkit::testing::addSourceErrorColumns;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;
using portalkit::testing::sourceErrorRow;

namespace {

constexpr std::uint32_t kDid = 0x02000123;

// Written by hand from docs/formats.md, field by field; offsets on the left.
const std::vector<std::uint8_t> kHandWritten{
    0x23, 0x01, 0x00, 0x02, // 0x000 id 0x02000123
    0x03, 0x00, 0x00, 0x00, // 0x004 flags HasParent | HasDefaultScale
    0x02, 0x00, 0x00, 0x00, // 0x008 numParts 2
    0x01, 0x0A, 0x00, 0x01, // 0x00C parts[0] 0x01000A01
    0x02, 0x0A, 0x00, 0x01, // 0x010 parts[1] 0x01000A02
    0xFF, 0xFF, 0xFF, 0xFF, // 0x014 parentIndex[0] 0xFFFFFFFF
    0x00, 0x00, 0x00, 0x00, // 0x018 parentIndex[1] 0
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x80, 0x3F, // 0x01C scale 1,1,1
    0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, 0x3F, // 0x028 scale .5 ×3
    0x01, 0x00, 0x00, 0x00,                                                 // 0x034 holding 1
    0x01, 0x00, 0x00, 0x00,                                                 // 0x038 key 1
    0x01, 0x00, 0x00, 0x00,                                                 // 0x03C partIndex 1
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, // 0x040 origin 0,0,2
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x04C quat 1,0,0,
    0x00, 0x00, 0x00, 0x00,                                                 //       0
    0x00, 0x00, 0x00, 0x00,                                                 // 0x05C connections 0
    0x01, 0x00, 0x00, 0x00,                                                 // 0x060 placements 1
    0x65, 0x00, 0x00, 0x00,                                                 // 0x064 key Resting
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x068 part 0 origin
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x074 quat 1,0,0,
    0x00, 0x00, 0x00, 0x00,                                                 //       0
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x084 part 1 1,0,0
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x090 quat 1,0,0,
    0x00, 0x00, 0x00, 0x00,                                                 //       0
    0x01, 0x00, 0x00, 0x00,                                                 // 0x0A0 hooks 1
    0x1A, 0x00, 0x00, 0x00,                                                 // 0x0A4 CreateBlocking
    0x01, 0x00, 0x00, 0x00,                                                 // 0x0A8 forward
    0x56, 0x04, 0x00, 0x32,                                                 // 0x0AC 0x32000456
    0x01, 0x00, 0x00, 0x00,                                                 // 0x0B0 partIndex 1
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3F, // 0x0B4 0,0,.5
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x0C0 quat 1,0,0,
    0x00, 0x00, 0x00, 0x00,                                                 //       0
    0x07, 0x00, 0x00, 0x00,                                                 // 0x0D0 emitterId 7
    0x01, 0x00, 0x00, 0x00,                                                 // 0x0D4 cylSpheres 1
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x0D8 low 0,0,0
    0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, 0x40,                         // 0x0E4 r .5, h 2
    0x02, 0x00, 0x00, 0x00,                                                 // 0x0EC spheres 2
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, // 0x0F0 0,0,2
    0x00, 0x00, 0x80, 0x3E,                                                 // 0x0FC r .25
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x100 0,0,1
    0x00, 0x00, 0x00, 0x3F,                                                 // 0x10C r .5
    0x00, 0x00, 0x00, 0x40,                                                 // 0x110 height 2
    0x00, 0x00, 0x00, 0x3F,                                                 // 0x114 radius .5
    0x00, 0x00, 0x80, 0x3E,                                                 // 0x118 stepUp .25
    0x00, 0x00, 0x00, 0x3E,                                                 // 0x11C stepDown .125
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x120 sorting
    0x00, 0x00, 0x00, 0x40,                                                 //       r 2
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x130 selection
    0x00, 0x00, 0x80, 0x3F,                                                 //       r 1
    0x01, 0x00, 0x00, 0x00,                                                 // 0x140 lights 1
    0x00, 0x00, 0x00, 0x00,                                                 // 0x144 key 0
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // 0x148 0,0,1
    0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x154 quat 1,0,0,
    0x00, 0x00, 0x00, 0x00,                                                 //       0
    0x80, 0xCC, 0xFF, 0xFF,                                                 // 0x164 0xFFFFCC80
    0x00, 0x00, 0x80, 0x3F,                                                 // 0x168 intensity 1
    0x00, 0x00, 0x00, 0x40,                                                 // 0x16C falloff 2
    0xCD, 0xCD, 0xCD, 0xCD,                                                 // 0x170 cone junk
    0x01, 0x00, 0x00, 0x03,                                                 // 0x174 animation
    0x02, 0x00, 0x00, 0x33,                                                 // 0x178 script
    0x03, 0x00, 0x00, 0x09,                                                 // 0x17C motion table
    0x04, 0x00, 0x00, 0x20,                                                 // 0x180 sound table
    0x05, 0x00, 0x00, 0x34,                                                 // 0x184 script table
};
constexpr std::size_t kHandWrittenSize = 0x188;

Frame frameAt(float x, float y, float z) {
    Frame frame;
    frame.origin = {x, y, z};
    frame.orientation = {0.5f, 0.5f, -0.5f, 0.5f};
    return frame;
}

AnimationHook hook(std::int32_t direction, HookPayload payload) {
    return {direction, std::move(payload)};
}

// A Setup using every optional part; flags decide whether parent indices and scales are stored.
Setup fullSetup(std::uint32_t flags) {
    Setup setup;
    setup.id = kDid;
    setup.flags = flags;
    setup.parts = {0x01000001, 0x01000002, 0x0100FFFF};
    if (setup.hasParent())
        setup.parentIndices = {0xFFFFFFFF, 0, 1};
    if (setup.hasDefaultScale())
        setup.defaultScales = {{1, 1, 1}, {0.5f, 2, 3}, {-1, 0, 1}};
    // Keys out of order on purpose: maps must keep their stored order.
    setup.holdingLocations = {{2, {1, frameAt(0, 1, 2)}}, {1, {-1, frameAt(3, 4, 5)}}};
    setup.connectionPoints = {{7, {2, frameAt(6, 7, 8)}}};

    hooks::CreateBlockingParticle blocking;
    blocking.emitterInfoId = 0x32000010;
    blocking.partIndex = 2;
    blocking.offset = frameAt(0, 0, 1);
    blocking.emitterId = 3;
    hooks::ReplaceObject replace;
    replace.partIndex = 1;
    replace.gfxObjId = 0x01000005;
    replace.longForm = true; // 6 bytes of payload: exercises the post-hook pad
    AnimationFrame resting;
    resting.parts = {frameAt(1, 0, 0), frameAt(0, 1, 0), frameAt(0, 0, 1)};
    resting.hooks = {hook(1, blocking), hook(0, replace), hook(-1, hooks::Sound{0x0A000001})};
    AnimationFrame flight;
    flight.parts = {frameAt(2, 0, 0), frameAt(0, 2, 0), frameAt(0, 0, 2)};
    setup.placementFrames = {{0x65, resting}, {0x34, flight}};

    setup.cylSpheres = {{{0, 0, 0}, 0.5f, 2}, {{1, 1, 0}, 0.25f, 1}};
    setup.spheres = {{{0, 0, 3}, 1}, {{0, 0, 1}, 2}, {{0, 0, 2}, 0.5f}}; // unsorted on purpose
    setup.height = 2.5f;
    setup.radius = 0.75f;
    setup.stepUpHeight = 0.5f;
    setup.stepDownHeight = 0.25f;
    setup.sortingSphere = {{0, 0, 1}, 3};
    setup.selectionSphere = {{0, 0, 1.5f}, 2};
    LightInfo light;
    light.viewSpaceLocation = frameAt(0, 0, 2);
    light.color = 0xFF80C0FF;
    light.intensity = 0.8f;
    light.falloff = 6;
    light.coneAngle = std::bit_cast<float>(0xCDCDCDCDu);
    setup.lights = {{0, light}, {1, light}};
    setup.defaultAnimation = 0x03000001;
    setup.defaultScript = 0x33000002;
    setup.defaultMotionTable = 0x09000003;
    setup.defaultSoundTable = 0x20000004;
    setup.defaultScriptTable = 0x34000005;
    return setup;
}

Setup fromJsonText(const QByteArray& source) {
    return Setup::fromJson(JsonNode(QJsonDocument::fromJson(source).object(), "setup", kDid), kDid);
}

std::vector<std::uint8_t> patched(std::vector<std::uint8_t> bytes, std::size_t at,
                                  std::uint32_t value) {
    std::memcpy(bytes.data() + at, &value, sizeof value);
    return bytes;
}

} // namespace

class TestSetup : public QObject {
    Q_OBJECT
  private slots:
    void decodesHandWrittenBytes() {
        QCOMPARE(kHandWritten.size(), kHandWrittenSize);
        const Setup setup = Setup::decode(kHandWritten, kDid);
        QCOMPARE(setup.id, kDid);
        QCOMPARE(setup.flags, 3u);
        QCOMPARE(setup.parts, (std::vector<std::uint32_t>{0x01000A01, 0x01000A02}));
        QCOMPARE(setup.parentIndices, (std::vector<std::uint32_t>{0xFFFFFFFF, 0}));
        QCOMPARE(setup.defaultScales.size(), std::size_t(2));
        QVERIFY((setup.defaultScales[1] == Vec3{0.5f, 0.5f, 0.5f}));

        QCOMPARE(setup.holdingLocations.size(), std::size_t(1));
        QCOMPARE(setup.holdingLocations[0].first, 1);
        QCOMPARE(setup.holdingLocations[0].second.partIndex, 1);
        QVERIFY((setup.holdingLocations[0].second.frame.origin == Vec3{0, 0, 2}));
        QVERIFY((setup.holdingLocations[0].second.frame.orientation == Quat{1, 0, 0, 0}));
        QVERIFY(setup.connectionPoints.empty());

        QCOMPARE(setup.placementFrames.size(), std::size_t(1));
        const auto& [placementKey, resting] = setup.placementFrames[0];
        QCOMPARE(placementKey, 0x65u);
        QCOMPARE(resting.parts.size(), std::size_t(2));
        QVERIFY((resting.parts[1].origin == Vec3{1, 0, 0}));
        QCOMPARE(resting.hooks.size(), std::size_t(1));
        QCOMPARE(resting.hooks[0].type(), HookType::CreateBlockingParticle);
        QCOMPARE(resting.hooks[0].direction, 1);
        const auto& blocking = std::get<hooks::CreateBlockingParticle>(resting.hooks[0].payload);
        QCOMPARE(blocking.emitterInfoId, 0x32000456u);
        QCOMPARE(blocking.partIndex, 1u);
        QVERIFY((blocking.offset.origin == Vec3{0, 0, 0.5f}));
        QCOMPARE(blocking.emitterId, 7u);

        QCOMPARE(setup.cylSpheres.size(), std::size_t(1));
        QCOMPARE(setup.cylSpheres[0].radius, 0.5f);
        QCOMPARE(setup.cylSpheres[0].height, 2.0f);
        QCOMPARE(setup.spheres.size(), std::size_t(2));
        QCOMPARE(setup.spheres[0].radius, 0.25f); // stored order, not sorted
        QCOMPARE(setup.spheres[1].radius, 0.5f);
        QCOMPARE(setup.height, 2.0f);
        QCOMPARE(setup.radius, 0.5f);
        QCOMPARE(setup.stepUpHeight, 0.25f);
        QCOMPARE(setup.stepDownHeight, 0.125f);
        QCOMPARE(setup.sortingSphere.radius, 2.0f);
        QCOMPARE(setup.selectionSphere.radius, 1.0f);

        QCOMPARE(setup.lights.size(), std::size_t(1));
        QCOMPARE(setup.lights[0].first, 0);
        const LightInfo& light = setup.lights[0].second;
        QCOMPARE(light.color, 0xFFFFCC80u);
        QCOMPARE(light.intensity, 1.0f);
        QCOMPARE(light.falloff, 2.0f);
        QCOMPARE(std::bit_cast<std::uint32_t>(light.coneAngle), 0xCDCDCDCDu);

        QCOMPARE(setup.defaultAnimation, 0x03000001u);
        QCOMPARE(setup.defaultScript, 0x33000002u);
        QCOMPARE(setup.defaultMotionTable, 0x09000003u);
        QCOMPARE(setup.defaultSoundTable, 0x20000004u);
        QCOMPARE(setup.defaultScriptTable, 0x34000005u);

        QCOMPARE(setup.encode(), kHandWritten);
        jsonRoundTrips(setup, kDid, "setup");
    }

    void roundTripsEveryBranch_data() {
        QTest::addColumn<std::uint32_t>("flags");
        for (std::uint32_t flags : {0x0u, 0x1u, 0x2u, 0x3u, 0xFu, 0x30u})
            QTest::addRow("flags 0x%X", flags) << flags;
    }
    void roundTripsEveryBranch() {
        QFETCH(std::uint32_t, flags);
        const Setup setup = fullSetup(flags);
        const std::vector<std::uint8_t> bytes = setup.encode();
        const Setup decoded = Setup::decode(bytes, kDid);
        QVERIFY(decoded == setup);
        QCOMPARE(decoded.encode(), bytes);
        jsonRoundTrips(setup, kDid, "setup");
    }

    void roundTripsAnEmptySetup() {
        Setup setup;
        setup.id = kDid;
        QVERIFY(Setup::decode(setup.encode(), kDid) == setup);
        if (!jsonRoundTrips(setup, kDid, "setup"))
            return;
        QVERIFY(fromJsonText("{}") == setup);
    }

    // A hand-written source leaves out every zero, empty list and identity; giving
    // "defaultScales" implies its flag.
    void jsonReadsAShortSource() {
        const Setup setup = fromJsonText(R"({
            "parts": ["0x01000A01", "0x01000A02"],
            "defaultScales": [[1, 1, 1], [0.5, 0.5, 0.5]],
            "placementFrames": [{"key": 101, "parts": [{}, {"origin": [1, 0, 0]}]}],
            "spheres": [{"center": [0, 0, 1], "radius": 0.5}],
            "height": 2,
            "radius": "inf",
            "stepDownHeight": "-inf",
            "stepUpHeight": "nan",
            "defaultMotionTable": "0x09000003",
            "defaultSoundTable": 536870916
        })");
        QCOMPARE(setup.id, kDid);
        QCOMPARE(setup.flags, Setup::kHasDefaultScale);
        QCOMPARE(setup.parts, (std::vector<std::uint32_t>{0x01000A01, 0x01000A02}));
        QVERIFY(setup.parentIndices.empty());
        QVERIFY((setup.defaultScales[1] == Vec3{0.5f, 0.5f, 0.5f}));
        QCOMPARE(setup.placementFrames.size(), std::size_t(1));
        QCOMPARE(setup.placementFrames[0].first, 0x65u);
        QVERIFY(setup.placementFrames[0].second.parts[0] == Frame{}); // identity
        QVERIFY((setup.placementFrames[0].second.parts[1].origin == Vec3{1, 0, 0}));
        QCOMPARE(setup.spheres.size(), std::size_t(1));
        QCOMPARE(setup.height, 2.0f);
        QCOMPARE(setup.radius, std::numeric_limits<float>::infinity());
        QCOMPARE(setup.stepDownHeight, -std::numeric_limits<float>::infinity());
        QCOMPARE(std::bit_cast<std::uint32_t>(setup.stepUpHeight), 0x7FC00000u);
        QVERIFY(setup.sortingSphere == Sphere{});
        QCOMPARE(setup.defaultMotionTable, 0x09000003u);
        QCOMPARE(setup.defaultSoundTable, 0x20000004u);
        QCOMPARE(setup.defaultAnimation, 0u);

        // It encodes, and its own JSON (NaN spelled "nan") reads back to the same bytes.
        const Setup decoded = Setup::decode(setup.encode(), kDid);
        QCOMPARE(decoded.encode(), setup.encode());
        const QJsonObject json = setup.toJson();
        QCOMPARE(json["stepUpHeight"].toString(), QString("nan"));
        QCOMPARE(Setup::fromJson(JsonNode(json, "setup", kDid), kDid).encode(), setup.encode());

        QCOMPARE(fromJsonText(R"({"parts": [1], "parentIndices": [0]})").flags, Setup::kHasParent);
    }

    // An explicit "flags" wins over what the lists imply, so it must agree with them.
    void jsonErrorsNameTheField_data() {
        addSourceErrorColumns();
        sourceErrorRow("list without its flag",
                       R"({"flags": 2, "parts": [1], "parentIndices": [0]})", "setup.parentIndices",
                       "flags lack HasParent (0x1)");
        sourceErrorRow("flag without its list", R"({"flags": 1, "parts": [1, 2]})",
                       "setup.parentIndices", "0 entries for 2 parts");
        sourceErrorRow("list shorter than the parts",
                       R"({"parts": [1, 2], "defaultScales": [[1, 1, 1]]})", "setup.defaultScales",
                       "1 entries for 2 parts");
        sourceErrorRow("scale of two numbers", R"({"parts": [1], "defaultScales": [[1, 1]]})",
                       "setup.defaultScales[0]", "[x, y, z]");
        sourceErrorRow("placement frame short of parts",
                       R"({"parts": [1, 2], "placementFrames": [{"key": 0, "parts": [{}]}]})",
                       "setup.placementFrames[0].parts",
                       "1 part transforms, the record has 2 parts");
        sourceErrorRow("placement frame without key",
                       R"({"parts": [1], "placementFrames": [{"parts": [{}]}]})",
                       "setup.placementFrames[0].key", "missing");
        sourceErrorRow("placement hook of unknown type",
                       R"({"placementFrames": [{"key": 0, "hooks": [{"type": "Explode"}]}]})",
                       "setup.placementFrames[0].hooks[0].type", "Explode");
        sourceErrorRow("holding location without key",
                       R"({"holdingLocations": [{"partIndex": 0}]})",
                       "setup.holdingLocations[0].key", "missing");
        sourceErrorRow("light without colour",
                       R"({"lights": [{"key": 0, "intensity": 1, "falloff": 2}]})",
                       "setup.lights[0].color", "missing");
        sourceErrorRow(
            "radius as a word",
            R"({"spheres": [{"center": [0, 0, 0], "radius": 0}, {"center": [0, 0, 0], "radius": "big"}]})",
            "setup.spheres[1].radius", "expected a number");
        sourceErrorRow("sphere without radius", R"({"sortingSphere": {"center": [0, 0, 0]}})",
                       "setup.sortingSphere.radius", "missing");
        sourceErrorRow("real beyond float", R"({"height": 1e39})", "setup.height",
                       "does not fit a 32-bit float");
        sourceErrorRow("part id beyond u32", R"({"parts": ["0x100000000"]})", "setup.parts[0]",
                       "unsigned 32-bit");
        sourceErrorRow("another entry's id", R"({"id": "0x02000124"})", "setup.id",
                       "its entry is 0x02000123");
        sourceErrorRow("flags not a number", R"({"flags": "HasParent"})", "setup.flags",
                       "expected an unsigned 32-bit integer");
    }
    void jsonErrorsNameTheField() {
        portalkit::testing::checkSourceErrorRow<QString>(
            [](const QString& source) { fromJsonText(source.toUtf8()); }, kDid);
    }

    void jsonNamesEveryPart() {
        const QJsonObject json = fullSetup(0x3).toJson();
        QCOMPARE(json["id"].toString(), QString("0x02000123"));
        QCOMPARE(json["parts"].toArray().size(), 3);
        QCOMPARE(json["parentIndices"].toArray().size(), 3);
        QCOMPARE(json["defaultScales"].toArray().size(), 3);
        QCOMPARE(json["holdingLocations"].toArray()[0].toObject()["key"].toInt(), 2);
        const QJsonObject resting = json["placementFrames"].toArray()[0].toObject();
        QCOMPARE(resting["key"].toInt(), 0x65);
        QCOMPARE(resting["hooks"].toArray()[0].toObject()["type"].toString(),
                 QString("CreateBlockingParticle"));
        QCOMPARE(json["spheres"].toArray().size(), 3);
        QCOMPARE(json["lights"].toArray().size(), 2);
        QCOMPARE(json["defaultScriptTable"].toString(), QString("0x34000005"));
        QVERIFY(!fullSetup(0).toJson().contains("parentIndices"));
    }

    void truncationNamesFieldAndOffset_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("offset");
        // A read that runs out names its own field and offset...
        QTest::newRow("in parent indices") << 0x18 << "setup.parentIndices" << 0x18;
        QTest::newRow("in scales") << 0x2A << "setup.defaultScales" << 0x28;
        QTest::newRow("in hook") << 0xB2 << "hook.partIndex" << 0xB0;
        QTest::newRow("in height") << 0x112 << "setup.height" << 0x110;
        QTest::newRow("in last did") << 0x187 << "setup.defaultScriptTable" << 0x184;
        // ...and a list that cannot fit is caught at its count, before its items are read.
        QTest::newRow("parts cut") << 0x0E << "setup.parts" << 0x08;
        QTest::newRow("holding location cut") << 0x44 << "setup.holdingLocations" << 0x34;
        QTest::newRow("placement frame cut") << 0x86 << "setup.placementFrames" << 0x60;
        QTest::newRow("spheres cut") << 0x101 << "setup.spheres" << 0xEC;
        QTest::newRow("light cut") << 0x166 << "setup.lights" << 0x140;
    }
    void truncationNamesFieldAndOffset() {
        QFETCH(int, length);
        QFETCH(QString, field);
        QFETCH(int, offset);
        const std::span<const std::uint8_t> truncated(kHandWritten.data(), std::size_t(length));
        try {
            Setup::decode(truncated, kDid);
            QFAIL("decoded truncated data");
        } catch (const DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), field);
            QCOMPARE(error.offset(), std::uint64_t(offset));
            QCOMPARE(error.offsetKind(), OffsetKind::Entry);
            QCOMPARE(*error.did(), kDid);
        }
    }

    void hookErrorsSayWhichPlacementFrame() {
        try {
            Setup::decode(patched(kHandWritten, 0xA4, 99), kDid); // hook type 99
            QFAIL("decoded an unknown hook type");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("hook.type"));
            QCOMPARE(error.offset(), std::uint64_t(0xA4));
            const std::string text = error.what();
            QVERIFY(text.find("reading hook 0") != std::string::npos);
            QVERIFY(text.find("reading placement frame 0") != std::string::npos);
        }
    }

    void leftoverByteIsKept() {
        std::vector<std::uint8_t> bytes = kHandWritten;
        bytes.push_back(0);
        const Setup setup = Setup::decode(bytes, kDid);
        QCOMPARE(setup.trailing, std::vector<std::uint8_t>{0});
        QCOMPARE(setup.encode(), bytes);
    }

    // Each count is far beyond what the bytes could hold: it must fail at the count itself,
    // before anything is reserved.
    void absurdCountsFailBeforeAllocating_data() {
        QTest::addColumn<int>("at");
        QTest::addColumn<std::uint32_t>("count");
        QTest::addColumn<QString>("field");
        QTest::newRow("parts") << 0x08 << 0xFFFFFFFFu << "setup.parts";
        QTest::newRow("holding") << 0x34 << 0x10000000u << "setup.holdingLocations";
        QTest::newRow("connections") << 0x5C << 0x7FFFFFFFu << "setup.connectionPoints";
        QTest::newRow("placements") << 0x60 << 1000u << "setup.placementFrames";
        QTest::newRow("hooks") << 0xA0 << 0xFFFFFFFFu << "animationFrame.numHooks";
        QTest::newRow("cyl spheres") << 0xD4 << 0x40000000u << "setup.cylSpheres";
        QTest::newRow("spheres") << 0xEC << 0xFFFFFFF0u << "setup.spheres";
        QTest::newRow("lights (negative)") << 0x140 << 0xFFFFFFFFu << "setup.lights";
    }
    void absurdCountsFailBeforeAllocating() {
        QFETCH(int, at);
        QFETCH(std::uint32_t, count);
        QFETCH(QString, field);
        try {
            Setup::decode(patched(kHandWritten, std::size_t(at), count), kDid);
            QFAIL("accepted an absurd count");
        } catch (const DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), field);
            QCOMPARE(error.offset(), std::uint64_t(at));
        }
    }

    void wrongLeadingIdIsAnError() {
        try {
            Setup::decode(kHandWritten, kDid + 1);
            QFAIL("accepted another record's id");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("id"));
            QCOMPARE(error.offset(), std::uint64_t(0));
        }
    }

    void encodeRejectsListsThatDisagreeWithTheParts() {
        Setup missingParents = fullSetup(0x1);
        missingParents.parentIndices.pop_back();
        QVERIFY_THROWS_EXCEPTION(DatError, missingParents.encode());

        Setup scalesWithoutFlag = fullSetup(0x2);
        scalesWithoutFlag.flags = 0;
        QVERIFY_THROWS_EXCEPTION(DatError, scalesWithoutFlag.encode());

        Setup shortPlacement = fullSetup(0);
        shortPlacement.placementFrames[1].second.parts.pop_back();
        QVERIFY_THROWS_EXCEPTION(DatError, shortPlacement.encode());
    }
};

QTEST_APPLESS_MAIN(TestSetup)
#include "tst_setup.moc"
