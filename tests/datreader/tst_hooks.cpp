// The central hook codec, PhysicsScript, PhysicsScriptTable, ParticleEmitterInfo and the raw
// CreateBlocking scan, on byte arrays written by hand from docs/formats.md.

#include "datreader/io/dat_error.h"
#include "datreader/records/blocking_scan.h"
#include "datreader/records/hooks.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/physics_script_table.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QTest>
#include <limits>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kScript = 0x3300012A;
constexpr std::uint32_t kTable = 0x34000004;
constexpr std::uint32_t kEmitter = 0x32000456;

// A PhysicsScript of two entries: a CreateBlockingParticle at 0.5 s, an AnimationDone at 1.25 s.
Bytes blockingScript() {
    Bytes b;
    b.u32(kScript).u32(2);
    b.f64(0.5).u32(26).i32(1);                     // hook header: CreateBlockingParticle, forward
    b.u32(0x32000456).u32(7);                      // emitter info, part index
    b.f32(0.25f).f32(-1.5f).f32(2.0f);             // offset origin
    b.f32(0.707f).f32(0.0f).f32(0.707f).f32(0.0f); // offset orientation w, x, y, z
    b.u32(9);                                      // logical emitter id
    b.f64(1.25).u32(4).i32(-1);                    // AnimationDone, backward
    return b;
}

// One payload per hook type, in type order.
std::vector<HookPayload> everyHookPayload() {
    return {
        hooks::NoOp{},
        hooks::Sound{0x0A000123},
        hooks::SoundTable{0x51},
        hooks::Attack{AttackCone{2, -0.5f, 1.0f, 0.5f, 1.0f, 2.0f, 1.5f}},
        hooks::AnimationDone{},
        hooks::ReplaceObject{3, 0x01000FFF, false},
        hooks::Ethereal{1},
        hooks::TransparentPart{{4, {0.0f, 1.0f, 0.5f}}},
        hooks::Luminous{{0.2f, 0.8f, 1.0f}},
        hooks::LuminousPart{{1, {0.1f, 0.2f, 0.3f}}},
        hooks::Diffuse{{1.0f, 0.0f, 2.0f}},
        hooks::DiffusePart{{6, {0.5f, 0.5f, 0.5f}}},
        hooks::Scale{2.0f, 0.75f},
        hooks::CreateParticle{0x32000001, 0, Frame{{1, 2, 3}, {1, 0, 0, 0}}, 0},
        hooks::DestroyParticle{4},
        hooks::StopParticle{5},
        hooks::NoDraw{1},
        hooks::DefaultScript{},
        hooks::DefaultScriptPart{9},
        hooks::CallPES{0x33000077, 0.25f},
        hooks::Transparent{{0.0f, 0.5f, 1.0f}},
        hooks::SoundTweaked{0x0A000002, 0.5f, 0.75f, 0.9f},
        hooks::SetOmega{Vec3{0, 0, 3.14f}},
        hooks::TextureVelocity{0.1f, -0.2f},
        hooks::TextureVelocityPart{2, 0.3f, 0.4f},
        hooks::SetLight{1},
        hooks::CreateBlockingParticle{{0x32000002, 3, Frame{{0, 0, 1}, {0, 1, 0, 0}}, 12}},
    };
}

// A script holding every hook type, stored in reverse time order so decode reorders it all.
PhysicsScript everyHookScript() {
    const std::vector<HookPayload> payloads = everyHookPayload();
    PhysicsScript stored;
    stored.id = kScript;
    for (std::size_t i = 0; i < payloads.size(); ++i)
        stored.entries.push_back({double(payloads.size() - i) / 4,
                                  AnimationHook{std::int32_t(i % 3) - 1, payloads[i]},
                                  std::uint32_t(i)});
    return PhysicsScript::decode(stored.encode(), kScript);
}

// Two entries: type 0x51 with three thresholds out of order, type 0x13 with none.
Bytes scriptTableBytes() {
    Bytes b;
    b.u32(kTable).u32(2);
    b.u32(0x51).u32(3);
    b.f32(0.75f).u32(0x33000003).f32(0.25f).u32(0x33000001).f32(0.5f).u32(0x33000002);
    b.u32(0x13).u32(0);
    return b;
}

// All 176 bytes of an emitter: BirthratePerSec, ParabolicLVGA, parent-local.
Bytes emitterBytes() {
    Bytes b;
    b.u32(kEmitter).u32(0).i32(1).i32(3).u32(0x01000AAA).u32(0x01000BBB);
    b.f64(0.05).i32(50).i32(5).i32(0);
    b.f64(2.5).f64(1.5).f64(0.25); // totalSeconds, lifespan, lifespanRand (unaligned f64s)
    b.f32(0).f32(0).f32(1).f32(0.1f).f32(0.2f);     // offsetDir, min/max offset
    b.f32(1).f32(0).f32(0).f32(0.5f).f32(1.5f);     // a, minA, maxA
    b.f32(0).f32(1).f32(0).f32(0.0f).f32(0.25f);    // b, minB, maxB
    b.f32(0).f32(0).f32(-9.8f).f32(1.0f).f32(1.0f); // c, minC, maxC
    b.f32(0.5f).f32(2.0f).f32(0.1f);                // scale start, final, rand
    b.f32(0.0f).f32(1.0f).f32(0.05f);               // trans start, final, rand
    b.u32(1);                                       // isParentLocal
    return b;
}

QJsonObject parse(const QByteArray& text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return document.object();
}

AnimationHook hookViaJsonText(const AnimationHook& hook) {
    const QByteArray text = QJsonDocument(hookToJson(hook)).toJson();
    return hookFromJson(JsonNode(QJsonDocument::fromJson(text).object(), "hook", kScript));
}

// Stored out of time order, with two hooks tied at 2.0 s.
Bytes tiedScript() {
    Bytes b;
    b.u32(kScript).u32(3);
    b.f64(2.0).u32(1).i32(0).u32(0x0A000001); // Sound at 2.0
    b.f64(0.0).u32(14).i32(0).u32(5);         // DestroyParticle at 0.0
    b.f64(2.0).u32(25).i32(0).u32(1);         // SetLight at 2.0, after the Sound
    return b;
}

std::vector<std::uint8_t> hookBytes(const AnimationHook& hook) {
    ByteWriter out;
    writeHook(out, hook);
    return out.take();
}

AnimationHook roundTrip(const AnimationHook& hook) {
    ByteWriter out;
    writeHook(out, hook);
    ByteCursor in(out.data());
    AnimationHook back = readHook(in);
    if (!in.atEnd())
        qFatal("hook did not consume its bytes");
    return back;
}

} // namespace

class TestHooks : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R28
    void createBlockingCarriesTheFullCreateParticlePayload() {
        const Bytes bytes = blockingScript();
        ByteCursor in(bytes.data, 0, OffsetKind::Entry, kScript);
        in.skip(8 + 8, "header and first start time");
        const AnimationHook blocking = readHook(in);
        QCOMPARE(blocking.type(), HookType::CreateBlockingParticle);
        QCOMPARE(blocking.direction, 1);
        // Every field: emitter info, part, the offset frame (origin, then w x y z) and emitter id.
        const hooks::CreateBlockingParticle expected{
            {0x32000456, 7, Frame{{0.25f, -1.5f, 2.0f}, {0.707f, 0.0f, 0.707f, 0.0f}}, 9}};
        QCOMPARE(std::get<hooks::CreateBlockingParticle>(blocking.payload), expected);
        // The next entry's start time sits right after the 48-byte hook: nothing misaligned.
        QCOMPARE(in.position(), std::size_t(16 + 48));
        QCOMPARE(in.f64("startTime"), 1.25);
        QCOMPARE(in.position(), std::size_t(72));
        const AnimationHook done = readHook(in);
        QCOMPARE(done.type(), HookType::AnimationDone);
        QCOMPARE(done.direction, -1);
        QVERIFY(in.atEnd());
    }

    // oracle: R28
    void physicsScriptDecodesBothHooksAndEncodesTheSameBytes() {
        const Bytes bytes = blockingScript();
        const PhysicsScript script = PhysicsScript::decode(bytes.data, kScript);
        QCOMPARE(script.id, kScript);
        QCOMPARE(script.entries.size(), std::size_t(2));
        QCOMPARE(script.entries[0].startTime, 0.5);
        QCOMPARE(script.entries[0].hook.type(), HookType::CreateBlockingParticle);
        QCOMPARE(std::get<hooks::CreateBlockingParticle>(script.entries[0].hook.payload).emitterId,
                 9u);
        QCOMPARE(script.entries[1].startTime, 1.25);
        QCOMPARE(script.entries[1].hook.type(), HookType::AnimationDone);
        QCOMPARE(script.encode(), bytes.data);
        const QJsonObject json = script.toJson();
        const QJsonObject first = json["hooks"].toArray().at(0).toObject();
        QCOMPARE(first["type"].toString(), QString("CreateBlockingParticle"));
        QCOMPARE(first["emitterInfoId"].toString(), QString("0x32000456"));
        QCOMPARE(first["startTime"].toDouble(), 0.5);
    }

    // oracle: R22
    void scriptHooksAreSortedByStartTimeButWrittenInStoredOrder() {
        const Bytes b = tiedScript();
        const PhysicsScript script = PhysicsScript::decode(b.data, kScript);
        QCOMPARE(script.entries[0].hook.type(), HookType::DestroyParticle);
        QCOMPARE(script.entries[1].hook.type(), HookType::Sound); // ties keep stored order
        QCOMPARE(script.entries[2].hook.type(), HookType::SetLight);
        QCOMPARE(script.encode(), b.data);
        QCOMPARE(PhysicsScript::decode(script.encode(), kScript), script);
    }

    void everyHookTypeRoundTrips() {
        const std::vector<HookPayload> payloads = everyHookPayload();
        QCOMPARE(payloads.size(), std::size_t(kHookTypeCount));
        for (std::size_t i = 0; i < payloads.size(); ++i) {
            const AnimationHook hook{std::int32_t(i % 3) - 1, payloads[i]};
            QCOMPARE(std::uint32_t(hook.type()), std::uint32_t(i));
            QCOMPARE(roundTrip(hook), hook);
            QCOMPARE(hookToJson(hook)["type"].toString(),
                     QString::fromUtf8(hookTypeName(hook.type()).data()));
        }
    }

    void hookSizesMatchTheSpecTable() {
        auto size = [](const HookPayload& payload) {
            ByteWriter out;
            writeHook(out, AnimationHook{0, payload});
            return out.size() - 8;
        };
        QCOMPARE(size(hooks::CreateParticle{}), std::size_t(40));
        QCOMPARE(size(hooks::CreateBlockingParticle{}), std::size_t(40));
        QCOMPARE(size(hooks::Attack{}), std::size_t(28));
        QCOMPARE(size(hooks::SoundTweaked{}), std::size_t(16));
        QCOMPARE(size(hooks::AnimationDone{}), std::size_t(0));
        QCOMPARE(size(hooks::ReplaceObject{1, 0x01000010, false}), std::size_t(4));
        // The long packed form is 6 bytes, padded to 8 by the post-hook align4.
        QCOMPARE(size(hooks::ReplaceObject{1, 0x01012345, true}), std::size_t(8));
    }

    void replaceObjectLongFormKeepsItsPadding() {
        Bytes b;
        b.u32(5).i32(0).u16(2).u16(0x8001).u16(0x2345).u16(0); // packed long form + 2 pad bytes
        b.u32(4).i32(0);                                       // AnimationDone follows
        ByteCursor in(b.data);
        const AnimationHook replace = readHook(in);
        const auto& payload = std::get<hooks::ReplaceObject>(replace.payload);
        QCOMPARE(payload.partIndex, std::uint16_t(2));
        QCOMPARE(payload.gfxObjId, 0x01012345u);
        QVERIFY(payload.longForm);
        QCOMPARE(in.position(), std::size_t(16));
        QCOMPARE(readHook(in).type(), HookType::AnimationDone);
    }

    void unknownTypeAndBadDirectionFailAtTheirOffset() {
        Bytes unknown;
        unknown.u32(kScript).u32(1).f64(0.0).u32(27).i32(0);
        checkEntryError(errorFrom([&] { PhysicsScript::decode(unknown.data, kScript); }),
                        "hook.type", 16, kScript, "script entry 0");
        Bytes direction;
        direction.u32(kScript).u32(1).f64(0.0).u32(4).i32(2);
        checkEntryError(errorFrom([&] { PhysicsScript::decode(direction.data, kScript); }),
                        "hook.direction", 20, kScript);
    }

    void truncatedLeftoverAndAbsurdCountsAreErrors() {
        Bytes bytes = blockingScript();
        std::vector<std::uint8_t> truncated(bytes.data.begin(), bytes.data.end() - 4);
        QVERIFY_THROWS_EXCEPTION(DatError, PhysicsScript::decode(truncated, kScript));
        std::vector<std::uint8_t> longer = bytes.data; // leftover bytes are kept, not an error
        longer.insert(longer.end(), {0xCD, 0xCD, 0xCD, 0xCD});
        QCOMPARE(PhysicsScript::decode(longer, kScript).trailing,
                 (std::vector<std::uint8_t>{0xCD, 0xCD, 0xCD, 0xCD}));
        QCOMPARE(PhysicsScript::decode(longer, kScript).encode(), longer);
        Bytes absurd;
        absurd.u32(kScript).u32(0x7FFFFFFF);
        try {
            PhysicsScript::decode(absurd.data, kScript);
            QFAIL("accepted an absurd count");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("physicsScript.count"));
            QCOMPARE(error.offset(), std::uint64_t(4));
        }
        QVERIFY_THROWS_EXCEPTION(DatError, PhysicsScript::decode(bytes.data, kScript + 1));
    }

    // Stored order matters: the runtime scans lists in file order (R20, tested with the runtime).
    void scriptTableKeepsStoredOrder() {
        const Bytes b = scriptTableBytes();
        const PhysicsScriptTable table = PhysicsScriptTable::decode(b.data, kTable);
        QCOMPARE(table.entries.size(), std::size_t(2));
        QCOMPARE(table.entries[0].scriptType, 0x51u);
        QCOMPARE(table.entries[0].scripts[0].mod, 0.75f); // unsorted, as stored
        QCOMPARE(table.entries[0].scripts[1].scriptId, 0x33000001u);
        QCOMPARE(table.entries[0].scripts[2].mod, 0.5f);
        QCOMPARE(table.entries[1].scriptType, 0x13u);
        QVERIFY(table.entries[1].scripts.empty());
        QCOMPARE(table.encode(), b.data);
        QCOMPARE(table.toJson()["entries"].toArray().at(0)["scripts"].toArray().size(), 3);
    }

    void particleEmitterInfoReadsAll176Bytes() {
        const Bytes b = emitterBytes();
        QCOMPARE(b.data.size(), ParticleEmitterInfo::kSize);
        const auto e = ParticleEmitterInfo::decode(b.data, kEmitter);
        QCOMPARE(e.emitterType, 1);
        QCOMPARE(e.particleType, 3);
        QCOMPARE(e.gfxObjId, 0x01000AAAu);
        QCOMPARE(e.hwGfxObjId, 0x01000BBBu);
        QCOMPARE(e.birthrate, 0.05);
        QCOMPARE(e.maxParticles, 50);
        QCOMPARE(e.initialParticles, 5);
        QCOMPARE(e.totalSeconds, 2.5);
        QCOMPARE(e.lifespan, 1.5);
        QCOMPARE(e.lifespanRand, 0.25);
        QCOMPARE(e.offsetDir, (Vec3{0, 0, 1}));
        QCOMPARE(e.maxOffset, 0.2f);
        QCOMPARE(e.a, (Vec3{1, 0, 0}));
        QCOMPARE(e.maxA, 1.5f);
        QCOMPARE(e.c, (Vec3{0, 0, -9.8f}));
        QCOMPARE(e.finalScale, 2.0f);
        QCOMPARE(e.transRand, 0.05f);
        QCOMPARE(e.isParentLocal, 1u);
        QCOMPARE(e.encode(), b.data);
        QCOMPARE(e.toJson()["particleType"].toString(), QString("ParabolicLVGA"));
        std::vector<std::uint8_t> longer = b.data; // a byte past the 176 is kept as trailing
        longer.push_back(0x7E);
        QCOMPARE(ParticleEmitterInfo::decode(longer, kEmitter).trailing,
                 std::vector<std::uint8_t>{0x7E});
        QCOMPARE(ParticleEmitterInfo::decode(longer, kEmitter).encode(), longer);
    }

    void everyHookTypeRoundTripsThroughJson() {
        const std::vector<HookPayload> payloads = everyHookPayload();
        for (std::size_t i = 0; i < payloads.size(); ++i) {
            const AnimationHook hook{std::int32_t(i % 3) - 1, payloads[i]};
            QCOMPARE(hookViaJsonText(hook), hook);
        }
        // The type may also be a number; the direction defaults to 0.
        QCOMPARE(hookFromJson(JsonNode(parse(R"({"type": 4})"), "hook", kScript)),
                 (AnimationHook{0, hooks::AnimationDone{}}));
    }

    void rawHookFieldsAndNonFiniteRealsSurviveJson() {
        const float inf = std::numeric_limits<float>::infinity();
        const std::vector<AnimationHook> unusual{
            {0, hooks::Ethereal{2}}, // bool32s other than 0 and 1 stay numbers
            {0, hooks::NoDraw{0xFFFFFFFF}},
            {0, hooks::SetLight{0}},
            {1, hooks::ReplaceObject{0xFFFF, 0x01000010, true}}, // long form a short one could hold
            {1, hooks::ReplaceObject{2, 0x40FFFFFF, true}},      // the largest packed offset
            {0, hooks::Luminous{{inf, -inf, 0}}},
            {-1, hooks::SetOmega{Vec3{-inf, 0, inf}}},
        };
        for (const AnimationHook& hook : unusual)
            QCOMPARE(hookViaJsonText(hook), hook);
        QCOMPARE(hookToJson({0, hooks::SetLight{1}})["lightsOn"], QJsonValue(true));
        QCOMPARE(hookToJson({0, hooks::Ethereal{2}})["ethereal"], QJsonValue(2));

        // NaN never equals itself, so the bytes are what must match.
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const AnimationHook tweaked{0, hooks::SoundTweaked{0x0A000002, nan, inf, -inf}};
        QCOMPARE(hookToJson(tweaked)["priority"], QJsonValue("nan"));
        QCOMPARE(hookBytes(hookViaJsonText(tweaked)), hookBytes(tweaked));
    }

    void replaceObjectTakesTheFormItsIdNeeds() {
        const auto replace = [](const char* source) {
            return std::get<hooks::ReplaceObject>(
                hookFromJson(JsonNode(parse(source), "hook", kScript)).payload);
        };
        QVERIFY(!replace(R"({"type": "ReplaceObject", "gfxObjId": "0x01000010"})").longForm);
        QVERIFY(replace(R"({"type": "ReplaceObject", "gfxObjId": "0x01008000"})").longForm);
        // An edited id past the short range cannot keep a stale "longForm": false.
        QVERIFY(replace(R"({"type": "ReplaceObject", "gfxObjId": 16851781, "longForm": false})")
                    .longForm);
    }

    void physicsScriptsRoundTripThroughJson() {
        const PhysicsScript blocking = PhysicsScript::decode(blockingScript().data, kScript);
        if (!jsonRoundTrips(blocking, kScript, "physicsScript"))
            return;
        // Stored in time order: no hook needs to say where it is stored.
        for (const QJsonValue& hook : blocking.toJson()["hooks"].toArray())
            QVERIFY(!hook.toObject().contains("storedIndex"));

        if (!jsonRoundTrips(PhysicsScript::decode(tiedScript().data, kScript), kScript,
                            "physicsScript"))
            return;
        const PhysicsScript every = everyHookScript();
        QCOMPARE(every.entries.front().hook.type(), HookType::CreateBlockingParticle);
        QCOMPARE(every.toJson()["hooks"][0]["storedIndex"].toInt(), 26);
        if (!jsonRoundTrips(every, kScript, "physicsScript"))
            return;

        const double inf = std::numeric_limits<double>::infinity();
        PhysicsScript infinite;
        infinite.id = kScript;
        infinite.entries = {{inf, {0, hooks::NoOp{}}, 0}, {-inf, {0, hooks::DefaultScript{}}, 1}};
        infinite = PhysicsScript::decode(infinite.encode(), kScript);
        QCOMPARE(infinite.toJson()["hooks"][0]["startTime"], QJsonValue("-inf"));
        jsonRoundTrips(infinite, kScript, "physicsScript");
    }

    void handWrittenScriptListsHooksInFileOrder() {
        const PhysicsScript script = fromSource<PhysicsScript>(R"({"hooks": [
            {"type": "CreateParticle", "emitterInfoId": "0x32000001", "startTime": 1.5},
            {"type": "DestroyParticle", "emitterId": 3}
        ]})",
                                                               "physicsScript", kScript);
        QCOMPARE(script.id, kScript);
        // Sorted by time for the runtime, written in the order of the source.
        QCOMPARE(script.entries[0].hook, (AnimationHook{0, hooks::DestroyParticle{3}}));
        QCOMPARE(script.entries[1].hook,
                 (AnimationHook{0, hooks::CreateParticle{0x32000001, 0, Frame{}, 0}}));
        Bytes expected;
        expected.u32(kScript).u32(2);
        expected.f64(1.5).u32(13).i32(0).u32(0x32000001).u32(0);
        expected.f32(0).f32(0).f32(0).f32(1).f32(0).f32(0).f32(0).u32(0);
        expected.f64(0).u32(14).i32(0).u32(3);
        QCOMPARE(script.encode(), expected.data);
        QCOMPARE(PhysicsScript::decode(expected.data, kScript), script);
    }

    void scriptTableRoundTripsThroughJsonInStoredOrder() {
        const PhysicsScriptTable table =
            PhysicsScriptTable::decode(scriptTableBytes().data, kTable);
        if (!jsonRoundTrips(table, kTable, "physicsScriptTable"))
            return;
        PhysicsScriptTable infinite = table;
        infinite.entries[1].scripts.push_back({-std::numeric_limits<float>::infinity(), 1});
        if (!jsonRoundTrips(infinite, kTable, "physicsScriptTable"))
            return;
        const auto written = fromSource<PhysicsScriptTable>(R"({"entries": [
            {"scriptType": "0x51", "scripts": [{"mod": 0.75, "scriptId": "0x33000003"},
                {"mod": 0.25, "scriptId": "0x33000001"}, {"mod": 0.5, "scriptId": "0x33000002"}]},
            {"scriptType": 19}
        ]})",
                                                            "physicsScriptTable", kTable);
        QCOMPARE(written, table);
    }

    void particleEmitterInfoRoundTripsThroughJson() {
        const auto emitter = ParticleEmitterInfo::decode(emitterBytes().data, kEmitter);
        if (!jsonRoundTrips(emitter, kEmitter, "particleEmitterInfo"))
            return;
        ParticleEmitterInfo unusual = emitter; // unnamed types, a raw bool32, infinities
        unusual.emitterType = 7;
        unusual.particleType = -1;
        unusual.isParentLocal = 2;
        unusual.birthrate = std::numeric_limits<double>::infinity();
        unusual.minA = -std::numeric_limits<float>::infinity();
        if (!jsonRoundTrips(unusual, kEmitter, "particleEmitterInfo"))
            return;
        ParticleEmitterInfo nan = emitter;
        nan.lifespan = std::numeric_limits<double>::quiet_NaN();
        nan.maxC = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(viaJsonText(nan, kEmitter, "particleEmitterInfo").encode(), nan.encode());
    }

    void handWrittenEmitterTakesNamesOrNumbers() {
        const auto emitter = fromSource<ParticleEmitterInfo>(
            R"({"emitterType": "BirthratePerSec", "particleType": 3, "gfxObjId": "0x01000AAA",
                "birthrate": 0.05, "c": [0, 0, -9.8], "isParentLocal": true})",
            "particleEmitterInfo", kEmitter);
        QCOMPARE(emitter.id, kEmitter);
        QCOMPARE(emitter.emitterType, 1);
        QCOMPARE(emitter.particleType, 3);
        QCOMPARE(emitter.gfxObjId, 0x01000AAAu);
        QCOMPARE(emitter.birthrate, 0.05);
        QCOMPARE(emitter.c, (Vec3{0, 0, -9.8f}));
        QCOMPARE(emitter.a, Vec3{});
        QCOMPARE(emitter.maxParticles, 0);
        QCOMPARE(emitter.isParentLocal, 1u);
        QCOMPARE(emitter.encode().size(), ParticleEmitterInfo::kSize);
    }

    void malformedSourcesNameTheFieldAndDid_data() {
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        const auto script = [](const char* name, const char* source, const char* field,
                               const char* message) {
            QTest::newRow(name) << "physicsScript" << source << field << message;
        };
        script("no hooks", "{}", "physicsScript.hooks", "missing");
        script("unknown type name", R"({"hooks": [{"type": "NoOp"}, {"type": "Explode"}]})",
               "physicsScript.hooks[1].type", "unknown hook type 'Explode'");
        script("type out of range", R"({"hooks": [{"type": 27}]})", "physicsScript.hooks[0].type",
               "unknown hook type 27");
        script("no type", R"({"hooks": [{"startTime": 1}]})", "physicsScript.hooks[0].type",
               "missing");
        script("bad direction", R"({"hooks": [{"type": "NoOp", "direction": 2}]})",
               "physicsScript.hooks[0].direction", "2 is not -1, 0 or 1");
        script("hook without its target", R"({"hooks": [{"type": "Sound"}]})",
               "physicsScript.hooks[0].waveId", "missing");
        script("text for a time", R"({"hooks": [{"type": "NoOp", "startTime": "soon"}]})",
               "physicsScript.hooks[0].startTime", "expected a number");
        script("short offset",
               R"({"hooks": [{"type": "CreateParticle", "emitterInfoId": 1,
                              "offset": {"origin": [0, 0]}}]})",
               "physicsScript.hooks[0].offset.origin", "expected [x, y, z]");
        script("unpackable GfxObj",
               R"({"hooks": [{"type": "ReplaceObject", "gfxObjId": "0x00000005"}]})",
               "physicsScript.hooks[0].gfxObjId", "0x00000005 cannot be packed");
        script("text for a switch", R"({"hooks": [{"type": "SetLight", "lightsOn": "on"}]})",
               "physicsScript.hooks[0].lightsOn", "expected an unsigned 32-bit integer");
        script("another record's id", R"({"id": "0x33000001", "hooks": []})", "physicsScript.id",
               "record says 0x33000001");
        const auto table = [](const char* name, const char* source, const char* field,
                              const char* message) {
            QTest::newRow(name) << "physicsScriptTable" << source << field << message;
        };
        table("table without script ids",
              R"({"entries": [{"scriptType": 1, "scripts": [{"mod": 1}]}]})",
              "physicsScriptTable.entries[0].scripts[0].scriptId", "missing");
        table("table without entries", "{}", "physicsScriptTable.entries", "missing");
        const auto emitter = [](const char* name, const char* source, const char* field,
                                const char* message) {
            QTest::newRow(name) << "particleEmitterInfo" << source << field << message;
        };
        emitter("name and number disagree",
                R"({"emitterType": "BirthratePerSec", "emitterTypeValue": 2, "particleType": 1,
                    "gfxObjId": 1})",
                "particleEmitterInfo.emitterType",
                "disagrees with particleEmitterInfo.emitterTypeValue 2 (BirthratePerMeter)");
        emitter("unknown particle type name",
                R"({"emitterType": 1, "particleType": "Fountain", "gfxObjId": 1})",
                "particleEmitterInfo.particleType", "unknown name 'Fountain'");
        emitter("no emitter type", R"({"particleType": 1, "gfxObjId": 1})",
                "particleEmitterInfo.emitterType", "missing");
        emitter("negative GfxObj", R"({"emitterType": 1, "particleType": 1, "gfxObjId": -1})",
                "particleEmitterInfo.gfxObjId", "not an unsigned 32-bit integer");
        emitter("short vector",
                R"({"emitterType": 1, "particleType": 1, "gfxObjId": 1, "a": [1, 2]})",
                "particleEmitterInfo.a", "expected [x, y, z]");
    }
    void malformedSourcesNameTheFieldAndDid() {
        QFETCH(QString, root);
        const std::uint32_t did = root == "physicsScript"        ? kScript
                                  : root == "physicsScriptTable" ? kTable
                                                                 : kEmitter;
        checkSourceErrorRow<QString>(
            [&](const QString& source) {
                const QByteArray text = source.toUtf8();
                if (root == "physicsScript")
                    fromSource<PhysicsScript>(text, "physicsScript", did);
                else if (root == "physicsScriptTable")
                    fromSource<PhysicsScriptTable>(text, "physicsScriptTable", did);
                else
                    fromSource<ParticleEmitterInfo>(text, "particleEmitterInfo", did);
            },
            did);
    }

    // oracle: R50
    void rawScanFindsCreateBlockingIndependentlyOfTheDecoder() {
        const Bytes script = blockingScript();
        auto hits = scanCreateBlocking(script.data, kScript);
        QCOMPARE(hits.size(), std::size_t(1));
        QCOMPARE(hits[0].offset, 16u);
        QCOMPARE(hits[0].direction, 1);
        QCOMPARE(hits[0].emitterInfoId, 0x32000456u);
        QCOMPARE(hits[0].partIndex, 7u);
        QCOMPARE(hits[0].emitterId, 9u);

        // Look-alikes are rejected: a bad direction, a non-emitter DID, a hook cut by the end.
        Bytes decoys;
        decoys.u32(26).i32(5).u32(0x32000001);
        for (int i = 0; i < 9; ++i)
            decoys.u32(0);
        decoys.u32(26).i32(0).u32(0x33000001);
        for (int i = 0; i < 9; ++i)
            decoys.u32(0);
        decoys.u32(26).i32(0).u32(0x32000001).u32(0);
        QVERIFY(scanCreateBlocking(decoys.data, 0x03000001).empty());
    }
};

QTEST_APPLESS_MAIN(TestHooks)
#include "tst_hooks.moc"
