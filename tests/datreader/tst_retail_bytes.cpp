// Retail bytes are not our bytes (docs/formats.md#retail-bytes): uninitialised fill, NaN payloads
// and bytes after the last known field survive decode, encode and the JSON form bit for bit.

#include "datreader/records/gfx_obj_degrade_info.h"
#include "datreader/records/palette.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"
#include "datreader/records/sound_table.h"
#include "datreader/records/surface.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QTest>
#include <bit>
#include <cmath>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using ByteVector = std::vector<std::uint8_t>;

namespace {

constexpr std::uint32_t kSetupDid = 0x02000777;
constexpr std::uint32_t kSignallingNan = 0x7F800001; // through a double it would turn quiet
constexpr std::uint32_t kPayloadNan = 0xFFC01234;    // negative, with a payload
const ByteVector kTrailing{0x54, 0x52, 0x41, 0x49, 0x4C, 0x00, 0xCD, 0xFF};

// A Setup without parts, written field by field; offsets on the left.
Bytes handWrittenSetup() {
    Bytes b;
    b.u32(kSetupDid);                  // 0x00 id
    b.u32(0);                          // 0x04 flags
    b.u32(0);                          // 0x08 numParts
    b.u32(0).u32(0).u32(0);            // 0x0C holding, connections, placements
    b.u32(0).u32(0);                   // 0x18 cylSpheres, spheres
    b.f32(2);                          // 0x20 height
    b.f32(0.5f);                       // 0x24 radius
    b.u32(kSignallingNan);             // 0x28 stepUpHeight: a NaN with a payload
    b.f32(0.25f);                      // 0x2C stepDownHeight
    b.f32(0).f32(0).f32(1).f32(2);     // 0x30 sortingSphere
    b.f32(0).f32(0).f32(1).f32(1);     // 0x40 selectionSphere
    b.u32(1);                          // 0x50 lights
    b.i32(0);                          // 0x54 key
    b.f32(0).f32(0).f32(1);            // 0x58 origin
    b.f32(1).f32(0).f32(0).f32(0);     // 0x64 orientation
    b.u32(0xFFFFCC80);                 // 0x74 color
    b.f32(1);                          // 0x78 intensity
    b.f32(2);                          // 0x7C falloff
    b.u32(0xCDCDCDCD);                 // 0x80 coneAngle: uninitialised fill
    b.u32(0).u32(0x33000001);          // 0x84 defaultAnimation, defaultScript
    b.u32(0x09000002).u32(0x20000003); // 0x8C motion table, sound table
    b.u32(0x34000004);                 // 0x94 script table
    b.raw(kTrailing);                  // 0x98 trailing, 8 bytes
    return b;
}

constexpr int kSetupTrailingAt = 0x98;

std::uint32_t bits(float value) {
    return std::bit_cast<std::uint32_t>(value);
}

// The JSON form through text, as `show --json` and `build` would carry it.
QJsonObject throughText(const QJsonObject& object) {
    return QJsonDocument::fromJson(QJsonDocument(object).toJson()).object();
}

template <class T> T viaJson(const T& record, const char* root, std::uint32_t did) {
    return T::fromJson(JsonNode(throughText(record.toJson()), root, did), did);
}

} // namespace

class TstRetailBytes : public QObject {
    Q_OBJECT

  private slots:
    void setupKeepsFillNanAndTrailingBytes() {
        const ByteVector bytes = handWrittenSetup().data;
        const Setup setup = Setup::decode(bytes, kSetupDid);
        QCOMPARE(setup.lights.size(), std::size_t(1));
        QCOMPARE(bits(setup.lights[0].second.coneAngle), 0xCDCDCDCDu);
        QCOMPARE(bits(setup.stepUpHeight), kSignallingNan);
        QCOMPARE(setup.defaultScriptTable, 0x34000004u);
        QCOMPARE(setup.trailing, kTrailing);
        QCOMPARE(setup.encode(), bytes);

        const QJsonObject json = setup.toJson();
        QCOMPARE(json["trailing"].toString(), QString("545241494c00cdff"));
        QCOMPARE(json["stepUpHeight"].toString(), QString("nan(0x7F800001)"));
        // 0xCDCDCDCD is a finite float, so it stays a plain JSON number.
        QVERIFY(json["lights"].toArray()[0].toObject()["coneAngle"].isDouble());
        QCOMPARE(viaJson(setup, "setup", kSetupDid).encode(), bytes);
    }

    // Cut inside the NaN, the light's frame, the 0xCDCDCDCD fill and the last known field. A cut
    // inside the light leaves too few bytes for its count, so the count names it.
    void setupTruncationNamesEachField() {
        struct Cut {
            int length;
            const char* field;
            int offset;
        };
        for (const Cut& cut :
             {Cut{0x2A, "setup.stepUpHeight", 0x28}, Cut{0x62, "setup.lights", 0x50},
              Cut{0x82, "setup.lights", 0x50}, Cut{0x96, "setup.defaultScriptTable", 0x94}})
            portalkit::testing::checkTruncation<Setup>(handWrittenSetup().data, cut.length,
                                                       cut.field, cut.offset, kSetupDid);
    }

    // A cut inside the trailing bytes loses nothing known: what is left is kept.
    void setupCutInsideTrailingKeepsTheRest() {
        const ByteVector bytes = handWrittenSetup().data;
        const ByteVector cut(bytes.begin(), bytes.begin() + kSetupTrailingAt + 3);
        const Setup setup = Setup::decode(cut, kSetupDid);
        QCOMPARE(setup.trailing, ByteVector(kTrailing.begin(), kTrailing.begin() + 3));
        QCOMPARE(setup.encode(), cut);
    }

    void emitterNanPayloadSurvivesJson() {
        ParticleEmitterInfo emitter;
        emitter.id = 0x32000010;
        emitter.gfxObjId = 0x01000020;
        emitter.emitterType = 1;
        emitter.particleType = 2;
        emitter.minA = std::bit_cast<float>(kPayloadNan);
        emitter.a.y = std::bit_cast<float>(kSignallingNan);
        emitter.birthrate = std::bit_cast<double>(std::uint64_t(0x7FF0000000000005));
        const ByteVector bytes = emitter.encode();
        const ParticleEmitterInfo decoded = ParticleEmitterInfo::decode(bytes, emitter.id);
        QCOMPARE(decoded.encode(), bytes);
        QCOMPARE(bits(decoded.minA), kPayloadNan);

        const QJsonObject json = decoded.toJson();
        QCOMPARE(json["minA"].toString(), QString("nan(0xFFC01234)"));
        QCOMPARE(json["a"].toArray()[1].toString(), QString("nan(0x7F800001)"));
        QCOMPARE(json["birthrate"].toString(), QString("nan(0x7FF0000000000005)"));
        QCOMPARE(viaJson(decoded, "emitter", emitter.id).encode(), bytes);
    }

    // The default quiet NaN and the other non-finite values keep their short spellings.
    void plainNonFiniteSpellingsStay() {
        QCOMPARE(exactJson(std::numeric_limits<float>::quiet_NaN()).toString(), QString("nan"));
        QCOMPARE(exactJson(-std::numeric_limits<float>::infinity()).toString(), QString("-inf"));
        QCOMPARE(exactJson(-0.0f).toString(), QString("-0"));
        QCOMPARE(exactJson(0.1f).toDouble(), double(0.1f));
        const JsonNode quiet(QJsonValue("nan"), "x");
        QCOMPARE(bits(quiet.f32()), bits(std::numeric_limits<float>::quiet_NaN()));
        const JsonNode bad(QJsonValue("nan(0x7FC0)"), "x"); // neither 8 nor 16 digits
        QVERIFY(portalkit::testing::errorFrom([&] { bad.f32(); }));
    }

    void thresholdNanPayloadRoundTrips() {
        PhysicsScriptTable table;
        table.id = 0x34000009;
        table.entries = {{0x13, {{std::bit_cast<float>(0x7FA00001u), 0x33000005}}}};
        const ByteVector bytes = table.encode();
        QCOMPARE(PhysicsScriptTable::decode(bytes, table.id).encode(), bytes);
        QCOMPARE(
            viaJson(PhysicsScriptTable::decode(bytes, table.id), "scriptTable", table.id).encode(),
            bytes);
    }

    void otherRecordsKeepTrailingBytes() {
        Palette palette;
        palette.id = 0x04000001;
        palette.colors = {0xFF102030};
        ByteVector bytes = palette.encode();
        bytes.insert(bytes.end(), kTrailing.begin(), kTrailing.end());
        const Palette decodedPalette = Palette::decode(bytes, palette.id);
        QCOMPARE(decodedPalette.trailing, kTrailing);
        QCOMPARE(decodedPalette.encode(), bytes);
        QCOMPARE(viaJson(decodedPalette, "palette", palette.id).encode(), bytes);

        Surface surface;
        surface.id = 0x08000001;
        surface.type = 0x1; // Base1Solid: stores a colour
        bytes = surface.encode();
        bytes.push_back(0xAB);
        const Surface decodedSurface = Surface::decode(bytes, surface.id);
        QCOMPARE(decodedSurface.trailing, ByteVector{0xAB});
        QCOMPARE(viaJson(decodedSurface, "surface", surface.id).encode(), bytes);

        SoundTable sounds;
        sounds.id = 0x20000001;
        sounds.sounds = {{3, {{0x0A000001, 1, 0.5f, 1}}, 0}};
        bytes = sounds.encode();
        bytes.insert(bytes.end(), {0x01, 0x02});
        const SoundTable decodedSounds = SoundTable::decode(bytes, sounds.id);
        QCOMPARE(decodedSounds.trailing, (ByteVector{0x01, 0x02}));
        QCOMPARE(viaJson(decodedSounds, "soundTable", sounds.id).encode(), bytes);
    }

    // With trailing bytes behind them, cut lists still fail at their count, checked against
    // what is left, and name it.
    void truncationStillNamesTheField() {
        GfxObjDegradeInfo info;
        info.id = 0x11000001;
        info.levels = {{0x01000001, 1, 0, 10, 20}};
        ByteVector bytes = info.encode();
        bytes.insert(bytes.end(), kTrailing.begin(), kTrailing.end());
        portalkit::testing::checkTruncation<GfxObjDegradeInfo>(
            bytes, 4 + 4 + 12 + 2, "gfxObjDegradeInfo.levels", 4, info.id);
        portalkit::testing::checkTruncation<Palette>(
            Palette{0x04000001, {1, 2}, kTrailing}.encode(), 4 + 4 + 2, "palette.numColors", 4,
            0x04000001);
        portalkit::testing::checkTruncation<Setup>(handWrittenSetup().data, 2, "id", 0, kSetupDid);
    }

    // A hash table's stored order and bucket count are its entries as stored: nothing re-sorts.
    void hashTableKeepsStoredOrder() {
        SoundTable sounds;
        sounds.id = 0x20000002;
        sounds.hashes = {{9, 0, 0, 0}, {2, 0, 0, 0}, {9, 1, 1, 1}};
        const ByteVector bytes = sounds.encode();
        const SoundTable decoded = SoundTable::decode(bytes, sounds.id);
        QCOMPARE(decoded.hashes, sounds.hashes);
        QCOMPARE(viaJson(decoded, "soundTable", sounds.id).encode(), bytes);
    }
};

QTEST_APPLESS_MAIN(TstRetailBytes)
#include "tst_retail_bytes.moc"
